// Moves a desk's SQLite data into the hotel's shared PostgreSQL database (`resdesk move-data`).
//
// The desk's file is read in one read transaction (one snapshot, however long the move takes) and written in ONE
// PostgreSQL transaction: either every row arrives or none. Tables go in foreign-key order, 500 rows per
// parameterised INSERT … ON CONFLICT DO NOTHING, so running the move again copies only what is missing and
// changes nothing else. Ids are kept (the identities are BY DEFAULT) and each sequence is then moved past the
// highest id. A row whose key the target already holds must be the same row (move-tables.ts: its identity
// columns); otherwise the target holds another desk's or hotel's data and the move is refused, nothing written.
// After the commit every source row is looked up in the target again (key and identity) and counted.
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { migrateHotelDb } from './migrate';
import { DerivedRows } from './move-derived';
import {
  batchesOf,
  insertMissing,
  rowKey,
  rowsFound,
  targetColumns,
  withShortNames,
  type Row,
} from './move-rows';
import {
  MoveRefused,
  columnsOf,
  hotelOfSetup,
  openSource,
  quoted,
  refuseLongCodes,
  refuseNulText,
  rowName,
  sourceHotel,
} from './move-source';
import { movedTables, rebuiltTables, type MovedTable } from './move-tables';

export { MoveRefused } from './move-source';

/** The move was committed but a count did not come out right: say so, never "nothing lost". */
export class MoveUnverified extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveUnverified';
  }
}

export interface MoveProgress {
  table: string;
  done: number;
  total: number;
}

/** One table of the move: rows in the desk, rows this run copied, rows the target already held; all verified. */
export interface TableMove {
  table: string;
  source: number;
  copied: number;
  alreadyThere: number;
}

export interface MoveReport {
  tables: TableMove[];
  /** Reservations in the desk's file, every one of them now in the hotel database. */
  reservations: number;
}

export interface MoveOptions {
  /** The desk's SQLite file. */
  from: string;
  /** The hotel database; migrated to this Resdesk's schema first. */
  to: pg.Pool;
  onProgress?: (progress: MoveProgress) => void;
}

export async function moveDeskData(options: MoveOptions): Promise<MoveReport> {
  const source = openSource(options.from);
  try {
    // One snapshot for the checks, the copy and the verification, even if the desk is still writing.
    source.exec('BEGIN');
    refuseNulText(source);
    refuseLongCodes(source);
    await migrateHotelDb(options.to);
    const tables = await copyAll(source, options);
    await verify(source, options.to, tables);
    source.exec('COMMIT');
    const reservations = tables.find((t) => t.table === 'reservations')?.source ?? 0;
    return { tables, reservations };
  } finally {
    source.close();
  }
}

