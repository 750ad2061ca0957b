// Importing reservations from the service: one transaction per batch, so a batch is stored whole or
// not at all, and the LogIds to acknowledge are queued in that same transaction. An item whose LogId is
// already stored as something else (another reservation, another ServiceId, other content) is set aside in
// that transaction too and never queued: one odd item must not fail the batch, nor every batch after it.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import {
  changeKindOfPmsStatus,
  type ChangeKind,
  type Reservation,
  type UnreadableReservation,
} from '../../shared/domain';
import {
  placeholders,
  reservationValues,
  reservationWriteColumns,
  type Scalar,
} from './reservations-columns';
import { decodeSnapshot, encodeSnapshot } from './reservations-snapshot';
import { answerMovedOn, versionConflict, type VersionConflict } from './reservations-identity';
import { recordUnreadable } from './unreadable';
import { searchTextOf } from './search';

export interface ImportResult {
  /** KeyFields whose current state changed, by the change kind of the version now current. */
  new: string[];
  changed: string[];
  cancelled: string[];
  /** KeyFields whose LogId was already stored but whose confirmation (W/E/H, number, date, note) moved on. */
  statusUpdated: string[];
  /** Items that changed nothing: a LogId already stored, or one older than the current version. */
  unchanged: number;
  /**
   * Items set aside, not queued: their LogId is stored already for another reservation or with other
   * content. Only there when there were some.
   */
  setAside?: number;
}

export interface ImportOptions {
  /**
   * Queue a LogId for acknowledgement again even though the service already accepted it once.
   * Default true: with IsSendRequired=true the service only resends a reported LogId when our report
   * did not reach it. Pass false for reconcile lists fetched with IsSendRequired=false, which return
   * every reservation whether reported or not.
   */
  acknowledgeAgain?: boolean;
  /** Where the items came from, for what is set aside (default: the reservation list). */
  operation?: string;
}

interface CurrentRow {
  id: number;
  logId: number;
}

/** A stored version with the reservation it belongs to, as that reservation stands now. */
interface StoredVersionRow {
  id: number;
  keyField: string;
  currentLogId: number;
  confirmationStatus: string;
  confirmationNo: string;
  confirmDate: string | null;
  confirmeNote: string;
  lastChangeUser: string;
  reservationStatus: number;
  /**
   * 1 when the item's text is the stored one: the version's snapshot, or for the current version the item
   * an answer moved on in place (reservation_raw). Compared in SQL: bringing 2 KB of stored text into
   * JavaScript for every item of a repeated list cost a reconcile of 20k items about half a second.
   */
  sameText: number;
}

const prepare = (db: Database) => ({
  current: db.prepare<[string], CurrentRow>(
    'SELECT id, log_id AS logId FROM reservations WHERE key_field = ?',
  ),
  // One statement per batch rather than one probe per item: most LogIds of a pull are new.
  storedAmong: db
    .prepare<[string], number>(
      'SELECT log_id FROM reservation_versions WHERE log_id IN (SELECT value FROM json_each(?))',
    )
    .pluck(),
  storedVersion: db.prepare<{ logId: number; text: string }, StoredVersionRow>(
    `SELECT r.id, r.key_field AS keyField, r.log_id AS currentLogId, r.confirmation_status AS confirmationStatus,
            r.confirmation_no AS confirmationNo, r.confirm_date AS confirmDate, r.confirme_note AS confirmeNote,
            r.last_change_user AS lastChangeUser, r.reservation_status AS reservationStatus,
            (v.snapshot_json = @text OR (r.log_id = v.log_id AND EXISTS
              (SELECT 1 FROM reservation_raw WHERE reservation_id = r.id AND raw_json = @text))) AS sameText
     FROM reservation_versions v JOIN reservations r ON r.id = v.reservation_id WHERE v.log_id = @logId`,
  ),
  snapshotOf: db
    .prepare<[number], string>('SELECT snapshot_json FROM reservation_versions WHERE log_id = ?')
    .pluck(),
  insertVersion: db.prepare<[number, number | bigint, ChangeKind, string, string]>(
    `INSERT INTO reservation_versions (log_id, reservation_id, change_kind, received_at, snapshot_json)
     VALUES (?, ?, ?, ?, ?)`,
  ),
  insertReservation: db.prepare<[Scalar[]]>(
    `INSERT INTO reservations (${reservationWriteColumns.join(', ')})
     VALUES (${placeholders(reservationWriteColumns.length)})`,
  ),
  updateReservation: db.prepare<[Scalar[]]>(
    `UPDATE reservations SET ${reservationWriteColumns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
  ),
  updateAnswer: db.prepare<[string, string, string | null, string, string, number, number]>(
    `UPDATE reservations SET confirmation_status = ?, confirmation_no = ?, confirm_date = ?, confirme_note = ?,
       last_change_user = ?, reservation_status = ?
     WHERE id = ?`,
  ),
  putRaw: db.prepare<[number | bigint, string]>(
    'INSERT OR REPLACE INTO reservation_raw (reservation_id, raw_json) VALUES (?, ?)',
  ),
  dropRaw: db.prepare<[number]>('DELETE FROM reservation_raw WHERE reservation_id = ?'),
  insertSearch: db.prepare<[number | bigint, string]>(
    'INSERT INTO reservation_search (rowid, text) VALUES (?, ?)',
  ),
  replaceSearch: db.prepare<[number | bigint, string]>(
    'INSERT OR REPLACE INTO reservation_search (rowid, text) VALUES (?, ?)',
  ),
  addToTally: db.prepare<[string, string, string, string, number]>(
    `INSERT INTO reservation_tally (check_in, agency_id, change_kind, confirmation_status, n) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  ),
  reservationCount: db.prepare<[], number>('SELECT count(*) FROM reservations').pluck(),
  rebuildSearch: db.prepare("INSERT INTO reservation_search (reservation_search) VALUES ('optimize')"),
  enqueueAck: db.prepare<[number, string]>(
    'INSERT OR IGNORE INTO pending_acknowledgements (log_id, service_id) VALUES (?, ?)',
  ),
  enqueueAckUnlessAcknowledged: db.prepare<[number, string, number]>(
    `INSERT OR IGNORE INTO pending_acknowledgements (log_id, service_id)
     SELECT ?, ? WHERE NOT EXISTS
       (SELECT 1 FROM reservation_versions WHERE log_id = ? AND acknowledged_at IS NOT NULL)`,
  ),
});
type Statements = ReturnType<typeof prepare>;

