// The rolling check-in window the desk keeps in sync. The service insists on a check-in range; we ask
// for a little of the past (late changes to guests already in house) and the whole booking horizon.
import type { CalendarDate } from '../../shared/domain';

export interface CheckInWindow {
  checkInStart: CalendarDate;
  checkInEnd: CalendarDate;
}

export const DEFAULT_PAST_DAYS = 30;
export const DEFAULT_FUTURE_DAYS = 500;

/** Calendar arithmetic on the hotel's local date, never through UTC. */
export function localDate(now: Date): CalendarDate {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Noon UTC keeps day arithmetic away from any daylight-saving edge.
  const t = new Date(Date.UTC(y, m - 1, d, 12) + days * 86_400_000);
  return t.toISOString().slice(0, 10);
}

export function checkInWindow(
  now: Date,
  pastDays = DEFAULT_PAST_DAYS,
  futureDays = DEFAULT_FUTURE_DAYS,
): CheckInWindow {
  const today = localDate(now);
  return { checkInStart: addDays(today, -pastDays), checkInEnd: addDays(today, futureDays) };
}
