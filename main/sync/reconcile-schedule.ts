// When a cycle reconciles, and how. The full lists (waiting, E, H over the whole window) are
// the only read that sees everything, answered reservations' late changes included, but at a hotel's size
// they are megabytes: so they are read at start (unless read within the bounded interval, a restart
// does not repeat them), once a night at a quiet hour, and after a day without one (a desk that is off at
// night). In between, every BOUNDED_EVERY_MS, a bounded reconcile reads the same lists only over the days
// where something is still undecided (reconcile-windows.ts).
export type ReconcileKind = 'full' | 'bounded';

export interface ReconcileSchedule {
  /** When this desk (process) started: the first cycle after it reads the full lists. */
  startedAt: Date;
  boundedEveryMs?: number;
  /** Overrides the nightly rule: the full lists whenever this long has passed (0: now). */
  fullEveryMs?: number;
}

export const BOUNDED_EVERY_MS = 30 * 60_000;
/** Hotel-local hour the nightly full read starts at; the night audit is over, arrivals have not begun. */
export const QUIET_HOUR = 3;
/** The quiet hour's span: a desk polling at all between 03:00 and 06:00 reads once. */
const QUIET_HOURS = 3;
/** Two full reads are at least this far apart through the quiet-hour rule (once a night). */
const NIGHT_GAP_MS = 12 * 3_600_000;
/** A desk that missed the quiet hour reads the full lists once this long has passed anyway. */
const LONGEST_WITHOUT_FULL_MS = 26 * 3_600_000;

const age = (now: Date, last: string | null): number =>
  last === null ? Number.POSITIVE_INFINITY : now.getTime() - Date.parse(last);

export function reconcileDue(
  now: Date,
  lastFull: string | null,
  lastBounded: string | null,
  schedule: ReconcileSchedule,
): ReconcileKind | null {
  const boundedEvery = schedule.boundedEveryMs ?? BOUNDED_EVERY_MS;
  const sinceFull = age(now, lastFull);
  if (schedule.fullEveryMs !== undefined) {
    if (sinceFull >= schedule.fullEveryMs) return 'full';
  } else {
    if (sinceFull >= LONGEST_WITHOUT_FULL_MS) return 'full';
    // Hotel-local: the desk runs on the hotel's machine, whose clock is the hotel's.
    const hour = now.getHours();
    if (sinceFull >= NIGHT_GAP_MS && hour >= QUIET_HOUR && hour < QUIET_HOUR + QUIET_HOURS) return 'full';
    const fullBeforeStart = lastFull === null || Date.parse(lastFull) < schedule.startedAt.getTime();
    if (fullBeforeStart && sinceFull >= boundedEvery) return 'full';
  }
  return Math.min(sinceFull, age(now, lastBounded)) >= boundedEvery ? 'bounded' : null;
}
