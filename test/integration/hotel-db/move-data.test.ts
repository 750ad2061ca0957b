// Moving a desk's SQLite data into the hotel's PostgreSQL database ("move-data from a desk with
// history keeps every row"): a desk made by a real sync with the practice service and the receptionists' work,
// moved into a real PostgreSQL; every row of every table compared value by value, ids and sequences, search,
// the tally and the check keys; a second run copies nothing; a conflicting target and a NUL are refused with
// nothing written; and the command line end to end.
// `npx vitest run test/integration/hotel-db/move-data.test.ts`
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateHotelDb, openHotelPool } from '../../../main/hotel-db';
import { MoveRefused, moveDeskData, type MoveReport } from '../../../main/hotel-db/move-data';
import { movedTables } from '../../../main/hotel-db/move-tables';
import { Store } from '../../../main/store';
import { searchEntryOf } from '../../../main/store/search';
import { makeGuest, makeReservation } from '../../unit/store/fixtures';
import { LONGEST_CODE, shortenedName } from '../../../shared/domain';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';
import { runResdesk } from '../../harness/resdesk-cli';
import { tempDir } from '../sync/helpers';
import { deskWithHistory } from './desk-with-history';

let server: TestPostgres;
let temp: ReturnType<typeof tempDir>;
let deskFile: string;
let desk: Database;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgres();
  temp = tempDir('resdesk-move-');
  deskFile = await deskWithHistory(temp.dir);
  desk = new BetterSqlite3(deskFile, { readonly: true });
}, 120_000);

afterAll(async () => {
  desk?.close();
  await Promise.all(pools.map((p) => p.end()));
  await server?.stop();
  temp?.remove();
});

async function freshDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const url = await createDatabase(server, 'move');
  const pool = openHotelPool({ url, applicationName: 'resdesk move test' });
  pools.push(pool);
  return { url, pool };
}

/** Both engines' values as one text form: SQLite's numbers and PostgreSQL's bigint text agree, nulls stay. */
const norm = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const q = (name: string): string => `"${name}"`;

function sqliteRows(table: string): (string | null)[][] {
  const cols = desk
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((c) => c.name);
  return desk
    .prepare<[], Record<string, unknown>>(`SELECT ${cols.map(q).join(', ')} FROM ${q(table)}`)
    .all()
    .map((r) => cols.map((c) => norm(r[c])))
    .sort(byText);
}

async function postgresRows(pool: pg.Pool, table: string): Promise<(string | null)[][]> {
  const cols = desk
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((c) => c.name);
  const rows = await pool.query<Record<string, unknown>>(`SELECT ${cols.map(q).join(', ')} FROM ${q(table)}`);
  return rows.rows.map((r) => cols.map((c) => norm(r[c]))).sort(byText);
}

const byText = (a: (string | null)[], b: (string | null)[]): number => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

