// The store's tests on both engines: each test gets a store of the engine it runs on, empty. SQLite: a
// fresh in-memory database, as the unit tests open it. PostgreSQL: one throw-away server per test file
// (startPostgres), one database on it for the file, created with an ICU en-US default collation (what a chain's
// server would likely have, not the C ordering SQLite has) and migrated once; emptied before each test.
import type { Database } from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { sqliteDeskStore, type DeskStore } from '../../../main/store/engines/desk-store';
import { Store } from '../../../main/store';
import { openHotelPool } from '../../../main/hotel-db/pool';
import type { Op } from '../../../main/store/engines/op';
import { runSqlite, writeSqlite } from '../../../main/store/engines/run-sqlite';
import { HotelStore } from '../../../main/hotel-db/store';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';

export const engineNames = ['sqlite', 'postgres'] as const;
export type EngineName = (typeof engineNames)[number];

export interface EngineUnderTest {
  readonly name: EngineName;
  readonly store: DeskStore;
  /** Rows straight from the engine, for what the store does not read back. The SQL must mean the same on both. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** Runs any store operation: a read as is, a write in its own transaction (SQLite: immediate). */
  read<T>(op: Op<T>): Promise<T>;
  write<T>(op: Op<T>): Promise<T>;
  close(): Promise<void>;
}

/** Every table of the store's schema (not its version nor the lease), emptied between PostgreSQL tests. */
const storeTablesSql = `SELECT string_agg(quote_ident(tablename), ', ') AS list FROM pg_tables
  WHERE schemaname = current_schema() AND tablename NOT IN ('resdesk_meta', 'desk_lease')`;

export interface BothEngines {
  open(name: EngineName): Promise<EngineUnderTest>;
  /** The PostgreSQL side, for tests that look at what only it has (its pool, its server). */
  readonly postgres: { server: TestPostgres; pool: pg.Pool; url: string };
}

/** Registers the file's PostgreSQL server and database (beforeAll/afterAll); open() gives an empty store. */
export function bothEngines(): BothEngines {
  let server: TestPostgres | undefined;
  let pool: pg.Pool | undefined;
  let url = '';

  beforeAll(async () => {
    server = await startPostgres();
    url = await createDatabase(server, 'resdesk', { icuEnUs: true });
    pool = openHotelPool({ url, applicationName: 'resdesk store test' });
    await HotelStore.open(pool, { origin: null });
  });

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  const needPool = (): pg.Pool => {
    if (!pool) throw new Error('the PostgreSQL side did not start');
    return pool;
  };

  return {
    get postgres() {
      if (!server || !pool) throw new Error('the PostgreSQL side did not start');
      return { server, pool, url };
    },
    async open(name) {
      if (name === 'sqlite') {
        const db: Database = openDatabase(':memory:');
        return {
          name,
          store: sqliteDeskStore(new Store(db)),
          rows: async (sql) => db.prepare<[], Record<string, unknown>>(sql).all(),
          read: async (op) => runSqlite(db, op),
          write: async (op) => writeSqlite(db, op),
          close: async () => void db.close(),
        };
      }
      const p = needPool();
      // Ids restart, as in a fresh SQLite file.
      const tables = (await p.query<{ list: string }>(storeTablesSql)).rows[0]?.list ?? '';
      await p.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
      const store = await HotelStore.open(p, { origin: 'test-desk' });
      return {
        name,
        store,
        rows: async (sql) => (await p.query<Record<string, unknown>>(sql)).rows,
        read: (op) => store.read(op),
        write: (op) => store.write(op),
        close: async () => {},
      };
    },
  };
}
