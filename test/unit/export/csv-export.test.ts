import { join } from 'node:path';
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previewExport, runExport, type ExportRequest } from '../../../main/export/run-export';
import type { UiLanguage } from '../../../shared/domain';
import { makeGuest, makeReservation } from '../store/fixtures';
import { arrivalsHtml } from '../../../main/export/arrivals-html';
import { csvFormatFor } from '../../../main/export/format';
import { byHeader, openExportDesk, readCsv, type ExportDesk } from './export-fixture';

let desk: ExportDesk;
beforeEach(() => {
  desk = openExportDesk();
});
afterEach(() => desk.close());

const T = '2026-06-01T08:00:00.000Z';
const AT = new Date('2026-06-02T09:30:00.000Z');
const exportTo = (name: string, request: ExportRequest, language: UiLanguage = 'tr') =>
  runExport({
    store: sqliteDeskStore(desk.store),
    request,
    language,
    file: join(desk.dir, name),
    user: 'Ayşe',
    at: AT,
  });

// Confirmed: the default export holds only work to type, so the hotel has said yes to both.
const tricky = makeReservation({
  keyField: 'K-TRICKY',
  logId: 10,
  confirmationStatus: 'E',
  voucherNo: '-V7',
  checkIn: '2026-07-10',
  checkOut: '2026-07-17',
  roomCount: 2,
  adults: 4,
  soldPrice: -12.5,
  reservationStatus: 4,
  note: 'Geç giriş; "deniz" manzarası\nikinci satır =SUM(A1)',
  agencyName: '=HYPERLINK("http://x")',
  guests: [
    makeGuest('İĞNECİ ŞÜKRÜ', 'K-TRICKY', { age: 41, nationality: 'TR' }),
    makeGuest('@ÖZGÜR ıŞıK', 'K-TRICKY', { age: 7, title: 'Chd', nationality: 'DE' }),
  ],
});
const plain = makeReservation({
  keyField: 'K-PLAIN',
  logId: 20,
  confirmationStatus: 'E',
  voucherNo: 'V20',
  checkIn: '2026-07-02',
  checkOut: '2026-07-05',
  nights: 3,
  soldPrice: 1234.5,
  note: '',
  guests: [makeGuest('KAYA ALİ', 'K-PLAIN', { age: 30 })],
});

/** status W: both still wait for the hotel's answer (the arrivals list holds them, the PMS list does not). */
function fill(status: 'E' | 'W' = 'E'): void {
  desk.store.importBatch(
    [tricky, plain].map((r) => ({ ...r, confirmationStatus: status })),
    T,
  );
  desk.map('room', 'R1', '101');
  desk.map('board', 'AI', 'HP');
  desk.map('nationality', 'TR', 'TUR');
  // roomType DBL and nationality DE stay unmapped.
}

