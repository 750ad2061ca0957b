import { describe, expect, it } from 'vitest';
import { checksOf, makeReservation } from './helpers';

describe('honeymoon', () => {
  it.each(['Y', 'y', ' Y ', 'E', 'Evet', 'yes', 'true', '1'])(
    'is a note when HoneyMoon is %j',
    (honeyMoon) => {
      expect(checksOf('honeymoon', makeReservation({ honeyMoon }))).toEqual([
        { kind: 'honeymoon', severity: 'note', source: 'flag' },
      ]);
    },
  );

  it.each(['N', '', 'H', 'Hayır', '0', 'false'])('says nothing when HoneyMoon is %j', (honeyMoon) => {
    expect(checksOf('honeymoon', makeReservation({ honeyMoon, note: 'Sea view please' }))).toEqual([]);
  });

  it.each([
    'Honeymoon & anniversary: flowers',
    'BALAYI ÇİFTİ',
    'Balayı',
    'balayi',
    'Flitterwochen!',
    'медовый месяц',
  ])('reads a note that says so (%j) when the flag does not', (note) => {
    expect(checksOf('honeymoon', makeReservation({ honeyMoon: 'N', note }))).toEqual([
      { kind: 'honeymoon', severity: 'note', source: 'note' },
    ]);
  });

  it('is never a problem', () => {
    expect(checksOf('honeymoon', makeReservation({ honeyMoon: 'Y' }))[0]?.severity).toBe('note');
  });
});