// A replaced search row leaves its old entries behind as tombstones that every later match must step
// over: after 20k changes among 100k reservations a name search took 14 ms instead of 5. Once the
// replacements since the last rebuild reach a tenth of the reservations, the index is rebuilt in one
// piece (about 0.5 s at 100k, so some 20 µs per change). Counted per connection: after a restart the
// count starts again, which only delays the next rebuild.
const REBUILD_SHARE = 0.1;
const REBUILD_MINIMUM = 1000;
const replacedSinceRebuild = new WeakMap<Database, number>();
const statements = statementsOf(prepare);

/** Why `r` is not the stored version with its LogId, or null when it is (its answer may have moved on). */
function conflictWith(
  known: StoredVersionRow,
  r: Reservation,
  snapshot: () => string,
): VersionConflict | null {
  if (known.keyField !== r.keyField) return { reason: 'log-id-reused', field: 'KeyField' };
  // The same text is the same version: no need to read the stored one (a repeated list, a reconcile).
  if (known.sameText === 1) return null;
  let stored: Reservation;
  try {
    stored = decodeSnapshot(snapshot());
  } catch {
    // A stored text that cannot be read cannot vouch for the new one: shown, not taken as the same.
    return { reason: 'content-differs', field: 'LogId' };
  }
  return versionConflict(stored, r);
}

function setAsideItem(
  r: Reservation,
  conflict: VersionConflict,
  known: StoredVersionRow,
  operation: string,
): UnreadableReservation {
  const expected =
    conflict.field === 'KeyField'
      ? `a LogId of its own: ${r.logId} is stored for reservation ${known.keyField}`
      : conflict.field === 'ServiceId'
        ? `the ServiceId LogId ${r.logId} was stored with`
        : `what LogId ${r.logId} held when it was stored (a change comes with a new LogId)`;
  return {
    operation,
    field: conflict.field,
    expected,
    keyField: r.keyField,
    logId: r.logId,
    serviceId: r.serviceId,
    text: r.itemJson ?? JSON.stringify(r), // built by hand: every field, raw inside
    reason: conflict.reason,
  };
}

function rebuildSearchWhenWorn(db: Database, s: Statements, replaced: number): void {
  if (replaced === 0) return;
  const total = (replacedSinceRebuild.get(db) ?? 0) + replaced;
  if (total >= REBUILD_MINIMUM && total >= (s.reservationCount.get() ?? 0) * REBUILD_SHARE) {
    s.rebuildSearch.run();
    replacedSinceRebuild.set(db, 0);
  } else {
    replacedSinceRebuild.set(db, total);
  }
}

/**
 * Stores a batch of reservations as received from the service, in one transaction: the current state
 * (only when the LogId is newer than the stored one), a version row per LogId not seen before, and the
 * LogId in the acknowledgement queue. Importing the same items again writes nothing. An item whose LogId
 * is stored already as another reservation's, another ServiceId's or with other content (its answer
 * aside) is kept in set_aside_items instead, in the same transaction, and not queued.
 */
