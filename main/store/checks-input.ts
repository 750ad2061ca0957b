// What the pre-confirm checks (main/checks) read, straight from the tables: the hotel's reservations with
// their guests, room limits, mappings and stop-sales. The store does not know the checks (the layers keep
// it to the domain): these are plain slices of domain types that the engine's input types accept.
// Everything is iterated, never collected, so 100k reservations are not held twice while indexing.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { Guest, Mapping, Reservation, StayCode, StopSale } from '../../shared/domain';

/** Another reservation of the hotel, as much as returning guests and duplicate vouchers need. */
export interface KnownReservationRow extends Pick<
  Reservation,
  'keyField' | 'agencyId' | 'voucherNo' | 'checkIn' | 'pmsStatus' | 'confirmationStatus'
> {
  guests: Pick<Guest, 'name' | 'birthDate'>[];
}

/** One reservation as the checks look at it (the current version's columns and guests). */
export interface CheckedReservationRow extends Pick<
  Reservation,
  | 'keyField'
  | 'agencyId'
  | 'voucherNo'
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'pmsStatus'
  | 'confirmationStatus'
  | 'roomId'
  | 'roomTypeId'
  | 'accomId'
  | 'roomCount'
  | 'adults'
  | 'childs'
  | 'infants'
  | 'honeyMoon'
  | 'note'
> {
  guests: Pick<Guest, 'name' | 'title' | 'birthDate' | 'nationality'>[];
}

export type RoomLimitsRow = Pick<
  StayCode,
  'agencyId' | 'kind' | 'code' | 'minAdults' | 'maxAdults' | 'maxChildren' | 'maxPax'
>;
export type MappingRow = Pick<Mapping, 'agencyId' | 'kind' | 'channelCode' | 'hotelCode'>;

interface IdRow {
  id: number;
}
interface GuestRow {
  reservationId: number;
  name: string;
  title: string;
  birthDate: string | null;
  nationality: string;
}

const checkedColumns = `id, key_field AS keyField, agency_id AS agencyId, voucher_no AS voucherNo,
  check_in AS checkIn, check_out AS checkOut, nights, pms_status AS pmsStatus,
  confirmation_status AS confirmationStatus, room_id AS roomId, room_type_id AS roomTypeId,
  accom_id AS accomId, room_count AS roomCount, adults, childs, infants, honey_moon AS honeyMoon, note`;

const prepare = (db: Database) => ({
  known: db.prepare<[], Omit<KnownReservationRow, 'guests'> & IdRow>(
    `SELECT id, key_field AS keyField, agency_id AS agencyId, voucher_no AS voucherNo, check_in AS checkIn,
            pms_status AS pmsStatus, confirmation_status AS confirmationStatus
     FROM reservations ORDER BY id`,
  ),
  // The guests view (migration 007) walks the reservations in id order; only each reservation's own few
  // guests are put in order among themselves, the whole list is never sorted.
  knownGuests: db.prepare<[], Pick<GuestRow, 'reservationId' | 'name' | 'birthDate'>>(
    `SELECT reservation_id AS reservationId, name, birth_date AS birthDate
     FROM guests ORDER BY reservation_id, position`,
  ),
  checked: db.prepare<[string], Omit<CheckedReservationRow, 'guests'> & IdRow>(
    `SELECT ${checkedColumns} FROM reservations WHERE key_field IN (SELECT value FROM json_each(?))`,
  ),
  checkedGuests: db.prepare<[string], GuestRow>(
    `SELECT g.reservation_id AS reservationId, g.name, g.title, g.birth_date AS birthDate, g.nationality
     FROM guests g JOIN reservations r ON r.id = g.reservation_id
     WHERE r.key_field IN (SELECT value FROM json_each(?))
     ORDER BY g.reservation_id, g.position`,
  ),
  roomLimits: db.prepare<[], RoomLimitsRow>(
    `SELECT agency_id AS agencyId, kind, code, min_adults AS minAdults, max_adults AS maxAdults,
            max_children AS maxChildren, max_pax AS maxPax
     FROM stay_codes WHERE kind = 'room'`,
  ),
  mappings: db.prepare<[], MappingRow>(
    `SELECT agency_id AS agencyId, kind, channel_code AS channelCode, hotel_code AS hotelCode FROM mappings`,
  ),
  stopSales: db.prepare<[], StopSale>(
    `SELECT code_kind AS codeKind, hotel_code AS hotelCode, date_from AS "from", date_to AS "to"
     FROM stop_sales`,
  ),
});
const statements = statementsOf(prepare);

/**
 * Every reservation of the hotel (the current version; cancelled and declined too, the checks decide what
 * counts) with its guests' names and birth dates. Two ordered scans merged by id: no join to sort.
 */
export function* knownReservations(db: Database): Generator<KnownReservationRow> {
  const s = statements(db);
  const guests = s.knownGuests.iterate();
  let guest = guests.next();
  try {
    for (const { id, ...r } of s.known.iterate()) {
      const list: KnownReservationRow['guests'] = [];
      while (!guest.done && guest.value.reservationId < id) guest = guests.next();
      while (!guest.done && guest.value.reservationId === id) {
        list.push({ name: guest.value.name, birthDate: guest.value.birthDate });
        guest = guests.next();
      }
      yield { ...r, guests: list };
    }
  } finally {
    // A caller that stops early must not leave the statement busy on this connection.
    guests.return?.(undefined);
  }
}

/** The given reservations as the checks look at them, keyed by KeyField; unknown keys are left out. */
export function checkedReservations(
  db: Database,
  keyFields: readonly string[],
): Map<string, CheckedReservationRow> {
  const out = new Map<string, CheckedReservationRow>();
  if (keyFields.length === 0) return out;
  const s = statements(db);
  const keys = JSON.stringify(keyFields);
  const byId = new Map<number, CheckedReservationRow>();
  for (const { id, ...r } of s.checked.iterate(keys)) {
    const row: CheckedReservationRow = { ...r, guests: [] };
    byId.set(id, row);
    out.set(row.keyField, row);
  }
  for (const { reservationId, ...g } of s.checkedGuests.iterate(keys))
    byId.get(reservationId)?.guests.push(g);
  return out;
}

/** Everything the checks index: each list is read from its table only when, and each time, it is walked. */
export interface ChecksInput {
  reservations: Iterable<KnownReservationRow>;
  stayCodes: Iterable<RoomLimitsRow>;
  mappings: Iterable<MappingRow>;
  stopSales: Iterable<StopSale>;
}

// Lazy, so a caller that never walks a list leaves no statement busy on the connection.
const walk = <T>(open: () => Iterator<T>): Iterable<T> => ({ [Symbol.iterator]: open });

export function checksInput(db: Database): ChecksInput {
  const s = statements(db);
  return {
    reservations: walk(() => knownReservations(db)),
    stayCodes: walk(() => s.roomLimits.iterate()),
    mappings: walk(() => s.mappings.iterate()),
    stopSales: walk(() => s.stopSales.iterate()),
  };
}
