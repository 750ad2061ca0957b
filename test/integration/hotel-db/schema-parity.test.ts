// The store's two schemas stay one schema: PostgreSQL's migrations (engines/postgres-migrations.ts) must
// give every table and view SQLite's migrations give, with the same columns, the same nullability and the same
// defaults where a query may leave a column out. A column added to one engine only fails here, before any query
// finds it missing. What differs on purpose (FTS5's shadow tables, the lease) is named below.
// `npx vitest run test/integration/hotel-db/schema-parity.test.ts`
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateHotelDb, openHotelPool } from '../../../main/hotel-db';
import { openDatabase } from '../../../main/store/db';
import { startPostgres, type TestPostgres } from '../../harness/postgres';

/** SQLite-only: its own bookkeeping and FTS5's shadow tables (PostgreSQL has reservation_search as a plain table). */
const sqliteOnly = /^(sqlite_|reservation_search_)/;
/**
 * PostgreSQL-only: the schema version, the lease of who talks to the service, and who is answering which
 * reservation (a desk on its own file has no other desk to tell).
 */
const postgresOnly = new Set(['resdesk_meta', 'desk_lease', 'answering']);
/** PostgreSQL-only columns: the lease generation that claimed a row for sending (exactly-once sending). */
const postgresOnlyColumns = new Set([
  'decisions.claimed_generation',
  'decisions.claim_until',
  'pending_acknowledgements.claimed_generation',
]);

interface Column {
  name: string;
  nullable: boolean;
  hasDefault: boolean;
}

let server: TestPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  pool = openHotelPool({ url: server.url, applicationName: 'resdesk schema parity' });
  await migrateHotelDb(pool);
});

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

function sqliteSchema(): Map<string, Column[]> {
  const db = openDatabase(':memory:');
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name",
      )
      .all()
      .filter((t) => !sqliteOnly.test(t.name));
    const out = new Map<string, Column[]>();
    for (const { name } of tables) {
      const cols = db
        .prepare<[], { name: string; notnull: number; dflt_value: string | null; pk: number; type: string }>(
          `SELECT name, "notnull", dflt_value, pk, type FROM pragma_table_info('${name}')`,
        )
        .all();
      out.set(
        name,
        cols.map((c) => ({
          name: c.name,
          // An INTEGER PRIMARY KEY is the rowid: never null. The store leaves it out only where it is named id
          // (PostgreSQL: an identity); elsewhere it is another table's id or a LogId, always given.
          nullable: c.notnull === 0 && c.pk === 0,
          hasDefault: c.dflt_value !== null || (c.pk === 1 && c.type === 'INTEGER' && c.name === 'id'),
        })),
      );
    }
    return out;
  } finally {
    db.close();
  }
}

async function postgresSchema(): Promise<Map<string, Column[]>> {
  const rows = (
    await pool.query<{ table_name: string; column_name: string; is_nullable: string; has_default: boolean }>(
      `SELECT c.table_name, c.column_name, c.is_nullable,
              (c.column_default IS NOT NULL OR c.is_identity = 'YES') AS has_default
         FROM information_schema.columns c
        WHERE c.table_schema = current_schema()
        ORDER BY c.table_name, c.ordinal_position`,
    )
  ).rows;
  const out = new Map<string, Column[]>();
  for (const r of rows) {
    if (postgresOnly.has(r.table_name)) continue;
    if (postgresOnlyColumns.has(`${r.table_name}.${r.column_name}`)) continue;
    const list = out.get(r.table_name) ?? [];
    // A view's columns are all nullable to PostgreSQL; SQLite says the same of its view.
    list.push({ name: r.column_name, nullable: r.is_nullable === 'YES', hasDefault: r.has_default });
    out.set(r.table_name, list);
  }
  return out;
}

const byName = (columns: Column[]): Column[] => [...columns].sort((a, b) => a.name.localeCompare(b.name));

