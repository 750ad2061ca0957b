// How a version's snapshot is stored. A version row is written for every LogId, so the snapshot is the
// bulk of the database and of an import's work.
//
// Format 2, when the Reservation is exactly what the exchange client decoded from an item (it carries the
// item's text as `itemJson`): the item itself, as the JSON object it came as ({...}). The item is the one
// thing stored anyway (unknown fields kept), so the typed fields are not written a second time, and a JSON
// item is saved as the very text received, without serializing it again (import about a quarter faster).
//
// Format 2 is read by the store's own reader (stored-item.ts), frozen with the format: stored items are
// history, and a later exchange client may decode the wire differently without touching them
// (test/unit/store/snapshot.test.ts holds the reader to the wire decoder and to items stored earlier).
//
// Format 1, for any other Reservation (built by hand, or changed after decoding): a JSON array of values
// in the frozen orders below, which stays readable forever:
//
//   [1, [reservation values...], [[guest values...], ...], raw]
//
// Frozen: when Reservation or Guest gain a field, format 2 needs nothing; format 1 keeps these lists.
import type { Guest, Reservation } from '../../shared/domain';
import { readStoredItem } from './stored-item';
import { isStoredItem } from './stored-item-fields';

const reservationFields1 = [
  'keyField',
  'logId',
  'serviceId',
  'pmsStatus',
  'confirmationStatus',
  'confirmationNo',
  'confirmDate',
  'confirmeNote',
  'agencyId',
  'agencyName',
  'hotelId',
  'hotelName',
  'stayHotelName',
  'originalHotelCode',
  'partnerId',
  'tourOpCode',
  'tourOpName',
  'voucherNo',
  'checkIn',
  'checkOut',
  'nights',
  'roomId',
  'roomName',
  'roomNo',
  'roomTypeId',
  'roomTypeName',
  'accomId',
  'accomName',
  'roomCount',
  'adults',
  'childs',
  'infants',
  'pax',
  'extraBed',
  'fisNo',
  'freeOfCharge',
  'honeyMoon',
  'promosyonRoom',
  'quotaType',
  'reservationStatus',
  'lastChangeUser',
  'note',
  'sellDate',
  'soldCurrency',
  'soldPrice',
] as const;
const guestFields1 = [
  'name',
  'title',
  'age',
  'birthDate',
  'nationality',
  'nationalityString',
  'arrival',
  'arrivalTime',
  'departure',
  'departureTime',
  'musNo',
  'musTakipNo',
  'reservationKeyField',
] as const;

// Compile-time: format 1 covers every field the domain has today.
type Missing<T, L extends readonly string[]> = Exclude<keyof T, L[number]>;
type ReservationFields = Omit<Reservation, 'guests' | 'raw' | 'itemJson'>;
const coversReservation: [Missing<ReservationFields, typeof reservationFields1>] extends [never]
  ? true
  : never = true;
const coversGuest: [Missing<Guest, typeof guestFields1>] extends [never] ? true : never = true;
void coversReservation;
void coversGuest;

/** Encodes a version: format 2 when `r` is a decoded item, else format 1. */
export function encodeSnapshot(r: Reservation): string {
  if (r.itemJson !== undefined) return r.itemJson;
  const rawJson = JSON.stringify(r.raw);
  const values = reservationFields1.map((f) => r[f]);
  const guests = r.guests.map((g) => guestFields1.map((f) => g[f]));
  return `[1,${JSON.stringify(values)},${JSON.stringify(guests)},${rawJson}]`;
}

function zip(fields: readonly string[], values: unknown): Record<string, unknown> {
  const list = Array.isArray(values) ? values : [];
  return Object.fromEntries(fields.map((f, i) => [f, list[i] ?? null]));
}

export class SnapshotFormatError extends Error {
  constructor() {
    super('A stored reservation version could not be read. Restore a backup, or ask for support.');
    this.name = 'SnapshotFormatError';
  }
}

/** The raw item of a version, without decoding the rest. */
export function rawOfSnapshot(json: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(json);
  if (isStoredItem(parsed)) return parsed;
  return decodeSnapshot(json).raw;
}

export function decodeSnapshot(json: string): Reservation {
  const parsed: unknown = JSON.parse(json);
  if (isStoredItem(parsed)) {
    try {
      return readStoredItem(parsed);
    } catch {
      // It was decoded this way when it arrived: failing now means the stored text is damaged.
      throw new SnapshotFormatError();
    }
  }
  if (!Array.isArray(parsed) || parsed[0] !== 1) throw new SnapshotFormatError();
  const [, values, guests, raw] = parsed as [1, unknown, unknown, unknown];
  // Written only by encodeSnapshot from a typed Reservation: the shapes are known to match.
  const reservation = zip(reservationFields1, values) as unknown as ReservationFields;
  const guestList = (Array.isArray(guests) ? guests : []).map(
    (g) => zip(guestFields1, g) as unknown as Guest,
  );
  const rawObject =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return { ...reservation, guests: guestList, raw: rawObject };
}
