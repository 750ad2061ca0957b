// Confirmations can be made elsewhere (the channel's web site, a phone call to the agency, another
// workstation): the service moves such a reservation on in place, same LogId, so the incremental pull
// (IsSendRequired) never lists it again; it only shows in the E (or H) list, and a W that became S or G
// only in the waiting list read without IsSendRequired. Two ways to read them (when: reconcile-schedule.ts):
//
// - full: the waiting, E and H lists over the whole window. The waiting list read in full holds everything
//   the incremental pull would have returned (that one only leaves out what was already reported), so a
//   full reconcile reads it instead of the pull: each list is read once, which with the live service means
//   preparing and downloading a large-result file once.
// - bounded: after the ordinary pull, the same three lists only over the windows where the desk still
//   holds something undecided (reconcile-windows.ts). What is settled on the desk and far from anything
//   undecided is not read again until the next full read.
//
// Either way the idempotent import brings statuses up to date; reservations seen for the first time are
// queued and reported exactly as the pull would.
import type { ConfirmationStatus } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import {
  acknowledgeStored,
  compactAfterLargeRead,
  emptySummary,
  pullReservations,
  setAsideInto,
  storeBatch,
  type PullStore,
  type PullSummary,
} from './pull';
import type { ListWindow } from './reconcile-windows';
import type { SyncClient } from './ports';

/** undefined: the waiting list exactly as the pull asks for it (no status parameter). */
const LISTS: readonly (ConfirmationStatus | undefined)[] = [undefined, 'E', 'H'];

/** What a reconciling cycle reads: everything, or the lists over these windows after the pull. */
export type ReconcilePlan = { kind: 'full' } | { kind: 'bounded'; windows: ListWindow[] };

interface ReconcileOptions {
  window: CheckInWindow;
  now: () => Date;
  partnerId: number;
  signal?: AbortSignal;
}

/** Reads the three lists over one window, storing what differs; reports nothing (the caller does). */
async function readLists(
  client: SyncClient,
  store: PullStore,
  window: ListWindow,
  options: ReconcileOptions,
  summary: PullSummary,
  reportEach: boolean,
): Promise<void> {
  for (const status of LISTS) {
    await client.fetchReservations(
      {
        ...window,
        ...(status ? { status } : {}),
        isSendRequired: false,
        signal: options.signal,
        onUnreadable: setAsideInto(store, summary, options.now),
      },
      async (batch) => {
        // These lists hold every reservation, reported or not: only LogIds never reported are queued.
        storeBatch(store, batch, summary, { ...options, acknowledgeAgain: false });
        store.checkDatabaseFile();
      },
    );
    // One report per ServiceId per list read (pull.ts), after the whole list is stored.
    if (reportEach) summary.acknowledged += await acknowledgeStored(client, store);
  }
}

/** The full lists over the whole window, instead of the pull. */
export async function reconcileStatuses(
  client: SyncClient,
  store: PullStore,
  options: ReconcileOptions,
  summary: PullSummary = emptySummary(),
): Promise<PullSummary> {
  // Whatever an earlier run stored but could not report goes first, as in the pull.
  summary.acknowledged += await acknowledgeStored(client, store);
  const receivedBefore = summary.received;
  await readLists(client, store, options.window, options, summary, true);
  compactAfterLargeRead(store, summary, receivedBefore);
  return summary;
}

/** The pull, then the three lists over each window of undecided days (small: reported once at the end). */
export async function reconcileBounded(
  client: SyncClient,
  store: PullStore,
  windows: readonly ListWindow[],
  options: ReconcileOptions,
  summary: PullSummary = emptySummary(),
): Promise<PullSummary> {
  await pullReservations(client, store, options, summary);
  for (const window of windows) await readLists(client, store, window, options, summary, false);
  summary.acknowledged += await acknowledgeStored(client, store);
  return summary;
}