describe('the PostgreSQL schema is the SQLite schema', () => {
  it('has the same tables and views', async () => {
    const sqlite = sqliteSchema();
    const postgres = await postgresSchema();
    // reservation_search is FTS5 on SQLite (no columns to compare) and a plain table on PostgreSQL.
    sqlite.delete('reservation_search');
    const search = postgres.get('reservation_search');
    postgres.delete('reservation_search');
    expect(search?.map((c) => c.name)).toEqual(['reservation_id', 'folded']);
    expect([...postgres.keys()].sort()).toEqual([...sqlite.keys()].sort());
  });

  it('has the same columns, nullability and defaults in every table', async () => {
    const sqlite = sqliteSchema();
    const postgres = await postgresSchema();
    sqlite.delete('reservation_search');
    postgres.delete('reservation_search');
    expect(sqlite.size).toBeGreaterThan(15);
    for (const [table, columns] of sqlite) {
      expect({ table, columns: byName(postgres.get(table) ?? []) }).toEqual({
        table,
        columns: byName(columns),
      });
    }
  });

  it('compares and sorts every text column bytewise, views included, as SQLite does', async () => {
    const other = (
      await pool.query<{ column: string }>(
        `SELECT c.table_name || '.' || c.column_name AS column
           FROM information_schema.columns c
          WHERE c.table_schema = current_schema() AND c.data_type = 'text'
            AND c.table_name <> ALL ($1) AND c.collation_name IS DISTINCT FROM 'C'
          ORDER BY 1`,
        [[...postgresOnly]],
      )
    ).rows.map((r) => r.column);
    expect(other).toEqual([]);
  });

  it('keeps one open decision per reservation and the tally on both engines', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const r = await client.query<{ id: string }>(
        `INSERT INTO reservations (key_field, log_id, service_id, pms_status, change_kind, confirmation_status,
           confirmation_no, confirme_note, agency_id, agency_name, hotel_id, hotel_name, stay_hotel_name,
           original_hotel_code, partner_id, tour_op_code, tour_op_name, voucher_no, check_in, check_out, nights,
           room_id, room_name, room_type_id, room_type_name, accom_id, accom_name, room_count, adults, childs,
           infants, pax, extra_bed, fis_no, free_of_charge, honey_moon, promosyon_room, quota_type,
           reservation_status, last_change_user, note, sold_currency, sold_price, lead_guest, received_at,
           guests_json)
         VALUES ('K1', 1, 'S', 1, 'new', 'W', '', '', 'A', 'Agency', 'H', 'Hotel', 'Hotel', 'HC', 1, 'T', 'Tour',
           'V1', '2026-07-01', '2026-07-03', 2, 'R', 'Room', 'RT', 'Type', 'B', 'Board', 1, 2, 0, 0, 2, 0, 0,
           'N', 'N', 'N', 0, 0, 'u', '', 'EUR', 100, 'KAYA AYSE', 'now', '[["KAYA AYSE","MRS",34]]')
         RETURNING id`,
      );
      const id = r.rows[0]?.id;
      // Its writer marks a new reservation for its check keys (none here); a change of its keys is marked by the
      // update trigger. The guests view reads its guest as SQLite's view does.
      expect((await client.query('SELECT reservation_id FROM check_keys_pending')).rows).toEqual([]);
      await client.query(`UPDATE reservations SET voucher_no = 'V2' WHERE id = $1`, [id]);
      const pending = await client.query('SELECT reservation_id FROM check_keys_pending');
      expect(pending.rows).toEqual([{ reservation_id: id }]);
      const guests = await client.query('SELECT position, name, title, age FROM guests');
      expect(guests.rows).toEqual([{ position: 0, name: 'KAYA AYSE', title: 'MRS', age: '34' }]);
      // The import counts its inserts; the trigger moves the count when a status changes.
      await client.query(`INSERT INTO reservation_tally VALUES ('2026-07-01', 'A', 'new', 'W', 1)`);
      await client.query(`UPDATE reservations SET confirmation_status = 'E' WHERE id = $1`, [id]);
      const tally = await client.query(
        'SELECT confirmation_status, n::int AS n FROM reservation_tally ORDER BY confirmation_status',
      );
      expect(tally.rows).toEqual([
        { confirmation_status: 'E', n: 1 },
        { confirmation_status: 'W', n: 0 },
      ]);
      const decide = (): Promise<unknown> =>
        client.query(
          `INSERT INTO decisions (key_field, action, "user", decided_at, based_on_log_id) VALUES ('K1', 'confirm', 'u', 'now', 1)`,
        );
      await decide();
      await expect(decide()).rejects.toThrow(/decisions_one_open_per_reservation/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
