// Birth dates as the checks read them. Date arithmetic itself lives in shared/calendar.ts.
import { dayNumber, startsWithCalendarDate } from '../../shared/calendar';

/**
 * The day number of a birth date, or null when unknown. Systems that cannot leave a date empty write
 * their "no date" (0001-01-01, 1900-01-01): a year before 1901 is read as unknown, never as a birthday
 * two strangers could share.
 */
export function birthDay(birthDate: string | null): number | null {
  if (birthDate === null || !startsWithCalendarDate(birthDate)) return null;
  const day = dayNumber(birthDate);
  return day < 1901_00_00 ? null : day;
}
