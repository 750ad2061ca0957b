// The activity log reads in the desk's language: export and mapping rows store codes, worded when read.
import { describe, expect, it } from 'vitest';
import { activityDetail, wordActivity } from '../../../main/desk/activity-words';
import { createMessages } from '../../../main/desk/messages';
import type { ActivityEntry, UiLanguage } from '../../../shared/domain';

const entry = (action: ActivityEntry['action'], detail: string): ActivityEntry => ({
  id: 1,
  at: '2026-07-01T10:00:00.000Z',
  user: 'Ayşe',
  action,
  keyField: null,
  detail,
  guest: null,
  reasonName: null,
});
const say = (language: UiLanguage, e: ActivityEntry): string =>
  wordActivity(createMessages(language), language, e).detail;

const arrivals = entry(
  'export',
  activityDetail({
    kind: 'export',
    exportKind: 'arrivals',
    date: '2026-07-10',
    rows: 5,
    reservations: 3,
    file: 'a.csv',
  }),
);
const toEnter = entry(
  'export',
  activityDetail({
    kind: 'export',
    exportKind: 'reservations',
    scope: 'to-enter',
    rows: 3,
    reservations: 2,
    file: 'r.csv',
  }),
);
const mapped = entry(
  'mapping',
  activityDetail({ kind: 'mapping', codeKind: 'roomType', channelCode: 'DBL', hotelCode: 'STD' }),
);
const unmapped = entry(
  'mapping',
  activityDetail({ kind: 'mapping', codeKind: 'board', channelCode: 'AI', hotelCode: '' }),
);

describe('activity words', () => {
  it('says exports and mappings in Turkish on a Turkish desk', () => {
    expect(say('tr', arrivals)).toBe('10.07.2026 giriş listesi: 5 satır, 3 rezervasyon → a.csv');
    expect(say('tr', toEnter)).toBe(
      "Rezervasyonlar, PMS'e henüz girilmemişler: 3 satır, 2 rezervasyon → r.csv",
    );
    expect(say('tr', mapped)).toBe('Oda tipi DBL → STD');
    expect(say('tr', unmapped)).toBe('Pansiyon AI: otel kodu kaldırıldı');
  });

  it('and in English on an English desk', () => {
    expect(say('en', arrivals)).toBe('Arrivals list for 2026-07-10: 5 rows, 3 reservations → a.csv');
    expect(say('en', toEnter)).toBe('Reservations, not yet in the PMS: 3 rows, 2 reservations → r.csv');
    expect(say('en', mapped)).toBe('Room type DBL → STD');
  });

  it('leaves notes, reason ids, setup lines and rows written before the codes as they are', () => {
    for (const e of [
      entry('confirm', '{"kind":"export"} is my note'),
      entry('decline', 'R-FULL'),
      entry('setup', 'host · 1001 · xml'),
      entry('export', 'reservations to-enter: 3 rows, 2 reservations → r.csv'),
      entry('mapping', '{"kind":"export","rows":1}'),
      entry('export', '{broken'),
    ]) {
      expect(say('tr', e)).toBe(e.detail);
    }
  });
});
