// What the pre-confirm checks (main/checks) read, straight from the tables: the hotel's reservations with
// their guests, room limits, mappings and stop-sales. The store does not know the checks (the layers keep
// it to the domain): the reservation slice is the domain's (CheckedReservation, KnownReservation).
// One definition for both engines (engines/op.ts). Only the full rebuild's walk over every reservation
// (checksInput, a file's: the CLI's oracle and the tests') streams rows from a SQLite statement, so 100k
// reservations are not held twice while indexing; the desk never reads them all (check-keys.ts).
import type { Database } from 'better-sqlite3';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { runSqlite } from './engines/run-sqlite';
import { inTextList, textList } from './engines/text-list';
import { statementsOf } from './statements';
import { allotmentStayOps } from './allotment-stays';
import { allotmentNightOps } from './allotment-nights';
import { contractOps } from './contracts';
import type {
  CheckedReservation,
  Contract,
  CountedStay,
  Guest,
  NightUse,
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
type KnownRow = Omit<KnownReservation, 'guests'> & GuestsJson;
type CheckedRow = Omit<CheckedReservation, 'guests'> & GuestsJson;

/** A known reservation's columns, of `reservations as r` (check-keys.ts joins its marks to them). */
export const knownSelection = [
  'r.key_field as keyField',
  'r.agency_id as agencyId',
  'r.voucher_no as voucherNo',
  'r.check_in as checkIn',
  'r.pms_status as pmsStatus',
  'r.confirmation_status as confirmationStatus',
  'r.guests_json as guestsJson',
] as const;

const checkedSelection = [
  ...knownSelection,
  'r.check_out as checkOut',
  'r.nights',
  'r.room_id as roomId',
  'r.room_type_id as roomTypeId',
  'r.accom_id as accomId',
  'r.room_count as roomCount',
  'r.adults',
  'r.childs',
  'r.infants',
  'r.honey_moon as honeyMoon',
  'r.note',
  'r.quota_type as quotaType',
  'r.reservation_status as reservationStatus',
] as const;

const checked = prepared((p: { keys: string }) =>
  q.selectFrom('reservations as r').select(checkedSelection).where('r.key_field', 'in', inTextList(p.keys)),
);
// The inbox's "has a problem" candidates (main/store/inbox.ts problemCandidates), read in one scan.
const waiting = prepared(() =>
  q
    .selectFrom('reservations as r')
    .select(checkedSelection)
    .where('r.confirmation_status', '=', 'W')
    .where('r.change_kind', '<>', 'cancelled'),
);
const roomLimits = prepared(() =>
  q
    .selectFrom('stay_codes')
    .select([
      'agency_id as agencyId',
      'kind',
      'code',
      'min_adults as minAdults',
      'max_adults as maxAdults',
      'max_children as maxChildren',
      'max_pax as maxPax',
    ])
    .where('kind', '=', 'room'),
);
const mappings = prepared(() =>
  q
    .selectFrom('mappings')
    .select(['agency_id as agencyId', 'kind', 'channel_code as channelCode', 'hotel_code as hotelCode']),
);
const stopSales = prepared(() =>
  q
    .selectFrom('stop_sales')
    .select(['code_kind as codeKind', 'hotel_code as hotelCode', 'date_from as from', 'date_to as to']),
);

/** A known reservation from its row: the guests' names and birth dates. */
export function knownOf({ guestsJson, ...r }: KnownRow): KnownReservation {
  return { ...r, guests: guestsOf(guestsJson).map(({ name, birthDate }) => ({ name, birthDate })) };
}
const checkedOf = ({ guestsJson, ...r }: CheckedRow): CheckedReservation => ({
  ...r,
  guests: guestsOf(guestsJson),
});

/** The small tables the checks index whole: room limits, mappings, stop-sales. */
export interface CheckReference {
  stayCodes: RoomLimitsRow[];
  mappings: MappingRow[];
  stopSales: StopSale[];
  contracts: Contract[];
}

/** The checks' reads, one definition for both engines (engines/op.ts). */
export const checkInputOps = {
  *reference(): Op<CheckReference> {
    return {
      stayCodes: yield* all(roomLimits({})),
      mappings: yield* all(mappings({})),
      stopSales: yield* all(stopSales({})),
      contracts: yield* contractOps.list(),
    };
  },

  /** What the allotment calendar reads, at one moment: the contracts, the mappings and the counts of the nights. */
  *allotment(
    from: string,
    last: string,
  ): Op<{ contracts: Contract[]; mappings: MappingRow[]; nights: NightUse[] }> {
    return {
      contracts: yield* contractOps.list(),
      mappings: yield* all(mappings({})),
      nights: yield* allotmentNightOps.inWindow(from, last),
    };
  },

  /** The given reservations as the checks look at them, keyed by KeyField; unknown keys are left out. */
  *checked(keyFields: readonly string[]): Op<Map<string, CheckedReservation>> {
    const out = new Map<string, CheckedReservation>();
    if (keyFields.length === 0) return out;
    for (const row of yield* all(checked({ keys: textList(keyFields) })))
      out.set(row.keyField, checkedOf(row));
    return out;
  },

  /** Reservations waiting for an answer, not cancellations: what "has a problem" looks at. */
  *waiting(): Op<CheckedReservation[]> {
    return (yield* all(waiting({}))).map(checkedOf);
  },
};

const prepare = (db: Database) => ({
  known: db.prepare<[], KnownRow>(
    `SELECT key_field AS keyField, agency_id AS agencyId, voucher_no AS voucherNo, check_in AS checkIn,
       pms_status AS pmsStatus, confirmation_status AS confirmationStatus, guests_json AS guestsJson
     FROM reservations ORDER BY id`,
  ),
});
const statements = statementsOf(prepare);

/**
 * Every reservation of the hotel (the current version; cancelled and declined too, the checks decide what
 * counts) with its guests' names and birth dates, in the order they were stored.
 */
export function* knownReservations(db: Database): Generator<KnownReservation> {
  for (const row of statements(db).known.iterate()) yield knownOf(row);
}

/** Everything a full rebuild indexes: the small tables, and every reservation streamed as it is walked. */
export interface ChecksInput extends CheckReference {
  reservations: Iterable<KnownReservation>;
  /** Every stay that can count against an allotment (operators with a contract). */
  stays: CountedStay[];
}

export function checksInput(db: Database): ChecksInput {
  return {
    ...runSqlite(db, checkInputOps.reference()),
    // Lazy, so a caller that never walks it leaves no statement busy on the connection.
    reservations: { [Symbol.iterator]: () => knownReservations(db) },
    stays: runSqlite(db, allotmentStayOps.every()),
  };
}
