// Reading the hotel database's rows into a desk database file, shared by the copies that write one: the daily
// copy and backups (copy-out.ts) and each desk's own read-only copy (local-copy.ts). Always inside a
// repeatable-read transaction of the caller's, so every table is read at one snapshot.
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { columnsOf, quoted } from './move-source';
import { int8AsNumber } from './run-postgres';

/** Rows read from the server per round trip. */
const FETCH_ROWS = 1000;

/** Where a copy stands: read at the copy's snapshot, so the next copy can take only what changed since. */
export interface CopySnapshot {
  /**
   * The oldest transaction still running at the snapshot (xid8, as text): every row written by a transaction this
   * snapshot did not see has an xmin at or after it.
   */
  watermark: string;
  /** The database's clock at the snapshot (ISO). */
  takenAt: string;
  /** The hotel database's schema version. */
  schema: number;
}

export async function readSnapshot(client: pg.ClientBase): Promise<CopySnapshot> {
  const row = (
    await client.query<{ watermark: string; taken_at: Date; schema: string | null }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS watermark, clock_timestamp() AS taken_at,
              (SELECT value FROM resdesk_meta WHERE key = 'schema_version') AS schema`,
    )
  ).rows[0];
  if (!row) throw new Error('the hotel database gave no snapshot');
  return { watermark: row.watermark, takenAt: row.taken_at.toISOString(), schema: Number(row.schema ?? '0') };
}

/**
 * The desk file's columns of `table` that the hotel database has too: a database one schema version behind the
 * desk (a copy taken before migrating it) lacks the newest columns, which then keep their defaults in the file.
 */
export async function sharedColumns(client: pg.ClientBase, db: Database, table: string): Promise<string[]> {
  const server = new Set(
    (
      await client.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      )
    ).rows.map((r) => r.name),
  );
  return columnsOf(db, table)
    .map((c) => c.name)
    .filter((name) => server.has(name));
}

/**
 * Streams `columns` of `table` in `order`, a batch of rows (arrays, in the columns' order) at a time, through a
 * cursor, so a large hotel is never held in memory whole. `where` (SQL, with $1 = `value`) narrows the rows.
 */
export async function streamRows(
  client: pg.ClientBase,
  read: {
    table: string;
    columns: readonly string[];
    order: readonly string[];
    where?: { sql: string; value: unknown };
  },
  onBatch: (rows: unknown[][]) => void,
): Promise<number> {
  const cursor = `copy_${read.table}`;
  await client.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${read.columns.map(quoted).join(', ')}
     FROM ${quoted(read.table)} ${read.where ? `WHERE ${read.where.sql}` : ''}
     ORDER BY ${read.order.map(quoted).join(', ')}`,
    read.where ? [read.where.value] : [],
  );
  let rows = 0;
  for (;;) {
    const batch = await client.query<unknown[]>({
      text: `FETCH ${FETCH_ROWS} FROM ${cursor}`,
      rowMode: 'array',
      types: int8AsNumber,
    });
    onBatch(batch.rows);
    rows += batch.rows.length;
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await client.query(`CLOSE ${cursor}`);
  return rows;
}
