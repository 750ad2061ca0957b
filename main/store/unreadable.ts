// Reservations the service listed that could not be read. The service offers an unacknowledged item at
// every poll, so each is kept once (by the hash of its text) with when it was first and last seen. It
// counts as resolved once a readable version of the same reservation (same KeyField, same or newer
// LogId) has been stored: worked out when read, so the import path pays nothing for it.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { UnreadableReservation } from '../../shared/domain';

export interface UnreadableRecord extends UnreadableReservation {
  id: number;
  firstSeenAt: string;
  lastSeenAt: string;
  timesSeen: number;
  /** A readable version of the same reservation arrived since. */
  resolved: boolean;
}

const RESOLVED = `EXISTS (SELECT 1 FROM reservations r
  WHERE r.key_field = u.key_field AND r.log_id >= coalesce(u.log_id, 0))`;

const prepare = (db: Database) => ({
  upsert: db.prepare<
    [string, string, string, string, string | null, number | null, string | null, string, string, string]
  >(
    `INSERT INTO set_aside_items
       (fingerprint, operation, field, expected, key_field, log_id, service_id, item_text, first_seen_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (fingerprint) DO UPDATE SET last_seen_at = excluded.last_seen_at, times_seen = times_seen + 1`,
  ),
  list: db.prepare<[], Omit<UnreadableRecord, 'resolved'> & { resolved: number }>(
    `SELECT id, operation, field, expected, key_field AS keyField, log_id AS logId, service_id AS serviceId,
       item_text AS text, first_seen_at AS firstSeenAt, last_seen_at AS lastSeenAt, times_seen AS timesSeen,
       ${RESOLVED} AS resolved
     FROM set_aside_items u ORDER BY last_seen_at DESC, id DESC`,
  ),
  open: db.prepare<[], number>(`SELECT count(*) FROM set_aside_items u WHERE NOT ${RESOLVED}`).pluck(),
});
const statements = statementsOf(prepare);

const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex');

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
