// The acknowledgement queue. importBatch puts each LogId here in the same transaction that stores its
// reservation; the sync reports them with postsentlogids and only then removes them. A crash between
// the two means reporting again, never reporting something not stored. Before each report the sync also
// asks confirmStoredOnDisk whether the file on disk really holds them (db-identity.ts says why).
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { assertDatabaseFile, databaseFileOf, DatabaseFileChangedError } from './db-identity';
import { sqliteBindingOption } from './native-binding';

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

/**
 * Throws DatabaseFileChangedError unless the database `db` stored into is still the file at its path,
 * writable, and that file, read afresh by a connection of its own, holds a version for every LogId in
 * `logIds`: what a reservation must have before its LogId is reported. Nothing to check in memory.
 */
export function confirmStoredOnDisk(db: Database, logIds: readonly number[]): void {
  assertDatabaseFile(db);
  const file = databaseFileOf(db);
  if (file === null || logIds.length === 0) return;
  const wanted = [...new Set(logIds)];
  let found: number;
  try {
    const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
    try {
      reader.pragma('busy_timeout = 5000');
      found =
        reader
          .prepare<[string], number>(
            `SELECT count(*) FROM reservation_versions WHERE log_id IN (SELECT value FROM json_each(?))`,
          )
          .pluck()
          .get(JSON.stringify(wanted)) ?? 0;
    } finally {
      reader.close();
    }
  } catch (error) {
    // Another program holding the file is said as such; anything else means that whatever stands at the
    // path now cannot even be read as the desk's database.
    if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw error;
    throw new DatabaseFileChangedError(file, 'not-on-disk');
  }
  if (found !== wanted.length) throw new DatabaseFileChangedError(file, 'not-on-disk');
}
