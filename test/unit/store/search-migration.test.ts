// Migration 018 makes the search index again without FTS5's prefix indexes and fills it from the reservations'
// rows: what was found before is found after, a typed word still as a prefix.
// `npx vitest run test/unit/store/search-migration.test.ts`
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { searchWithoutPrefixesMigration } from '../../../main/store/migrations/018-search-without-prefixes';
import { importBatch } from '../../../main/store/reservations';
import { searchKeyFields } from '../../../main/store/search';
import { makeGuest, makeReservation } from './fixtures';

const AT = '2026-07-01T08:00:00.000Z';

const searchTableSql = (db: Database.Database): string =>
  db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE name = 'reservation_search'").pluck().get() ??
  '';

describe('migration 018 (search without prefix indexes)', () => {
  it('is eighteenth, and finds after it what was found before, by whole words and by their first letters', () => {
    expect(migrations[17]).toBe(searchWithoutPrefixesMigration);
    const db = new Database(':memory:');
    migrate(db, migrations.slice(0, 17));
    importBatch(
      db,
      [
        makeReservation({
          keyField: '1001|8001|1',
          logId: 1,
          voucherNo: 'EGE-0401519',
          guests: [makeGuest('IŞIK AYŞE', '1001|8001|1'), makeGuest('IŞIK OĞUZ', '1001|8001|1')],
        }),
        makeReservation({
          keyField: '1001|8002|1',
          logId: 2,
          voucherNo: 'XYZ-100',
          guests: [makeGuest('SCHÄFER JÜRGEN', '1001|8002|1')],
        }),
      ],
      AT,
    );
    const queries = ['işık ayşe', 'IŞ', 'is oguz', 'schaefer', 'sc', 'jü', '401519', '4015', 'ege'];
    const before = queries.map((q) => searchKeyFields(db, q));
    expect(searchTableSql(db)).toContain("prefix = '2 3'");

    migrate(db, migrations);

    expect(searchTableSql(db)).not.toContain('prefix');
    expect(queries.map((q) => searchKeyFields(db, q))).toEqual(before);
    expect(before).toEqual([
      ['1001|8001|1'],
      ['1001|8001|1'],
      ['1001|8001|1'],
      ['1001|8002|1'],
      ['1001|8002|1'],
      ['1001|8002|1'],
      ['1001|8001|1'],
      ['1001|8001|1'],
      ['1001|8001|1'],
    ]);
    expect(searchKeyFields(db, 'isik jurgen')).toEqual([]);

    // A reservation stored after it is found the same way.
    importBatch(
      db,
      [
        makeReservation({
          keyField: '1001|8003|1',
          logId: 3,
          guests: [makeGuest('ÇELİK ŞULE', '1001|8003|1')],
        }),
      ],
      AT,
    );
    expect(searchKeyFields(db, 'çe şu')).toEqual(['1001|8003|1']);

    // A changed reservation's old words go (the table deletes a replaced row's entries).
    importBatch(
      db,
      [
        makeReservation({
          keyField: '1001|8002|1',
          logId: 4,
          pmsStatus: 2,
          guests: [makeGuest('KAYA EMRE', '1001|8002|1')],
        }),
      ],
      AT,
    );
    expect(searchKeyFields(db, 'schaefer')).toEqual([]);
    expect(searchKeyFields(db, 'ka em')).toEqual(['1001|8002|1']);
    db.close();
  });
});
