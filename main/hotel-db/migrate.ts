// Brings the hotel database's schema to this Resdesk's version: every pending migration of
// main/store/engines/postgres-migrations.ts in one transaction (PostgreSQL's DDL is transactional, so the schema
// reaches the newest version or stays as it was), the version recorded in resdesk_meta inside it. Desks that start
// together take a transaction advisory lock first (the key schema.ts uses), so one migrates and the others then
// find nothing to do. A database written by a newer Resdesk is refused, as a newer SQLite file is.
import type pg from 'pg';
import { postgresMigrations, type PostgresMigration } from '../store/engines/postgres-migrations';

/** Refused: the hotel database was migrated by a newer Resdesk; this desk must be updated first. */
export class NewerHotelDatabase extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The hotel database is at schema version ${found}; this Resdesk knows up to ${known}. Update Resdesk on this PC.`,
    );
    this.name = 'NewerHotelDatabase';
  }
}

/** Refused: the database holds another program's tables and none of Resdesk's; nothing was created in it. */
export class ForeignHotelDatabase extends Error {
  constructor(readonly tables: readonly string[]) {
    super(
      `This database already holds another program's tables (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}) and none of Resdesk's, so Resdesk left it untouched. Give Resdesk a new, empty database of its own (one per hotel).`,
    );
    this.name = 'ForeignHotelDatabase';
  }
}

/**
 * The tables of another program in a database Resdesk has never set up (no resdesk_meta); empty when the database
 * is Resdesk's or empty. Resdesk creates its tables only in a database of its own or an empty one.
 */
export async function foreignTables(db: Pick<pg.ClientBase, 'query'>): Promise<string[]> {
  const result = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND to_regclass('resdesk_meta') IS NULL
     ORDER BY table_name LIMIT 20`,
  );
  return result.rows.map((r) => r.name);
}

const metaTable = `
CREATE TABLE IF NOT EXISTS resdesk_meta (
  key   text COLLATE "C" PRIMARY KEY,
  value text NOT NULL
)`;

/** The hotel database's schema version now (0: a new database), read without changing anything. */
export async function hotelSchemaVersion(pool: pg.Pool): Promise<number> {
  const meta = await pool.query<{ t: string | null }>(`SELECT to_regclass('resdesk_meta')::text AS t`);
  if (!meta.rows[0]?.t) return 0;
  const found = await pool.query<{ value: string }>(
    "SELECT value FROM resdesk_meta WHERE key = 'schema_version'",
  );
  return Number(found.rows[0]?.value ?? '0');
}

/** Migrates under the schema lock; says which version the database was at and is at now. */
export async function migrateHotelDb(
  pool: pg.Pool,
  list: readonly PostgresMigration[] = postgresMigrations,
): Promise<{ from: number; to: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('resdesk.schema'))");
    const foreign = await foreignTables(client);
    if (foreign.length > 0) throw new ForeignHotelDatabase(foreign);
    await client.query(metaTable);
    const found = await client.query<{ value: string }>(
      "SELECT value FROM resdesk_meta WHERE key = 'schema_version'",
    );
    const from = Number(found.rows[0]?.value ?? '0');
    if (from > list.length) throw new NewerHotelDatabase(from, list.length);
    for (const migration of list.slice(from)) {
      await client.query(migration.sql);
      await migration.then?.(client);
    }
    if (list.length > from)
      await client.query(
        `INSERT INTO resdesk_meta (key, value) VALUES ('schema_version', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [String(list.length)],
      );
    await client.query('COMMIT');
    return { from, to: Math.max(from, list.length) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
