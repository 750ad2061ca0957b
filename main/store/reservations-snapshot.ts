// How a version's snapshot is stored. A version row is written for every LogId, so the snapshot is the
// bulk of the database: field names repeated in every row made it three times larger and the import
// twice as slow. Format 1 is a JSON array of values in the frozen orders below.
//
//   [1, [reservation values...], [[guest values...], ...], raw]
//
// Frozen: when Reservation or Guest gain a field, add format 2 with the longer lists and keep decoding 1.
import type { Guest, Reservation } from '../../shared/domain';

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
const coversReservation: [Missing<Omit<Reservation, 'guests' | 'raw'>, typeof reservationFields1>] extends [
  never,
]
  ? true
  : never = true;
const coversGuest: [Missing<Guest, typeof guestFields1>] extends [never] ? true : never = true;
void coversReservation;
void coversGuest;

/** Encodes a version; `rawJson` is JSON.stringify(r.raw), already made for the reservations row. */
export function encodeSnapshot(r: Reservation, rawJson: string): string {
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

export function decodeSnapshot(json: string): Reservation {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || parsed[0] !== 1) throw new SnapshotFormatError();
  const [, values, guests, raw] = parsed as [1, unknown, unknown, unknown];
  // Written only by encodeSnapshot from a typed Reservation: the shapes are known to match.
  const reservation = zip(reservationFields1, values) as unknown as Omit<Reservation, 'guests' | 'raw'>;
  const guestList = (Array.isArray(guests) ? guests : []).map(
    (g) => zip(guestFields1, g) as unknown as Guest,
  );
  const rawObject =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return { ...reservation, guests: guestList, raw: rawObject };
}
