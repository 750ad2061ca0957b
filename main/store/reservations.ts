// Importing reservations from the service: one transaction per batch, so a batch is stored whole or
// not at all, and the LogIds to acknowledge are queued in that same transaction. An item whose LogId is
// already stored as something else (another reservation, another ServiceId, other content) is set aside in
// that transaction too and never queued: one odd item must not fail the batch, nor every batch after it.
import type { Database } from 'better-sqlite3';
import {
  changeKindOfPmsStatus,
  type KnownReservation,
  type Reservation,
  type UnreadableReservation,
} from '../../shared/domain';
import { all, changed, first, run, type Op } from './engines/op';
import { writeSqlite } from './engines/run-sqlite';
import { reservationValues, type Scalar } from './reservations-columns';
import {
  currentAmong,
  dropRaws,
  insertReservations,
  insertVersions,
  putRaw,
  storedAmong,
  storedVersion,
  type StoredVersionRow,
  storedVersions,
  updateAnswer,
  updateReservations,
} from './reservations-import-queries';
import { encodeSnapshot } from './reservations-snapshot';
import { answerMovedOn } from './reservations-identity';
import { conflictWith, setAsideItem } from './reservations-set-aside';
import { rebuildSearchWhenWorn } from './search-wear';
import { unreadableOps } from './unreadable';
import { checkKeyOps, keysTurn, type StoredCheckKeys } from './check-keys';
import { PageWrites } from './import-page-writes';
import { allotmentNightOps } from './allotment-nights';

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
  /**
   * The check keys of a reservation (main/checks reservationKeys, handed in: the store knows no check). Given, the
   * batch keys the rows it writes in its own transaction, so the first inbox question after an import has nothing
   * left to key; without it they stay marked pending and are keyed when the checks next ask.
   */
  checkKeys?: (r: KnownReservation) => StoredCheckKeys;
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

/** What became of one item, recorded as its run is stored and told in the page's order afterwards. */
type Outcome =
  | { list: 'new' | 'changed' | 'cancelled' | 'statusUpdated'; keyField: string }
  | { unchanged: true }
  | { setAside: UnreadableReservation };

/**
 * Stores a batch (importOps.batch): decided by the database, so that two desks importing at once (PostgreSQL)
 * store each reservation and each version once. A reservation is inserted ON CONFLICT (key_field) DO NOTHING,
 * its current row read locked (FOR UPDATE on PostgreSQL: the newest LogId stays current until commit), each
 * version inserted ON CONFLICT (log_id) DO NOTHING: a LogId another desk stored meanwhile is then this item
 * again, judged as one already stored. On SQLite, one writer, the same steps decide the same way.
 *
 * A page is stored a run at a time, each run one statement per step for all its items, not one per item: on the
 * hotel's database every statement is a round trip. A run is consecutive items with no KeyField and no LogId
 * twice, so its items touch different reservations and versions and storing them together decides what storing
 * them one by one would; an item that repeats one of the run's starts the next run, after the run is stored.
 * Outcomes are told in the items' order, as one by one.
 */
