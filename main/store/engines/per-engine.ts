// The few queries that must differ between the engines, kept to one builder: it is called once per
// engine with that engine's name, and the rest of the query stays shared. What differs, and why, is listed in
// docs/store.md ("What differs between the engines"): a row lock (PostgreSQL runs two desks'
// transactions at once; SQLite has one writer and no FOR UPDATE), a list bound as one JSON text (each engine has
// its own JSON functions), the search index (FTS5 against a tsvector).
import { PostgresQueryCompiler, sql, type QueryCompiler, type RawBuilder } from 'kysely';
import type { Query, Runnable } from './op';
import { prepared } from './prepared';

export type EngineName = 'sqlite' | 'postgres';

/** The engine a runner compiles for: each runner has its own compiler (run-sqlite.ts, run-postgres.ts). */
export const engineOf = (compiler: QueryCompiler): EngineName =>
  compiler instanceof PostgresQueryCompiler ? 'postgres' : 'sqlite';

/** A prepared query (prepared.ts) built once for each engine: `build(p, engine)` may differ where it must. */
export function preparedPerEngine<P extends object, R>(
  build: (p: P, engine: EngineName) => Query<R>,
): (values: P) => Runnable<R> {
  const forSqlite = prepared((p: P) => build(p, 'sqlite'));
  const forPostgres = prepared((p: P) => build(p, 'postgres'));
  return (values) => {
    const sqlite = forSqlite(values);
    const postgres = forPostgres(values);
    return {
      compileFor: (compiler) => (engineOf(compiler) === 'postgres' ? postgres : sqlite).compileFor(compiler),
    };
  };
}

/**
 * The values of a JSON array bound as one text, as a subquery for `IN`: one statement text whatever the list's
 * length (SQLite keeps one prepared statement per text), on both engines. `type` is the values' column type.
 */
export function jsonListValues(engine: EngineName, json: unknown, type: 'bigint'): RawBuilder<number>;
export function jsonListValues(engine: EngineName, json: unknown, type: 'text'): RawBuilder<string>;
export function jsonListValues(
  engine: EngineName,
  json: unknown,
  type: 'text' | 'bigint',
): RawBuilder<number> | RawBuilder<string> {
  if (engine === 'sqlite') return sql<string>`(SELECT value FROM json_each(${json}))`;
  return type === 'bigint'
    ? sql<number>`(SELECT CAST(value AS bigint) FROM json_array_elements_text(CAST(${json} AS json)) AS value)`
    : sql<string>`(SELECT value FROM json_array_elements_text(CAST(${json} AS json)) AS value)`;
}
