import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { matchExpression, searchKeyFields } from '../../../main/store/search';
import { foldForSearch } from '../../../main/store/turkish-fold';
import { generateReservations, makeGuest, makeReservation } from './fixtures';

describe('foldForSearch', () => {
  it.each([
    ['Işık', 'isik'],
    ['ışık', 'isik'],
    ['ISIK', 'isik'],
    ['IŞIK', 'isik'],
    ['İSTANBUL', 'istanbul'],
    ['Şahin Çağlar Öztürk Güneş', 'sahin caglar ozturk gunes'],
    ['Schäfer Krauß GROẞ', 'schafer krauss gross'],
    ['José Müller', 'jose muller'],
  ])('%s → %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('builds a prefix AND query of words only, or nothing', () => {
    expect(matchExpression('  Işık  ayş ')).toBe('"isik"* "ays"*');
    expect(matchExpression('"quoted" OR NEAR(')).toBe('"quoted"* "or"* "near"*');
    expect(matchExpression(' -*" ')).toBeNull();
  });
});

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  importBatch(
    db,
    [
      makeReservation({
        keyField: '1001|5001|1',
        logId: 1,
        voucherNo: 'ABC-778',
        guests: [makeGuest('IŞIK AYŞE', '1001|5001|1'), makeGuest('IŞIK OĞUZ', '1001|5001|1')],
      }),
      makeReservation({
        keyField: '1001|5002|1',
        logId: 2,
        voucherNo: 'XYZ-100',
        tourOpCode: 'OGR',
        tourOpName: 'Öger Tours',
        guests: [makeGuest('SCHÄFER JÜRGEN', '1001|5002|1'), makeGuest('KRAUß ANNA', '1001|5002|1')],
      }),
      makeReservation({
        keyField: '1001|5003|1',
        logId: 3,
        voucherNo: 'QQ-1',
        guests: [makeGuest('ÇELİK ŞULE', '1001|5003|1')],
      }),
    ],
    '2026-06-01T08:00:00.000Z',
  );
});
afterEach(() => db.close());

describe('search', () => {
  it.each(['Işık', 'ışık', 'ISIK', 'isik', 'IŞIK', 'isi', 'IŞ', 'ayse', 'AYŞE', 'oguz'])(
    '%s finds Işık',
    (q) => {
      expect(searchKeyFields(db, q)).toEqual(['1001|5001|1']);
    },
  );

  it.each([
    ['schafer', '1001|5002|1'],
    ['krauss', '1001|5002|1'],
    ['KRAUß', '1001|5002|1'],
    ['oger', '1001|5002|1'],
    ['OGR', '1001|5002|1'],
    ['celik sule', '1001|5003|1'],
    ['Çelik', '1001|5003|1'],
    ['abc-778', '1001|5001|1'],
    ['778', '1001|5001|1'],
    ['5003', '1001|5003|1'],
  ])('%s finds %s', (q, keyField) => {
    expect(searchKeyFields(db, q)).toEqual([keyField]);
  });

  it('every word must match', () => {
    expect(searchKeyFields(db, 'isik anna')).toEqual([]);
  });

  it('follows a changed reservation: the old name is gone, the new one found', () => {
    importBatch(
      db,
      [
        makeReservation({
          keyField: '1001|5003|1',
          logId: 4,
          pmsStatus: 2,
          voucherNo: 'QQ-1',
          guests: [makeGuest('GÜNEŞ İBRAHİM', '1001|5003|1')],
        }),
      ],
      '2026-06-01T09:00:00.000Z',
    );
    expect(searchKeyFields(db, 'celik')).toEqual([]);
    expect(searchKeyFields(db, 'gunes ibrahim')).toEqual(['1001|5003|1']);
  });

  it('a batch holding a reservation and its change indexes only the newest guests', () => {
    const first = makeReservation({
      keyField: '1001|6001|1',
      logId: 10,
      guests: [makeGuest('ARSLAN EMRE', '1001|6001|1')],
    });
    const changed = { ...first, logId: 11, pmsStatus: 2, guests: [makeGuest('DOĞAN ELİF', '1001|6001|1')] };
    importBatch(db, [first, changed], '2026-06-01T09:00:00.000Z');
    expect(searchKeyFields(db, 'arslan')).toEqual([]);
    expect(searchKeyFields(db, 'dogan elif')).toEqual(['1001|6001|1']);
  });

  it('finds exactly the current guests after enough changes to rebuild the index', () => {
    const many = generateReservations(1200, 7, 100);
    importBatch(db, many, '2026-06-01T09:00:00.000Z');
    const renamed = many.map((r) => ({
      ...r,
      logId: r.logId + 10_000,
      pmsStatus: 2,
      guests: [makeGuest('ZÜMRÜT YENİ', r.keyField)],
    }));
    for (let i = 0; i < renamed.length; i += 500)
      importBatch(db, renamed.slice(i, i + 500), '2026-06-01T10:00:00.000Z');
    expect(searchKeyFields(db, 'zumrut yeni', 5000).length).toBe(1200);
    expect(searchKeyFields(db, many[0]?.guests[0]?.name ?? '', 5000)).toEqual([]);
    expect(searchKeyFields(db, 'isik')).toEqual(['1001|5001|1']);
  });
});
