// One sync cycle, in the order that keeps the desk honest: report what is stored, send what the
// receptionist decided, pull what is new, then (now and then) reconcile statuses and refresh reference data.
import { checkInWindow, type CheckInWindow } from './checkin-window';
import { emptySummary, pullReservations, type OnProgress, type PullSummary } from './pull';
import { pushDecisions, type PushOptions, type PushStore, type PushSummary } from './push';
import {
  ORDINARY_PHASE,
  reconcileBounded,
  reconcileStatuses,
  type PhaseMode,
  type ReconcilePlan,
  type ReconcileStore,
} from './reconcile';
import { SAFE_MODE_KEY } from './another-reader';
import { reconcileDue } from './reconcile-schedule';
import { waitingSpan } from './reconcile-windows';
import { refreshReferenceData, type ReferenceStore } from './reference';
import type { SettingsStore, SyncClient } from './ports';
import type { CycleResult } from './poller';

export type CycleStore = ReconcileStore & PushStore & ReferenceStore & SettingsStore;

export interface CycleOptions {
  now: () => Date;
  /** The desk's hotel number: reservations of another hotel are set aside, never acknowledged. */
  partnerId: number;
  push: Omit<PushOptions, 'now' | 'safeMode'>;
  window?: (now: Date) => CheckInWindow;
  /** When this desk started: its first cycle reads the full lists (reconcile-schedule.ts). */
  startedAt?: Date;
  /** How often a bounded reconcile runs (default 30 minutes). */
  reconcileEveryMs?: number;
  /** Overrides the nightly full read: the full lists whenever this long has passed (0: this cycle). */
  fullReadEveryMs?: number;
  referenceEveryMs?: number;
  onPulled?: (summary: PullSummary) => void;
  /** Told after each stored batch how many listed reservations this cycle has read so far. */
  onProgress?: OnProgress;
  /**
   * Runs the heavy part (list → decode → store → acknowledge, and the reconcile lists) elsewhere, e.g.
   * in a worker thread with its own connection, so the app's main thread never waits on an import.
   * Default: in this thread.
   */
  pullPhase?: (
    window: CheckInWindow,
    reconcile: ReconcilePlan | null,
    into: PullSummary,
    mode: PhaseMode,
    onProgress: OnProgress,
  ) => Promise<void>;
  /** One line for the desk's log (the sign of another reader). */
  log?: (line: string) => void;
  /**
   * Runs the cycle's push as the desk's one push at a time (Desk.exclusivePush): a push started after a decision
   * and the cycle's must never run together. Default: at once.
   */
  exclusivePush?: <T>(push: () => Promise<T>) => Promise<T>;
}

export interface CycleReport extends CycleResult {
  pulled: PullSummary;
  pushed: PushSummary | null;
}

/** The last full read of the lists (the name predates the bounded reconcile). */
const RECONCILE_KEY = 'sync.lastReconcileAt';
const BOUNDED_KEY = 'sync.lastBoundedReconcileAt';
/** When a cycle first went through with this database: before that, failures point at the address. */
export const CONNECTED_KEY = 'sync.connectedAt';
const REFERENCE_KEY = 'sync.lastReferenceAt';

const due = (last: string | null, everyMs: number, now: Date): boolean =>
  last === null || now.getTime() - Date.parse(last) >= everyMs;

