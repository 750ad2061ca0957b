// The hotel's shared database copied out into a desk database file. The
// bundled server has no pg_dump, and a hotel has nobody to restore a dump: the copy is an ordinary Resdesk file at
// this Resdesk's schema, so the backup tools check it, a desk can open it, and `resdesk move-data` moves it into a
// new hotel database. The tables move-data copies in (move-tables.ts) are read at ONE snapshot (a repeatable-read,
// read-only transaction, through cursors so a large hotel is never held in memory whole) and written in one
// SQLite transaction; what the file derives itself is rebuilt (every reservation marked for its check keys, the tally by
// recountTally, the allotment counts by recountAllotmentNights, the search index by reindexSearch). Every table's rows are counted in the file after;
// the snapshot's watermark lets a desk's own copy (local-copy.ts) take only what changed since.
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { Store } from '../store';
import { recountTally } from '../store/reservations';
import { recountAllotmentNights } from '../store/allotment-nights';
import { reindexSearch } from '../store/search';
import { checkKeyOps } from '../store/check-keys';
import { runSqlite } from '../store/engines/run-sqlite';
import { readSnapshot, sharedColumns, streamRows, type CopySnapshot } from './copy-rows';
import { quoted } from './move-source';
import { movedTables } from './move-tables';
import { isConnectionFailure } from './reach';

export interface CopiedTable {
  table: string;
  rows: number;
}

/** The copy did not come out whole: the file is not a backup. */
export class CopyIncomplete extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyIncomplete';
  }
}

async function copyTable(client: pg.PoolClient, db: Database, table: string, order: readonly string[]) {
  const columns = await sharedColumns(client, db, table);
  // A table this Resdesk added that the hotel's database has not yet (the copy taken before migrating it): none.
  if (columns.length === 0) return 0;
  const insert = db.prepare(
    `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return streamRows(client, { table, columns, order }, (rows) => {
    for (const row of rows) insert.run(...row);
  });
}

/**
 * Writes every row of the hotel database into a new desk database at `file` (which must not exist), as of one
 * instant; the desks may go on working meanwhile. Throws CopyIncomplete when a table's count in the file is not
 * what was read.
 */
export async function copyHotelDatabase(
  pool: pg.Pool,
  file: string,
): Promise<{ tables: CopiedTable[]; snapshot: CopySnapshot }> {
  const store = Store.open(file);
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = await readSnapshot(client);
    const copied: CopiedTable[] = [];
    store.db.exec('BEGIN IMMEDIATE');
    try {
      for (const table of movedTables)
        copied.push({ table: table.name, rows: await copyTable(client, store.db, table.name, table.key) });
      reindexSearch(store.db);
      recountTally(store.db);
      recountAllotmentNights(store.db);
      runSqlite(store.db, checkKeyOps.markAllPending());
      store.db.exec('COMMIT');
    } catch (error) {
      if (store.db.inTransaction) store.db.exec('ROLLBACK');
      throw error;
    }
    await client.query('COMMIT');
    for (const { table, rows } of copied) {
      const inFile = store.db
        .prepare<[], number>(`SELECT count(*) FROM ${quoted(table)}`)
        .pluck()
        .get();
      if (inFile !== rows)
        throw new CopyIncomplete(
          `${table}: ${rows} rows read from the hotel database, ${inFile ?? 0} in the copy.`,
        );
    }
    return { tables: copied, snapshot };
  } catch (error) {
    broken = isConnectionFailure(error);
    if (!broken) await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release(broken);
    store.close();
  }
}
