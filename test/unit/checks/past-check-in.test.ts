import { describe, expect, it } from 'vitest';
import { checksOf, makeReservation, TODAY } from './helpers';

describe('past-check-in', () => {
  it('flags a reservation still waiting after its check-in date, with the date and the days since', () => {
    expect(
      checksOf('past-check-in', makeReservation({ checkIn: '2026-06-28', checkOut: '2026-07-05' })),
    ).toEqual([{ kind: 'past-check-in', severity: 'problem', checkIn: '2026-06-28', days: 3 }]);
  });

  it('counts days across months and years', () => {
    const r = makeReservation({ checkIn: '2025-12-31', checkOut: '2026-01-07' });
    expect(checksOf('past-check-in', r, { today: '2026-03-01' })[0]?.days).toBe(60);
  });

  it('says nothing on the check-in day itself, or before it', () => {
    expect(checksOf('past-check-in', makeReservation({ checkIn: TODAY }))).toEqual([]);
    expect(checksOf('past-check-in', makeReservation({ checkIn: '2026-07-02' }))).toEqual([]);
  });

  it('says nothing once answered, or for a status the desk does not answer', () => {
    for (const confirmationStatus of ['E', 'H', 'S', 'G'])
      expect(
        checksOf('past-check-in', makeReservation({ checkIn: '2026-06-01', confirmationStatus })),
      ).toEqual([]);
  });
});
