// Runs a store operation (op.ts) on better-sqlite3, synchronously. Each compiled statement is prepared once per
// connection and kept by its SQL text: values are parameters, so an operation's queries have a fixed set of texts
// (a query whose shape depends on its input, such as an IN list of any length, would grow the cache: bind such
// lists as one JSON text instead).
import type { Database, Statement } from 'better-sqlite3';
import { SqliteQueryCompiler } from 'kysely';
import type { EachRow, Op, Outcome, Runnable } from './op';
import type { Access } from './operation-table';

const compiler = new SqliteQueryCompiler();
const prepared = new WeakMap<Database, Map<string, Statement<unknown[], unknown>>>();
const nothing: Outcome = { rows: [], changes: 0 };

function statement(db: Database, sql: string): Statement<unknown[], unknown> {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare<unknown[], unknown>(sql)));
  return s;
}

function executeEach(db: Database, { sql, rows, inserted }: EachRow): Outcome {
  const s = statement(db, sql);
  if (inserted) {
    const returned: unknown[] = [];
    rows.forEach((row, i) => {
      const { changes, lastInsertRowid } = s.run(...row);
      if (changes > 0) returned.push(inserted(i, Number(lastInsertRowid)));
    });
    return { rows: returned, changes: returned.length };
  }
  if (s.reader) {
    const returned: unknown[] = [];
    for (const row of rows) for (const r of s.all(...row)) returned.push(r);
    return { rows: returned, changes: returned.length };
  }
  let changes = 0;
  for (const row of rows) changes += s.run(...row).changes;
  return { rows: [], changes };
}

function execute(db: Database, query: Runnable<unknown>): Outcome {
  if (query.eachRowOnSqlite) return executeEach(db, query.eachRowOnSqlite);
  const { sql, parameters } = query.compileFor(compiler);
  const s = statement(db, sql);
  if (s.reader) {
    // As pg's rowCount: a query that returns rows (RETURNING included) counts the rows it returned.
    const rows = s.all(...parameters);
    return { rows, changes: rows.length };
  }
  return { rows: [], changes: s.run(...parameters).changes };
}

/**
 * Runs the operation's queries one by one, outside any transaction of its own (inside the caller's, if any). A
 * failing query is thrown into the operation, which may turn it into a refusal, exactly as on PostgreSQL.
 */
export function runSqlite<T>(db: Database, op: Op<T>): T {
  let next = op.next();
  while (!next.done) {
    const step = next.value;
    // One desk, nobody else to tell: a change step needs nothing here.
    if ('change' in step) {
      next = op.next(nothing);
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = execute(db, step.query);
    } catch (error) {
      next = op.throw(error);
      continue;
    }
    next = op.next(outcome);
  }
  return next.value;
}

/** Runs a writing operation in an immediate transaction (a savepoint inside the caller's): all of it or nothing. */
export function writeSqlite<T>(db: Database, op: Op<T>): T {
  return db.transaction(() => runSqlite(db, op)).immediate();
}

/**
 * Runs an operation as its table entry asks (operation-table.ts): a read as it comes, a snapshot in one deferred
 * transaction (every statement reads the same moment, as PostgreSQL's REPEATABLE READ), a write immediate.
 */
export function runSqliteAs<T>(db: Database, access: Access, op: Op<T>): T {
  switch (access) {
    case 'read':
      return runSqlite(db, op);
    case 'snapshot':
      return db.transaction(() => runSqlite(db, op)).deferred();
    case 'write':
      return writeSqlite(db, op);
  }
}
