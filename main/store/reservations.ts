// Importing reservations from the service: one transaction per batch, so a batch is stored whole or
// not at all, and the LogIds to acknowledge are queued in that same transaction. An item whose LogId is
// already stored as something else (another reservation, another ServiceId, other content) is set aside in
// that transaction too and never queued: one odd item must not fail the batch, nor every batch after it.
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import {
  changeKindOfPmsStatus,
  type ChangeKind,
  type Reservation,
  type UnreadableReservation,
} from '../../shared/domain';
import { all, changed, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import { writeSqlite } from './engines/run-sqlite';
import { reservationValues } from './reservations-columns';
import {
  addToTally,
  current,
  dropRaw,
  enqueueAck,
  enqueueAckUnlessAcknowledged,
  insertReservation,
  insertSearch,
  insertVersion,
  putRaw,
  putSearch,
  snapshotOf,
  storedAmong,
  storedVersion,
  updateAnswer,
  updateReservation,
} from './reservations-import-queries';
import { decodeSnapshot, encodeSnapshot } from './reservations-snapshot';
import { answerMovedOn, versionConflict, type VersionConflict } from './reservations-identity';
import { unreadableOps } from './unreadable';
import { searchEntryOf } from './search';
import { keysTurn } from './check-keys';

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
  /** 1 when the item's text is the stored one (reservations-import-queries.ts, storedVersion). */
  sameText: number;
}

// A replaced search row leaves its old entries behind in SQLite's FTS5 index as tombstones that every later
// match must step over: after 20k changes among 100k reservations a name search took 14 ms instead of 5. Once
// the replacements since the last rebuild reach a tenth of the reservations, the index is rebuilt in one piece
// (about 0.5 s at 100k, so some 20 µs per change). Counted per connection: after a restart the count starts
// again, which only delays the next rebuild. SQLite only: PostgreSQL's GIN index is kept by its own vacuum.
const REBUILD_SHARE = 0.1;
const REBUILD_MINIMUM = 1000;
const replacedSinceRebuild = new WeakMap<Database, number>();
const reservationCount = prepared(() =>
  q.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')),
);
const optimizeSearch = prepared(() =>
  rawQuery(sql`INSERT INTO reservation_search (reservation_search) VALUES ('optimize')`),
);