function* storeBatch(
  items: readonly Reservation[],
  receivedAt: string,
  options: ImportOptions,
): Op<BatchOutcome> {
  // On the hotel's database, never beside a desk computing check keys (check-keys.ts keysTurn).
  yield* run(keysTurn);
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
  const tell = (outcome: Outcome): void => {
    if ('unchanged' in outcome) result.unchanged++;
    else if ('setAside' in outcome) {
      setAside.push(outcome.setAside);
      result.setAside = (result.setAside ?? 0) + 1;
    } else if (!listed[outcome.list].has(outcome.keyField)) {
      listed[outcome.list].add(outcome.keyField);
      result[outcome.list].push(outcome.keyField);
    }
  };

  // Tallies, acknowledgements, search rows and keys: gathered by the runs, written once for the page.
  const page = new PageWrites(options.acknowledgeAgain ?? true);

  // A LogId already stored: the same version again (its answer perhaps moved on), or something else
  // under that LogId, which is set aside and not queued.
  function* importAgain(r: Reservation, known: StoredVersionRow): Op<Outcome> {
    const conflict = yield* conflictWith(known, r);
    if (conflict) return { setAside: setAsideItem(r, conflict, known, operation) };
    page.enqueue(r, true);
    if (known.currentLogId === r.logId && answerMovedOn(known, r)) {
      yield* page.flushTally();
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
      return { list: 'statusUpdated', keyField: r.keyField };
    }
    // An older version again, or the current one unchanged: history is not rewritten.
    return { unchanged: true };
  }

  // A reservation built by hand is stored in format 1, which the same values encode to again.
  const textOf = (r: Reservation): string => r.itemJson ?? encodeSnapshot(r);
  // The stored version `r` names, as it stands now (locked on PostgreSQL), or undefined.
  const storedNow = (r: Reservation): Op<StoredVersionRow | undefined> =>
    first(storedVersion({ logId: r.logId, text: textOf(r) }));

  // LogIds stored before this batch, and those this batch stores: only they can be stored already (on
  // PostgreSQL another desk may store one meanwhile: the version's insert then finds it).
  const stored = new Set<number>();

  /** Stores a run (no KeyField, no LogId twice) and says what became of each of its items, in order. */
  function* storeRun(runItems: readonly Reservation[]): Op<Outcome[]> {
    const outcomes: (Outcome | undefined)[] = new Array<Outcome | undefined>(runItems.length);
    // Items whose LogId is stored: one read for all of them, each then judged against its stored version.
    const knownAt: number[] = [];
    const freshAt: number[] = [];
    runItems.forEach((r, i) => (stored.has(r.logId) ? knownAt : freshAt).push(i));
    if (knownAt.length > 0) {
      const rows = yield* all(
        storedVersions(knownAt.map((i) => [runItems[i]!.logId, textOf(runItems[i]!)] as const)),
      );
      const byLogId = new Map(rows.map((row) => [row.logId, row]));
      for (const i of knownAt) {
        const r = runItems[i]!;
        const known = byLogId.get(r.logId);
        if (known) outcomes[i] = yield* importAgain(r, known);
        else freshAt.push(i);
      }
      freshAt.sort((a, b) => a - b);
    }
    if (freshAt.length === 0) return outcomes as Outcome[];

    // New LogIds: the current rows of their reservations (locked on PostgreSQL), the missing ones inserted.
    const fresh = freshAt.map((i) => runItems[i]!);
    for (const r of fresh) stored.add(r.logId);
    const kinds = fresh.map((r) => changeKindOfPmsStatus(r.pmsStatus));
    const currentOf = new Map<string, { id: number; logId: number; inserted: boolean }>();
    const lookUp = function* (keys: readonly string[]): Op<void> {
      for (const row of yield* all(currentAmong({ keys: JSON.stringify(keys) })))
        currentOf.set(row.keyField, { id: row.id, logId: row.logId, inserted: false });
    };
    yield* lookUp(fresh.map((r) => r.keyField));
    const toInsert = fresh.flatMap((r, j) =>
      currentOf.has(r.keyField) ? [] : [{ r, values: reservationValues(r, kinds[j]!, receivedAt) }],
    );
    if (toInsert.length > 0) {
      const itemOf = new Map(toInsert.map((x) => [x.r.keyField, x.r]));
      const inserted: number[] = [];
      const stays: Reservation[] = [];
      for (const row of yield* all(insertReservations(toInsert.map((x) => x.values)))) {
        const r = itemOf.get(row.keyField);
        currentOf.set(row.keyField, { id: row.id, logId: r?.logId ?? 0, inserted: true });
        inserted.push(row.id);
        if (r) stays.push(r);
      }
      // Before any update of them (their update trigger moves counts this adds).
      yield* allotmentNightOps.countStays(stays);
      // Keyed at the end of the batch when the keys are given; else marked for the checks to key.
      if (!options.checkKeys) yield* checkKeyOps.markPending(inserted);
      // PostgreSQL: another desk inserted these meanwhile and has committed (the insert waited for it).
      const theirs = toInsert.filter((x) => !currentOf.has(x.r.keyField)).map((x) => x.r.keyField);
      if (theirs.length > 0) {
        yield* lookUp(theirs);
        for (const key of theirs)
          if (!currentOf.has(key)) throw new Error(`reservation ${key} refused an insert yet is not stored`);
      }
    }
    const curOf = (r: Reservation): { id: number; logId: number; inserted: boolean } => {
      const cur = currentOf.get(r.keyField);
      if (!cur) throw new Error(`reservation ${r.keyField} is neither stored nor inserted`);
      return cur;
    };
    const versions = yield* all(
      insertVersions(
        fresh.map((r, j) => [r.logId, curOf(r).id, kinds[j]!, receivedAt, encodeSnapshot(r)] as const),
      ),
    );
    const versionStored = new Set(versions.map((v) => v.logId));

    const updates: Scalar[][] = [];
    const takenMeanwhile: number[] = [];
    for (const [j, r] of fresh.entries()) {
      const i = freshAt[j]!;
      const kind = kinds[j]!;
      const cur = curOf(r);
      if (!versionStored.has(r.logId)) {
        if (cur.inserted) throw new LogIdTakenMeanwhile(r.logId);
        // PostgreSQL: another desk stored this LogId meanwhile: this item is one already stored.
        takenMeanwhile.push(j);
        continue;
      }
      page.enqueue(r, false);
      if (cur.inserted) {
        page.countNew(r, kind);
        page.search(cur.id, r, false);
        page.wrote(cur.id, r, true);
        outcomes[i] = { list: kind, keyField: r.keyField };
      } else if (r.logId > cur.logId) {
        updates.push([...reservationValues(r, kind, receivedAt), cur.id]);
        page.search(cur.id, r, true);
        // Its update trigger may have marked it, even if this batch inserted it: cleared when keyed.
        page.wrote(cur.id, r, false);
        outcomes[i] = { list: kind, keyField: r.keyField };
      } else {
        // An older version arriving late is history, never the current state.
        outcomes[i] = { unchanged: true };
      }
    }
    if (updates.length > 0) {
      yield* page.flushTally();
      yield* run(updateReservations(updates));
      const ids = updates.map((row) => row[row.length - 1]);
      yield* run(dropRaws({ ids: JSON.stringify(ids) }));
    }
    for (const j of takenMeanwhile) {
      const r = fresh[j]!;
      const theirs = yield* storedNow(r);
      if (!theirs) throw new Error(`LogId ${r.logId} refused an insert yet is not stored`);
      outcomes[freshAt[j]!] = yield* importAgain(r, theirs);
    }
    return outcomes as Outcome[];
  }

  for (const row of yield* all(storedAmong({ logIds: JSON.stringify(items.map((r) => r.logId)) })))
    stored.add(row.logId);
  let runItems: Reservation[] = [];
  const runKeys = new Set<string>();
  const runLogIds = new Set<number>();
  for (const r of items) {
    if (runKeys.has(r.keyField) || runLogIds.has(r.logId)) {
      for (const outcome of yield* storeRun(runItems)) tell(outcome);
      runItems = [];
      runKeys.clear();
      runLogIds.clear();
    }
    runItems.push(r);
    runKeys.add(r.keyField);
    runLogIds.add(r.logId);
  }
  if (runItems.length > 0) for (const outcome of yield* storeRun(runItems)) tell(outcome);
  yield* page.finish(options.checkKeys);
  yield* unreadableOps.record(setAside, receivedAt);
  const touched = [...result.new, ...result.changed, ...result.cancelled, ...result.statusUpdated];
  if (touched.length > 0) yield* changed('reservations', 'changed', touched);
  return { result, searchReplaced: page.searchReplaced };
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
