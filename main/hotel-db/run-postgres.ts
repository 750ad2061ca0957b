// Runs a store operation (main/store/engines/op.ts) on PostgreSQL, asynchronously: the same operation SQLite runs
// synchronously, its queries compiled by Kysely's PostgreSQL compiler ($1… placeholders, "quoted" names). A change
// the operation reports goes to `onChange`, on the same client, so a NOTIFY rides the operation's transaction.
import pg from 'pg';
import { PostgresQueryCompiler } from 'kysely';
import type { Op, Outcome, StoreChange } from '../store/engines/op';
import type { Queryable } from './pool';

const compiler = new PostgresQueryCompiler();
const nothing: Outcome = { rows: [], changes: 0 };

/**
 * A write's statements are prepared once per connection and named by their text, as SQLite keeps one per text
 * (run-sqlite.ts): the server then parses and plans a page's statements once, not at every page (a 20,000 first
 * sync: some 160 ms less of the server's CPU, 80 ms less of the desk's). Values are parameters, so the store's
 * writes have a fixed set of texts; the names are this process's, each text's the same on every connection. Reads
 * stay unnamed: the inbox's texts follow its filters, and after five runs PostgreSQL may keep one generic plan for a
 * prepared statement, where a search or a page is better planned for its own values each time.
 */
const statementNames = new Map<string, string>();
function nameOf(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) statementNames.set(sql, (name = `resdesk_${statementNames.size + 1}`));
  return name;
}

const INT8 = 20;
/**
 * pg reads int8 (bigint ids, count(*)) as text so that no value loses precision. The store's are far below 2^53,
 * and SQLite hands them over as numbers: read them as numbers here too, and refuse one that would not be exact.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`a bigint the store cannot hold exactly: ${text}`);
  return n;
}
export const int8AsNumber: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Runs the operation's queries one by one on `client` (in the caller's transaction). A failing query is thrown into
 * the operation, which may turn it into a refusal; it must not query again after one: PostgreSQL has aborted the
 * transaction by then.
 */
export async function runPostgres<T>(
  client: Queryable,
  op: Op<T>,
  onChange: (change: StoreChange) => Promise<void> = async () => {},
  statements: 'prepared' | 'unnamed' = 'unnamed',
): Promise<T> {
  let next = op.next();
  while (!next.done) {
    const step = next.value;
    if ('change' in step) {
      await onChange(step.change);
      next = op.next(nothing);
      continue;
    }
    const { sql, parameters } = step.query.compileFor(compiler);
    let outcome: Outcome;
    try {
      const result = await client.query({
        name: statements === 'prepared' ? nameOf(sql) : undefined,
        text: sql,
        values: [...parameters],
        types: int8AsNumber,
      });
      outcome = { rows: result.rows, changes: result.rowCount ?? 0 };
    } catch (error) {
      next = op.throw(error);
      continue;
    }
    next = op.next(outcome);
  }
  return next.value;
}
