// Rows between the two engines during a move: batches read from SQLite (its integers as bigint, so a LogId past
// 2^53 would not be rounded), parameterised multi-row inserts into PostgreSQL, and the one comparison both sides
// agree on (pg reads bigint as text, SQLite as a number: both become the same string).
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { shortenedName } from '../../shared/domain';
import { quoted } from './move-source';

export type Row = Record<string, unknown>;

/** One batch: ~500 rows keeps a reservations insert (51 columns) well under PostgreSQL's 65,535 parameters. */
export const BATCH = 500;

/** A value as both engines' drivers hand it over, made comparable: numbers, bigints and bigint text agree. */
export function comparable(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** The identity of a row over some columns, as one string. */
export const rowKey = (row: Row, columns: readonly string[]): string =>
  JSON.stringify(columns.map((c) => comparable(row[c])));

/** The row with these text columns shortened as the desk reads a name (shortenedName). */
export function withShortNames(row: Row, columns: readonly string[]): Row {
  const mended = { ...row };
  for (const c of columns) {
    const value = row[c];
    if (typeof value === 'string') mended[c] = shortenedName(value);
  }
  return mended;
}

/** A value for pg: a bigint as its digits (pg has no bigint parameter of its own). */
const param = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);

/** Every row of a SQLite table in key order, `BATCH` at a time. */
export function* batchesOf(
  db: Database,
  table: string,
  columns: readonly string[],
  key: readonly string[],
): Generator<Row[]> {
  const statement = db
    .prepare<[], Row>(
      `SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(table)} ORDER BY ${key.map(quoted).join(', ')}`,
    )
    .safeIntegers(true);
  let batch: Row[] = [];
  for (const row of statement.iterate()) {
    batch.push(row);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** INSERT … ON CONFLICT DO NOTHING of a batch; the rows the target did not have, as their keys. */
export async function insertMissing(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: readonly Row[],
): Promise<Set<string>> {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((c) => {
      values.push(param(row[c]));
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const result = await client.query<Row>(
    `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES ${tuples.join(', ')}
     ON CONFLICT DO NOTHING RETURNING ${key.map(quoted).join(', ')}`,
    values,
  );
  return new Set(result.rows.map((r) => rowKey(r, key)));
}

/**
 * Which of `rows` the target holds, matched on `key` and `identity` (the columns that never change): a row
 * whose key is there with other identity columns is not found. Returns the keys of the rows found.
 */
export async function rowsFound(
  client: pg.ClientBase,
  table: string,
  key: readonly string[],
  identity: readonly string[],
  types: ReadonlyMap<string, string>,
  rows: readonly Row[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = key.map((c) => {
      values.push(param(row[c]));
      return `$${values.length}::${types.get(c) ?? 'text'}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const matched = [...key, ...identity];
  const result = await client.query<Row>(
    `SELECT ${matched.map(quoted).join(', ')} FROM ${quoted(table)}
     WHERE (${key.map(quoted).join(', ')}) IN (VALUES ${tuples.join(', ')})`,
    values,
  );
  const there = new Set(result.rows.map((r) => rowKey(r, matched)));
  return new Set(rows.filter((r) => there.has(rowKey(r, matched))).map((r) => rowKey(r, key)));
}

/** The target's columns of a table and their types (for casts), from the catalogue. */
export async function targetColumns(client: pg.ClientBase, table: string): Promise<Map<string, string>> {
  const result = await client.query<{ name: string; type: string }>(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return new Map(result.rows.map((r) => [r.name, r.type]));
}
