// Pull: list → store → acknowledge. Each batch is committed in one SQLite transaction together with its
// LogIds in the acknowledgement queue; once the whole list is read and stored, the queue is reported in
// one postsentlogids per ServiceId.
// A crash between the two leaves them queued, and the next cycle reports them first. Importing the same
// data twice changes nothing, so a repeated list (an acknowledgement that never arrived) is harmless.
// Before each report the store confirms that the file on disk holds what is reported: a database deleted,
// replaced or made read-only under a running sync stops it before it reports anything more.
import type { Reservation, UnreadableReservation } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import type { AckGroup, ImportResult, LocalFileChecks, SyncClient } from './ports';
import { screenBatch } from './pull-screen';

export interface PullStore {
  importBatch(
    items: Reservation[],
    receivedAt: string,
    options?: { acknowledgeAgain?: boolean },
  ): Promise<ImportResult & { setAside?: number }>;
  pendingAcknowledgements(): Promise<AckGroup[]>;
  markAcknowledged(serviceId: string, logIds: number[]): Promise<void>;
  /** Keeps an item that could not be read (or must not be taken); its LogId is never acknowledged. */
  recordUnreadable(items: UnreadableReservation[], at: string): Promise<void>;
  /** SQLite's file checks between the steps (ports.ts); null on a database server. */
  readonly localFile: LocalFileChecks | null;
}

/** A read that brought at least this many reservations (a list page) leaves the WAL emptied. */
export const COMPACT_AFTER = 2000;

/** After a large read: the log it grew goes back into the database file now, not at some later commit. */
export function compactAfterLargeRead(store: PullStore, summary: PullSummary, receivedBefore: number): void {
  if (summary.received - receivedBefore >= COMPACT_AFTER) store.localFile?.compactWal?.();
}

export interface PullSummary {
  new: string[];
  changed: string[];
  cancelled: string[];
  statusUpdated: string[];
  received: number;
  acknowledged: number;
  /**
   * Listed items set aside, not acknowledged: unreadable, another hotel's, an impossible count, or a LogId
   * already stored as something else.
   */
  unreadable: number;
}

export interface PullOptions {
  window: CheckInWindow;
  now: () => Date;
  /** The desk's hotel number: another hotel's reservations are set aside, never acknowledged. */
  partnerId: number;
  signal?: AbortSignal;
  /** Called after each committed batch (progress, notifications of huge imports). */
  onBatchStored?: (result: ImportResult) => void;
  /** Told after each stored batch how many listed reservations the cycle has read so far (the status bar's count). */
  onProgress?: OnProgress;
  /** Store but report nothing (another-reader.ts): the LogIds stay queued for when it is off. */
  safeMode?: boolean;
}

/**
 * The most LogIds one postsentlogids carries. A request holds them comma-separated twice (logId and
 * logIds, ~18 bytes per id): 1000 ids is ~18 KB, well inside what an ASP.NET service takes by default
 * (maxRequestLength 4 MB), and a lost request repeats at most 1000 items. Only a first sync or a long
 * absence queues more, and only those are split.
 */
export const ACK_CHUNK = 1000;

/**
 * Reports every stored-but-unreported LogId, grouped by ServiceId: one request per ServiceId (split only
 * past ACK_CHUNK). Returns how many were reported. Each report waits for the store to confirm that the
 * file on disk holds those LogIds.
 */
export async function acknowledgeStored(client: SyncClient, store: PullStore): Promise<number> {
  // Even with nothing queued: a sync must not go on storing into a file that is no longer the desk's.
  store.localFile?.checkDatabaseFile();
  let count = 0;
  for (const group of await store.pendingAcknowledgements()) {
    for (let i = 0; i < group.logIds.length; i += ACK_CHUNK) {
      const chunk = group.logIds.slice(i, i + ACK_CHUNK);
      store.localFile?.confirmStoredOnDisk(chunk);
      await client.postSentLogIds(group.serviceId, chunk);
      await store.markAcknowledged(group.serviceId, chunk);
      count += chunk.length;
    }
  }
  return count;
}

/**
 * acknowledgeStored, except in safe mode: then only the file check, and the LogIds stay queued. Another
 * program on the same account may need them listed by the service; the first cycle after safe mode is
 * switched off reports them, as after a crash.
 */
export async function reportStored(
  client: SyncClient,
  store: PullStore,
  options: { safeMode?: boolean },
): Promise<number> {
  if (!options.safeMode) return acknowledgeStored(client, store);
  store.localFile?.checkDatabaseFile();
  return 0;
}

export const emptySummary = (): PullSummary => ({
  new: [],
  changed: [],
  cancelled: [],
  statusUpdated: [],
  received: 0,
  acknowledged: 0,
  unreadable: 0,
});

