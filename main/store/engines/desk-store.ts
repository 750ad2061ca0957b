// The store as the desk's code uses it, on either engine: every `Store` method the sync engine, the
// operations, the handlers, the CLI and the export call, returning a promise of what `Store` returns, so
// that code can run on the hotel's shared PostgreSQL database (whose driver is asynchronous) as it runs on
// SQLite. `AsyncStore` (the ported areas, which `HotelStore` implements today) is its first part; HotelStore
// grows into a DeskStore as the other areas are ported.
//
// Left out, because they are SQLite's alone and have no meaning for a database server:
// - backup (VACUUM INTO a file), compactWal (the write-ahead log), close (the connection's owner closes it),
//   and `file` (the path another thread opens): the callers that need them hold the synchronous Store;
// - the file identity checks, checkDatabaseFile and confirmStoredOnDisk (a file replaced, deleted or made
//   read-only under a running sync; a PostgreSQL commit is durable when it returns). The sync engine needs
//   those between its steps, so a DeskStore offers them as `localFile`, synchronous, and null on PostgreSQL.
//
// On SQLite every call resolves at once: a sequence of awaited calls runs in one turn of the event loop, so
// no timer, IPC message or network answer lands between them (only microtasks already under way), and code
// that counted on a synchronous sequence keeps that on SQLite. On PostgreSQL it does not: such sequences must
// become one store operation (a transaction) when their area is ported.
import type { Store } from '../index';
import { SqliteAsyncStore, type AsyncStore } from './async-store';

/** Each method of T as the same call returning a promise of its result. */
export type Promisified<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

/** The Store methods the desk's code calls, besides AsyncStore's (which keep their own generic signatures). */
export type DeskMethod =
  | 'reconcileDays'
  | 'undecidedReservations'
  | 'importBatch'
  | 'getReservation'
  | 'changeKind'
  | 'versions'
  | 'waitingCount'
  | 'waitingReceivedBefore'
  | 'recordUnreadable'
  | 'listUnreadable'
  | 'openUnreadableCount'
  | 'openSetAsideCounts'
  | 'pendingAcknowledgements'
  | 'markAcknowledged'
  | 'inboxPage'
  | 'inboxCounts'
  | 'problemCandidates'
  | 'replaceAgencies'
  | 'listAgencies'
  | 'findAgency'
  | 'replaceNotConfirmMessages'
  | 'listNotConfirmMessages'
  | 'findNotConfirmMessage'
  | 'replaceStayCodes'
  | 'listStayCodes'
  | 'mappingView'
  | 'copyMappings'
  | 'mappedCodesFor'
  | 'unmappedCodesFor'
  | 'enqueueDecision'
  | 'markSending'
  | 'attachVoucher'
  | 'retryDecision'
  | 'nextDecisionsToSend'
  | 'nextSendAfter'
  | 'undoDecision'
  | 'sendDecisionNow'
  | 'markSent'
  | 'markFailed'
  | 'markDeferred'
  | 'markForReview'
  | 'markHeld'
  | 'resolveReview'
  | 'decisionFor'
  | 'decisionRecordFor'
  | 'queuedDecisionCount'
  | 'listActivity'
  | 'listToEnter'
  | 'pmsEntryOf'
  | 'markEntered'
  | 'exportCounts'
  | 'openExportRows'
  | 'checkSettings'
  | 'setMenOnly'
  | 'checkReference'
  | 'checkedReservations'
  | 'refreshCheckKeys'
  | 'checkLookups'
  | 'waitingReservations'
  | 'sharedVouchers';

/**
 * A full rebuild of the pre-confirm checks' indexes from every reservation (main/operations/checks.ts
 * buildChecker): a file's alone, streamed from a statement; the desk asks the key indexes instead.
 */
export type CheckMethod = 'checksInput';

/** SQLite's file under the store: what only an embedded database has (see above). */
export interface LocalFile {
  /** The database file's path (':memory:' for one in memory): what a worker thread opens its own connection to. */
  readonly path: string;
  /** Throws DatabaseFileChangedError when the file at the store's path is not the one it writes to. */
  checkDatabaseFile(): void;
  /** Throws DatabaseFileChangedError unless the file on disk holds these LogIds (before reporting them). */
  confirmStoredOnDisk(logIds: readonly number[]): void;
  /** The write-ahead log back into the database and emptied (after a big import: wal-policy.ts). */
  compactWal(): void;
}