describe('reservations CSV (Turkish defaults)', () => {
  it('BOM, ";", dd.MM.yyyy, decimal comma, every column, one line per room, flags and neutralised cells', async () => {
    fill();
    const result = await exportTo('r.csv', { kind: 'reservations' });
    const { bytes, header, rows } = readCsv(result.path, ';');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('\r\n'))).toBe(true);
    expect(header).toEqual([
      'PMS işlemi',
      'Voucher',
      'Oda',
      'Giriş',
      'Çıkış',
      'Gece',
      'Oda tipi',
      'Oda tipi (kanal)',
      'Oda kodu',
      'Oda kodu (kanal)',
      'Pansiyon',
      'Pansiyon (kanal)',
      'Yetişkin',
      'Çocuk',
      'Bebek',
      'Misafir',
      'Kişi',
      'Uyruk',
      'Uyruk (kanal)',
      'Acente',
      'Tur operatörü',
      'Durum',
      'Kontenjan',
      'Onay no',
      'Fiyat',
      'Döviz',
      'Not',
      'Değişiklikler',
      'Eşleşmemiş',
      'PMS referansı',
      'KeyField',
    ]);
    // Oldest check-in first; the two-room reservation gives two lines.
    expect(rows).toEqual([
      [
        'Gir',
        'V20',
        '1/1',
        '02.07.2026',
        '05.07.2026',
        '3',
        '?DBL',
        'DBL',
        '101',
        'R1',
        'HP',
        'AI',
        '2',
        '0',
        '0',
        'KAYA ALİ',
        '1',
        'TUR',
        'TR',
        'Sun Travel',
        'Sun Travel GmbH',
        'Onaylandı',
        'Garantili kontenjan',
        '',
        '1234,5',
        'EUR',
        '',
        '',
        'oda tipi DBL',
        '',
        'K-PLAIN',
      ],
      ...[1, 2].map((room) => [
        'Gir',
        "'-V7",
        `${room}/2`,
        '10.07.2026',
        '17.07.2026',
        '7',
        '?DBL',
        'DBL',
        '101',
        'R1',
        'HP',
        'AI',
        '4',
        '0',
        '0',
        'İĞNECİ ŞÜKRÜ',
        '2',
        'TUR',
        'TR',
        `'=HYPERLINK("http://x")`,
        'Sun Travel GmbH',
        'Onaylandı',
        'Opsiyon',
        '',
        '-12,5',
        'EUR',
        'Geç giriş; "deniz" manzarası\nikinci satır =SUM(A1)',
        '',
        'oda tipi DBL',
        '',
        'K-TRICKY',
      ]),
    ]);
    // The note with ';', quotes and a line break is one quoted field in the file itself.
    expect(bytes.toString('utf8')).toContain('"Geç giriş; ""deniz"" manzarası\nikinci satır =SUM(A1)"');
    expect(result).toMatchObject({ rows: 3, reservations: 2, htmlPath: null });
    expect(result.markable).toEqual([
      { keyField: 'K-PLAIN', logId: 20 },
      { keyField: 'K-TRICKY', logId: 10 },
    ]);
    expect(result.warning).toContain('?');
    expect(existsSync(`${result.path}.partial`)).toBe(false);
  });

  it('reports unmapped codes before writing (preview) and after, with the same counts', async () => {
    fill();
    const preview = await previewExport(sqliteDeskStore(desk.store), { kind: 'reservations' });
    const expected = [{ agencyId: 'AG1', kind: 'roomType', channelCode: 'DBL', count: 2 }];
    expect(preview).toEqual({
      kind: 'reservations',
      rows: 3,
      reservations: 2,
      unmapped: expected,
      markable: 2,
    });
    const result = await exportTo('r.csv', { kind: 'reservations' });
    expect(result.unmapped).toEqual(expected);
    // The guests list also uses the second guest's nationality, DE; counted once per reservation.
    desk.store.importBatch(
      [
        makeReservation({
          keyField: 'K-DE',
          logId: 50,
          confirmationStatus: 'E',
          guests: [
            makeGuest('A', 'K-DE', { nationality: 'DE' }),
            makeGuest('B', 'K-DE', { nationality: 'DE' }),
          ],
        }),
      ],
      T,
    );
    const guests = [
      { agencyId: 'AG1', kind: 'roomType', channelCode: 'DBL', count: 3 },
      { agencyId: 'AG1', kind: 'nationality', channelCode: 'DE', count: 2 },
    ];
    expect((await previewExport(sqliteDeskStore(desk.store), { kind: 'guests' })).unmapped).toEqual(guests);
    expect((await exportTo('g.csv', { kind: 'guests' })).unmapped).toEqual(guests);
  });

  it('writes an activity entry for each export', async () => {
    fill();
    await exportTo('r.csv', { kind: 'reservations' });
    const [entry] = desk.store.listActivity(0, 10);
    expect(entry).toMatchObject({ action: 'export', user: 'Ayşe', at: AT.toISOString(), keyField: null });
    // Codes and values, worded in the desk's language when read (test/unit/desk/activity-words.test.ts).
    expect(JSON.parse(entry?.detail ?? '')).toEqual({
      kind: 'export',
      exportKind: 'reservations',
      scope: 'to-enter',
      rows: 3,
      reservations: 2,
      file: 'r.csv',
    });
  });
});

describe('language defaults and overrides', () => {
  it('English: ",", ISO dates, decimal point, English words', async () => {
    fill();
    const result = await exportTo('en.csv', { kind: 'reservations', scope: 'all' }, 'en');
    const { header, rows } = readCsv(result.path, ',');
    const first = byHeader(header, rows)[0];
    expect(first).toMatchObject({
      'PMS action': 'Enter',
      'Check-in': '2026-07-02',
      Price: '1234.5',
      Status: 'Confirmed',
      Nationality: 'TUR',
    });
    expect(byHeader(header, rows)[1]?.Price).toBe('-12.5');
    expect(result.markable).toEqual([]);
  });

  it('Turkish with "," and ISO dates when asked', async () => {
    fill();
    const result = await exportTo('o.csv', {
      kind: 'reservations',
      scope: 'all',
      delimiter: ',',
      dateFormat: 'yyyy-MM-dd',
    });
    const { header, rows } = readCsv(result.path, ',');
    expect(byHeader(header, rows)[0]).toMatchObject({ Giriş: '2026-07-02', Fiyat: '1234.5' });
  });
});

