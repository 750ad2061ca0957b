// The acknowledgement queue. importBatch puts each LogId here in the same transaction that stores its
// reservation; the sync reports them with postsentlogids and only then removes them. A crash between
// the two means reporting again, never reporting something not stored.
import type { Database } from 'better-sqlite3';

export interface PendingAcknowledgement {
  serviceId: string;
  logIds: number[];
}

/** LogIds to report, grouped by ServiceId (postsentlogids is called once per service), lowest first. */
export function pendingAcknowledgements(db: Database): PendingAcknowledgement[] {
  const rows = db
    .prepare<[], { serviceId: string; logId: number }>(
      'SELECT service_id AS serviceId, log_id AS logId FROM pending_acknowledgements ORDER BY service_id, log_id',
    )
    .all();
  const groups: PendingAcknowledgement[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.serviceId === row.serviceId) last.logIds.push(row.logId);
    else groups.push({ serviceId: row.serviceId, logIds: [row.logId] });
  }
  return groups;
}

/** Call only after the service accepted postsentlogids for these LogIds. */
export function markAcknowledged(
  db: Database,
  serviceId: string,
  logIds: readonly number[],
  at = new Date().toISOString(),
): void {
  const remove = db.prepare<[string, number]>(
    'DELETE FROM pending_acknowledgements WHERE service_id = ? AND log_id = ?',
  );
  const stamp = db.prepare<[string, number]>(
    'UPDATE reservation_versions SET acknowledged_at = ? WHERE log_id = ? AND acknowledged_at IS NULL',
  );
  db.transaction(() => {
    for (const logId of logIds) {
      remove.run(serviceId, logId);
      stamp.run(at, logId);
    }
  })();
}
