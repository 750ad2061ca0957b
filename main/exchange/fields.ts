// Typed reading of single fields from a WireValue item. XML gives every leaf as a string and JSON gives
// numbers and booleans, so each reader accepts both. Absent or nil values take the field's empty value;
// a value that is present but of the wrong shape is a FieldError (the item is not what the spec says).
import { isWireObject, type WireObject, type WireValue } from './wire-value';
import { LONGEST_CODE, shortenedName, type CalendarDate, type LocalDateTime } from '../../shared/domain';

export class FieldError extends Error {
  override name = 'FieldError';
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(`${field} should be ${expected}`);
  }
}

/** The field under its spec name, or its camelCase spelling (some JSON serializers use that). */
export function field(item: WireObject, name: string): WireValue | undefined {
  // Spec names are PascalCase, so they never meet Object.prototype members.
  const value = item[name];
  if (value !== undefined) return value;
  const camel = name.charAt(0).toLowerCase() + name.slice(1);
  return Object.prototype.hasOwnProperty.call(item, camel) ? item[camel] : undefined;
}

export function text(item: WireObject, name: string): string {
  return textOrNull(item, name) ?? '';
}

/**
 * A text either store can hold: PostgreSQL refuses a NUL in text (and the whole page with it), and half a UTF-16
 * pair has no UTF-8; each becomes U+FFFD. The item's own text, kept as its version, keeps what came.
 */
function storable(value: string): string {
  return value.isWellFormed() && !value.includes('\u0000')
    ? value
    : value.toWellFormed().replaceAll('\u0000', '\uFFFD');
}

export function textOrNull(item: WireObject, name: string): string | null {
  const value = field(item, name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return storable(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An XML element holding only attributes or an empty JSON object reads as empty text.
  if (isWireObject(value) && Object.keys(value).length === 0) return '';
  throw new FieldError(name, 'text');
}

export function requiredText(item: WireObject, name: string): string {
  const value = textOrNull(item, name);
  if (value === null || value.trim() === '') throw new FieldError(name, 'present');
  return value;
}

/** A code: text of at most LONGEST_CODE characters ('' when absent); a longer one is broken (domain). */
export function code(item: WireObject, name: string): string {
  const value = text(item, name);
  if (value.length > LONGEST_CODE) throw new FieldError(name, `text of at most ${LONGEST_CODE} characters`);
  return value;
}

/**
 * A name people read that is indexed as a code (an agency's), shortened past LONGEST_CODE (shortenedName): a name
 * that long tells no person more, and refusing it would refuse the whole list it came in.
 */
export function shortName(item: WireObject, name: string): string {
  return shortenedName(text(item, name));
}

/** A code that must be present. */
export function requiredCode(item: WireObject, name: string): string {
  const value = code(item, name);
  if (value.trim() === '') throw new FieldError(name, 'present');
  return value;
}

const INTEGER = /^\s*[-+]?\d{1,15}\s*$/;
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

export function intOrNull(item: WireObject, name: string): number | null {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && INTEGER.test(value)) return Number(value);
  throw new FieldError(name, 'a whole number');
}

export const int = (item: WireObject, name: string): number => intOrNull(item, name) ?? 0;

export function requiredInt(item: WireObject, name: string): number {
  const value = intOrNull(item, name);
  if (value === null) throw new FieldError(name, 'present');
  return value;
}

export function decimal(item: WireObject, name: string): number {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && DECIMAL.test(value)) {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw new FieldError(name, 'a number');
}

export function boolOrNull(value: WireValue | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  if (typeof value === 'number') return value !== 0;
  return null;
}

// Howard Hinnant's days-to-civil: turns a day count into a calendar date with integer arithmetic only,
// so no Date object and no machine time zone is ever involved.
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [era * 400 + yoe + (month <= 2 ? 1 : 0), month, day];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Old .NET JSON dates, "/Date(1499212800000+0300)/": the instant plus its offset gives the wall clock. */
function fromDotNetJsonDate(value: string): LocalDateTime | null {
  const match = /^\/Date\((-?\d{1,15})([+-]\d{4})?\)\/$/.exec(value.trim());
  if (!match) return null;
  const offset = match[2]
    ? (match[2][0] === '-' ? -1 : 1) * (Number(match[2].slice(1, 3)) * 60 + Number(match[2].slice(3)))
    : 0;
  const totalSeconds = Math.floor(Number(match[1]) / 1000) + offset * 60;
  const days = Math.floor(totalSeconds / 86400);
  const secondOfDay = totalSeconds - days * 86400;
  const [y, m, d] = civilFromDays(days);
  const time = `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor(secondOfDay / 60) % 60)}:${pad(secondOfDay % 60)}`;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}T${time}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** 30 February, 31 April and day 0 are not dates: such a value would be shown as another day. */
function isRealDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return d <= days;
}

