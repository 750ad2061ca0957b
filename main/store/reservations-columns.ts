// The one place that pairs Reservation fields with reservations / guests columns, so the import's
// INSERT and the reads cannot drift apart. The `satisfies` checks make a field added to the domain
// types fail to compile here until it has a column.
import type { Insertable } from 'kysely';
import type { Guest, Reservation } from '../../shared/domain';
import type { ReservationsTable } from './engines/tables-reservations';

export type Scalar = string | number | bigint | null;
export type ReservationColumns = Omit<Reservation, 'guests' | 'raw' | 'itemJson'>;
type Field = keyof ReservationColumns;

const columnOfField = {
  keyField: 'key_field',
  logId: 'log_id',
  serviceId: 'service_id',
  pmsStatus: 'pms_status',
  confirmationStatus: 'confirmation_status',
  confirmationNo: 'confirmation_no',
  confirmDate: 'confirm_date',
  confirmeNote: 'confirme_note',
  agencyId: 'agency_id',
  agencyName: 'agency_name',
  hotelId: 'hotel_id',
  hotelName: 'hotel_name',
  stayHotelName: 'stay_hotel_name',
  originalHotelCode: 'original_hotel_code',
  partnerId: 'partner_id',
  tourOpCode: 'tour_op_code',
  tourOpName: 'tour_op_name',
  voucherNo: 'voucher_no',
  checkIn: 'check_in',
  checkOut: 'check_out',
  nights: 'nights',
  roomId: 'room_id',
  roomName: 'room_name',
  roomNo: 'room_no',
  roomTypeId: 'room_type_id',
  roomTypeName: 'room_type_name',
  accomId: 'accom_id',
  accomName: 'accom_name',
  roomCount: 'room_count',
  adults: 'adults',
  childs: 'childs',
  infants: 'infants',
  pax: 'pax',
  extraBed: 'extra_bed',
  fisNo: 'fis_no',
  freeOfCharge: 'free_of_charge',
  honeyMoon: 'honey_moon',
  promosyonRoom: 'promosyon_room',
  quotaType: 'quota_type',
  reservationStatus: 'reservation_status',
  lastChangeUser: 'last_change_user',
  note: 'note',
  sellDate: 'sell_date',
  soldCurrency: 'sold_currency',
  soldPrice: 'sold_price',
} as const satisfies Record<Field, string>;

const columnOfGuestField = {
  name: 'name',
  title: 'title',
  age: 'age',
  birthDate: 'birth_date',
  nationality: 'nationality',
  nationalityString: 'nationality_string',
  arrival: 'arrival',
  arrivalTime: 'arrival_time',
  departure: 'departure',
  departureTime: 'departure_time',
  musNo: 'mus_no',
  musTakipNo: 'mus_takip_no',
  reservationKeyField: 'reservation_key_field',
} as const satisfies Record<keyof Guest, string>;

const pairs = <K extends string>(o: Record<K, string>): (readonly [K, string])[] =>
  (Object.keys(o) as K[]).map((k) => [k, o[k]] as const);

const reservationFields = pairs<Field>(columnOfField);
const guestFields = pairs<keyof Guest>(columnOfGuestField);

/** The Reservation / Guest fields stored as columns, in column order (the import benchmark's floor uses them). */
export const reservationColumnFields: readonly string[] = reservationFields.map(([f]) => f);
export const guestColumnFields: readonly string[] = guestFields.map(([f]) => f);

/** Columns written from the reservation on every import, after the Reservation fields. */
const derivedColumns = ['change_kind', 'lead_guest', 'arrival_time', 'received_at', 'guests_json'] as const;

export const reservationWriteColumns: readonly string[] = [
  ...reservationFields.map(([, c]) => c),
  ...derivedColumns,
];

// The functions below name every field: read by name, a 20,000 first sync's reads cost some 6 ms, through the field
// lists above (r[field], one lookup site for every field) 40, on every import on both engines. The test of this
// file holds them to the lists' order.

/** A guest's values in the order of guestFields. */
const guestValues = (g: Guest): Scalar[] => [
  g.name,
  g.title,
  g.age,
  g.birthDate,
  g.nationality,
  g.nationalityString,
  g.arrival,
  g.arrivalTime,
  g.departure,
  g.departureTime,
  g.musNo,
  g.musTakipNo,
  g.reservationKeyField,
];

