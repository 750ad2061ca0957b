// The activity log reads in the desk's language: export and mapping rows store codes, worded when read.
import { describe, expect, it } from 'vitest';
import { activityDetail, wordActivity } from '../../../main/kernel/activity-words';
import { createMessages } from '../../../main/kernel/messages';
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

const closed = entry(
  'stop-sale',
  activityDetail({
    kind: 'stop-sale',
    change: 'added',
    codeKind: 'roomType',
    hotelCode: 'DBL',
    from: '2026-09-01',
    to: '2026-09-05',
    note: 'Boya',
  }),
);
const reopened = entry(
  'stop-sale',
  activityDetail({
    kind: 'stop-sale',
    change: 'removed',
    codeKind: 'room',
    hotelCode: 'SV',
    from: '2026-08-10',
    to: '2026-08-10',
    note: '',
  }),
);
const policyOn = entry('settings', activityDetail({ kind: 'settings', setting: 'menOnly', on: true }));
const policyOff = entry('settings', activityDetail({ kind: 'settings', setting: 'menOnly', on: false }));

describe('activity words', () => {
  it('says exports and mappings in Turkish on a Turkish desk', () => {
    expect(say('tr', arrivals)).toBe('10.07.2026 giriş listesi: 5 satır, 3 rezervasyon → a.csv');
    expect(say('tr', toEnter)).toBe(
      "Rezervasyonlar, PMS'e henüz girilmemişler: 3 satır, 2 rezervasyon → r.csv",
    );
    expect(say('tr', mapped)).toBe('Oda tipi DBL → STD');
    expect(say('tr', unmapped)).toBe('Pansiyon AI: otel kodu kaldırıldı');
  });

  it('says stop-sales and the family policy in the desk language, dates as the desk writes them', () => {
    expect(say('tr', closed)).toBe('Stop sale girildi: Oda tipi DBL, 01.09.2026 – 05.09.2026 (Boya)');
    expect(say('tr', reopened)).toBe('Stop sale kaldırıldı: Oda SV, 10.08.2026 – 10.08.2026');
    expect(say('tr', policyOn)).toBe('Aile konsepti: bekar erkek rezervasyonları artık işaretleniyor');
    expect(say('tr', policyOff)).toBe('Aile konsepti: bekar erkek rezervasyonları artık işaretlenmiyor');
    expect(say('en', closed)).toBe('Stop sale added: Room type DBL, 2026-09-01 – 2026-09-05 (Boya)');
    expect(say('en', reopened)).toBe('Stop sale removed: Room SV, 2026-08-10 – 2026-08-10');
    expect(say('en', policyOn)).toBe('Family policy: men-only bookings are now flagged');
    expect(say('en', policyOff)).toBe('Family policy: men-only bookings are no longer flagged');
  });

  it('says saved exchange rates with the desk language’s numbers', () => {
    const rates = (values: Record<string, number>) =>
      entry(
        'settings',
        activityDetail({ kind: 'settings', setting: 'rates', hotelCurrency: 'TRY', rates: values }),
      );
    const two = rates({ EUR: 35.5, USD: 1234.125 });
    expect(say('tr', two)).toBe(
      'Üretim için döviz kurları kaydedildi: 1 EUR = 35,5 TRY; 1 USD = 1.234,125 TRY',
    );
    expect(say('en', two)).toBe(
      'Exchange rates for Production saved: 1 EUR = 35.5 TRY; 1 USD = 1,234.125 TRY',
    );
    expect(say('tr', rates({}))).toBe(
      'Üretim için döviz kurları kaydedildi: otelin para birimi TRY, başka para birimi yok',
    );
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
      entry('stop-sale', '+ roomType DBL 2026-09-01…2026-09-05 (Boya)'),
      entry('settings', 'checks.menOnly=true'),
      entry('settings', '{"kind":"stop-sale"}'),
    ]) {
      expect(say('tr', e)).toBe(e.detail);
    }
  });
});
