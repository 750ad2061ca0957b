// Calendar dates stay 'YYYY-MM-DD' strings (hotel-local, never through a zone): in that form string order
// is date order, so most rules compare them directly. The indexes sort and search by a day number
// (YYYYMMDD as an integer: the same order, compared without touching strings).

const DAY_MS = 86_400_000;
const calendarDate = /^\d{4}-\d{2}-\d{2}/;

/** Whether the text starts with a 'YYYY-MM-DD' date (a LocalDateTime does too). */
export const isCalendarDate = (text: string): boolean => calendarDate.test(text);

/** YYYYMMDD of a text that starts with a calendar date (check isCalendarDate first). */
export function dayNumber(date: string): number {
  // Written out: this runs for every guest when the checks are indexed.
  const year =
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48);
  const month = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  return year * 10_000 + month * 100 + (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - start) / DAY_MS);
}

/**
 * The day number of a birth date, or null when unknown. Systems that cannot leave a date empty write
 * their "no date" (0001-01-01, 1900-01-01): a year before 1901 is read as unknown, never as a birthday
 * two strangers could share.
 */
export function birthDay(birthDate: string | null): number | null {
  if (birthDate === null || !calendarDate.test(birthDate)) return null;
  const day = dayNumber(birthDate);
  return day < 1901_00_00 ? null : day;
}
