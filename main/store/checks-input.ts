// What the pre-confirm checks (main/checks) read, straight from the tables: the hotel's reservations with
// their guests, room limits, mappings and stop-sales. The store does not know the checks (the layers keep
// it to the domain): the reservation slice is the domain's (CheckedReservation, KnownReservation).
// Everything is iterated, never collected, so 100k reservations are not held twice while indexing.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type {
  CheckedReservation,
  Guest,
  KnownReservation,
  Mapping,
  StayCode,
  StopSale,
} from '../../shared/domain';

export type RoomLimitsRow = Pick<
  StayCode,
  'agencyId' | 'kind' | 'code' | 'minAdults' | 'maxAdults' | 'maxChildren' | 'maxPax'
>;
export type MappingRow = Pick<Mapping, 'agencyId' | 'kind' | 'channelCode' | 'hotelCode'>;

type CheckedGuest = Pick<Guest, 'name' | 'title' | 'birthDate' | 'nationality'>;

/**
 * The guests of a row's guests_json (migration 007: name, title, age, birth_date, nationality, …, by
 * position), parsed here rather than through the guests view: the view's json_each per reservation made
 * reading a page's guests a scan of every reservation.
 */
export function guestsOf(guestsJson: string): CheckedGuest[] {
  const rows = JSON.parse(guestsJson) as unknown[][];
  return rows.map((g) => ({
    name: String(g[0] ?? ''),
    title: String(g[1] ?? ''),
    birthDate: typeof g[3] === 'string' ? g[3] : null,
    nationality: String(g[4] ?? ''),
  }));
}

interface GuestsJson {
  guestsJson: string;
}

export const knownColumns = `key_field AS keyField, agency_id AS agencyId, voucher_no AS voucherNo,
  check_in AS checkIn, pms_status AS pmsStatus, confirmation_status AS confirmationStatus,
  guests_json AS guestsJson`;

const checkedColumns = `key_field AS keyField, agency_id AS agencyId, voucher_no AS voucherNo,
  check_in AS checkIn, check_out AS checkOut, nights, pms_status AS pmsStatus,
  confirmation_status AS confirmationStatus, room_id AS roomId, room_type_id AS roomTypeId,
  accom_id AS accomId, room_count AS roomCount, adults, childs, infants, honey_moon AS honeyMoon, note,
  guests_json AS guestsJson`;

const prepare = (db: Database) => ({
  known: db.prepare<[], Omit<KnownReservation, 'guests'> & GuestsJson>(
    `SELECT ${knownColumns} FROM reservations ORDER BY id`,
  ),
  checked: db.prepare<[string], Omit<CheckedReservation, 'guests'> & GuestsJson>(
    `SELECT ${checkedColumns} FROM reservations WHERE key_field IN (SELECT value FROM json_each(?))`,
  ),
  // The inbox's "has a problem" candidates (main/store/inbox.ts problemCandidates), read in one scan.
  waiting: db.prepare<[], Omit<CheckedReservation, 'guests'> & GuestsJson>(
    `SELECT ${checkedColumns} FROM reservations
     WHERE confirmation_status = 'W' AND change_kind <> 'cancelled'`,
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

/** A known reservation from its row: the guests' names and birth dates. */
export function knownOf({
  guestsJson,
  ...r
}: Omit<KnownReservation, 'guests'> & GuestsJson): KnownReservation {
  return { ...r, guests: guestsOf(guestsJson).map(({ name, birthDate }) => ({ name, birthDate })) };
}

/**
 * Every reservation of the hotel (the current version; cancelled and declined too, the checks decide what
 * counts) with its guests' names and birth dates, in the order they were stored.
 */
export function* knownReservations(db: Database): Generator<KnownReservation> {
  for (const row of statements(db).known.iterate()) yield knownOf(row);
}

/** The given reservations as the checks look at them, keyed by KeyField; unknown keys are left out. */
export function checkedReservations(
  db: Database,
  keyFields: readonly string[],
): Map<string, CheckedReservation> {
  const out = new Map<string, CheckedReservation>();
  if (keyFields.length === 0) return out;
  for (const { guestsJson, ...r } of statements(db).checked.iterate(JSON.stringify(keyFields)))
    out.set(r.keyField, { ...r, guests: guestsOf(guestsJson) });
  return out;
}

/** Reservations waiting for an answer, not cancellations: what "has a problem" looks at. */
export function* waitingReservations(db: Database): Generator<CheckedReservation> {
  for (const { guestsJson, ...r } of statements(db).waiting.iterate())
    yield { ...r, guests: guestsOf(guestsJson) };
}

/** Everything the checks index: each list is read from its table only when, and each time, it is walked. */
export interface ChecksInput {
  reservations: Iterable<KnownReservation>;
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
