// Pull: list → store → acknowledge. Each batch is committed in one SQLite transaction together with its
// LogIds in the acknowledgement queue; only after that commit are the LogIds reported to the service.
// A crash between the two leaves them queued, and the next cycle reports them first. Importing the same
// data twice changes nothing, so a repeated list (an acknowledgement that never arrived) is harmless.
import type { Reservation, UnreadableReservation } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import type { AckGroup, ImportResult, SyncClient } from './ports';

export interface PullStore {
  importBatch(
    items: Reservation[],
    receivedAt: string,
    options?: { acknowledgeAgain?: boolean },
  ): ImportResult;
  pendingAcknowledgements(): AckGroup[];
  markAcknowledged(serviceId: string, logIds: number[]): void;
  /** Keeps an item that could not be read; its LogId is never acknowledged. */
  recordUnreadable(items: UnreadableReservation[], at: string): void;
}

export interface PullSummary {
  new: string[];
  changed: string[];
  cancelled: string[];
  statusUpdated: string[];
  received: number;
  acknowledged: number;
  /** Listed items that could not be read and were set aside (not acknowledged). */
  unreadable: number;
}

export interface PullOptions {
  window: CheckInWindow;
  now: () => Date;
  signal?: AbortSignal;
  /** Called after each committed batch (progress, notifications of huge imports). */
  onBatchStored?: (result: ImportResult) => void;
}

const ACK_CHUNK = 500;

/** Reports every stored-but-unreported LogId, grouped by ServiceId. Returns how many were reported. */
export async function acknowledgeStored(client: SyncClient, store: PullStore): Promise<number> {
  let count = 0;
  for (const group of store.pendingAcknowledgements()) {
    for (let i = 0; i < group.logIds.length; i += ACK_CHUNK) {
      const chunk = group.logIds.slice(i, i + ACK_CHUNK);
      await client.postSentLogIds(group.serviceId, chunk);
      store.markAcknowledged(group.serviceId, chunk);
      count += chunk.length;
    }
  }
  return count;
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

/** An onUnreadable that keeps each item in the store at once and counts it in the summary. */
export const setAsideInto =
  (store: PullStore, summary: PullSummary, now: () => Date) =>
  (item: UnreadableReservation): void => {
    store.recordUnreadable([item], now().toISOString());
    summary.unreadable++;
  };

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
  summary.acknowledged += await acknowledgeStored(client, store);
  await client.fetchReservations(
    {
      ...options.window,
      isSendRequired: true,
      signal: options.signal,
      onUnreadable: setAsideInto(store, summary, options.now),
    },
    async (batch) => {
      summary.received += batch.length;
      const result = store.importBatch(batch, options.now().toISOString());
      mergeInto(summary, result);
      options.onBatchStored?.(result);
      summary.acknowledged += await acknowledgeStored(client, store);
    },
  );
  return summary;
}
