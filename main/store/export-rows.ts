// The rows of the CSV exports, read in check-in order as a stream (better-sqlite3 .iterate()), with the
// hotel's codes from the mappings and the PMS-entry state joined in, so the writer never has to query
// the database while a statement is open. What an export is previewed with is counted in export-counts.ts.
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';
import type {
  ChangeKind,
  ExportKind,
  FieldChange,
  ExportScope,
  PmsEntryState,
  ServiceConfirmationStatus,
  StayCodeKind,
} from '../../shared/domain';
import { filterClause, type InboxFilter, type SqlValue } from './inbox-filter';
import { liveCondition, pendingStates, pmsStateSql } from './pms-entry-state';
import { diffReservations } from './history';
import { decodeSnapshot } from './reservations-snapshot';
import { guest, guestPosition, guestsLength, guestsOf } from './export-guests-sql';
import type { EngineName } from './engines/per-engine';
import { all, type Op } from './engines/op';
import { sqlPerEngine } from './engines/sql-per-engine';

export interface ExportSelection {
  kind: ExportKind;
  scope: ExportScope;
  from?: string;
  to?: string;
  /** arrivals: the day. */
  date?: string;
  filter?: InboxFilter;
}

/** One reservation with everything its CSV lines need. */
export interface ExportReservationRow {
  keyField: string;
  logId: number;
  state: PmsEntryState;
  voucherNo: string;
  agencyId: string;
  agencyName: string;
  tourOpName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  roomId: string;
  roomTypeId: string;
  accomId: string;
  roomCount: number;
  adults: number;
  childs: number;
  infants: number;
  confirmationStatus: ServiceConfirmationStatus;
  confirmationNo: string;
  changeKind: ChangeKind;
  soldPrice: number;
  soldCurrency: string;
  /** The service's QuotaType and ReservationStatus: how the agency holds the room (heldAs). */
  quotaType: number;
  reservationStatus: number;
  note: string;
  leadGuest: string;
  guestCount: number;
  pmsReference: string | null;
  /** Hotel codes, null while unmapped. */
  roomHotel: string | null;
  roomTypeHotel: string | null;
  boardHotel: string | null;
  /** Nationality: the lead guest's (reservations) or the guest's own (guests, arrivals). */
  nationality: string | null;
  nationalityHotel: string | null;
  /** needs-update / to-cancel / a waiting change: from the version the PMS holds to the current one. Else empty. */
  changes: FieldChange[];
}

/** One guest line of the rooming list / arrivals: the reservation's fields plus the guest's. */
export interface ExportGuestRow extends ExportReservationRow {
  /** 0-based; null for a reservation without guests (still exported, so it is not missed). */
  position: number | null;
  name: string | null;
  title: string | null;
  age: number | null;
  birthDate: string | null;
  arrivalTime: string | null;
  /** The guest's arrival as the agency wrote it (a flight, "TK1234 IST"), null when none. */
  arrival: string | null;
}

// needs-update, to-cancel or a waiting change, in the cheap form: false at once for the many never
// entered (p is null).
const changedSinceEntered = `p.pms_holds = 'live' AND (p.handled_log_id <> r.log_id OR NOT ${liveCondition})`;

// What is the reservation's, not the guest's, and costs in proportion to its guests (their count, the versions the
// changes are read from) is read on its first line only and carried to the rest (lineReader): read on every guest's
// line, a reservation of 999 guests took seconds.
const firstLine = (engine: EngineName): string => `COALESCE(${guestPosition(engine)}, 0) = 0`;

// Read positionally (.raw()): better-sqlite3 builds a plain array far faster than an object with 36
// named properties, and rowOf below turns it into one literal. The two lists must stay in step. Each column is
// named c0, c1…: SQLite reads them positionally (.raw()), PostgreSQL's rows come back as objects and are read back
// by those names in order.
const selectColumns = (engine: EngineName): string[] => [
  'r.key_field',
  'r.log_id',
  pmsStateSql,
  'r.voucher_no',
  'r.agency_id',
  'r.agency_name',
  'r.tour_op_name',
  'r.check_in',
  'r.check_out',
  'r.nights',
  'r.room_id',
  'r.room_type_id',
  'r.accom_id',
  'r.room_count',
  'r.adults',
  'r.childs',
  'r.infants',
  'r.confirmation_status',
  'r.confirmation_no',
  'r.change_kind',
  'r.sold_price',
  'r.sold_currency',
  'r.note',
  'r.lead_guest',
  `CASE WHEN ${firstLine(engine)} THEN ${guestsLength(engine, 'r')} END`,
  'p.pms_reference',
  guest('nationality'),
  `CASE WHEN ${firstLine(engine)} AND ${changedSinceEntered} THEN
    (SELECT v.snapshot_json FROM reservation_versions v WHERE v.log_id = p.entered_log_id) END`,
  `CASE WHEN ${firstLine(engine)} AND ${changedSinceEntered} THEN
    (SELECT v.snapshot_json FROM reservation_versions v WHERE v.log_id = r.log_id) END`,
  guestPosition(engine),
  guest('name'),
  guest('title'),
  guest('age'),
  guest('birthDate'),
  guest('arrivalTime'),
  guest('arrival'),
  'r.quota_type',
  'r.reservation_status',
];
const selectList = (engine: EngineName): string =>
  selectColumns(engine)
    .map((column, i) => `${column} AS c${i}`)
    .join(', ');
