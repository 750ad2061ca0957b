import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { importBatch } from '../../../main/store/reservations';
import {
  matchExpression,
  queryTerms,
  reindexSearch,
  searchEntryOfParts,
  searchKeyFields,
  tsQueryExpression,
} from '../../../main/store/search';
import { foldText as foldForSearch } from '../../../shared/text-fold';
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
    expect(matchExpression('Schäfer ivan')).toBe('("schafer"* OR "schaefer"*) AND "ivan"*');
    expect(matchExpression('Иван')).toBe('("иван"* OR "ivan"*)');
  });

  it('looks for a word typed twice once, and for eight words at most', () => {
    expect(matchExpression('kaya KAYA Kaya ali')).toBe('"kaya"* "ali"*');
    expect(matchExpression(Array.from({ length: 100 }, () => '1').join(' '))).toBe('"1"*');
    const words = 'a b c d e f g h i j k'.split(' ');
    expect(queryTerms(words.join(' ')).flat()).toEqual(words.slice(0, 8));
    expect(tsQueryExpression(words.join(' '))?.split(' & ')).toHaveLength(8);
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
});

describe('search in other spellings', () => {
  beforeEach(() => {
    importBatch(
      db,
      [
        makeReservation({
          keyField: '1001|7001|1',
          logId: 20,
          voucherNo: 'TRV-0012345',
          guests: [makeGuest('ИВАНОВ ЮРИЙ', '1001|7001|1'), makeGuest('ЩЕРБАКОВА ЯНА', '1001|7001|1')],
        }),
        makeReservation({
          keyField: '1001|7002|1',
          logId: 21,
          voucherNo: 'EGE401519',
          guests: [makeGuest('MUELLER HANS', '1001|7002|1'), makeGuest('MÜLLER GRETA', '1001|7002|1')],
        }),
      ],
      '2026-06-01T08:30:00.000Z',
    );
  });

  it.each([
    ['schaefer', '1001|5002|1'],
    ['SCHAEFER', '1001|5002|1'],
    ['schafer', '1001|5002|1'],
    ['Schäfer', '1001|5002|1'],
    ['schae', '1001|5002|1'],
    ['juergen', '1001|5002|1'],
    ['krauss', '1001|5002|1'],
    ['ivanov', '1001|7001|1'],
    ['IVANOV yuriy', '1001|7001|1'],
    ['ivanov iurii', '1001|7001|1'],
    ['иванов', '1001|7001|1'],
    ['shcherbakova', '1001|7001|1'],
    ['yana', '1001|7001|1'],
    ['12345', '1001|7001|1'],
    ['0012345', '1001|7001|1'],
    ['TRV-0012345', '1001|7001|1'],
    ['trv', '1001|7001|1'],
    ['greta', '1001|7002|1'],
    ['401519', '1001|7002|1'],
    ['4015', '1001|7002|1'],
    ['ege401519', '1001|7002|1'],
  ])('%s finds %s', (q, keyField) => {
    expect(searchKeyFields(db, q)).toEqual([keyField]);
  });

  it('a word typed with an umlaut finds both spellings of the name', () => {
    expect(searchKeyFields(db, 'müller hans')).toEqual(['1001|7002|1']);
    expect(searchKeyFields(db, 'mueller greta')).toEqual(['1001|7002|1']);
    expect(searchKeyFields(db, 'muller greta')).toEqual(['1001|7002|1']);
  });

  it('digits in the middle of a voucher do not match as a prefix', () => {
    expect(searchKeyFields(db, '2345')).toEqual([]);
  });

  it('an index built before the spellings is built again by reindexSearch', () => {
    db.prepare("INSERT INTO reservation_search (reservation_search) VALUES ('delete-all')").run();
    const plain = db.prepare<[number, string]>('INSERT INTO reservation_search (rowid, text) VALUES (?, ?)');
    for (const r of db.prepare<[], { id: number }>('SELECT id FROM reservations').all())
      plain.run(r.id, 'nothing');
    expect(searchKeyFields(db, 'schaefer')).toEqual([]);
    expect(reindexSearch(db)).toBe(5);
    expect(searchKeyFields(db, 'schaefer')).toEqual(['1001|5002|1']);
    expect(searchKeyFields(db, 'isik ayse')).toEqual(['1001|5001|1']);
    expect(searchKeyFields(db, 'ivanov')).toEqual(['1001|7001|1']);
    expect(searchKeyFields(db, '12345')).toEqual(['1001|7001|1']);
  });
});

