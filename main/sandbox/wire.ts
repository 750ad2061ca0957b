// The shape of what goes on the wire, independent of XML or JSON: the operations build these values,
// the two encoders write them. Field order is decided by the encoders (DataContract: ordinal order).

export interface WireDateTime {
  readonly kind: 'dateTime';
  /** 'YYYY-MM-DDTHH:mm:ss', no zone. */
  readonly text: string;
}

export interface WireRecord {
  readonly kind: 'record';
  /** The data contract name, e.g. ReservationPms: the XML item element name. */
  readonly type: string;
  readonly fields: Readonly<Record<string, WireValue>>;
}

export interface WireList {
  readonly kind: 'list';
  readonly itemType: string;
  readonly items: readonly WireValue[];
}

/**
 * Text holding characters XML 1.0 forbids, to be written as the live service sometimes does: raw, or as
 * character references (&#x1;). Plain strings never carry them (the XML writer drops them); only the
 * oddities control builds this, so a client can be tested against such an answer.
 */
export interface WireUnsafeText {
  readonly kind: 'unsafeText';
  readonly text: string;
  readonly style: 'raw' | 'reference';
}

export type WireValue =
  string | number | boolean | null | WireDateTime | WireRecord | WireList | WireUnsafeText;

export const dateTime = (text: string | null): WireDateTime | null =>
  text === null ? null : { kind: 'dateTime', text };

export const record = (type: string, fields: Record<string, WireValue>): WireRecord => ({
  kind: 'record',
  type,
  fields,
});

export const list = (itemType: string, items: readonly WireValue[]): WireList => ({
  kind: 'list',
  itemType,
  items,
});

const byOrdinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface FieldOrder {
  readonly written: readonly string[];
  readonly sorted: readonly string[];
}
const fieldOrders = new Map<string, FieldOrder>();

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * DataContract writes members in ordinal order of their names. Records of one type nearly always carry
 * the same members in the same order, so the sorted order is remembered per type instead of sorting per
 * item (a 100k-reservation file would otherwise sort 5 million times).
 */
export function fieldNames(value: WireRecord): readonly string[] {
  const written = Object.keys(value.fields);
  const known = fieldOrders.get(value.type);
  if (known && sameNames(known.written, written)) return known.sorted;
  const sorted = [...written].sort(byOrdinal);
  fieldOrders.set(value.type, { written, sorted });
  return sorted;
}

/** Everything of the ServiceResult envelope except Data. */
export interface EnvelopeMeta {
  /** The item type in the wrapper name ServiceResultOfArrayOf<itemType>. */
  readonly itemType: string;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly infoMessage: string;
  readonly isSuccessful: boolean;
}

export interface Envelope extends EnvelopeMeta {
  /** null on failures: .NET clients really see `"Data":null` / `<Data i:nil="true"/>` there. */
  readonly data: Iterable<WireValue> | null;
}

export type WireFormat = 'json' | 'xml';