/** How many columns a positional row has (rowOf reads them by index). */
const COLUMNS = selectColumns('sqlite').length;

type Value = string | number | null;
const text = (v: Value): string => (v === null ? '' : String(v));
const textOrNull = (v: Value): string | null => (v === null ? null : String(v));
const num = (v: Value): number => (typeof v === 'number' ? v : Number(v ?? 0));
const numOrNull = (v: Value): number | null => (v === null ? null : Number(v));

/** What changed between two stored versions; empty unless both are given. */
const changesBetween = (entered: Value, current: Value): FieldChange[] =>
  typeof entered === 'string' && typeof current === 'string'
    ? diffReservations(decodeSnapshot(entered), decodeSnapshot(current))
    : [];

type HotelCodes = (agencyId: string, kind: StayCodeKind, code: string | null) => string | null;

/**
 * Turns positional rows into export lines, in the query's order: a reservation's first line (its first guest, or it
 * alone) carries its guest count and changes, which its other lines take from it.
 */
function lineReader(hotel: HotelCodes): (v: Value[]) => ExportGuestRow {
  let carried: { keyField: string; guestCount: number; changes: FieldChange[] } | null = null;
  return (v) => {
    const keyField = text(v[0] ?? null);
    const position = v[29] ?? null;
    if (position === null || Number(position) === 0 || carried?.keyField !== keyField)
      carried = {
        keyField,
        guestCount: num(v[24] ?? null),
        changes: changesBetween(v[27] ?? null, v[28] ?? null),
      };
    return rowOf(v, hotel, carried);
  };
}

/** One positional row as the export's row; the hotel codes are filled by the caller. */
function rowOf(v: Value[], hotel: HotelCodes, reservation: { guestCount: number; changes: FieldChange[] }) {
  const agencyId = text(v[4] ?? null);
  const roomId = text(v[10] ?? null);
  const roomTypeId = text(v[11] ?? null);
  const accomId = text(v[12] ?? null);
  const nationality = textOrNull(v[26] ?? null);
  const row: ExportGuestRow = {
    keyField: text(v[0] ?? null),
    logId: num(v[1] ?? null),
    state: text(v[2] ?? null) as PmsEntryState,
    voucherNo: text(v[3] ?? null),
    agencyId,
    agencyName: text(v[5] ?? null),
    tourOpName: text(v[6] ?? null),
    checkIn: text(v[7] ?? null),
    checkOut: text(v[8] ?? null),
    nights: num(v[9] ?? null),
    roomId,
    roomTypeId,
    accomId,
    roomCount: num(v[13] ?? null),
    adults: num(v[14] ?? null),
    childs: num(v[15] ?? null),
    infants: num(v[16] ?? null),
    confirmationStatus: text(v[17] ?? null),
    confirmationNo: text(v[18] ?? null),
    changeKind: text(v[19] ?? null) as ChangeKind,
    soldPrice: num(v[20] ?? null),
    soldCurrency: text(v[21] ?? null),
    note: text(v[22] ?? null),
    leadGuest: text(v[23] ?? null),
    guestCount: reservation.guestCount,
    pmsReference: textOrNull(v[25] ?? null),
    nationality,
    changes: reservation.changes,
    position: numOrNull(v[29] ?? null),
    name: textOrNull(v[30] ?? null),
    title: textOrNull(v[31] ?? null),
    age: numOrNull(v[32] ?? null),
    birthDate: textOrNull(v[33] ?? null),
    arrivalTime: textOrNull(v[34] ?? null),
    arrival: textOrNull(v[35] ?? null),
    quotaType: num(v[36] ?? null),
    reservationStatus: num(v[37] ?? null),
    roomHotel: hotel(agencyId, 'room', roomId),
    roomTypeHotel: hotel(agencyId, 'roomType', roomTypeId),
    boardHotel: hotel(agencyId, 'board', accomId),
    nationalityHotel: hotel(agencyId, 'nationality', nationality),
  };
  return row;
}

// The hotel codes are looked up in a map of the mappings (a few hundred rows) rather than joined: four
// index searches per row were a third of the export's time. The guests are read from the row's own array
// (migration 007): g.key is the guest's position.
const joins = (engine: EngineName, leadOnly: boolean): string =>
  `reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id
  LEFT JOIN ${guestsOf(engine, 'r')} ON true ${leadOnly ? `AND ${guestPosition(engine)} = 0` : ''}`;

// A calendar date may arrive with a midnight time attached: the last day covers its whole day.
const endOfDay = (date: string): string => `${date}T23:59:59`;

