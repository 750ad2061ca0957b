// When to remind the desk that reservations are still waiting for an answer. Pure schedule logic: the
// shell asks `core.waitingSince(cutoff)` once a minute and feeds the count here.
export interface ReminderState {
  /** When the last reminder was raised (ms since epoch), null if none yet for this backlog. */
  lastAt: number | null;
  /** How many were overdue at the last reminder. */
  lastCount: number;
}

export const NO_REMINDER: ReminderState = { lastAt: null, lastCount: 0 };

export interface ReminderCheck {
  now: Date;
  /** Waiting reservations received before `overdueCutoff(now, afterMinutes)`. */
  overdue: number;
  afterMinutes: number;
  /** Repeat the reminder for the same backlog at most this often. */
  repeatMinutes: number;
}

const MINUTE = 60_000;
/** Even a growing backlog reminds at most this often, so a busy morning is not one pop-up a minute. */
export const MIN_GAP_MINUTES = 5;

/** Reservations received before this instant have waited longer than `afterMinutes`. */
export const overdueCutoff = (now: Date, afterMinutes: number): Date =>
  new Date(now.getTime() - afterMinutes * MINUTE);

/**
 * Remind when more reservations are overdue than at the last reminder (at most every MIN_GAP_MINUTES),
 * or when the same backlog is still there after `repeatMinutes`. Answering everything resets the schedule.
 */
export function reminderDue(
  state: ReminderState,
  check: ReminderCheck,
): { remind: boolean; state: ReminderState } {
  if (check.afterMinutes <= 0 || check.overdue <= 0) return { remind: false, state: NO_REMINDER };
  const now = check.now.getTime();
  const sinceLast = state.lastAt === null ? Infinity : now - state.lastAt;
  const grew = check.overdue > state.lastCount && sinceLast >= MIN_GAP_MINUTES * MINUTE;
  const stale = sinceLast >= check.repeatMinutes * MINUTE;
  if (grew || stale) return { remind: true, state: { lastAt: now, lastCount: check.overdue } };
  // Some were answered: remember the smaller backlog so a new arrival counts as growth again.
  return {
    remind: false,
    state: { lastAt: state.lastAt, lastCount: Math.min(state.lastCount, check.overdue) },
  };
}
