// One store operation, written once for both engines. An operation is a generator: it yields the
// queries it needs, built with `q`, and receives each query's rows where it yielded it, so its logic and its
// refusals sit between its queries as in plain code. A runner drives it: `runSqlite` synchronously on
// better-sqlite3 (today's callers stay synchronous), the PostgreSQL runner in main/hotel-db asynchronously on pg.
// Neither the operation nor `q` knows the engine; each runner compiles the yielded query for its own.
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  createQueryId,
  type CompiledQuery,
  type Compilable,
  type QueryCompiler,
  type RootOperationNode,
} from 'kysely';
import type { StoreTables } from './tables';

/**
 * Builds queries, never runs one: its driver does nothing. The SQLite adapter and compiler only satisfy Kysely's
 * constructor; runners compile a query's operation tree with their own engine's compiler.
 */
export const q = new Kysely<StoreTables>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** A one-row statement with `?` placeholders and the rows to run it for. */
export interface EachRow {
  sql: string;
  rows: readonly (readonly unknown[])[];
  /**
   * An INSERT's row back for each row it inserted (the `i`th of `rows`, with the rowid SQLite gave it): what the
   * other engine's RETURNING gives, without one here. SQLite runs RETURNING as a trigger, which cost a first sync
   * of 20,000 some 400 ms on the reservations alone.
   */
  inserted?: (i: number, rowid: number) => unknown;
}

/** A built query (select, insert, update, delete, or a raw `sql` one) whose rows are R. */
export interface Query<R> extends Compilable<R> {
  toOperationNode(): RootOperationNode;
}

/** What a runner executes: a query it can compile for its engine; R types its rows. */
export interface Runnable<R> {
  compileFor(compiler: QueryCompiler): CompiledQuery;
  /**
   * SQLite only: run this one-row statement once per row instead (its RETURNING rows gathered, its changes
   * summed). SQLite has no round trip to save, and extracting each column from one JSON text costs more there
   * than a prepared statement per row.
   */
  readonly eachRowOnSqlite?: EachRow;
  /** Only carries the row type; never set. */
  readonly rows?: R;
}

/** A query built for one call and compiled for each engine that runs it (see prepared.ts for hot queries). */
export function once<R>(query: Query<R>): Runnable<R> {
  return { compileFor: (compiler) => compiler.compileQuery(query.toOperationNode(), createQueryId()) };
}

const runnable = <R>(query: Query<R> | Runnable<R>): Runnable<R> =>
  'compileFor' in query ? query : once(query);

/** The shared tables whose changes other desks show (the change feed's words, main/hotel-db/changes.ts). */
export const announcedTables = [
  'reservations',
  'decisions',
  'mappings',
  'hotel_codes',
  'pms_entries',
  'stop_sales',
  'settings',
  'activity',
  'set_aside_items',
  'agencies',
  'stay_codes',
  'not_confirm_messages',
  'contracts',
  'stop_sale_notices',
] as const;
export type AnnouncedTable = (typeof announcedTables)[number];

/** What changed, for the desks sharing the database; SQLite has no other desk and ignores it. */
export interface StoreChange {
  table: AnnouncedTable;
  kind: 'added' | 'changed' | 'removed';
  ids: string[];
}

export type Step = { query: Runnable<unknown> } | { change: StoreChange };

/** A query's result as the runner hands it back: its rows (RETURNING included) and how many rows it changed. */
export interface Outcome {
  rows: unknown[];
  changes: number;
}

export type Op<T> = Generator<Step, T, Outcome>;

/** Every row of a query. */
export function* all<R>(query: Query<R> | Runnable<R>): Op<R[]> {
  const outcome = yield { query: runnable(query) };
  // The runner executed exactly this query; its rows have the shape Kysely typed from StoreTables.
  return outcome.rows as R[];
}

/** The first row of a query, or undefined. */
export function* first<R>(query: Query<R> | Runnable<R>): Op<R | undefined> {
  const rows = yield* all(query);
  return rows[0];
}

/** Runs a query for its effect; returns how many rows it changed. */
export function* run(query: Query<unknown> | Runnable<unknown>): Op<number> {
  const outcome = yield { query: runnable(query) };
  return outcome.changes;
}

/** Tells the other desks what this operation changed, in its transaction (PostgreSQL: delivered at commit). */
export function* changed(table: AnnouncedTable, kind: StoreChange['kind'], ids: readonly string[]): Op<void> {
  yield { change: { table, kind, ids: [...ids] } };
}
