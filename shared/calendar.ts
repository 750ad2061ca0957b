// Calendar-date arithmetic, in one place for every layer: dates are the hotel's local
// 'YYYY-MM-DD' strings, never moved through a time zone. In that form string order is date order, so most
// code compares them directly; what needs arithmetic comes here. The practice service keeps its own
// copy on purpose (it shares no code with the client).
import type { CalendarDate } from './domain';

const DAY_MS = 86_400_000;
const startsWithDate = /^\d{4}-\d{2}-\d{2}/;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The PC's calendar day (the reception PC runs on the hotel's clock). */
export function localDate(now: Date): CalendarDate {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The date `days` whole days later (earlier when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y = 0, m = 1, d = 1] = date.slice(0, 10).split('-').map(Number);
  // Noon UTC keeps day arithmetic away from any daylight-saving edge.
  const t = new Date(Date.UTC(y, m - 1, d, 12) + days * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The month 'YYYY-MM' `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - start) / DAY_MS);
}

/** The day as 'YYYY-MM-DD' when year, month and day name a real one (30 February does not), else null. */
export function calendarDateOf(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const t = new Date(Date.UTC(year, month - 1, day));
  if (t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Whether the text is exactly a real day written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && calendarDateOf(Number(m[1]), Number(m[2]), Number(m[3])) === text;
}

/**
 * Whether the text is a month written 'YYYY-MM' of a year a hotel's figures can be in (2000–2999): a window of
 * months after it stays within four-digit years, which every date here is written in.
 */
export const isMonth = (text: string): boolean => /^2\d{3}-(0[1-9]|1[0-2])$/.test(text);

/** Whether the text starts with a 'YYYY-MM-DD' date (a LocalDateTime does too). */
export const startsWithCalendarDate = (text: string): boolean => startsWithDate.test(text);

/** YYYYMMDD of a text that starts with a calendar date (check startsWithCalendarDate first): the same order as the dates, compared as integers. */
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