/**
 * A reservation's guests as stored in its row (migration 007): a JSON array with one array of values per
 * guest, in the order of guestFields, which the `guests` view of migration 007 reads by position. Frozen
 * with that view: a Guest field added later is appended here and to a new view in a new migration.
 * One text per reservation instead of a row per guest: the guest rows were a quarter of an import's
 * store time.
 */
export const guestsJson = (guests: readonly Guest[]): string => JSON.stringify(guests.map(guestValues));

/** Bind values in the order of reservationWriteColumns. */
export function reservationValues(r: Reservation, changeKind: string, receivedAt: string): Scalar[] {
  const lead = r.guests[0];
  return [
    r.keyField,
    r.logId,
    r.serviceId,
    r.pmsStatus,
    r.confirmationStatus,
    r.confirmationNo,
    r.confirmDate,
    r.confirmeNote,
    r.agencyId,
    r.agencyName,
    r.hotelId,
    r.hotelName,
    r.stayHotelName,
    r.originalHotelCode,
    r.partnerId,
    r.tourOpCode,
    r.tourOpName,
    r.voucherNo,
    r.checkIn,
    r.checkOut,
    r.nights,
    r.roomId,
    r.roomName,
    r.roomNo,
    r.roomTypeId,
    r.roomTypeName,
    r.accomId,
    r.accomName,
    r.roomCount,
    r.adults,
    r.childs,
    r.infants,
    r.pax,
    r.extraBed,
    r.fisNo,
    r.freeOfCharge,
    r.honeyMoon,
    r.promosyonRoom,
    r.quotaType,
    r.reservationStatus,
    r.lastChangeUser,
    r.note,
    r.sellDate,
    r.soldCurrency,
    r.soldPrice,
    changeKind,
    lead?.name ?? '',
    lead?.arrivalTime ?? null,
    receivedAt,
    guestsJson(r.guests),
  ];
}

/** A reservations row as the import writes it (every column but the id and the decision state). */
type ReservationRow = Required<Omit<Insertable<ReservationsTable>, 'id' | 'decision_state'>>;

type NumberColumn = {
  [C in keyof ReservationRow]: ReservationRow[C] extends number | null ? C : never;
}[keyof ReservationRow];

/**
 * PostgreSQL's type of each number column the import writes (any other is text), for a row read by position from
 * a JSON array. Checked against the table's types: a number column added fails to compile here until it is listed.
 */
export const reservationNumberTypes: Record<NumberColumn, 'bigint' | 'integer' | 'double precision'> = {
  log_id: 'bigint',
  pms_status: 'integer',
  partner_id: 'bigint',
  nights: 'integer',
  room_count: 'integer',
  adults: 'integer',
  childs: 'integer',
  infants: 'integer',
  pax: 'integer',
  extra_bed: 'integer',
  fis_no: 'bigint',
  quota_type: 'integer',
  reservation_status: 'integer',
  sold_price: 'double precision',
};

// Aliases quoted: PostgreSQL folds an unquoted name to lower case (keyField would come back as keyfield).
const selectList = (fields: readonly (readonly [string, string])[], alias: string): string =>
  fields.map(([f, c]) => (f === c ? `${alias}.${c}` : `${alias}.${c} AS "${f}"`)).join(', ');

/** SELECT list (table alias r) giving a row shaped like ReservationColumns. */
export const reservationSelectList = selectList(reservationFields, 'r');

/**
 * A reservation's guests from its row's guests_json, in order: what the `guests` view gives on SQLite (its ->>
 * keeps a JSON number a number), and on PostgreSQL too, whose ->> would give every value as text.
 */
export function guestsOfJson(text: string): Guest[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.map((values: unknown) => {
    const guest = {} as Record<keyof Guest, unknown>;
    guestFields.forEach(([field], i) => {
      guest[field] = Array.isArray(values) ? (values[i] ?? null) : null;
    });
    // guestsJson wrote every Guest field at its position (frozen with the view, above).
    return guest as Guest;
  });
}

/**
 * A guest's value in SQL for a guest taken from `json_each(r.guests_json) AS <alias>`: where a query joins
 * the guests of each reservation with LEFT JOIN, the `guests` view (itself a join) cannot be flattened
 * into it, so those queries read the row's array directly. Position in the array = index in guestFields.
 */
export function guestValueSql(alias: string, field: keyof Guest): string {
  const index = guestFields.findIndex(([f]) => f === field);
  return `${alias}.value ->> ${index}`;
}

export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
