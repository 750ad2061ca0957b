// Reservations the service listed that were set aside and never acknowledged: items that could not be read,
// and readable ones the desk must not take (another hotel's, a count below zero, a LogId already stored for
// another reservation or with other content: `reason`). The service offers an unacknowledged item at every
// poll, so each is kept once (by the hash of its text) with when it was first and last seen. It counts as
// resolved once the reservation it names is stored in a later version: the same or a newer LogId for an
// item whose own LogId was never stored, only a newer one where that LogId is stored already (it holds
// something else). Worked out when read, so the import path pays nothing for it.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { SetAsideReason, UnreadableReservation } from '../../shared/domain';

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

const RESOLVED = `EXISTS (SELECT 1 FROM reservations r
  WHERE r.key_field = u.key_field
    AND (r.log_id > coalesce(u.log_id, 0)
      OR (r.log_id = coalesce(u.log_id, 0) AND u.reason NOT IN (${LOG_ID_TAKEN.map((r) => `'${r}'`).join(', ')}))))`;

type Row = [
  string,
  string,
  string,
  string,
  string | null,
  number | null,
  string | null,
  string,
  string,
  string,
  string,
];

const prepare = (db: Database) => ({
  // A repeat says why it was set aside this time: the same text may be refused for another reason later
  // (an item set aside as another hotel's whose LogId is since stored for someone else).
  upsert: db.prepare<Row>(
    `INSERT INTO set_aside_items
       (fingerprint, operation, field, expected, key_field, log_id, service_id, item_text, reason,
        first_seen_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (fingerprint) DO UPDATE SET last_seen_at = excluded.last_seen_at, times_seen = times_seen + 1,
       reason = excluded.reason, field = excluded.field, expected = excluded.expected`,
  ),
  list: db.prepare<[], Omit<UnreadableRecord, 'resolved'> & { resolved: number }>(
    `SELECT id, operation, field, expected, key_field AS keyField, log_id AS logId, service_id AS serviceId,
       item_text AS text, reason, first_seen_at AS firstSeenAt, last_seen_at AS lastSeenAt,
       times_seen AS timesSeen, ${RESOLVED} AS resolved
     FROM set_aside_items u ORDER BY last_seen_at DESC, id DESC`,
  ),
  open: db.prepare<[], number>(`SELECT count(*) FROM set_aside_items u WHERE NOT ${RESOLVED}`).pluck(),
});
const statements = statementsOf(prepare);

const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Keeps the items (in a transaction of their own, or inside the caller's). */
export function recordUnreadable(db: Database, items: readonly UnreadableReservation[], at: string): void {
  if (items.length === 0) return;
  const s = statements(db);
  db.transaction(() => {
    for (const i of items)
      s.upsert.run(
        fingerprint(i.text),
        i.operation,
        i.field,
        i.expected,
        i.keyField,
        i.logId,
        i.serviceId,
        i.text,
        i.reason ?? 'unreadable',
        at,
        at,
      );
  })();
}

/** Every item set aside, newest first, each saying whether it has been resolved since. */
export const listUnreadable = (db: Database): UnreadableRecord[] =>
  statements(db)
    .list.all()
    .map((r) => ({ ...r, resolved: r.resolved === 1 }));

/** Items set aside and not resolved: what the status area shows. */
export const openUnreadableCount = (db: Database): number => statements(db).open.get() ?? 0;