describe('search after a change', () => {
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

  it('stores a guest whose name folds into two hundred thousand words, and finds it', () => {
    // ⒈ folds to "1.": one piece of the name, two hundred thousand words of the index.
    const key = '1001|6002|1';
    const r = makeReservation({
      keyField: key,
      logId: 20,
      guests: [makeGuest(`ZÖRK${'⒈'.repeat(200_000)}`, key)],
    });
    expect(importBatch(db, [r], '2026-06-01T09:00:00.000Z').new).toEqual([key]);
    expect(searchKeyFields(db, 'zork1')).toEqual([key]);
  });
});

describe('migration 011: a database stored before the spellings', () => {
  it('is re-indexed: schaefer, a Latin Cyrillic name and voucher digits find what was stored', () => {
    const old = new BetterSqlite3(':memory:');
    try {
      migrate(old, migrations.slice(0, 10));
      // The reservation as an import stores it today, moved into the older file (today's import writes tables
      // that file does not have yet).
      const today = new BetterSqlite3(':memory:');
      migrate(today, migrations);
      importBatch(
        today,
        [
          makeReservation({
            keyField: '1001|8001|1',
            logId: 30,
            voucherNo: 'TRV-0012345',
            guests: [makeGuest('SCHÄFER JÜRGEN', '1001|8001|1'), makeGuest('ПЕТРОВА ОЛЬГА', '1001|8001|1')],
          }),
        ],
        '2026-06-01T08:00:00.000Z',
      );
      const row = today.prepare('SELECT * FROM reservations').get() as Record<string, unknown>;
      today.close();
      const columns = Object.keys(row);
      old
        .prepare(
          `INSERT INTO reservations (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        .run(...columns.map((c) => row[c]));
      // What the index held before the other spellings: the folded text alone.
      old.prepare("INSERT INTO reservation_search (reservation_search) VALUES ('delete-all')").run();
      old
        .prepare('INSERT INTO reservation_search (rowid, text) SELECT id, ? FROM reservations')
        .run('schafer jurgen петрова ольга trv 0012345 1001 8001 1');
      expect(searchKeyFields(old, 'schaefer')).toEqual([]);
      expect(migrate(old, migrations).applied[0]).toBe('search-spellings');
      for (const q of ['schaefer', 'schafer', 'petrova olga', 'petrova', '12345', 'ПЕТРОВА'])
        expect(searchKeyFields(old, q), q).toEqual(['1001|8001|1']);
    } finally {
      old.close();
    }
  });
});

describe('the index entry of a reservation with many words', () => {
  // Beyond a couple of hundred words the other spellings and voucher digits are looked up in a Set: the entry must
  // hold what the lists give for a small reservation, each word once.
  it('holds each other spelling and voucher digit once, as a small reservation does', () => {
    // Guests of 90 words each (a field gives the index its first hundred pieces), then one with other spellings.
    const parts = (guests: number) => ({
      names: [
        ...Array.from({ length: guests }, (_, g) =>
          Array.from({ length: 90 }, (_, i) => `x${g}n${i}`).join(' '),
        ),
        'MÜLLER Müller Straße',
      ],
      voucherNo: 'TRV-0012345 0012345',
      tourOpCode: 'TO',
      tourOpName: 'Sun',
      keyField: 'K|1',
    });
    const tail = (words: string): string[] => words.split(' ').filter((w) => !/^x\d+n\d+$/.test(w));
    const small = searchEntryOfParts(parts(1));
    const large = searchEntryOfParts(parts(4));
    expect(large.words.split(' ').length).toBeGreaterThan(360);
    expect(tail(large.words)).toEqual(tail(small.words));
    expect(tail(large.words).filter((w) => w === 'mueller')).toHaveLength(1);
    expect(tail(large.words).filter((w) => w === '12345')).toHaveLength(1);
    expect(tail(large.words)).toEqual(expect.arrayContaining(['strasse', '0012345', 'trv']));
  });
});
