// Dates in the UI language's own format (Turkish: dd.MM.yyyy). Calendar dates from the service are hotel-local
// values, so they are formatted in UTC from their parts and never shifted through the PC's time zone.
import type { UiLanguage } from '../../shared/domain';

const locale = (language: UiLanguage): string => (language === 'tr' ? 'tr-TR' : 'en-GB');
const calendarPattern = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The date at midnight UTC, or null when the text is no real date. Date.UTC would roll 30 February over to
 * 1 March and read the years 0–99 as 1900–1999: such a value is shown as it came instead.
 */
function calendarParts(date: string): Date | null {
  const m = calendarPattern.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(0);
  day.setUTCFullYear(y, mo, d);
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo && day.getUTCDate() === d ? day : null;
}

const long: Record<UiLanguage, Intl.DateTimeFormatOptions> = {
  tr: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  en: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
};
const short: Record<UiLanguage, Intl.DateTimeFormatOptions> = {
  tr: { day: '2-digit', month: '2-digit', timeZone: 'UTC' },
  en: { day: 'numeric', month: 'short', timeZone: 'UTC' },
};

/** 2026-07-12 → 12.07.2026 (tr) / 12 Jul 2026 (en). Anything else is shown as it came. */
export function formatDate(date: string | null | undefined, language: UiLanguage): string {
  if (!date) return '';
  const d = calendarParts(date);
  if (!d) return date;
  // Years before 1000 (a broken value, shown as it is) keep four digits: 0001, not 1.
  return new Intl.DateTimeFormat(locale(language), long[language])
    .formatToParts(d)
    .map((p) => (p.type === 'year' ? p.value.padStart(4, '0') : p.value))
    .join('');
}

/** 2026-07-12 → 12.07 (tr) / 12 Jul (en), for compact rows and diffs. */
export function formatShortDate(date: string, language: UiLanguage): string {
  const d = calendarParts(date);
  if (!d) return date;
  const parts = new Intl.DateTimeFormat(locale(language), short[language]).formatToParts(d);
  // Intl writes a day-month without year as 12/07 in Turkish; the desk's convention is 12.07.
  if (language === 'tr')
    return ['day', 'month'].map((type) => parts.find((p) => p.type === type)?.value).join('.');
  return parts.map((p) => p.value).join('');
}

/** A wall-clock time from the service ('2026-07-12T14:30:00', no zone) → 14:30. */
export function formatLocalTime(value: string | null): string {
  if (!value) return '';
  const m = /T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[1]}:${m[2]}` : '';
}

/** An instant on this desk (ISO with zone) → time today, or date and time otherwise. */
export function formatInstant(
  iso: string | null | undefined,
  language: UiLanguage,
  now: Date = new Date(),
): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit' }).format(d);
  if (d.toDateString() === now.toDateString()) return time;
  const day = new Intl.DateTimeFormat(locale(language), {
    day: '2-digit',
    month: language === 'tr' ? '2-digit' : 'short',
    year: 'numeric',
  }).format(d);
  return `${day} ${time}`;
}

/**
 * A value in a version diff: calendar dates get the UI format, an amount with its currency is money
 * ("1.155 EUR" in Turkish, "EUR 1,155" in English), everything else stays as sent.
 */
export function formatChangeValue(
  value: string | null,
  language: UiLanguage,
  currency?: string | null,
): string {
  if (value === null || value === '') return '—';
  if (currency !== undefined && /^-?\d+(\.\d+)?$/.test(value))
    return formatChangeAmount(Number(value), currency ?? '', language);
  return calendarPattern.test(value) && value.length <= 19 ? formatShortDate(value, language) : value;
}

/**
 * An amount in a change summary: thousands separated as the language writes them, decimals only when
 * there are any, and the currency's code where a receptionist reads it (Turkish after the number, as
 * hotels write prices; English as Intl places it). Without a real currency code, the number alone.
 */
export function formatChangeAmount(amount: number, currency: string, language: UiLanguage): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  const number = { minimumFractionDigits: fraction, maximumFractionDigits: 2 };
  const plain = new Intl.NumberFormat(locale(language), number).format(amount);
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return `${plain} ${currency.trim()}`.trim();
  if (language === 'tr') return `${plain} ${code}`;
  try {
    return new Intl.NumberFormat(locale(language), {
      ...number,
      style: 'currency',
      currency: code,
      currencyDisplay: 'code',
    })
      .format(amount)
      .replace(/\u00a0/g, ' ');
  } catch {
    return `${plain} ${code}`;
  }
}

export function formatMoney(amount: number, currency: string, language: UiLanguage): string {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : null;
  if (!code) return `${amount.toLocaleString(locale(language))} ${currency}`.trim();
  try {
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toLocaleString(locale(language))} ${code}`;
  }
}

/** A count with thousands separated as the language writes them: 4.000 / 4,000. */
export const formatCount = (n: number, language: UiLanguage): string => n.toLocaleString(locale(language));

/** A calendar date's weekday, short, in the UI language: Pzt / Mon. */
export function formatWeekday(date: string, language: UiLanguage): string {
  const d = calendarParts(date);
  if (!d) return '';
  return new Intl.DateTimeFormat(locale(language), { weekday: 'short', timeZone: 'UTC' }).format(d);
}

/** A month 'YYYY-MM' in words: Haziran 2027 (tr) / June 2027 (en). Anything else is shown as it came. */
export function formatMonth(month: string, language: UiLanguage): string {
  const d = calendarParts(`${month}-01`);
  if (!d) return month;
  return new Intl.DateTimeFormat(locale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}
