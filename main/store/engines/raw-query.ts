// A whole query written as a Kysely `sql` template, for the few whose shape the builder would only obscure (a
// union of a reservation's codes, a page's unmapped-code test). Its values are parameters, compiled for each
// engine as any built query is; its SQL must mean the same on both (quote camelCase aliases: PostgreSQL folds
// unquoted names to lower case). It is not checked against StoreTables, so tests on both engines cover each one.
import type { RawBuilder } from 'kysely';
import { q, type Query } from './op';

/** A raw `sql` query as a store query (all, first, run, prepared). */
export function rawQuery<R>(raw: RawBuilder<R>): Query<R> {
  return { toOperationNode: () => raw.toOperationNode(), compile: () => raw.compile(q) };
}