async function copyAll(source: Database, options: MoveOptions): Promise<TableMove[]> {
  const client = await options.to.connect();
  try {
    await client.query('BEGIN');
    // Desks connected meanwhile may read but not write: a new row could take an id this move is about to keep.
    const locked = [...movedTables.map((t) => t.name), ...rebuiltTables].map(quoted).join(', ');
    await client.query(`LOCK TABLE ${locked} IN EXCLUSIVE MODE`);
    await refuseOtherHotel(client, source);
    const derived = new DerivedRows();
    const moves: TableMove[] = [];
    for (const table of movedTables) moves.push(await copyTable(client, source, table, derived, options));
    await derived.finish(client);
    for (const table of movedTables) if (table.sequence) await moveSequence(client, source, table.name);
    await client.query('COMMIT');
    // Derived, not copied: one search row per reservation this run inserted (the tally and check keys likewise).
    const reservations = moves.find((m) => m.table === 'reservations')?.source ?? 0;
    const search = derived.counts.search;
    moves.push({
      table: 'reservation_search',
      source: reservations,
      copied: search,
      alreadyThere: reservations - search,
    });
    return moves;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function copyTable(
  client: pg.PoolClient,
  source: Database,
  table: MovedTable,
  derived: DerivedRows,
  options: MoveOptions,
): Promise<TableMove> {
  const columns = columnsOf(source, table.name).map((c) => c.name);
  const types = await targetColumns(client, table.name);
  const absent = columns.filter((c) => !types.has(c));
  if (absent.length > 0)
    throw new Error(
      `The hotel database's ${table.name} has no column ${absent.join(', ')}; nothing was moved. Update Resdesk.`,
    );
  const total = countOf(source, table.name);
  const move: TableMove = { table: table.name, source: total, copied: 0, alreadyThere: 0 };
  let conflict: Row | undefined;
  for (const read of batchesOf(source, table.name, columns, table.key)) {
    const batch = table.names ? read.map((row) => withShortNames(row, table.names ?? [])) : read;
    const inserted = await insertMissing(client, table.name, columns, table.key, batch);
    const rest = batch.filter((r) => !inserted.has(rowKey(r, table.key)));
    if (rest.length > 0) {
      const found = await rowsFound(client, table.name, table.key, table.identity, types, rest);
      conflict = rest.find((r) => !found.has(rowKey(r, table.key)));
      // Leaving the loop closes the read of this table, so the sentence below may read the desk again.
      if (conflict) break;
    }
    if (table.name === 'reservations')
      await derived.add(
        client,
        batch.filter((r) => inserted.has(rowKey(r, table.key))),
      );
    move.copied += inserted.size;
    move.alreadyThere += rest.length;
    options.onProgress?.({ table: table.name, done: move.copied + move.alreadyThere, total });
  }
  if (conflict)
    throw new MoveRefused(
      `${rowName(source, table.name, conflict)} is in the hotel database already as a different row: that ` +
        "database holds another desk's data under the same key. Move into an empty hotel database, or into the " +
        'one this desk was moved into before. Nothing was written.',
    );
  return move;
}

/** The hotel a database works for must be this desk's (setup's partnerId, else its reservations'). */
async function refuseOtherHotel(client: pg.PoolClient, source: Database): Promise<void> {
  const ours = sourceHotel(source);
  const setup = await client.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'setup'`);
  let theirs = hotelOfSetup(setup.rows[0]?.value);
  if (theirs === null) {
    const ids = await client.query<{ id: string }>(
      'SELECT DISTINCT partner_id AS id FROM reservations LIMIT 2',
    );
    theirs = ids.rows.length === 1 ? Number(ids.rows[0]?.id) : null;
  }
  if (ours !== null && theirs !== null && ours !== theirs)
    throw new MoveRefused(
      `The hotel database holds the data of hotel number ${theirs}, and this desk works for hotel number ${ours}. ` +
        "Move it into its own hotel's database. Nothing was written.",
    );
}

/**
 * The target's sequence past the highest id it now holds, and past the highest id the desk ever gave
 * (sqlite_sequence remembers deleted ones for AUTOINCREMENT tables), never backwards.
 */
async function moveSequence(client: pg.PoolClient, source: Database, table: string): Promise<void> {
  const given = source
    .prepare<[string], number | bigint>('SELECT seq FROM sqlite_sequence WHERE name = ?')
    .pluck()
    .safeIntegers(true)
    .get(table);
  await client.query(
    `SELECT setval(s, m) FROM (
       SELECT pg_get_serial_sequence($1, 'id') AS s,
              GREATEST((SELECT max(id) FROM ${quoted(table)}), $2::bigint) AS m) x
     WHERE m > coalesce(pg_sequence_last_value(s::regclass), 0)`,
    [table, String(given ?? 0)],
  );
}

const countOf = (db: Database, table: string): number =>
  Number(
    db
      .prepare<[], number>(`SELECT count(*) FROM ${quoted(table)}`)
      .pluck()
      .get() ?? 0,
  );

/** After the commit: every desk row is in the target (key and identity), every reservation searchable. */
async function verify(source: Database, pool: pg.Pool, moves: readonly TableMove[]): Promise<void> {
  const client = await pool.connect();
  try {
    for (const table of movedTables) {
      const types = await targetColumns(client, table.name);
      const columns = [...table.key, ...table.identity];
      let found = 0;
      for (const batch of batchesOf(source, table.name, columns, table.key))
        found += (await rowsFound(client, table.name, table.key, table.identity, types, batch)).size;
      const expected = moves.find((m) => m.table === table.name)?.source ?? 0;
      if (found !== expected) throw unverified(table.name, expected - found, expected);
    }
    let searchable = 0;
    const types = new Map([['reservation_id', 'bigint']]);
    for (const batch of batchesOf(source, 'reservations', ['id'], ['id'])) {
      const ids = batch.map((r) => ({ reservation_id: r.id }));
      searchable += (await rowsFound(client, 'reservation_search', ['reservation_id'], [], types, ids)).size;
    }
    const reservations = countOf(source, 'reservations');
    if (searchable !== reservations)
      throw unverified('reservation_search', reservations - searchable, reservations);
  } finally {
    client.release();
  }
}

const unverified = (table: string, missing: number, of: number): MoveUnverified =>
  new MoveUnverified(
    `The move was written, but ${missing} of the desk's ${of} ${table} rows are not in the hotel database. ` +
      'Run the move again (it copies only what is missing); if this stays, keep the desk on its own file and ' +
      'send resdesk diagnostics to support.',
  );
