// Which reservations some decisions belong to: a change of the decisions table is announced by decision id
// (decisions.ts), and another desk shows decisions by reservation.
import { sql } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { inTextList, textList } from './engines/text-list';

const keysOf = prepared((p: { ids: string }) =>
  q
    .selectFrom('decisions')
    .select('key_field as keyField')
    .distinct()
    .where(sql<string>`CAST(id AS TEXT)`, 'in', inTextList(p.ids))
    .orderBy('key_field'),
);

export const decisionKeyOps = {
  /** The reservations of these decisions (ids as the change feed gives them), each once. */
  *keyFieldsOf(ids: readonly string[]): Op<string[]> {
    if (ids.length === 0) return [];
    return (yield* all(keysOf({ ids: textList(ids) }))).map((r) => r.keyField);
  },
};
