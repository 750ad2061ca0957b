// Confirmations can be made elsewhere (the channel's web site, a phone call to the agency, another
// workstation): the service moves such a reservation on in place, same LogId, so the incremental pull
// (IsSendRequired) never lists it again; it only shows in the E (or H) list, and a W that became S or G
// only in the waiting list read without IsSendRequired. Two ways to read them (when: reconcile-schedule.ts):
//
// - full: the waiting, E and H lists over the whole window. The waiting list read in full holds everything
//   the incremental pull would have returned (that one only leaves out what was already reported), so a
//   full reconcile reads it instead of the pull: each list is read once, which with the live service means
//   preparing and downloading a large-result file once.
// - bounded: after the ordinary pull, the waiting list (no status: W, and the S and G the service set in
//   place) over the span of days where the desk still holds something undecided. An undecided reservation
//   is either still in it (a W → S/G or another in-place change comes with it) or was answered elsewhere,
//   which moves it to E or H and out of the waiting list. Only for those that left are the E and H lists
//   read, over their days and, where one agency's, for that agency (reconcile-windows.ts). With nothing
//   answered elsewhere, that is one request for about as many reservations as the desk has undecided.
//
// Either way the idempotent import brings statuses up to date; reservations seen for the first time are
// queued and reported exactly as the pull would.
import type { ConfirmationStatus } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import {
  compactAfterLargeRead,
  emptySummary,
  pullReservations,
  reportStored,
  setAsideInto,
  storeBatch,
  type OnProgress,
  type PullStore,
  type PullSummary,
} from './pull';
import { planWindows, type DayLoad, type ListWindow } from './reconcile-windows';
import { markSummary, recordListOnly, storedSince, type ReaderWatch } from './reader-watch';
import type { SyncClient } from './ports';

/** undefined: the waiting list exactly as the pull asks for it (no status parameter). */
const LISTS: readonly (ConfirmationStatus | undefined)[] = [undefined, 'E', 'H'];

/** What a reconciling cycle reads: everything, or the waiting list over these windows after the pull. */
export type ReconcilePlan = { kind: 'full' } | { kind: 'bounded'; windows: ListWindow[] };

/** What a cycle's pull phase was told from the settings, read once per cycle (cycle.ts). */
export interface PhaseMode {
  /** Store, report nothing; decisions re-read first (another-reader.ts). */
  safeMode: boolean;
  /** A bounded reconcile keeps list-only versions as evidence: not on the first sync, where all is new. */
  watchForReader: boolean;
}

export const ORDINARY_PHASE: PhaseMode = { safeMode: false, watchForReader: false };

/** What a bounded reconcile needs besides the pull's store: what the desk holds undecided, and where. */
export interface ReconcileStore extends PullStore {
  reconcileDays(from: string, to: string): Promise<DayLoad[]>;
  undecidedReservations(
    from: string,
    to: string,
  ): Promise<{ keyField: string; day: string; agencyId: string }[]>;
}

interface ReconcileOptions {
  window: CheckInWindow;
  now: () => Date;
  partnerId: number;
  signal?: AbortSignal;
  /** Store, report nothing (another-reader.ts). */
  safeMode?: boolean;
  onProgress?: OnProgress;
}

/** Reads one list over one window, storing what differs; reports nothing (the caller does). */
async function readList(
  client: SyncClient,
  store: PullStore,
  window: ListWindow,
  status: ConfirmationStatus | undefined,
  options: ReconcileOptions,
  summary: PullSummary,
  seen?: Set<string>,
): Promise<void> {
  const aside = setAsideInto(store, summary, options.now);
  await aside.around(() =>
    client.fetchReservations(
      {
        ...window,
        ...(status ? { status } : {}),
        isSendRequired: false,
        signal: options.signal,
        onUnreadable: aside.onUnreadable,
      },
      async (batch) => {
        await aside.settled();
        for (const item of batch) seen?.add(item.keyField);
        // These lists hold every reservation, reported or not: only LogIds never reported are queued.
        await storeBatch(store, batch, summary, { ...options, acknowledgeAgain: false });
        store.localFile?.checkDatabaseFile();
      },
    ),
  );
}

/** The three lists over one window. */
async function readLists(
  client: SyncClient,
  store: PullStore,
  window: ListWindow,
  options: ReconcileOptions,
  summary: PullSummary,
  reportEach: boolean,
): Promise<void> {
  for (const status of LISTS) {
    await readList(client, store, window, status, options, summary);
    // One report per ServiceId per list read (pull.ts), after the whole list is stored.
    if (reportEach) summary.acknowledged += await reportStored(client, store, options);
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
  summary.acknowledged += await reportStored(client, store, options);
  const receivedBefore = summary.received;
  await readLists(client, store, options.window, options, summary, true);
  compactAfterLargeRead(store, summary, receivedBefore);
  return summary;
}

/**
 * The pull, then the waiting list over each window; then E and H only over the days of the undecided
 * reservations the waiting list no longer holds (answered elsewhere). Small: reported once at the end.
 * With `watch`, what the waiting list stores for the first time is evidence of another reader
 * (reader-watch.ts). The E and H reads are not watched: answers given elsewhere come only through them.
 */
export async function reconcileBounded(
  client: SyncClient,
  store: ReconcileStore,
  windows: readonly ListWindow[],
  options: ReconcileOptions & { watch?: ReaderWatch },
  summary: PullSummary = emptySummary(),
): Promise<PullSummary> {
  await pullReservations(client, store, options, summary);
  const afterPull = markSummary(summary);
  const seen = new Set<string>();
  const left: DayLoad[] = [];
  for (const window of windows) {
    await readList(client, store, window, undefined, options, summary, seen);
    left.push(...(await leftWaiting(store, window, seen)));
  }
  if (options.watch) await recordListOnly(options.watch, storedSince(summary, afterPull));
  for (const window of planWindows(left))
    for (const status of ['E', 'H'] as const) await readList(client, store, window, status, options, summary);
  summary.acknowledged += await reportStored(client, store, options);
  return summary;
}

/**
 * Per day of `window`, the reservations the desk still holds undecided (after the waiting list was stored)
 * that the waiting list did not hold, with their agencies; the desk's settled ones that day are what an E
 * or H read there brings for nothing.
 */
async function leftWaiting(
  store: ReconcileStore,
  window: ListWindow,
  seen: ReadonlySet<string>,
): Promise<DayLoad[]> {
  const byDay = new Map<string, DayLoad & { agencies: string[] }>();
  for (const r of await store.undecidedReservations(window.checkInStart, window.checkInEnd)) {
    if (seen.has(r.keyField) || (window.agencyId !== undefined && r.agencyId !== window.agencyId)) continue;
    let day = byDay.get(r.day);
    if (!day) byDay.set(r.day, (day = { day: r.day, undecided: 0, settled: 0, agencies: [] }));
    day.undecided++;
    if (!day.agencies.includes(r.agencyId)) day.agencies.push(r.agencyId);
  }
  if (byDay.size === 0) return [];
  for (const d of await store.reconcileDays(window.checkInStart, window.checkInEnd)) {
    const day = byDay.get(d.day);
    if (day) day.settled = d.settled;
    // Settled days in between count for the gaps planWindows weighs.
    else byDay.set(d.day, { day: d.day, undecided: 0, settled: d.settled, agencies: [] });
  }
  return [...byDay.values()];
}
