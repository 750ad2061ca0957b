// Prepared statements, kept per connection: preparing a statement costs more than running most of them,
// so each module prepares its set once, the first time it is used on a connection. Keyed weakly, so a
// closed connection's statements go with it.
import type { Database } from 'better-sqlite3';

/** Gives `prepare(db)` for a connection, made on first use and kept for that connection. */
export function statementsOf<T>(prepare: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let statements = cache.get(db);
    if (statements === undefined) cache.set(db, (statements = prepare(db)));
    return statements;
  };
}
