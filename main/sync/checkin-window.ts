// The rolling check-in window the desk keeps in sync. The service insists on a check-in range; we ask
// for a little of the past (late changes to guests already in house) and the whole booking horizon.
import type { CalendarDate } from '../../shared/domain';
import { addDays, localDate } from '../../shared/calendar';

export interface CheckInWindow {
  checkInStart: CalendarDate;
  checkInEnd: CalendarDate;
}

export const DEFAULT_PAST_DAYS = 30;
export const DEFAULT_FUTURE_DAYS = 500;

export function checkInWindow(
  now: Date,
  pastDays = DEFAULT_PAST_DAYS,
  futureDays = DEFAULT_FUTURE_DAYS,
): CheckInWindow {
  const today = localDate(now);
  return { checkInStart: addDays(today, -pastDays), checkInEnd: addDays(today, futureDays) };
}