/** Wall-clock text 'YYYY-MM-DDTHH:mm:ss', by slicing the wire text. Any zone suffix is ignored, not applied. */
const FULL_WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d/;

function wallClock(name: string, value: string): LocalDateTime {
  // The usual shape, tested without building a match: every reservation carries several dates. The day
  // is checked against its month (the pattern allows 31 everywhere) only where it could be wrong.
  if (FULL_WALL_CLOCK.test(value)) {
    const day = Number(value.slice(8, 10));
    if (day <= 28 || isRealDay(Number(value.slice(0, 4)), Number(value.slice(5, 7)), day))
      return value.slice(0, 19);
    throw new FieldError(name, 'a real calendar date');
  }
  const match = ISO.exec(value.trim());
  if (!match) {
    const legacy = fromDotNetJsonDate(value);
    if (legacy) return legacy;
    throw new FieldError(name, 'a date');
  }
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  if (!isRealDay(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    throw new FieldError(name, 'a real calendar date');
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
}

export function localDateTime(item: WireObject, name: string): LocalDateTime | null {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new FieldError(name, 'a date');
  const result = wallClock(name, value);
  // DateTime.MinValue is how .NET writes "no date" in a field that is not nullable.
  return result.startsWith('0001-01-01') ? null : result;
}

/** Stays begin and end within these years; anything else is a broken value, not a booking. */
const STAY_YEARS = { min: 2000, max: 2199 };

export function calendarDate(item: WireObject, name: string): CalendarDate {
  const value = field(item, name);
  if (typeof value !== 'string' || value === '') throw new FieldError(name, 'a date');
  const date = wallClock(name, value).slice(0, 10);
  const year = Number(date.slice(0, 4));
  if (year < STAY_YEARS.min || year > STAY_YEARS.max)
    throw new FieldError(name, `a date between ${STAY_YEARS.min} and ${STAY_YEARS.max}`);
  return date;
}

/**
 * A count or amount the desk will act on, within sane bounds: a RoomCount of 999999999999999 is not a
 * booking, and building one export line per room of it would exhaust memory.
 */
export function intWithin(item: WireObject, name: string, min: number, max: number): number {
  const value = int(item, name);
  if (value < min || value > max) throw new FieldError(name, `a whole number from ${min} to ${max}`);
  return value;
}

export function decimalWithin(item: WireObject, name: string, min: number, max: number): number {
  const value = decimal(item, name);
  if (value < min || value > max) throw new FieldError(name, `a number from ${min} to ${max}`);
  return value;
}

/**
 * The elements of a collection, whatever it looks like on the wire: a JSON array, nothing, or an XML
 * container element, whose children may have any name and collapse to one object when there is one.
 */
export function listItems(value: WireValue | undefined, name: string): WireValue[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' && value.trim() === '') return [];
  if (!isWireObject(value)) throw new FieldError(name, 'a list');
  const keys = Object.keys(value);
  const isContainer =
    keys.length === 1 || keys.every((key) => typeof value[key] === 'object' && value[key] !== null);
  if (!isContainer) return [value];
  const items: WireValue[] = [];
  for (const key of keys) {
    const child = value[key] ?? null;
    if (Array.isArray(child)) for (const element of child) items.push(element);
    else items.push(child);
  }
  return items;
}

export function asObject(value: WireValue | undefined, name: string): WireObject {
  if (!isWireObject(value)) throw new FieldError(name, 'an object');
  return value;
}
