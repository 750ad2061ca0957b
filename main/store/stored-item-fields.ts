// Typed reading of single fields of a stored item (snapshot format 2: the service's item as JSON). Frozen
// with the format: a stored item is history, so these rules are the wire decoder's as they were when
// format 2 began, and must keep accepting everything it accepted then, whatever the exchange client's
// decoder does later. XML items were stored as the element read into JSON, so every leaf may be text.
import type { CalendarDate, LocalDateTime } from '../../shared/domain';

export type ItemValue = string | number | boolean | null | ItemValue[] | StoredItem;
export interface StoredItem {
  [field: string]: ItemValue;
}

/** A stored field that the wire decoder would have refused: the stored text is damaged. */
export class StoredItemError extends Error {
  constructor(readonly field: string) {
    super(`The stored item's ${field} cannot be read.`);
    this.name = 'StoredItemError';
  }
}

export const isStoredItem = (value: unknown): value is StoredItem =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field under its spec name, or its camelCase spelling (some JSON serializers use that). */
export function field(item: StoredItem, name: string): ItemValue | undefined {
  const value = item[name];
  if (value !== undefined) return value;
  const camel = name.charAt(0).toLowerCase() + name.slice(1);
  return Object.prototype.hasOwnProperty.call(item, camel) ? item[camel] : undefined;
}

/** The first of a field's spellings the item uses (PartnerId / PaximumId, …); the first when none. */
export function spelledAs(item: StoredItem, spellings: readonly [string, ...string[]]): string {
  for (const name of spellings) if (field(item, name) !== undefined) return name;
  return spellings[0];
}

export function textOrNull(item: StoredItem, name: string): string | null {
  const value = field(item, name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An XML element holding only attributes or an empty JSON object reads as empty text.
  if (isStoredItem(value) && Object.keys(value).length === 0) return '';
  throw new StoredItemError(name);
}

export const text = (item: StoredItem, name: string): string => textOrNull(item, name) ?? '';

export function requiredText(item: StoredItem, name: string): string {
  const value = textOrNull(item, name);
  if (value === null || value.trim() === '') throw new StoredItemError(name);
  return value;
}

const INTEGER = /^\s*[-+]?\d{1,15}\s*$/;
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

export function intOrNull(item: StoredItem, name: string): number | null {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && INTEGER.test(value)) return Number(value);
  throw new StoredItemError(name);
}

export const int = (item: StoredItem, name: string): number => intOrNull(item, name) ?? 0;

export function requiredInt(item: StoredItem, name: string): number {
  const value = intOrNull(item, name);
  if (value === null) throw new StoredItemError(name);
  return value;
}

export function decimal(item: StoredItem, name: string): number {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && DECIMAL.test(value)) {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw new StoredItemError(name);
}

// Howard Hinnant's days-to-civil: a day count to a calendar date with integer arithmetic only, so no
// Date object and no machine time zone is involved.
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

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

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
const FULL_WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d/;

/** Wall-clock text 'YYYY-MM-DDTHH:mm:ss', by slicing the text. Any zone suffix is ignored, not applied. */
function wallClock(name: string, value: string): LocalDateTime {
  if (FULL_WALL_CLOCK.test(value)) return value.slice(0, 19);
  const match = ISO.exec(value.trim());
  if (!match) {
    const legacy = fromDotNetJsonDate(value);
    if (legacy) return legacy;
    throw new StoredItemError(name);
  }
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(d) > 31 ||
    Number(h) > 23 ||
    Number(mi) > 59
  )
    throw new StoredItemError(name);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
}

export function localDateTime(item: StoredItem, name: string): LocalDateTime | null {
  const value = field(item, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new StoredItemError(name);
  const result = wallClock(name, value);
  // DateTime.MinValue is how .NET writes "no date" in a field that is not nullable.
  return result.startsWith('0001-01-01') ? null : result;
}

export function calendarDate(item: StoredItem, name: string): CalendarDate {
  const value = field(item, name);
  if (typeof value !== 'string' || value === '') throw new StoredItemError(name);
  return wallClock(name, value).slice(0, 10);
}

/**
 * The elements of a collection, whatever it looked like on the wire: a JSON array, nothing, or an XML
 * container element, whose children may have any name and collapse to one object when there is one.
 */
export function listItems(value: ItemValue | undefined, name: string): ItemValue[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' && value.trim() === '') return [];
  if (!isStoredItem(value)) throw new StoredItemError(name);
  const keys = Object.keys(value);
  const isContainer =
    keys.length === 1 || keys.every((key) => typeof value[key] === 'object' && value[key] !== null);
  if (!isContainer) return [value];
  const items: ItemValue[] = [];
  for (const key of keys) {
    const child = value[key] ?? null;
    if (Array.isArray(child)) for (const element of child) items.push(element);
    else items.push(child);
  }
  return items;
}
