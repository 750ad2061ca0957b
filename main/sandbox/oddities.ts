// One-shot oddities for the next reservation answer (an inline getReservationList or a file download),
// asked for through POST /_sandbox/oddities: an item a client cannot read, or a guest name and note with
// characters XML 1.0 forbids. They change only what goes on the wire for that one answer; the world's
// reservation stays as it was, so the next answer carries it clean again — as a transient glitch of the
// live service would.
import { hotelDateTime } from './calendar';
import type { ReservationRecord } from './reservation';
import { record, type WireFormat, type WireRecord, type WireValue } from './wire';

export const UNREADABLE_VARIANTS = ['garbledNumber', 'missingKeyField', 'missingLogId'] as const;
export const FORBIDDEN_VARIANTS = ['reference', 'raw'] as const;
export type UnreadableVariant = (typeof UNREADABLE_VARIANTS)[number];
export type ForbiddenVariant = (typeof FORBIDDEN_VARIANTS)[number];

export type Oddity =
  | { kind: 'unreadable'; variant: UnreadableVariant; keyField: string | null }
  | { kind: 'forbiddenChars'; variant: ForbiddenVariant; keyField: string | null };

export interface DeliveredOddity {
  kind: Oddity['kind'];
  variant: Oddity['variant'];
  keyField: string;
  logId: number;
  /** The path of the answer that carried it (no query). */
  path: string;
  format: WireFormat;
  at: string;
  /** unreadable: the member garbled or left out. */
  field?: string;
  /** forbiddenChars: the lead guest's name and the note exactly as sent. */
  guestName?: string;
  note?: string;
}

/** What one item of an answer gets, decided before the answer is written. */
export interface PlannedOddity {
  oddity: Oddity;
  guestName: string | null;
  note: string;
}

const UNREADABLE_FIELD: Readonly<Record<UnreadableVariant, string>> = {
  garbledNumber: 'Adults',
  missingKeyField: 'KeyField',
  missingLogId: 'LogId',
};

/** A number a .NET int member cannot hold: what a broken export would write. */
const GARBLED_NUMBER = 'two';

/** U+0001 after the surname: what a paste from a terminal left in a name. */
export function forbiddenName(name: string): string {
  const space = name.indexOf(' ');
  return space < 0 ? `${name}\u0001` : `${name.slice(0, space)}\u0001${name.slice(space)}`;
}

/** A vertical tab (U+000B) from a word processor's line break, then more text. */
export function forbiddenNote(note: string): string {
  return `${note}\u000BLate arrival`;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T | null {
  if (value === undefined || value === null) return fallback;
  return allowed.find((item) => item === value) ?? null;
}

/** Validates a control body; an error sentence when it is not usable. */
export function parseOddity(input: Record<string, unknown>): Oddity | string {
  const keyField = input.keyField ?? null;
  if (keyField !== null && typeof keyField !== 'string') return 'keyField must be a string';
  if (input.kind === 'unreadable') {
    const variant = oneOf(input.variant, UNREADABLE_VARIANTS, 'garbledNumber');
    if (variant === null) return `variant must be one of ${UNREADABLE_VARIANTS.join(', ')}`;
    return { kind: 'unreadable', variant, keyField };
  }
  if (input.kind === 'forbiddenChars') {
    const variant = oneOf(input.variant, FORBIDDEN_VARIANTS, 'reference');
    if (variant === null) return `variant must be one of ${FORBIDDEN_VARIANTS.join(', ')}`;
    return { kind: 'forbiddenChars', variant, keyField };
  }
  return "kind must be 'unreadable' or 'forbiddenChars'";
}

export class NextAnswerOddities {
  private pending: Oddity[] = [];
  readonly delivered: DeliveredOddity[] = [];

  constructor(private readonly now: () => Date) {}

  add(oddity: Oddity): void {
    this.pending.push(oddity);
  }

  clear(): void {
    this.pending = [];
  }

  snapshot(): { pending: readonly Oddity[]; delivered: readonly DeliveredOddity[] } {
    return { pending: [...this.pending], delivered: this.delivered };
  }

  /**
   * Gives each pending oddity its own item of this answer (its keyField's, else the first one not yet
   * taken, in the answer's order) and records it as delivered. An oddity with no item here stays pending.
   */
  plan(items: readonly ReservationRecord[], path: string, format: WireFormat): Map<number, PlannedOddity> {
    const planned = new Map<number, PlannedOddity>();
    if (this.pending.length === 0) return planned;
    const left: Oddity[] = [];
    for (const oddity of this.pending) {
      const index =
        oddity.keyField === null
          ? items.findIndex((_, at) => !planned.has(at))
          : items.findIndex((item, at) => item.keyField === oddity.keyField && !planned.has(at));
      const item = items[index];
      if (!item) {
        left.push(oddity);
        continue;
      }
      const lead = item.guests[0]?.name;
      const guestName = oddity.kind === 'forbiddenChars' && lead !== undefined ? forbiddenName(lead) : null;
      const note = oddity.kind === 'forbiddenChars' ? forbiddenNote(item.note) : item.note;
      planned.set(index, { oddity, guestName, note });
      this.delivered.push({
        kind: oddity.kind,
        variant: oddity.variant,
        keyField: item.keyField,
        logId: item.logId,
        path,
        format,
        at: hotelDateTime(this.now()),
        ...(oddity.kind === 'unreadable'
          ? { field: UNREADABLE_FIELD[oddity.variant] }
          : { guestName: guestName ?? undefined, note }),
      });
    }
    this.pending = left;
    return planned;
  }
}

function withLeadName(customers: WireValue | undefined, name: WireValue): WireValue {
  if (customers === undefined || customers === null || typeof customers !== 'object')
    return customers ?? null;
  if (customers.kind !== 'list') return customers;
  const [lead, ...rest] = customers.items;
  if (lead === undefined || lead === null || typeof lead !== 'object' || lead.kind !== 'record')
    return customers;
  return { ...customers, items: [record(lead.type, { ...lead.fields, Name: name }), ...rest] };
}

/** The wire item as the planned oddity spoils it. */
export function distort(item: WireRecord, planned: PlannedOddity): WireRecord {
  const { oddity } = planned;
  const fields: Record<string, WireValue> = { ...item.fields };
  if (oddity.kind === 'unreadable') {
    const field = UNREADABLE_FIELD[oddity.variant];
    if (oddity.variant === 'garbledNumber') fields[field] = GARBLED_NUMBER;
    else delete fields[field];
    return record(item.type, fields);
  }
  const style = oddity.variant;
  fields.Note = { kind: 'unsafeText', text: planned.note, style };
  if (planned.guestName !== null) {
    fields.Customers = withLeadName(fields.Customers, { kind: 'unsafeText', text: planned.guestName, style });
  }
  return record(item.type, fields);
}