describe('rooming list and arrivals', () => {
  it('one line per guest, the guest nationality mapped or flagged, a guestless reservation still listed', async () => {
    fill();
    desk.store.importBatch(
      [
        makeReservation({
          keyField: 'K-EMPTY',
          logId: 30,
          checkIn: '2026-07-30',
          confirmationStatus: 'E',
          guests: [],
        }),
      ],
      T,
    );
    const result = await exportTo('g.csv', { kind: 'guests' });
    const { header, rows } = readCsv(result.path, ';');
    const lines = byHeader(header, rows).map((r) => [
      r.KeyField,
      r['Kişi no'],
      r['Ad soyad'],
      r.Unvan,
      r['Yaş'],
      r.Uyruk,
      r['Uyruk (kanal)'],
      r['Oda sayısı'],
      r['Eşleşmemiş'],
    ]);
    expect(lines).toEqual([
      ['K-PLAIN', '1', 'KAYA ALİ', 'Mr', '30', 'TUR', 'TR', '1', 'oda tipi DBL'],
      ['K-TRICKY', '1', 'İĞNECİ ŞÜKRÜ', 'Mr', '41', 'TUR', 'TR', '2', 'oda tipi DBL'],
      ['K-TRICKY', '2', "'@ÖZGÜR ıŞıK", 'Chd', '7', '?DE', 'DE', '2', 'oda tipi DBL, uyruk DE'],
      ['K-EMPTY', '', '', '', '', '', '', '1', 'oda tipi DBL'],
    ]);
    expect(result).toMatchObject({ rows: 4, reservations: 3 });
  });

  it('arrivals of one day: live reservations only, with guests, and a printable HTML without scripts', async () => {
    fill();
    desk.store.importBatch(
      [
        makeReservation({
          keyField: 'K-SAME-DAY',
          logId: 40,
          checkIn: '2026-07-10',
          note: '<script>alert(1)</script>',
          guests: [makeGuest('ÇELİK GÜL', 'K-SAME-DAY', { arrivalTime: '2026-07-10T14:30:00' })],
        }),
        makeReservation({ keyField: 'K-GONE', logId: 41, checkIn: '2026-07-10', pmsStatus: 3 }),
      ],
      T,
    );
    const result = await exportTo('a.csv', { kind: 'arrivals', date: '2026-07-10' });
    const { header, rows } = readCsv(result.path, ';');
    const lines = byHeader(header, rows).map((r) => [r.KeyField, r['Ad soyad'], r['Varış saati'], r.Giriş]);
    expect(lines).toEqual([
      ['K-TRICKY', 'İĞNECİ ŞÜKRÜ', '', '10.07.2026'],
      ['K-TRICKY', "'@ÖZGÜR ıŞıK", '', '10.07.2026'],
      ['K-SAME-DAY', 'ÇELİK GÜL', '14:30', '10.07.2026'],
    ]);
    expect(result.htmlPath).toBe(join(desk.dir, 'a.html'));
    const html = readFileSync(result.htmlPath ?? '', 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('İĞNECİ ŞÜKRÜ');
    expect(html).toContain('<span class="unmapped">?DE</span>');
    expect(html).not.toContain('K-GONE');
    expect(result.markable).toEqual([]);
  });

  it('the printable page is made a row at a time, never as one text', async () => {
    // 14 arrivals with an 8 Mi-character note of "&" each make a page past V8's longest string once escaped; the
    // page is written piece by piece. A note of 200,000 here shows the pieces without the minutes that takes.
    const note = '&'.repeat(200_000);
    desk.store.importBatch(
      [1, 2, 3].map((n) =>
        makeReservation({ keyField: `K-LONG-${n}`, logId: 60 + n, checkIn: '2026-07-10', note }),
      ),
      T,
    );
    const reader = desk.store.openExportRows({ kind: 'arrivals', scope: 'all', date: '2026-07-10' });
    const rows = [...reader.rows];
    reader.close();
    const pieces = [...arrivalsHtml('2026-07-10', rows, csvFormatFor('tr'))];
    const escaped = '&amp;'.repeat(200_000);
    expect(pieces.filter((piece) => piece.includes(escaped))).toHaveLength(3);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(2 * escaped.length);
    const result = await exportTo('long.csv', { kind: 'arrivals', date: '2026-07-10' });
    expect(readFileSync(result.htmlPath ?? '', 'utf8')).toBe(pieces.join(''));
  });

  it("arrivals carry each reservation's status and room (hotel code) beside the room count, CSV and printable", async () => {
    fill('W');
    desk.store.importBatch(
      [
        makeReservation({
          keyField: 'K-YES',
          logId: 50,
          checkIn: '2026-07-10',
          confirmationStatus: 'E',
          roomId: 'R9',
          guests: [makeGuest('ŞAHİN EMRE', 'K-YES')],
        }),
      ],
      T,
    );
    const result = await exportTo('s.csv', { kind: 'arrivals', date: '2026-07-10' });
    const { header, rows } = readCsv(result.path, ';');
    const lines = byHeader(header, rows).map((r) => [
      r.KeyField,
      r.Durum,
      r['Oda kodu'],
      r['Oda kodu (kanal)'],
      r['Oda sayısı'],
    ]);
    expect(lines).toEqual([
      ['K-TRICKY', 'Bekliyor', '101', 'R1', '2'],
      ['K-TRICKY', 'Bekliyor', '101', 'R1', '2'],
      ['K-YES', 'Onaylandı', '?R9', 'R9', '1'],
    ]);
    const html = readFileSync(result.htmlPath ?? '', 'utf8');
    const heads = [...html.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads.slice(0, 11)).toEqual([
      'Voucher',
      'Durum',
      'İşaretler',
      'Varış saati',
      'Uçuş / geliş',
      'Çıkış',
      'Gece',
      'Oda tipi',
      'Oda kodu',
      'Pansiyon',
      'Oda sayısı',
    ]);
    // A waiting reservation stands out in print; a confirmed one does not. The voucher -V7 has its
    // apostrophe in print too.
    expect(html).toMatch(/<td>&#39;-V7<\/td><td><span class="unconfirmed">Bekliyor<\/span><\/td>/);
    expect(html).toMatch(/<td>V-1<\/td><td>Onaylandı<\/td>/);
    expect(html).toMatch(/<td>101<\/td><td>HP<\/td><td>2<\/td>/);

    const english = await exportTo('s-en.csv', { kind: 'arrivals', date: '2026-07-10' }, 'en');
    const en = readCsv(english.path, ',');
    expect(byHeader(en.header, en.rows).map((r) => [r.Status, r['Room code']])).toEqual([
      ['Waiting', '101'],
      ['Waiting', '101'],
      ['Confirmed', '?R9'],
    ]);
  });
});

describe('the printable arrivals list: flags, flight and totals', () => {
  it("shows each reservation's flags in words, the flight beside the arrival time, and the day's totals", async () => {
    fill();
    desk.store.importBatch(
      [
        makeReservation({
          keyField: 'K-FLY',
          logId: 60,
          checkIn: '2026-07-10',
          confirmationStatus: 'E',
          roomCount: 1,
          adults: 2,
          childs: 1,
          infants: 1,
          guests: [
            makeGuest('KAYA ALİ', 'K-FLY', { arrival: 'TK1234 IST', arrivalTime: '2026-07-10T14:30:00' }),
            makeGuest('KAYA AYŞE', 'K-FLY', { arrival: 'TK1234 IST' }),
            makeGuest('KAYA CAN', 'K-FLY', { arrival: 'PC 2021 SAW' }),
          ],
        }),
      ],
      T,
    );
    const request: ExportRequest = { kind: 'arrivals', date: '2026-07-10' };
    const markers = new Map([
      ['K-FLY', [{ kind: 'honeymoon' as const, severity: 'note' as const }]],
      ['K-TRICKY', [{ kind: 'capacity' as const, severity: 'problem' as const }]],
    ]);
    const asked: string[][] = [];
    const result = await runExport({
      store: sqliteDeskStore(desk.store),
      request,
      language: 'tr',
      file: join(desk.dir, 'fly.csv'),
      user: 'Ayşe',
      at: AT,
      markers: async (keys) => {
        asked.push([...keys]);
        return markers;
      },
    });
    expect(asked).toEqual([['K-TRICKY', 'K-FLY']]);
    const html = readFileSync(result.htmlPath ?? '', 'utf8');
    // Flags in words, a problem marked; the flight beside the arrival time, a guest on another flight
    // on their own line.
    expect(html).toContain('<span class="flag problem">⚠ Kapasite</span>');
    expect(html).toContain('<span class="flag note">Balayı</span>');
    expect(html).toMatch(/<td>14:30<\/td><td>TK1234 IST<\/td>/);
    expect(html).toMatch(/<td><\/td><td>PC 2021 SAW<\/td>/);
    expect(html.match(/TK1234 IST/g)).toHaveLength(1);
    // K-TRICKY: 2 rooms, 4 adults, confirmed; K-FLY: 1 room, 2 adults, 1 child, 1 infant.
    const totals = 'Toplam: 2 rezervasyon (0 tanesi henüz onaylanmadı), 3 oda, 6 yetişkin, 1 çocuk, 1 bebek';
    expect(html.split(totals)).toHaveLength(3);

    const english = await runExport({
      store: sqliteDeskStore(desk.store),
      request,
      language: 'en',
      file: join(desk.dir, 'fly-en.csv'),
      user: 'Ayşe',
      at: AT,
    });
    const en = readFileSync(english.htmlPath ?? '', 'utf8');
    expect(en).toContain('<th>Flags</th>');
    expect(en).toContain('<th>Flight / arrival</th>');
    expect(en).toContain('Total: 2 reservations (0 not confirmed yet), 3 rooms, 6 adults, 1 child, 1 infant');
    expect(en).not.toContain('class="flag');
  });

  it('a day without arrivals says so', async () => {
    fill();
    const result = await exportTo('none.csv', { kind: 'arrivals', date: '2030-01-01' });
    expect(readFileSync(result.htmlPath ?? '', 'utf8')).toContain('Bu gün giriş yok.');
  });
});

describe('what changed since the PMS got it', () => {
  it('an update and a cancellation carry their action and the changes in the file', async () => {
    fill();
    desk.store.markEntered(
      [
        { keyField: 'K-PLAIN', logId: 20 },
        { keyField: 'K-TRICKY', logId: 10 },
      ],
      'Ayşe',
      T,
    );
    desk.store.importBatch(
      [
        { ...plain, logId: 21, pmsStatus: 2, checkOut: '2026-07-06', nights: 4, confirmationStatus: 'W' },
        { ...tricky, logId: 11, pmsStatus: 3 },
      ],
      T,
    );
    // A change still waiting for the hotel's answer is not work yet: not in the default export.
    expect(await previewExport(sqliteDeskStore(desk.store), { kind: 'reservations' })).toMatchObject({
      reservations: 1,
    });
    // Confirmed since (the same LogId, seen as E): now it needs updating in the PMS.
    desk.store.importBatch([{ ...plain, logId: 21, pmsStatus: 2, checkOut: '2026-07-06', nights: 4 }], T);
    const result = await exportTo('u.csv', { kind: 'reservations' });
    const { header, rows } = readCsv(result.path, ';');
    const lines = byHeader(header, rows).map((r) => [
      r.KeyField,
      r['PMS işlemi'],
      r['Değişiklikler'],
      r.Durum,
    ]);
    expect(lines).toEqual([
      ['K-PLAIN', 'Güncelle', 'Çıkış: 05.07.2026 → 06.07.2026; Gece: 3 → 4', 'Onaylandı'],
      ['K-TRICKY', 'İptal et', '', 'İptal'],
      ['K-TRICKY', 'İptal et', '', 'İptal'],
    ]);
    expect(result.markable).toEqual([
      { keyField: 'K-PLAIN', logId: 21 },
      { keyField: 'K-TRICKY', logId: 11 },
    ]);
    expect(desk.store.markEntered(result.markable, 'Ayşe', T).marked).toBe(2);
    expect(desk.store.listToEnter(0, 10).total).toBe(0);
  });

  it('scopes: a check-in range and the inbox filter', async () => {
    fill();
    const range = await exportTo('range.csv', {
      kind: 'reservations',
      scope: 'range',
      from: '2026-07-10',
      to: '2026-07-10',
    });
    expect(readCsv(range.path, ';').rows.map((r) => r.at(-1))).toEqual(['K-TRICKY', 'K-TRICKY']);
    const filtered = await exportTo('f.csv', { kind: 'guests', scope: 'filter', filter: { search: 'kaya' } });
    expect(readCsv(filtered.path, ';').rows.map((r) => r.at(-1))).toEqual(['K-PLAIN']);
  });
});
