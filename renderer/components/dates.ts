// Calendar days as the desk types and shows them. Values are 'YYYY-MM-DD' strings (the contract's calendar
// dates); what a field shows follows the UI language, never the browser's: dd.MM.yyyy in Turkish,
// yyyy-MM-dd in English (no month-first order that a Turkish reader could take the wrong way round).
import type { UiLanguage } from '../../shared/domain';
import { calendarDateOf, localDate } from '../../shared/calendar';

// Date arithmetic lives in shared/calendar.ts; the screens take it from here with the field helpers.
export { addDays } from '../../shared/calendar';

/** The PC's calendar day (the reception PC runs on the hotel's clock), 'YYYY-MM-DD'. */
export const todayIso = (now: Date = new Date()): string => localDate(now);

/** The pattern a date field shows, to say in its label or placeholder. */
export const datePattern = (language: UiLanguage): string =>
  language === 'tr' ? 'gg.aa.yyyy' : 'yyyy-mm-dd';

/** 'YYYY-MM-DD' → what the field shows: 12.07.2026 (tr), 2026-07-12 (en). */
export function showDate(iso: string, language: UiLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return language === 'tr' ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/**
 * What was typed → 'YYYY-MM-DD', '' for an empty field, null when it is no real day. Both languages take
 * year-first (2026-07-12) and day-first with dots, slashes or dashes (12.07.2026, 12/7/2026, 12-07-26);
 * a two-digit year is 20yy. Day-first is never read month-first, whatever the browser's language.
 */
export function parseTypedDate(text: string): string | null {
  const s = text.trim();
  if (s === '') return '';
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(s);
  if (m) return calendarDateOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-./ ](\d{1,2})[-./ ](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const year = m[3]?.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return calendarDateOf(year, Number(m[2]), Number(m[1]));
  }
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (m) return calendarDateOf(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}