export function importBatch(
  db: Database,
  items: readonly Reservation[],
  receivedAt: string,
  options: ImportOptions = {},
): ImportResult {
  const s = statements(db);
  const acknowledgeAgain = options.acknowledgeAgain ?? true;
  const operation = options.operation ?? 'reservation list';
  const result: ImportResult = { new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 0 };
  const setAside: UnreadableReservation[] = [];
  // A Set per list: includes() over a 500-item batch made the result bookkeeping quadratic.
  const listed = {
    new: new Set<string>(),
    changed: new Set<string>(),
    cancelled: new Set<string>(),
    statusUpdated: new Set<string>(),
  };
  const pushOnce = (list: keyof typeof listed, keyField: string): void => {
    if (listed[list].has(keyField)) return;
    listed[list].add(keyField);
    result[list].push(keyField);
  };

  const enqueue = (r: Reservation, seenBefore: boolean): void => {
    if (seenBefore && !acknowledgeAgain) s.enqueueAckUnlessAcknowledged.run(r.logId, r.serviceId, r.logId);
    else s.enqueueAck.run(r.logId, r.serviceId);
  };

  // Search rows are written after the whole batch: FTS5 flushes its pending terms to disk at every
  // statement savepoint, and statements with triggers (the tally's) open one per row, so
  // interleaved writes made one tiny index segment per reservation and endless merging.
  const searchRows: { id: number | bigint; text: string; replace: boolean }[] = [];
  // New reservations per tally key, added to reservation_tally at the end of the batch (migration 004).
  const tallied = new Map<string, { key: [string, string, string, string]; n: number }>();
  const countNew = (r: Reservation, kind: ChangeKind): void => {
    const id = `${r.checkIn}\u0000${r.agencyId}\u0000${kind}\u0000${r.confirmationStatus}`;
    const entry = tallied.get(id);
    if (entry) entry.n++;
    else tallied.set(id, { key: [r.checkIn, r.agencyId, kind, r.confirmationStatus], n: 1 });
  };
  // Before any update of a reservation: its update trigger moves a count from the old key, which must
  // already be in the table when the reservation was inserted earlier in this batch.
  const flushTally = (): void => {
    for (const { key, n } of tallied.values()) s.addToTally.run(...key, n);
    tallied.clear();
  };

  // A LogId already stored: the same version again (its answer perhaps moved on), or something else
  // under that LogId, which is set aside and not queued.
  const importAgain = (r: Reservation, known: StoredVersionRow): void => {
    const conflict = conflictWith(known, r, () => s.snapshotOf.get(r.logId) ?? '');
    if (conflict) {
      setAside.push(setAsideItem(r, conflict, known, operation));
      result.setAside = (result.setAside ?? 0) + 1;
      return;
    }
    if (known.currentLogId === r.logId && answerMovedOn(known, r)) {
      flushTally();
      s.updateAnswer.run(
        r.confirmationStatus,
        r.confirmationNo,
        r.confirmDate,
        r.confirmeNote,
        r.lastChangeUser,
        r.reservationStatus,
        known.id,
      );
      // The version's snapshot keeps the raw item as first received; the moved-on one overrides it.
      s.putRaw.run(known.id, r.itemJson ?? JSON.stringify(r.raw));
      pushOnce('statusUpdated', r.keyField);
    } else {
      // An older version again, or the current one unchanged: history is not rewritten.
      result.unchanged++;
    }
    enqueue(r, true);
  };

  // LogIds stored before this batch, and those this batch stores: only they can be stored already.
  let stored = new Set<number>();
  const importOne = (r: Reservation): void => {
    // A reservation built by hand is stored in format 1, which the same values encode to again.
    const known = stored.has(r.logId)
      ? s.storedVersion.get({ logId: r.logId, text: r.itemJson ?? encodeSnapshot(r) })
      : undefined;
    if (known) return importAgain(r, known);
    stored.add(r.logId);
    const cur = s.current.get(r.keyField);
    const kind = changeKindOfPmsStatus(r.pmsStatus);
    const snapshot = encodeSnapshot(r);
    const row = reservationValues(r, kind, receivedAt);
    let reservationId: number | bigint;
    if (!cur) {
      reservationId = s.insertReservation.run(row).lastInsertRowid;
      countNew(r, kind);
      searchRows.push({ id: reservationId, text: searchTextOf(r), replace: false });
    } else if (r.logId > cur.logId) {
      reservationId = cur.id;
      flushTally();
      s.updateReservation.run([...row, cur.id]);
      s.dropRaw.run(cur.id);
      searchRows.push({ id: cur.id, text: searchTextOf(r), replace: true });
    } else {
      // An older version arriving late is history, never the current state.
      s.insertVersion.run(r.logId, cur.id, kind, receivedAt, snapshot);
      result.unchanged++;
      enqueue(r, false);
      return;
    }
    s.insertVersion.run(r.logId, reservationId, kind, receivedAt, snapshot);
    pushOnce(kind, r.keyField);
    enqueue(r, false);
  };

  db.transaction(() => {
    stored = new Set(s.storedAmong.all(JSON.stringify(items.map((r) => r.logId))));
    for (const r of items) importOne(r);
    flushTally();
    for (const row of searchRows) (row.replace ? s.replaceSearch : s.insertSearch).run(row.id, row.text);
    rebuildSearchWhenWorn(db, s, searchRows.filter((row) => row.replace).length);
    recordUnreadable(db, setAside, receivedAt);
  }).immediate();
  return result;
}