/** Why `r` is not the stored version with its LogId, or null when it is (its answer may have moved on). */
function* conflictWith(known: StoredVersionRow, r: Reservation): Op<VersionConflict | null> {
  if (known.keyField !== r.keyField) return { reason: 'log-id-reused', field: 'KeyField' };
  // The same text is the same version: no need to read the stored one (a repeated list, a reconcile).
  if (known.sameText === 1) return null;
  const row = yield* first(snapshotOf({ logId: r.logId }));
  let stored: Reservation;
  try {
    stored = decodeSnapshot(row?.snapshot ?? '');
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

function* rebuildSearchWhenWorn(db: Database, replaced: number): Op<void> {
  if (replaced === 0) return;
  const total = (replacedSinceRebuild.get(db) ?? 0) + replaced;
  const rebuild =
    total >= REBUILD_MINIMUM && total >= ((yield* first(reservationCount({})))?.n ?? 0) * REBUILD_SHARE;
  if (rebuild) yield* run(optimizeSearch({}));
  replacedSinceRebuild.set(db, rebuild ? 0 : total);
}

/** What a batch did, and how many search rows it replaced (SQLite rebuilds its worn index from that). */
interface BatchOutcome {
  result: ImportResult;
  searchReplaced: number;
}

/** Raised on PostgreSQL only, when another desk stored this new reservation's LogId for another one meanwhile. */
export class LogIdTakenMeanwhile extends Error {
  constructor(readonly logId: number) {
    super(
      `LogId ${logId} was stored for another reservation while this batch ran; the batch is imported again.`,
    );
    this.name = 'LogIdTakenMeanwhile';
  }
}

// Tally keys in one order, so two desks' batches add to the same tally rows in the same order (no deadlock).
const byTallyKey = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Stores a batch (importOps.batch): decided by the database, so that two desks importing at once (PostgreSQL)
 * store each reservation and each version once. A reservation is inserted ON CONFLICT (key_field) DO NOTHING,
 * its current row read locked (FOR UPDATE on PostgreSQL: the newest LogId stays current until commit), each
 * version inserted ON CONFLICT (log_id) DO NOTHING: a LogId another desk stored meanwhile is then this item
 * again, judged as one already stored. On SQLite, one writer, the same steps decide the same way.
 */
function* storeBatch(
  items: readonly Reservation[],
  receivedAt: string,
  options: ImportOptions,
): Op<BatchOutcome> {
  // On the hotel's database, never beside a desk computing check keys (check-keys.ts keysTurn).
  yield* run(keysTurn);
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

  function* enqueue(r: Reservation, seenBefore: boolean): Op<void> {
    const values = { logId: r.logId, serviceId: r.serviceId };
    yield* run(seenBefore && !acknowledgeAgain ? enqueueAckUnlessAcknowledged(values) : enqueueAck(values));
  }

  // Search rows are written after the whole batch: FTS5 flushes its pending terms to disk at every
  // statement savepoint, and statements with triggers (the tally's) open one per row, so
  // interleaved writes made one tiny index segment per reservation and endless merging.
  const searchRows: { id: number; text: string; words: string; replace: boolean }[] = [];
  // New reservations per tally key, added to reservation_tally at the end of the batch (migration 004).
  const tallied = new Map<
    string,
    { id: string; checkIn: string; agencyId: string; kind: string; status: string; n: number }
  >();
  const countNew = (r: Reservation, kind: ChangeKind): void => {
    const id = `${r.checkIn}\u0000${r.agencyId}\u0000${kind}\u0000${r.confirmationStatus}`;
    const entry = tallied.get(id);
    if (entry) entry.n++;
    else
      tallied.set(id, {
        id,
        checkIn: r.checkIn,
        agencyId: r.agencyId,
        kind,
        status: r.confirmationStatus,
        n: 1,
      });
  };
  // Before any update of a reservation: its update trigger moves a count from the old key, which must
  // already be in the table when the reservation was inserted earlier in this batch.
  function* flushTally(): Op<void> {
    if (tallied.size === 0) return;
    for (const entry of [...tallied.values()].sort(byTallyKey)) yield* run(addToTally(entry));
    tallied.clear();
  }

  // A LogId already stored: the same version again (its answer perhaps moved on), or something else
  // under that LogId, which is set aside and not queued.
  function* importAgain(r: Reservation, known: StoredVersionRow): Op<void> {
    const conflict = yield* conflictWith(known, r);
    if (conflict) {
      setAside.push(setAsideItem(r, conflict, known, operation));
      result.setAside = (result.setAside ?? 0) + 1;
      return;
    }
    if (known.currentLogId === r.logId && answerMovedOn(known, r)) {
      yield* flushTally();
      yield* run(
        updateAnswer({
          id: known.id,
          status: r.confirmationStatus,
          no: r.confirmationNo,
          date: r.confirmDate,
          note: r.confirmeNote,
          user: r.lastChangeUser,
          reservationStatus: r.reservationStatus,
        }),
      );
      // The version's snapshot keeps the raw item as first received; the moved-on one overrides it.
      yield* run(putRaw({ id: known.id, raw: r.itemJson ?? JSON.stringify(r.raw) }));
      pushOnce('statusUpdated', r.keyField);
    } else {
      // An older version again, or the current one unchanged: history is not rewritten.
      result.unchanged++;
    }
    yield* enqueue(r, true);
  }

  // The stored version `r` names, as it stands now (locked on PostgreSQL), or undefined.
  const storedNow = (r: Reservation): Op<StoredVersionRow | undefined> =>
    // A reservation built by hand is stored in format 1, which the same values encode to again.
    first(storedVersion({ logId: r.logId, text: r.itemJson ?? encodeSnapshot(r) }));

  // The current row of r's reservation, inserting r as it when there is none; locked on PostgreSQL.
  function* currentOrInsert(
    r: Reservation,
    kind: ChangeKind,
  ): Op<{ id: number; logId: number; inserted: boolean }> {
    const cur = yield* first(current({ key: r.keyField }));
    if (cur) return { ...cur, inserted: false };
    const added = yield* first(insertReservation(reservationValues(r, kind, receivedAt)));
    if (added) return { id: added.id, logId: r.logId, inserted: true };
    // PostgreSQL: another desk inserted it meanwhile and has committed (the insert waited for it).
    const theirs = yield* first(current({ key: r.keyField }));
    if (!theirs) throw new Error(`reservation ${r.keyField} refused an insert yet is not stored`);
    return { ...theirs, inserted: false };
  }

  // LogIds stored before this batch, and those this batch stores: only they can be stored already (on
  // PostgreSQL another desk may store one meanwhile: the version's insert then finds it).
  const stored = new Set<number>();
  function* importOne(r: Reservation): Op<void> {
    const known = stored.has(r.logId) ? yield* storedNow(r) : undefined;
    if (known) return yield* importAgain(r, known);
    stored.add(r.logId);
    const kind = changeKindOfPmsStatus(r.pmsStatus);
    const cur = yield* currentOrInsert(r, kind);
    const version = { logId: r.logId, id: cur.id, kind, at: receivedAt, snapshot: encodeSnapshot(r) };
    if (cur.inserted) {
      if ((yield* run(insertVersion(version))) === 0) throw new LogIdTakenMeanwhile(r.logId);
      countNew(r, kind);
      searchRows.push({ id: cur.id, ...searchEntryOf(r), replace: false });
      pushOnce(kind, r.keyField);
      return yield* enqueue(r, false);
    }
    if ((yield* run(insertVersion(version))) === 0) {
      // PostgreSQL: another desk stored this LogId meanwhile: this item is one already stored.
      const theirs = yield* storedNow(r);
      if (!theirs) throw new Error(`LogId ${r.logId} refused an insert yet is not stored`);
      return yield* importAgain(r, theirs);
    }
    if (r.logId > cur.logId) {
      yield* flushTally();
      yield* run(updateReservation([...reservationValues(r, kind, receivedAt), cur.id]));
      yield* run(dropRaw({ id: cur.id }));
      searchRows.push({ id: cur.id, ...searchEntryOf(r), replace: true });
      pushOnce(kind, r.keyField);
    } else {
      // An older version arriving late is history, never the current state.
      result.unchanged++;
    }
    yield* enqueue(r, false);
  }

  const logIds = JSON.stringify(items.map((r) => r.logId));
  for (const row of yield* all(storedAmong({ logIds }))) stored.add(row.logId);
  for (const r of items) yield* importOne(r);
  yield* flushTally();
  for (const row of searchRows) yield* run((row.replace ? putSearch : insertSearch)(row));
  yield* unreadableOps.record(setAside, receivedAt);
  const touched = [...result.new, ...result.changed, ...result.cancelled, ...result.statusUpdated];
  if (touched.length > 0) yield* changed('reservations', 'changed', touched);
  return { result, searchReplaced: searchRows.filter((row) => row.replace).length };
}

/** The import's operations, one definition for both engines (engines/op.ts). */
export const importOps = {
  /**
   * Stores a batch as received (importBatch says what). Run it in a transaction (writeSqlite, HotelStore.write):
   * the batch is stored whole or not at all.
   */
  *batch(items: readonly Reservation[], receivedAt: string, options: ImportOptions = {}): Op<ImportResult> {
    return (yield* storeBatch(items, receivedAt, options)).result;
  },
};

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
  return writeSqlite(
    db,
    (function* (): Op<ImportResult> {
      const { result, searchReplaced } = yield* storeBatch(items, receivedAt, options);
      yield* rebuildSearchWhenWorn(db, searchReplaced);
      return result;
    })(),
  );
}

/**
 * Counts the reservations into reservation_tally afresh. For a file filled by copying rows in (the hotel
 * database's copy), where no import counted them: the inbox sizes its list and chips by the tally.
 */
export function recountTally(db: Database): void {
  db.exec(`DELETE FROM reservation_tally;
    INSERT INTO reservation_tally (check_in, agency_id, change_kind, confirmation_status, n)
      SELECT check_in, agency_id, change_kind, confirmation_status, count(*) FROM reservations
      GROUP BY check_in, agency_id, change_kind, confirmation_status;`);
}
