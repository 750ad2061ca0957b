// Reservations the service listed that were set aside and never acknowledged: items that could not be read,
// and readable ones the desk must not take (another hotel's, a count below zero, a LogId already stored for
// another reservation or with other content: `reason`). The service offers an unacknowledged item at every
// poll, so each is kept once (by the hash of its text) with when it was first and last seen. It counts as
// resolved once the reservation it names is stored in a later version: the same or a newer LogId for an
// item whose own LogId was never stored, only a newer one where that LogId is stored already (it holds
// something else). Worked out when read, so the import path pays nothing for it.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { all, changed, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import type { SetAsideCounts, SetAsideReason, UnreadableReservation } from '../../shared/domain';

export interface UnreadableRecord extends UnreadableReservation {
  id: number;
  reason: SetAsideReason;
  firstSeenAt: string;
  lastSeenAt: string;
  timesSeen: number;
  /** A readable version of the same reservation arrived since. */
  resolved: boolean;
}

/** Reasons whose LogId is stored already (for another reservation, or with other content). */
const LOG_ID_TAKEN: readonly SetAsideReason[] = ['log-id-reused', 'content-differs'];

// Written as SQL of its own, the same on both engines: the constants are literals (engines/prepared.ts).
const resolvedSince = sql<boolean>`EXISTS (SELECT 1 FROM reservations r
  WHERE r.key_field = u.key_field
    AND (r.log_id > coalesce(u.log_id, 0)
      OR (r.log_id = coalesce(u.log_id, 0) AND u.reason NOT IN (${sql.join(LOG_ID_TAKEN.map((r) => sql.lit(r)))}))))`;
// EXISTS is 0/1 on SQLite and a boolean on PostgreSQL: read as 0/1 on both.
const resolvedFlag = sql<number>`CASE WHEN ${resolvedSince} THEN 1 ELSE 0 END`;

type Seen = UnreadableReservation & { fingerprint: string; reason: SetAsideReason; at: string };

// A repeat says why it was set aside this time: the same text may be refused for another reason later
// (an item set aside as another hotel's whose LogId is since stored for someone else).
const upsert = prepared((p: Seen) =>
  q
    .insertInto('set_aside_items')
    .values({
      fingerprint: p.fingerprint,
      operation: p.operation,
      field: p.field,
      expected: p.expected,
      key_field: p.keyField,
      log_id: p.logId,
      service_id: p.serviceId,
      item_text: p.text,
      reason: p.reason,
      first_seen_at: p.at,
      last_seen_at: p.at,
    })
    .onConflict((c) =>
      c.column('fingerprint').doUpdateSet((e) => ({
        last_seen_at: e.ref('excluded.last_seen_at'),
        times_seen: sql<number>`set_aside_items.times_seen + 1`,
        reason: e.ref('excluded.reason'),
        field: e.ref('excluded.field'),
        expected: e.ref('excluded.expected'),
      })),
    )
    .returning(['id', 'times_seen']),
);
const everyItem = prepared(() =>
  q
    .selectFrom('set_aside_items as u')
    .select([
      'id',
      'operation',
      'field',
      'expected',
      'key_field as keyField',
      'log_id as logId',
      'service_id as serviceId',
      'item_text as text',
      'reason',
      'first_seen_at as firstSeenAt',
      'last_seen_at as lastSeenAt',
      'times_seen as timesSeen',
      resolvedFlag.as('resolved'),
    ])
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc'),
);
const openCount = prepared(() =>
  q
    .selectFrom('set_aside_items as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`NOT ${resolvedSince}`),
);

const openByReason = prepared(() =>
  q
    .selectFrom('set_aside_items as u')
    .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where(sql<boolean>`NOT ${resolvedSince}`)
    .groupBy('reason'),
);

const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Set-aside items' operations, one definition for both engines (engines/op.ts). */
export const unreadableOps = {
  /** Keeps the items: a new one is added, one seen before counts another sighting. */
  *record(items: readonly UnreadableReservation[], at: string): Op<void> {
    const added: string[] = [];
    const seenAgain: string[] = [];
    for (const i of items) {
      const row = yield* first(
        upsert({
          fingerprint: fingerprint(i.text),
          operation: i.operation,
          field: i.field,
          expected: i.expected,
          keyField: i.keyField,
          logId: i.logId,
          serviceId: i.serviceId,
          text: i.text,
          reason: i.reason ?? 'unreadable',
          at,
        }),
      );
      if (!row) throw new Error('set_aside_items upsert returned no row');
      (row.times_seen === 1 ? added : seenAgain).push(String(row.id));
    }
    if (added.length > 0) yield* changed('set_aside_items', 'added', added);
    if (seenAgain.length > 0) yield* changed('set_aside_items', 'changed', seenAgain);
  },

  /** Every item set aside, newest first, each saying whether it has been resolved since. */
  *list(): Op<UnreadableRecord[]> {
    const rows = yield* all(everyItem({}));
    return rows.map((r) => ({ ...r, resolved: r.resolved === 1 }));
  },

  /** Items set aside and not resolved: what the status area shows. */
  *openCount(): Op<number> {
    return (yield* first(openCount({})))?.n ?? 0;
  },

  /** The same, told apart by why they were set aside: the status area words each reason its own way. */
  *openCountsByReason(): Op<SetAsideCounts> {
    const counts: SetAsideCounts = {};
    for (const row of yield* all(openByReason({}))) counts[row.reason] = Number(row.n);
    return counts;
  },
};