export async function runCycle(
  client: SyncClient,
  store: CycleStore,
  options: CycleOptions,
): Promise<CycleReport> {
  const now = options.now();
  const window = (options.window ?? checkInWindow)(now);
  const pulled = emptySummary();
  let pushed: PushSummary | null = null;
  try {
    // The desk's own connection first: a worker's pull opens the path afresh and would fill a new file
    // while this one, which the window reads and decisions go to, is gone.
    store.localFile?.checkDatabaseFile();
    const lastReference = await store.getSetting<string | null>(REFERENCE_KEY, null);
    if (due(lastReference, options.referenceEveryMs ?? 86_400_000, now)) {
      await refreshReferenceData(client, store);
      await store.setSetting(REFERENCE_KEY, now.toISOString());
    }
    // Read once: the receptionist's switch takes effect at the next cycle, never halfway through one.
    const mode: PhaseMode = {
      safeMode: (await store.getSetting<boolean>(SAFE_MODE_KEY, false)) === true,
      watchForReader: (await store.getSetting<string | null>(CONNECTED_KEY, null)) !== null,
    };
    const push = () =>
      pushDecisions(client, store, { ...options.push, now: options.now, safeMode: mode.safeMode });
    pushed = await (options.exclusivePush ? options.exclusivePush(push) : push());
    const reconcile = await reconcilePlan(store, now, window, options);
    const phase =
      options.pullPhase ??
      (async (w: CheckInWindow, r: ReconcilePlan | null, into: PullSummary, m: PhaseMode, p: OnProgress) => {
        await pullInThisThread(client, store, w, r, options.now, into, options.partnerId, m, options.log, p);
      });
    // Filled in as it goes: what was stored before a failure is still announced (catch below).
    await phase(window, reconcile, pulled, mode, (read) => options.onProgress?.(read));
    if (reconcile)
      await store.setSetting(reconcile.kind === 'full' ? RECONCILE_KEY : BOUNDED_KEY, now.toISOString());
    options.onPulled?.(pulled);
    if ((await store.getSetting<string | null>(CONNECTED_KEY, null)) === null)
      await store.setSetting(CONNECTED_KEY, now.toISOString());
    // Decisions that failed keep their own error on the decision; the cycle itself succeeded.
    return { reachable: true, error: null, pulled, pushed };
  } catch (error) {
    options.onPulled?.(pulled);
    const kind = options.push.classify(error);
    return {
      reachable: kind !== 'network',
      error: options.push.describe(error),
      waitMs: options.push.waitAsked?.(error) ?? null,
      pulled,
      pushed,
    };
  }
}

/** Which reconcile this cycle runs, if any; a bounded one with the windows of what is undecided now. */
async function reconcilePlan(
  store: CycleStore,
  now: Date,
  window: CheckInWindow,
  options: CycleOptions,
): Promise<ReconcilePlan | null> {
  const kind = reconcileDue(
    now,
    await store.getSetting<string | null>(RECONCILE_KEY, null),
    await store.getSetting<string | null>(BOUNDED_KEY, null),
    {
      startedAt: options.startedAt ?? new Date(0),
      ...(options.reconcileEveryMs === undefined ? {} : { boundedEveryMs: options.reconcileEveryMs }),
      ...(options.fullReadEveryMs === undefined ? {} : { fullEveryMs: options.fullReadEveryMs }),
    },
  );
  if (kind === null) return null;
  if (kind === 'full') return { kind };
  return { kind, windows: waitingSpan(await store.reconcileDays(window.checkInStart, window.checkInEnd)) };
}

/**
 * The incremental pull, or, when due, the reconcile lists instead (they hold everything the pull would
 * bring, see reconcile.ts): the part a worker thread may take over.
 */
export async function pullInThisThread(
  client: SyncClient,
  store: ReconcileStore & SettingsStore,
  window: CheckInWindow,
  reconcile: ReconcilePlan | null,
  now: () => Date,
  into: PullSummary,
  partnerId: number,
  mode: PhaseMode = ORDINARY_PHASE,
  log?: (line: string) => void,
  onProgress?: OnProgress,
): Promise<PullSummary> {
  const options = { window, now, partnerId, safeMode: mode.safeMode, onProgress };
  if (reconcile === null) return pullReservations(client, store, options, into);
  // A full read replaces the pull, so nothing it stores says the pull missed it: never watched.
  if (reconcile.kind === 'full') return reconcileStatuses(client, store, options, into);
  const watch = mode.watchForReader ? { store, now, log } : undefined;
  return reconcileBounded(client, store, reconcile.windows, { ...options, watch }, into);
}