export interface DeskStore extends AsyncStore, Promisified<Pick<Store, DeskMethod>> {
  /** SQLite's file checks; null when the store is not a file of this desk's (PostgreSQL). */
  readonly localFile: LocalFile | null;
}

/** A DeskStore over SQLite's synchronous Store: its results resolved, its throws rejections. */
export class SqliteDeskStore
  extends SqliteAsyncStore
  implements DeskStore, Promisified<Pick<Store, CheckMethod>>
{
  readonly localFile: LocalFile;

  constructor(readonly local: Store) {
    super(local.db);
    this.localFile = {
      get path() {
        return local.file;
      },
      checkDatabaseFile: () => local.checkDatabaseFile(),
      confirmStoredOnDisk: (logIds) => local.confirmStoredOnDisk(logIds),
      compactWal: () => local.compactWal(),
    };
  }

  readonly reconcileDays = async (...a: Parameters<Store['reconcileDays']>) => this.local.reconcileDays(...a);
  readonly undecidedReservations = async (...a: Parameters<Store['undecidedReservations']>) =>
    this.local.undecidedReservations(...a);
  readonly importBatch = async (...a: Parameters<Store['importBatch']>) => this.local.importBatch(...a);
  readonly getReservation = async (...a: Parameters<Store['getReservation']>) =>
    this.local.getReservation(...a);
  readonly changeKind = async (...a: Parameters<Store['changeKind']>) => this.local.changeKind(...a);
  readonly versions = async (...a: Parameters<Store['versions']>) => this.local.versions(...a);
  readonly waitingCount = async (...a: Parameters<Store['waitingCount']>) => this.local.waitingCount(...a);
  readonly waitingReceivedBefore = async (...a: Parameters<Store['waitingReceivedBefore']>) =>
    this.local.waitingReceivedBefore(...a);
  readonly recordUnreadable = async (...a: Parameters<Store['recordUnreadable']>) =>
    this.local.recordUnreadable(...a);
  readonly listUnreadable = async (...a: Parameters<Store['listUnreadable']>) =>
    this.local.listUnreadable(...a);
  readonly openUnreadableCount = async (...a: Parameters<Store['openUnreadableCount']>) =>
    this.local.openUnreadableCount(...a);
  readonly openSetAsideCounts = async () => this.local.openSetAsideCounts();
  readonly pendingAcknowledgements = async (...a: Parameters<Store['pendingAcknowledgements']>) =>
    this.local.pendingAcknowledgements(...a);
  readonly markAcknowledged = async (...a: Parameters<Store['markAcknowledged']>) =>
    this.local.markAcknowledged(...a);
  readonly inboxPage = async (...a: Parameters<Store['inboxPage']>) => this.local.inboxPage(...a);
  readonly inboxCounts = async (...a: Parameters<Store['inboxCounts']>) => this.local.inboxCounts(...a);
  readonly problemCandidates = async (...a: Parameters<Store['problemCandidates']>) =>
    this.local.problemCandidates(...a);
  readonly replaceAgencies = async (...a: Parameters<Store['replaceAgencies']>) =>
    this.local.replaceAgencies(...a);
  readonly listAgencies = async (...a: Parameters<Store['listAgencies']>) => this.local.listAgencies(...a);
  readonly findAgency = async (...a: Parameters<Store['findAgency']>) => this.local.findAgency(...a);
  readonly replaceNotConfirmMessages = async (...a: Parameters<Store['replaceNotConfirmMessages']>) =>
    this.local.replaceNotConfirmMessages(...a);
  readonly listNotConfirmMessages = async (...a: Parameters<Store['listNotConfirmMessages']>) =>
    this.local.listNotConfirmMessages(...a);
  readonly findNotConfirmMessage = async (...a: Parameters<Store['findNotConfirmMessage']>) =>
    this.local.findNotConfirmMessage(...a);
  readonly replaceStayCodes = async (...a: Parameters<Store['replaceStayCodes']>) =>
    this.local.replaceStayCodes(...a);
  readonly listStayCodes = async (...a: Parameters<Store['listStayCodes']>) => this.local.listStayCodes(...a);
  readonly mappingView = async (...a: Parameters<Store['mappingView']>) => this.local.mappingView(...a);
  readonly copyMappings = async (...a: Parameters<Store['copyMappings']>) => this.local.copyMappings(...a);
  readonly mappedCodesFor = async (...a: Parameters<Store['mappedCodesFor']>) =>
    this.local.mappedCodesFor(...a);
  readonly unmappedCodesFor = async (...a: Parameters<Store['unmappedCodesFor']>) =>
    this.local.unmappedCodesFor(...a);
  readonly enqueueDecision = async (...a: Parameters<Store['enqueueDecision']>) =>
    this.local.enqueueDecision(...a);
  readonly markSending = async (...a: Parameters<Store['markSending']>) => this.local.markSending(...a);
  readonly attachVoucher = async (...a: Parameters<Store['attachVoucher']>) => this.local.attachVoucher(...a);
  readonly retryDecision = async (...a: Parameters<Store['retryDecision']>) => this.local.retryDecision(...a);
  readonly nextDecisionsToSend = async (...a: Parameters<Store['nextDecisionsToSend']>) =>
    this.local.nextDecisionsToSend(...a);
  readonly nextSendAfter = async (...a: Parameters<Store['nextSendAfter']>) => this.local.nextSendAfter(...a);
  readonly undoDecision = async (...a: Parameters<Store['undoDecision']>) => this.local.undoDecision(...a);
  readonly sendDecisionNow = async (...a: Parameters<Store['sendDecisionNow']>) =>
    this.local.sendDecisionNow(...a);
  readonly markSent = async (...a: Parameters<Store['markSent']>) => this.local.markSent(...a);
  readonly markFailed = async (...a: Parameters<Store['markFailed']>) => this.local.markFailed(...a);
  readonly markDeferred = async (...a: Parameters<Store['markDeferred']>) => this.local.markDeferred(...a);
  readonly markForReview = async (...a: Parameters<Store['markForReview']>) => this.local.markForReview(...a);
  readonly markHeld = async (...a: Parameters<Store['markHeld']>) => this.local.markHeld(...a);
  readonly resolveReview = async (...a: Parameters<Store['resolveReview']>) => this.local.resolveReview(...a);
  readonly decisionFor = async (...a: Parameters<Store['decisionFor']>) => this.local.decisionFor(...a);
  readonly decisionRecordFor = async (...a: Parameters<Store['decisionRecordFor']>) =>
    this.local.decisionRecordFor(...a);
  readonly queuedDecisionCount = async (...a: Parameters<Store['queuedDecisionCount']>) =>
    this.local.queuedDecisionCount(...a);
  readonly listActivity = async (...a: Parameters<Store['listActivity']>) => this.local.listActivity(...a);
  readonly listToEnter = async (...a: Parameters<Store['listToEnter']>) => this.local.listToEnter(...a);
  readonly pmsEntryOf = async (...a: Parameters<Store['pmsEntryOf']>) => this.local.pmsEntryOf(...a);
  readonly markEntered = async (...a: Parameters<Store['markEntered']>) => this.local.markEntered(...a);
  readonly exportCounts = async (...a: Parameters<Store['exportCounts']>) => this.local.exportCounts(...a);
  readonly openExportRows = async (...a: Parameters<Store['openExportRows']>) =>
    this.local.openExportRows(...a);
  readonly checkSettings = async (...a: Parameters<Store['checkSettings']>) => this.local.checkSettings(...a);
  readonly setMenOnly = async (...a: Parameters<Store['setMenOnly']>) => this.local.setMenOnly(...a);
  readonly checkReference = async () => this.local.checkReference();
  readonly checkedReservations = async (...a: Parameters<Store['checkedReservations']>) =>
    this.local.checkedReservations(...a);
  readonly refreshCheckKeys = async (...a: Parameters<Store['refreshCheckKeys']>) =>
    this.local.refreshCheckKeys(...a);
  readonly checkLookups = async (...a: Parameters<Store['checkLookups']>) => this.local.checkLookups(...a);
  readonly waitingReservations = async () => this.local.waitingReservations();
  readonly sharedVouchers = async () => this.local.sharedVouchers();
  readonly checksInput = async () => this.local.checksInput();
}

const opened = new WeakMap<Store, SqliteDeskStore>();

/** The one DeskStore of a Store: the same object each time, so caches keyed by the store (checks.ts) hold. */
export function sqliteDeskStore(store: Store): SqliteDeskStore {
  let desk = opened.get(store);
  if (!desk) opened.set(store, (desk = new SqliteDeskStore(store)));
  return desk;
}
