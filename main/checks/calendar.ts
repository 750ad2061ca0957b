// Calendar dates stay 'YYYY-MM-DD' strings (hotel-local, never through a zone): in that form string order
// is date order, so the rules compare them directly and only count days when a check reports them.

const DAY_MS = 86_400_000;
const calendarDate = /^\d{4}-\d{2}-\d{2}/;

/** Whether the text starts with a 'YYYY-MM-DD' date (a LocalDateTime does too). */
export const isCalendarDate = (text: string): boolean => calendarDate.test(text);

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
}

/**
 * The calendar day of a birth date, or null when unknown. Systems that cannot leave a date empty write
 * their "no date" (0001-01-01, 1900-01-01): a year before 1901 is read as unknown, never as a birthday
 * two strangers could share.
 */
export function birthDay(birthDate: string | null): string | null {
  if (birthDate === null || !calendarDate.test(birthDate)) return null;
  return birthDate.slice(0, 4) < '1901' ? null : birthDate.slice(0, 10);
}