/** The WHERE clause (alias r, p) of a selection; only bound parameters, never request text. */
export function selectionWhere(
  selection: ExportSelection,
  engine: EngineName = 'sqlite',
): { where: string; params: SqlValue[] } {
  if (selection.kind === 'arrivals') {
    const day = selection.date ?? '';
    return {
      where: `WHERE r.check_in >= ? AND r.check_in <= ? AND ${liveCondition}`,
      params: [day, endOfDay(day)],
    };
  }
  switch (selection.scope) {
    // Only work to type: a reservation or change not confirmed yet is state 'waiting'.
    case 'to-enter':
      return { where: `WHERE ${pmsStateSql} IN ${pendingStates}`, params: [] };
    case 'range':
      return {
        where: 'WHERE r.check_in >= ? AND r.check_in <= ?',
        params: [selection.from ?? '', endOfDay(selection.to ?? selection.from ?? '')],
      };
    case 'filter': {
      const { where, params } = filterClause(selection.filter ?? {}, { engine });
      return { where, params };
    }
    case 'all':
      return { where: '', params: [] };
  }
}

/** The export query, exposed for the query-plan test. */
export function exportRowsSql(
  selection: ExportSelection,
  engine: EngineName = 'sqlite',
): { sql: string; params: SqlValue[] } {
  const { where, params } = selectionWhere(selection, engine);
  const perGuest = selection.kind !== 'reservations';
  const order = perGuest
    ? `ORDER BY r.check_in, r.id, ${guestPosition(engine)}`
    : 'ORDER BY r.check_in, r.id';
  return {
    sql: `SELECT ${selectList(engine)} FROM ${joins(engine, !perGuest)} ${where} ${order}`,
    params,
  };
}

/** The agency's own mapping, else the one made for all agencies (agency_id '*', ALL_AGENCIES). */
function hotelCodes(
  mappings: Iterable<{ agencyId: string; kind: string; code: string; hotelCode: string }>,
): (agencyId: string, kind: StayCodeKind, code: string | null) => string | null {
  const codes = new Map<string, string>();
  for (const m of mappings) codes.set(`${m.agencyId}\u0000${m.kind}\u0000${m.code}`, m.hotelCode);
  return (agencyId, kind, code) =>
    code
      ? (codes.get(`${agencyId}\u0000${kind}\u0000${code}`) ??
        codes.get(`*\u0000${kind}\u0000${code}`) ??
        null)
      : null;
}

const MAPPINGS_SQL =
  'SELECT agency_id AS "agencyId", kind, channel_code AS code, hotel_code AS "hotelCode" FROM mappings';

/** The rows of an export, one by one. The connection stays busy until the iterator finishes. */
export function* iterateExportRows(db: Database, selection: ExportSelection): Generator<ExportGuestRow> {
  const hotel = hotelCodes(
    db
      .prepare<[], { agencyId: string; kind: string; code: string; hotelCode: string }>(MAPPINGS_SQL)
      .iterate(),
  );
  const { sql, params } = exportRowsSql(selection);
  const statement = db.prepare<SqlValue[], Value[]>(sql).raw(true);
  const lineOf = lineReader(hotel);
  for (const values of statement.iterate(...params)) yield lineOf(values);
}

/** The export's operations, for both engines (engines/op.ts); SQLite streams its rows instead (openExportRows). */
export const exportOps = {
  /**
   * Every row of an export, read at once (the hotel's shared database: one query over the network, its rows a
   * small hotel's season at most). Positional as on SQLite, from the c0, c1… columns PostgreSQL names.
   */
  *rows(selection: ExportSelection): Op<ExportGuestRow[]> {
    const hotel = hotelCodes(
      yield* all(
        sqlPerEngine<{ agencyId: string; kind: string; code: string; hotelCode: string }>(() => ({
          sql: MAPPINGS_SQL,
          params: [],
        })),
      ),
    );
    const rows = yield* all(
      sqlPerEngine<Record<string, Value> | Value[]>((engine) => exportRowsSql(selection, engine)),
    );
    const lineOf = lineReader(hotel);
    return rows.map((row) =>
      lineOf(Array.isArray(row) ? row : Array.from({ length: COLUMNS }, (_, i) => row[`c${i}`] ?? null)),
    );
  },
};

/** The rows of one export and the connection they are read on; close it when done (or given up). */
export interface ExportRows {
  rows: Generator<ExportGuestRow>;
  close(): void;
}

/** The rows of an export, streamed from a connection of their own (openExportReader). */
export function openExportRows(db: Database, selection: ExportSelection): ExportRows {
  const reader = openExportReader(db);
  return { rows: iterateExportRows(reader.db, selection), close: () => reader.close() };
}

/**
 * A second, read-only connection to the same file for one export. The export pauses between rows while
 * the file catches up; on its own connection the sync can keep importing meanwhile (WAL), and the
 * export still reads one consistent moment. An in-memory database has no file: it is read directly.
 */
export function openExportReader(db: Database): { db: Database; close(): void } {
  if (db.memory) return { db, close: () => undefined };
  const reader = new BetterSqlite3(db.name, {
    readonly: true,
    fileMustExist: true,
    ...sqliteBindingOption(),
  });
  reader.pragma('busy_timeout = 5000');
  return { db: reader, close: () => reader.close() };
}
