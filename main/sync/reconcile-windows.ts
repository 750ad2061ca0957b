// Which check-in windows a bounded reconcile reads. The service filters a list by check-in
// range, agency and status, nothing finer: there is no "these keys" query and no change feed. So the desk
// asks for the days on which it still holds something undecided, and nothing else.
//
// The waiting list (waitingSpan) is read in one window from the first undecided day to the last: between
// them it holds only what is waiting at the service, which is what the desk holds undecided (the pull has
// just brought anything new), so a gap costs nothing and one request is cheapest.
//
// The E and H lists (planWindows) are read only over the days of reservations that left the waiting list.
// There a gap costs every settled reservation in it, twice: one window per day would be the fewest
// reservations but the most requests, one window over all of them the fewest requests but every answered
// reservation in between again. Adjacent windows are joined while the reservations the desk already holds
// in the gap cost less than the requests joining saves, and always down to MAX_WINDOWS.
import type { CalendarDate } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';

/** A list read of a bounded reconcile: a check-in range, and the agency when only one has business there. */
export interface ListWindow extends CheckInWindow {
  agencyId?: string;
}

/** The desk's reservations on one check-in day: how many are still undecided, and by which agencies. */
export interface DayLoad {
  day: CalendarDate;
  undecided: number;
  /** Reservations the desk holds that day whose answer it knows (E, H): what a window reads for nothing. */
  settled: number;
  agencies: readonly string[];
}

/** Lists a window of answered-elsewhere days is read in: E and H. */
export const LISTS_PER_WINDOW = 2;
/**
 * What one list request costs, in reservations on the wire: its headers both ways (~0.6 KB with the
 * token) and a round trip on a 300 ms line, against ~0.2 KB for a compressed reservation (~3 KB plain).
 */
export const REQUEST_COST = 4;
/** However scattered the days, a reconcile sends at most this many E/H windows (× 2 lists). */
export const MAX_WINDOWS = 48;

interface Span {
  start: CalendarDate;
  end: CalendarDate;
  /** Settled reservations inside the span (read again for nothing). */
  settled: number;
  /** Settled reservations between this span's end and the next span's start. */
  gapAfter: number;
  agencies: Set<string>;
}

/** The waiting list's one window: the first to the last undecided day, for their agency if only one. */
export function waitingSpan(days: readonly DayLoad[]): ListWindow[] {
  const undecided = days.filter((d) => d.undecided > 0).map((d) => d.day);
  if (undecided.length === 0) return [];
  undecided.sort();
  const agencies = new Set(days.flatMap((d) => (d.undecided > 0 ? d.agencies : [])));
  const [only] = agencies;
  return [
    {
      checkInStart: undecided[0] as CalendarDate,
      checkInEnd: undecided.at(-1) as CalendarDate,
      ...(agencies.size === 1 && only !== undefined ? { agencyId: only } : {}),
    },
  ];
}

/**
 * Windows covering every day with something undecided (for E and H: those that left the waiting list). `days` in any order; days with nothing undecided
 * only count for the gaps they sit in.
 */
export function planWindows(days: readonly DayLoad[], maxWindows = MAX_WINDOWS): ListWindow[] {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const spans: Span[] = [];
  let pendingGap = 0;
  for (const d of sorted) {
    if (d.undecided === 0) {
      pendingGap += d.settled;
      continue;
    }
    const last = spans.at(-1);
    if (last) last.gapAfter = pendingGap;
    spans.push({ start: d.day, end: d.day, settled: d.settled, gapAfter: 0, agencies: new Set(d.agencies) });
    pendingGap = 0;
  }
  const joinSaves = LISTS_PER_WINDOW * REQUEST_COST;
  for (;;) {
    let cheapest = -1;
    for (let i = 0; i + 1 < spans.length; i++) {
      const gap = (spans[i] as Span).gapAfter;
      if (cheapest < 0 || gap < (spans[cheapest] as Span).gapAfter) cheapest = i;
    }
    if (cheapest < 0) break;
    const left = spans[cheapest] as Span;
    if (left.gapAfter > joinSaves && spans.length <= maxWindows) break;
    const right = spans[cheapest + 1] as Span;
    left.end = right.end;
    left.settled += left.gapAfter + right.settled;
    left.gapAfter = right.gapAfter;
    for (const agency of right.agencies) left.agencies.add(agency);
    spans.splice(cheapest + 1, 1);
  }
  return spans.map((s) => {
    const [only] = s.agencies;
    return {
      checkInStart: s.start,
      checkInEnd: s.end,
      ...(s.agencies.size === 1 && only !== undefined ? { agencyId: only } : {}),
    };
  });
}
