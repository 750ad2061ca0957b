// The acknowledgement queue. importBatch puts each LogId here in the same transaction that stores its
// reservation; the sync reports them with postsentlogids and only then removes them. A crash between
// the two means reporting again, never reporting something not stored. Before each report the sync also
// asks confirmStoredOnDisk whether the file on disk really holds them (db-identity.ts says why).
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { sql } from 'kysely';
import { assertDatabaseFile, databaseFileOf, DatabaseFileChangedError } from './db-identity';
import { sqliteBindingOption } from './native-binding';
import { all, q, run, type Op } from './engines/op';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';

export interface PendingAcknowledgement {
  serviceId: string;
  logIds: number[];
}

const pending = prepared(() =>
  q
    .selectFrom('pending_acknowledgements')
    .select(['service_id as serviceId', 'log_id as logId'])
    .orderBy('service_id')
    .orderBy('log_id'),
);

// The LogIds travel as one JSON text (one statement text whatever the chunk's length, up to ACK_CHUNK).
const remove = preparedPerEngine((p: { serviceId: string; logIds: string }, engine) =>
  q
    .deleteFrom('pending_acknowledgements')
    .where('service_id', '=', p.serviceId)
    .where(sql<boolean>`log_id IN ${jsonListValues(engine, p.logIds, 'bigint')}`),
);
const stamp = preparedPerEngine((p: { at: string; logIds: string }, engine) =>
  rawQuery(
    sql`UPDATE reservation_versions SET acknowledged_at = ${p.at}
        WHERE log_id IN ${jsonListValues(engine, p.logIds, 'bigint')} AND acknowledged_at IS NULL`,
  ),
);

/** Groups rows ordered by service then LogId: one group per ServiceId (postsentlogids is called per service). */
export function groupByService(
  rows: readonly { serviceId: string; logId: number }[],
): PendingAcknowledgement[] {
  const groups: PendingAcknowledgement[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.serviceId === row.serviceId) last.logIds.push(row.logId);
    else groups.push({ serviceId: row.serviceId, logIds: [row.logId] });
  }
  return groups;
}

/** The acknowledgements' operations, one definition for both engines (engines/op.ts). */
export const acknowledgementOps = {
  /** LogIds to report, grouped by ServiceId, lowest first. */
  *pending(): Op<PendingAcknowledgement[]> {
    return groupByService(yield* all(pending({})));
  },
  /**
   * Call only after the service accepted postsentlogids for these LogIds: removes them (of this service only)
   * and stamps their versions. Not announced: no desk shows the queue.
   */
  *markAcknowledged(
    serviceId: string,
    logIds: readonly number[],
    at: string = new Date().toISOString(),
  ): Op<void> {
    if (logIds.length === 0) return;
    const list = JSON.stringify(logIds);
    // Only this service's LogIds leave the queue; the versions of every listed LogId are stamped, as reported.
    yield* run(remove({ serviceId, logIds: list }));
    yield* run(stamp({ at, logIds: list }));
  },
};

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
