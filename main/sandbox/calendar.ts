// The service speaks hotel-local wall-clock time (Turkey, UTC+03:00 all year since 2016) and never
// sends a zone. Calendar dates are kept as 'YYYY-MM-DD' strings so nothing shifts them through UTC.

const HOTEL_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** 'YYYY-MM-DDTHH:mm:ss' of an instant, on the hotel's wall clock. */
export function hotelDateTime(instant: Date): string {
  return new Date(instant.getTime() + HOTEL_OFFSET_MS).toISOString().slice(0, 19);
}

/** 'YYYY-MM-DD' of an instant, on the hotel's calendar. */
export function hotelToday(instant: Date): string {
  return hotelDateTime(instant).slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The wire form of a calendar date: midnight, no zone. */
export const wireDate = (date: string): string => `${date}T00:00:00`;

/** A real calendar date 'YYYY-MM-DD', or null. */
export function parseIsoDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The request form `MM.dd.yyyy` (one-digit month/day tolerated, as .NET's parser does), or null. */
export function parseRequestDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  return validDate(Number(match[3]), Number(match[1]), Number(match[2]));
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}
