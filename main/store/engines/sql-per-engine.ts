// A query whose SQL text is written for the engine that runs it, as text with `?` placeholders (the inbox's
// queries: their shape follows the filter, and SQLite's planner hints are part of their text). Compiled at run
// time with the runner's engine; for PostgreSQL each `?` becomes $1, $2…, so the text must hold no `?` but its
// placeholders (the store's own SQL, never text from a request: values are always parameters).
import { CompiledQuery } from 'kysely';
import type { EachRow, Runnable } from './op';
import { engineOf, type EngineName } from './per-engine';

export interface EngineSql {
  sql: string;
  params: readonly unknown[];
}

const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** Rows R of the SQL `build(engine)` writes for the engine that runs it. */
export function sqlPerEngine<R>(build: (engine: EngineName) => EngineSql): Runnable<R> {
  return {
    compileFor(compiler) {
      const engine = engineOf(compiler);
      const { sql, params } = build(engine);
      return CompiledQuery.raw(engine === 'postgres' ? numbered(sql) : sql, [...params]);
    },
  };
}

/**
 * Many rows written by one statement on PostgreSQL, where every statement is a round trip (`postgres`), and by a
 * one-row statement per row on SQLite (`sqlite`, op.ts eachRowOnSqlite), where there is none to save.
 */
export function rowsPerEngine<R>(sqlite: EachRow, postgres: () => EngineSql): Runnable<R> {
  return {
    eachRowOnSqlite: sqlite,
    compileFor(compiler) {
      if (engineOf(compiler) !== 'postgres') throw new Error('SQLite runs this statement row by row');
      const { sql, params } = postgres();
      return CompiledQuery.raw(numbered(sql), [...params]);
    },
  };
}