const count = async (pool: pg.Pool, table: string): Promise<number> =>
  Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(table)}`)).rows[0]?.n);

const sqliteCount = (table: string): number =>
  desk
    .prepare<[], number>(`SELECT count(*) FROM ${q(table)}`)
    .pluck()
    .get() ?? 0;

describe('moving a desk with history into the hotel database', () => {
  let target: { url: string; pool: pg.Pool };
  let first: MoveReport;

  beforeAll(async () => {
    target = await freshDatabase();
    first = await moveDeskData({ from: deskFile, to: target.pool });
  }, 120_000);

  it('started from a desk that has rows in every table it moves', () => {
    for (const t of movedTables)
      expect({ table: t.name, rows: sqliteCount(t.name) > 0 }).toEqual({ table: t.name, rows: true });
    expect(sqliteCount('reservation_versions')).toBeGreaterThan(sqliteCount('reservations'));
  });

  it('keeps every row of every table with equal values and the same ids', async () => {
    for (const t of movedTables) {
      const want = sqliteRows(t.name);
      expect({ table: t.name, rows: await postgresRows(target.pool, t.name) }).toEqual({
        table: t.name,
        rows: want,
      });
    }
    expect(first.reservations).toBe(sqliteCount('reservations'));
    for (const t of movedTables) {
      const line = first.tables.find((m) => m.table === t.name);
      expect(line).toEqual({
        table: t.name,
        source: sqliteCount(t.name),
        copied: sqliteCount(t.name),
        alreadyThere: 0,
      });
    }
  });

  it('moves each sequence past the highest id: the next insert gets a new id', async () => {
    for (const t of movedTables.filter((m) => m.sequence)) {
      const highest = await target.pool.query<{ m: string | null }>(`SELECT max(id) AS m FROM ${q(t.name)}`);
      const next = await target.pool.query<{ n: string }>(
        `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS n`,
        [t.name],
      );
      expect({ table: t.name, past: Number(next.rows[0]?.n) > Number(highest.rows[0]?.m) }).toEqual({
        table: t.name,
        past: true,
      });
    }
    const added = await target.pool.query<{ id: string }>(
      `INSERT INTO activity (at, "user", action, detail) VALUES ('2026-07-02T00:00:00Z', 'Test', 'sync', '') RETURNING id`,
    );
    const highest = desk.prepare<[], number>('SELECT max(id) FROM activity').pluck().get() ?? 0;
    expect(Number(added.rows[0]?.id)).toBeGreaterThan(highest);
    await target.pool.query('DELETE FROM activity WHERE id = $1', [added.rows[0]?.id]);
  });

  it('indexes every reservation for search with the words the import writes, and finds a guest by a folded word', async () => {
    expect(await count(target.pool, 'reservation_search')).toBe(sqliteCount('reservations'));
    const store = Store.open(deskFile);
    try {
      const keys = desk.prepare<[], string>('SELECT key_field FROM reservations ORDER BY id').pluck().all();
      // The words, each once (a tsvector keeps a word once, in an order of its own).
      const folded = await target.pool.query<{ key_field: string; words: string[] }>(
        `SELECT r.key_field, tsvector_to_array(s.folded) AS words
          FROM reservation_search s JOIN reservations r ON r.id = s.reservation_id`,
      );
      const byKey = new Map(folded.rows.map((r) => [r.key_field, [...r.words].sort()]));
      for (const key of keys) {
        const r = store.getReservation(key);
        if (!r) throw new Error(`no reservation ${key}`);
        expect(byKey.get(key)).toEqual([...new Set(searchEntryOf(r).words.split(' '))].sort());
      }
      const someone = store.getReservation(keys[0] ?? '');
      if (!someone) throw new Error('no reservation moved');
      const word = searchEntryOf(someone).words.split(' ')[0] ?? '';
      const found = await target.pool.query<{ key_field: string }>(
        `SELECT r.key_field FROM reservation_search s JOIN reservations r ON r.id = s.reservation_id
          WHERE s.folded @@ CAST($1 AS tsquery)`,
        [`${word.slice(0, 3)}:*`],
      );
      expect(found.rows.map((r) => r.key_field)).toContain(someone.keyField);
    } finally {
      store.close();
    }
  });

  it('counts the tally from the moved reservations and queues every one for its check keys', async () => {
    const tally = await target.pool.query<{
      check_in: string;
      agency_id: string;
      change_kind: string;
      confirmation_status: string;
      n: string;
    }>('SELECT check_in, agency_id, change_kind, confirmation_status, n FROM reservation_tally WHERE n > 0');
    const expected = desk
      .prepare<[], Record<string, unknown>>(
        `SELECT check_in, agency_id, change_kind, confirmation_status, count(*) AS n FROM reservations
          GROUP BY check_in, agency_id, change_kind, confirmation_status`,
      )
      .all()
      .map((r) => Object.values(r).map(norm))
      .sort(byText);
    expect(tally.rows.map((r) => Object.values(r).map(norm)).sort(byText)).toEqual(expected);
    expect(await count(target.pool, 'check_keys_pending')).toBe(sqliteCount('reservations'));
  });

  it("finds a moved guest by each word of a name with punctuation, which PostgreSQL's tsvector would misread", async () => {
    const copy = path.join(temp.dir, 'punctuation.db');
    desk.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
    const store = Store.open(copy);
    const key = '1001|PUNCT-1|1';
    store.importBatch(
      [
        makeReservation({
          keyField: key,
          logId: 990_001,
          voucherNo: 'R:12/y:a',
          guests: [makeGuest("O'Brien-Smith, John", key)],
        }),
      ],
      '2026-07-01T09:00:00.000Z',
    );
    store.close();
    const other = await freshDatabase();
    await moveDeskData({ from: copy, to: other.pool });
    for (const word of ['brien', 'smith', 'john', 'r', '12'])
      expect(
        (
          await other.pool.query<{ key_field: string }>(
            `SELECT r.key_field FROM reservation_search s JOIN reservations r ON r.id = s.reservation_id
              WHERE s.folded @@ CAST($1 AS tsquery) AND r.key_field = $2`,
            [`${word}:*`, key],
          )
        ).rows,
        word,
      ).toEqual([{ key_field: key }]);
  });

  it('copies nothing the second time, and still finds every row', async () => {
    const before = await Promise.all(movedTables.map((t) => count(target.pool, t.name)));
    const again = await moveDeskData({ from: deskFile, to: target.pool });
    for (const line of again.tables) {
      expect(line).toEqual({ table: line.table, source: line.source, copied: 0, alreadyThere: line.source });
    }
    expect(await Promise.all(movedTables.map((t) => count(target.pool, t.name)))).toEqual(before);
  });
});

describe('a move that must not happen', () => {
  it("refuses a target holding another reservation under one of this desk's KeyFields, writing nothing", async () => {
    const other = await freshDatabase();
    await migrateHotelDb(other.pool);
    const key =
      desk.prepare<[], string>('SELECT key_field FROM reservations ORDER BY id LIMIT 1').pluck().get() ?? '';
    await other.pool.query(
      `INSERT INTO reservations (id, key_field, log_id, service_id, pms_status, change_kind, confirmation_status,
         confirmation_no, confirme_note, agency_id, agency_name, hotel_id, hotel_name, stay_hotel_name,
         original_hotel_code, partner_id, tour_op_code, tour_op_name, voucher_no, check_in, check_out, nights,
         room_id, room_name, room_type_id, room_type_name, accom_id, accom_name, room_count, adults, childs,
         infants, pax, extra_bed, fis_no, free_of_charge, honey_moon, promosyon_room, quota_type,
         reservation_status, last_change_user, note, sold_currency, sold_price, lead_guest, received_at)
       VALUES (900000, $1, 1, 'S', 1, 'new', 'W', '', '', 'A', 'Agency', 'H', 'Hotel', 'Hotel', 'HC', 1001, 'T',
         'Tour', 'V1', '2026-07-01', '2026-07-03', 2, 'R', 'Room', 'RT', 'Type', 'B', 'Board', 1, 2, 0, 0, 2, 0,
         0, 'N', 'N', 'N', 0, 0, 'u', '', 'EUR', 100, 'X', 'now')`,
      [key],
    );
    const refused = moveDeskData({ from: deskFile, to: other.pool });
    await expect(refused).rejects.toThrow(MoveRefused);
    await expect(refused).rejects.toThrow(
      new RegExp(`reservation ${key.replace(/\|/g, '\\|')}.*Nothing was written`),
    );
    for (const t of movedTables)
      expect({ table: t.name, n: await count(other.pool, t.name) }).toEqual({
        table: t.name,
        n: t.name === 'reservations' ? 1 : 0,
      });
  });

  it("refuses another hotel's database, writing nothing", async () => {
    const other = await freshDatabase();
    await migrateHotelDb(other.pool);
    await other.pool.query(`INSERT INTO settings (key, value) VALUES ('setup', '{"partnerId":2002}')`);
    await expect(moveDeskData({ from: deskFile, to: other.pool })).rejects.toThrow(
      /hotel number 2002, and this desk works for hotel number 1001/,
    );
    expect(await count(other.pool, 'reservations')).toBe(0);
    expect(await count(other.pool, 'settings')).toBe(1);
  });

  it('refuses a desk with a NUL in a text, naming the row, before the target is touched', async () => {
    const copy = path.join(temp.dir, 'nul.db');
    desk.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
    const store = Store.open(copy);
    const sale = store.addStopSale({
      codeKind: 'room',
      hotelCode: '201',
      from: '2026-10-01',
      to: '2026-10-02',
      note: 'a\u0000b',
      user: 'Ayşe',
      at: '2026-07-01T09:00:00.000Z',
    });
    store.close();
    const other = await freshDatabase();
    await expect(moveDeskData({ from: copy, to: other.pool })).rejects.toThrow(
      new RegExp(`stop_sales row id ${sale.id} holds a NUL character in note`),
    );
    const tables = await other.pool.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rowCount).toBe(0);
  });

  it('refuses a desk holding a code longer than the hotel database keeps, naming the row, before the target is touched', async () => {
    for (const [table, column] of [
      ['reservations', 'agency_id'],
      ['reservations', 'key_field'],
    ] as const) {
      const copy = path.join(temp.dir, `long-${table}-${column}.db`);
      desk.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
      const edit = new BetterSqlite3(copy);
      const row = edit.prepare<[], number>(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).pluck().get();
      edit.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run('X'.repeat(3000), row);
      edit.close();
      const other = await freshDatabase();
      const refused = moveDeskData({ from: copy, to: other.pool });
      await expect(refused).rejects.toThrow(MoveRefused);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `${table} row.*${String(row)}.*holds ${column} text of 3000 characters.*ask support to remove it.*` +
            'Nothing was moved',
        ),
      );
      const tables = await other.pool.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.rowCount).toBe(0);
    }
  });

  it('moves an agency whose name was stored before names were bounded, shortened as the desk now reads it', async () => {
    const copy = path.join(temp.dir, 'long-agency-name.db');
    desk.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
    const edit = new BetterSqlite3(copy);
    const id = edit.prepare<[], string>('SELECT id FROM agencies ORDER BY id LIMIT 1').pluck().get() ?? '';
    const long = `${'Uzun Acente Adı '.repeat(200)}Turizm`;
    edit.prepare('UPDATE agencies SET name = ?, active = 0 WHERE id = ?').run(long, id);
    edit.close();
    const other = await freshDatabase();
    await moveDeskData({ from: copy, to: other.pool });
    const moved = await other.pool.query<{ name: string; active: number }>(
      'SELECT name, active FROM agencies WHERE id = $1',
      [id],
    );
    expect(moved.rows).toEqual([{ name: shortenedName(long), active: 0 }]);
    expect(shortenedName(long)).toHaveLength(LONGEST_CODE);
    expect(shortenedName(long).endsWith('…')).toBe(true);
  });

  it('refuses a file that is not a desk database', async () => {
    const other = await freshDatabase();
    await expect(moveDeskData({ from: path.join(temp.dir, 'missing.db'), to: other.pool })).rejects.toThrow(
      /There is no desk database at/,
    );
  });
});

describe('resdesk move-data', () => {
  it('moves, prints one line per table and "nothing lost", never the password; refuses with exit 1', async () => {
    const target = await freshDatabase();
    const moved = await runResdesk(['move-data', '--from', deskFile, '--to', target.url], { env: {} });
    expect(moved.code, moved.stderr).toBe(0);
    const reservations = sqliteCount('reservations');
    for (const t of movedTables)
      expect(moved.stdout).toMatch(new RegExp(`^${t.name}\\b.*${sqliteCount(t.name)}`, 'm'));
    expect(moved.stdout).toMatch(new RegExp(`^Moved: ${reservations} reservations .*nothing lost\\.$`, 'm'));
    expect(moved.stdout + moved.stderr).not.toContain(server.password);
    expect(await count(target.pool, 'reservations')).toBe(reservations);

    const again = await runResdesk(['move-data', '--from', deskFile, '--to', target.url], { env: {} });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Moved: .*nothing lost\.$/m);

    const other = await freshDatabase();
    await migrateHotelDb(other.pool);
    await other.pool.query(`INSERT INTO settings (key, value) VALUES ('setup', '{"partnerId":2002}')`);
    const refused = await runResdesk(['move-data', '--from', deskFile, '--to', other.url], { env: {} });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/hotel number 2002.*Nothing was written\./);
    expect(refused.stdout + refused.stderr).not.toContain(server.password);
  }, 120_000);
});