/** An onUnreadable for a list read, and how to wait until what it was given is stored. */
export interface SetAside {
  /** The client calls it as it decodes, synchronously: the item is queued for the store at once. */
  onUnreadable: (item: UnreadableReservation) => void;
  /** Rejects with the store's error if keeping an item failed. Awaited before each batch and at the end. */
  settled: () => Promise<void>;
  /**
   * Runs the read, then waits for what it set aside, also when the read failed: nothing of it is written after
   * this returns. The read's own failure comes first; else the store's, if keeping an item failed.
   */
  around: <T>(read: () => Promise<T>) => Promise<T>;
}

/**
 * Keeps each unreadable item in the store, in the order given, and counts it in the summary once kept.
 * The store is asynchronous and the client's callback is not, so the writes are chained; the read waits
 * for them before it stores the next batch and before it reports anything. They may run beside the batch
 * before being stored (the client decodes the next batch meanwhile): on the hotel's database each is a
 * transaction of its own on another connection, and the import never reads what they write.
 */
export function setAsideInto(store: PullStore, summary: PullSummary, now: () => Date): SetAside {
  let kept: Promise<void> = Promise.resolve();
  return {
    onUnreadable: (item) => {
      const at = now().toISOString();
      kept = kept.then(async () => {
        await store.recordUnreadable([item], at);
        summary.unreadable++;
      });
      // Seen by `settled`; this only stops a failure from counting as unhandled before then.
      kept.catch(() => undefined);
    },
    settled: () => kept,
    around: async (read) => {
      const result = await read().catch(async (error: unknown) => {
        await kept.catch(() => undefined);
        throw error;
      });
      await kept;
      return result;
    },
  };
}

/** Told how many listed reservations a sync has read (and stored) so far. */
export type OnProgress = (read: number) => void;

/**
 * Stores one batch and counts it into `summary`: another hotel's items and impossible counts are set aside
 * first (pull-screen.ts), the rest go to the store, which sets aside what its stored LogIds contradict.
 */
export async function storeBatch(
  store: PullStore,
  batch: Reservation[],
  summary: PullSummary,
  options: { now: () => Date; partnerId: number; acknowledgeAgain?: boolean; onProgress?: OnProgress },
): Promise<ImportResult> {
  summary.received += batch.length;
  const at = options.now().toISOString();
  const { take, aside } = screenBatch(batch, options.partnerId);
  if (aside.length > 0) {
    await store.recordUnreadable(aside, at);
    summary.unreadable += aside.length;
  }
  const result = await store.importBatch(
    take,
    at,
    options.acknowledgeAgain === undefined ? undefined : { acknowledgeAgain: options.acknowledgeAgain },
  );
  mergeInto(summary, result);
  summary.unreadable += result.setAside ?? 0;
  options.onProgress?.(summary.received);
  return result;
}

/** Adds counts and lists of `part` (another phase of the same cycle) to `summary`. */
export function addSummary(summary: PullSummary, part: PullSummary): void {
  mergeInto(summary, part);
  summary.received += part.received;
  summary.acknowledged += part.acknowledged;
  summary.unreadable += part.unreadable;
}

export function mergeInto(
  summary: PullSummary,
  result: Pick<ImportResult, 'new' | 'changed' | 'cancelled' | 'statusUpdated'>,
): void {
  summary.new.push(...result.new);
  summary.changed.push(...result.changed);
  summary.cancelled.push(...result.cancelled);
  summary.statusUpdated.push(...result.statusUpdated);
}

/** One incremental pull over the window with IsSendRequired=true. */
/**
 * `summary` is filled in as batches are stored, so whoever passed it still knows what was stored (and
 * announces it) when a later step fails: a failed acknowledgement must not hide stored reservations.
 */
export async function pullReservations(
  client: SyncClient,
  store: PullStore,
  options: PullOptions,
  summary: PullSummary = emptySummary(),
): Promise<PullSummary> {
  // Whatever an earlier run stored but could not report goes first.
  summary.acknowledged += await reportStored(client, store, options);
  const receivedBefore = summary.received;
  const aside = setAsideInto(store, summary, options.now);
  await aside.around(() =>
    client.fetchReservations(
      {
        ...options.window,
        isSendRequired: true,
        signal: options.signal,
        onUnreadable: aside.onUnreadable,
      },
      async (batch) => {
        await aside.settled();
        const result = await storeBatch(store, batch, summary, options);
        options.onBatchStored?.(result);
        // Reported once the list is read; but a file that changed under the sync stops it at once.
        store.localFile?.checkDatabaseFile();
      },
    ),
  );
  summary.acknowledged += await reportStored(client, store, options);
  compactAfterLargeRead(store, summary, receivedBefore);
  return summary;
}
