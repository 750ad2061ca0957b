// The one place that pairs Reservation fields with reservations / guests columns, so the import's
// INSERT and the reads cannot drift apart. The `satisfies` checks make a field added to the domain
// types fail to compile here until it has a column.
import type { Guest, Reservation } from '../../shared/domain';

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
const derivedColumns = ['change_kind', 'lead_guest', 'arrival_time', 'received_at'] as const;

export const reservationWriteColumns: readonly string[] = [
  ...reservationFields.map(([, c]) => c),
  ...derivedColumns,
];

/** Bind values in the order of reservationWriteColumns. */
export function reservationValues(r: Reservation, changeKind: string, receivedAt: string): Scalar[] {
  const values: Scalar[] = reservationFields.map(([field]) => r[field]);
  const lead = r.guests[0];
  values.push(changeKind, lead?.name ?? '', lead?.arrivalTime ?? null, receivedAt);
  return values;
}

const selectList = (fields: readonly (readonly [string, string])[], alias: string): string =>
  fields.map(([f, c]) => (f === c ? `${alias}.${c}` : `${alias}.${c} AS ${f}`)).join(', ');

/** SELECT list (table alias r) giving a row shaped like ReservationColumns. */
export const reservationSelectList = selectList(reservationFields, 'r');

export const guestWriteColumns: readonly string[] = [
  'reservation_id',
  'position',
  ...guestFields.map(([, c]) => c),
];

export function guestValues(reservationId: number | bigint, position: number, g: Guest): Scalar[] {
  return [reservationId, position, ...guestFields.map(([field]) => g[field])];
}

/** SELECT list (table alias g) giving a row shaped like a Guest. */
export const guestSelectList = selectList(guestFields, 'g');

export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
