// How one table of store operations (main/store/operations.ts) becomes each engine's store. An entry is an
// operation (op.ts) and what it needs of the database: `reads` runs it as it comes, `snapshot` in one read-only
// transaction (a screen whose parts must describe one moment), `writes` in one transaction that commits all of it
// or nothing. The stores are derived: SQLite's synchronous Store runs each entry on better-sqlite3, the hotel's
// store on pg, and a method exists on both because its entry exists once.
import type { Op } from './op';

export type Access = 'read' | 'snapshot' | 'write';

export interface Operation<A extends unknown[], T> {
  readonly access: Access;
  readonly op: (...args: A) => Op<T>;
  /** The operation called with the arguments of a derived method, whose type gives it exactly op's parameters. */
  readonly call: (args: unknown[]) => Op<T>;
}

function entry<Kind extends Access, A extends unknown[], T>(
  access: Kind,
  op: (...args: A) => Op<T>,
): Operation<A, T> & { readonly access: Kind } {
  return { access, op, call: (args) => op(...(args as A)) };
}

export const reads = <A extends unknown[], T>(op: (...args: A) => Op<T>) => entry('read', op);
export const snapshot = <A extends unknown[], T>(op: (...args: A) => Op<T>) => entry('snapshot', op);
export const writes = <A extends unknown[], T>(op: (...args: A) => Op<T>) => entry('write', op);

/** Any table of operations (each entry's own argument and result types are kept by the table's type). */
export type OperationTable = Record<string, Operation<never, unknown>>;

/** Each operation of a table as a method returning its result (SQLite's synchronous Store). */
export type Synchronous<Table extends OperationTable> = {
  [K in keyof Table]: Table[K] extends Operation<infer A, infer T> ? (...args: A) => T : never;
};

/** Each operation of a table as a method returning a promise of its result (the store on either engine). */
export type Asynchronous<Table extends OperationTable> = {
  [K in keyof Table]: Table[K] extends Operation<infer A, infer T> ? (...args: A) => Promise<T> : never;
};

/**
 * The table's methods, each running its operation with `run` as its entry's access asks. `run` returns what the
 * engine's store returns for an operation's result (the result itself, or a promise of it).
 */
export function derive<Table extends OperationTable, Store extends Synchronous<Table> | Asynchronous<Table>>(
  table: Table,
  run: (access: Access, op: Op<unknown>) => unknown,
): Store {
  const methods: Record<string, (...args: unknown[]) => unknown> = {};
  for (const [name, operation] of Object.entries(table))
    methods[name] = (...args) => run(operation.access, operation.call(args));
  // Each method was built from its entry, with that entry's arguments and result: the pairing the mapped type
  // states, which indexing the table by a string name cannot carry.
  return methods as unknown as Store;
}
