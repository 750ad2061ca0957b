// The rows of the CSV exports, read in check-in order as a stream (better-sqlite3 .iterate()), with the
// hotel's codes from the mappings and the PMS-entry state joined in, so the writer never has to query
// the database while a statement is open. Also the counts and unmapped codes an export is previewed with.
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { ExportKind, ExportScope, PmsEntryState, UnmappedCode } from '../../shared/ipc';
import type { ChangeKind, ConfirmationStatus, StayCodeKind } from '../../shared/domain';
import { filterClause, type InboxFilter, type SqlValue } from './inbox-filter';
import { liveCondition, pendingStates, pmsStateSql } from './pms-entry-state';

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
  confirmationStatus: ConfirmationStatus;
  confirmationNo: string;
  changeKind: ChangeKind;
  soldPrice: number;
  soldCurrency: string;
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
  /** needs-update / to-cancel only: the snapshots of the version the PMS holds and of the current one. */
  enteredSnapshot: string | null;
  currentSnapshot: string | null;
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
}

const reservationColumns = `r.key_field AS keyField, r.log_id AS logId, ${pmsStateSql} AS state,
  r.voucher_no AS voucherNo, r.agency_id AS agencyId, r.agency_name AS agencyName, r.tour_op_name AS tourOpName,
  r.check_in AS checkIn, r.check_out AS checkOut, r.nights, r.room_id AS roomId, r.room_type_id AS roomTypeId,
  r.accom_id AS accomId, r.room_count AS roomCount, r.adults, r.childs, r.infants,
  r.confirmation_status AS confirmationStatus, r.confirmation_no AS confirmationNo, r.change_kind AS changeKind,
  r.sold_price AS soldPrice, r.sold_currency AS soldCurrency, r.note, r.lead_guest AS leadGuest,
  (SELECT count(*) FROM guests c WHERE c.reservation_id = r.id) AS guestCount, p.pms_reference AS pmsReference,
  mr.hotel_code AS roomHotel, mt.hotel_code AS roomTypeHotel, mb.hotel_code AS boardHotel,
  g.nationality AS nationality, mn.hotel_code AS nationalityHotel,
  CASE WHEN ${pmsStateSql} IN ('needs-update', 'to-cancel') THEN
    (SELECT v.snapshot_json FROM reservation_versions v WHERE v.log_id = p.entered_log_id) END AS enteredSnapshot,
  CASE WHEN ${pmsStateSql} IN ('needs-update', 'to-cancel') THEN
    (SELECT v.snapshot_json FROM reservation_versions v WHERE v.log_id = r.log_id) END AS currentSnapshot`;

const guestColumns = `g.position, g.name, g.title, g.age, g.birth_date AS birthDate, g.arrival_time AS arrivalTime`;

const mapped = (alias: string, kind: StayCodeKind, code: string): string =>
  `LEFT JOIN mappings ${alias} ON ${alias}.agency_id = r.agency_id AND ${alias}.kind = '${kind}'
     AND ${alias}.channel_code = ${code}`;

const joins = (
  guestJoin: string,
): string => `reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id
  ${mapped('mr', 'room', 'r.room_id')} ${mapped('mt', 'roomType', 'r.room_type_id')}
  ${mapped('mb', 'board', 'r.accom_id')}
  LEFT JOIN guests g ON g.reservation_id = r.id ${guestJoin}
  ${mapped('mn', 'nationality', 'g.nationality')}`;

// A calendar date may arrive with a midnight time attached: the last day covers its whole day.
const endOfDay = (date: string): string => `${date}T23:59:59`;

/** The WHERE clause (alias r, p) of a selection; only bound parameters, never request text. */
export function selectionWhere(selection: ExportSelection): { where: string; params: SqlValue[] } {
  if (selection.kind === 'arrivals') {
    const day = selection.date ?? '';
    return {
      where: `WHERE r.check_in >= ? AND r.check_in <= ? AND ${liveCondition}`,
      params: [day, endOfDay(day)],
    };
  }
  switch (selection.scope) {
    case 'to-enter':
      return { where: `WHERE ${pmsStateSql} IN ${pendingStates}`, params: [] };
    case 'range':
      return {
        where: 'WHERE r.check_in >= ? AND r.check_in <= ?',
        params: [selection.from ?? '', endOfDay(selection.to ?? selection.from ?? '')],
      };
    case 'filter': {
      const { where, params } = filterClause(selection.filter ?? {});
      return { where, params };
    }
    case 'all':
      return { where: '', params: [] };
  }
}

/** The export query, exposed for the query-plan test. */
export function exportRowsSql(selection: ExportSelection): { sql: string; params: SqlValue[] } {
  const { where, params } = selectionWhere(selection);
  const perGuest = selection.kind !== 'reservations';
  const columns = perGuest ? `${reservationColumns}, ${guestColumns}` : reservationColumns;
  const order = perGuest ? 'ORDER BY r.check_in, r.id, g.position' : 'ORDER BY r.check_in, r.id';
  return {
    sql: `SELECT ${columns} FROM ${joins(perGuest ? '' : 'AND g.position = 0')} ${where} ${order}`,
    params,
  };
}

/** The rows of an export, one by one. The connection stays busy until the iterator finishes. */
export function iterateExportRows(
  db: Database,
  selection: ExportSelection,
): IterableIterator<ExportGuestRow> {
  const { sql, params } = exportRowsSql(selection);
  return db.prepare<SqlValue[], ExportGuestRow>(sql).iterate(...params);
}

export interface ExportCounts {
  reservations: number;
  /** CSV lines: rooms (reservations) or guests (guests, arrivals), never fewer than one per reservation. */
  rows: number;
  unmapped: UnmappedCode[];
}

/** How large an export will be and which codes in it have no hotel code yet, before writing anything. */
export function exportCounts(db: Database, selection: ExportSelection): ExportCounts {
  const { where, params } = selectionWhere(selection);
  const scoped = `WITH s AS (SELECT r.id, r.agency_id, r.room_id, r.room_type_id, r.accom_id, r.room_count,
      (SELECT count(*) FROM guests c WHERE c.reservation_id = r.id) AS guests
    FROM reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id ${where})`;
  const lines = selection.kind === 'reservations' ? 'max(s.room_count, 1)' : 'max(s.guests, 1)';
  const totals = db
    .prepare<SqlValue[], { reservations: number; rows: number | null }>(
      `${scoped} SELECT count(*) AS reservations, sum(${lines}) AS rows FROM s`,
    )
    .get(...params);
  const missing = (kind: StayCodeKind): string =>
    `c.code <> '' AND NOT EXISTS (SELECT 1 FROM mappings m WHERE m.agency_id = c.agency_id
       AND m.kind = '${kind}' AND m.channel_code = c.code)`;
  const leadOnly = selection.kind === 'reservations' ? 'AND g.position = 0' : '';
  const unmapped = db
    .prepare<SqlValue[], UnmappedCode>(
      `${scoped}
       SELECT agency_id AS agencyId, kind, code AS channelCode, count(DISTINCT id) AS count FROM (
         SELECT s.id, s.agency_id, 'room' AS kind, s.room_id AS code FROM s
         UNION ALL SELECT s.id, s.agency_id, 'roomType', s.room_type_id FROM s
         UNION ALL SELECT s.id, s.agency_id, 'board', s.accom_id FROM s
         UNION ALL SELECT s.id, s.agency_id, 'nationality', g.nationality FROM s
           JOIN guests g ON g.reservation_id = s.id ${leadOnly}
       ) c
       WHERE (c.kind = 'room' AND ${missing('room')}) OR (c.kind = 'roomType' AND ${missing('roomType')})
          OR (c.kind = 'board' AND ${missing('board')}) OR (c.kind = 'nationality' AND ${missing('nationality')})
       GROUP BY agency_id, kind, code
       ORDER BY count DESC, agency_id, CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2
         ELSE 3 END, code`,
    )
    .all(...params);
  return { reservations: totals?.reservations ?? 0, rows: totals?.rows ?? 0, unmapped };
}

/**
 * A second, read-only connection to the same file for one export. The export pauses between rows while
 * the file catches up; on its own connection the sync can keep importing meanwhile (WAL), and the
 * export still reads one consistent moment. An in-memory database has no file: it is read directly.
 */
export function openExportReader(db: Database): { db: Database; close(): void } {
  if (db.memory) return { db, close: () => undefined };
  const reader = new BetterSqlite3(db.name, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return { db: reader, close: () => reader.close() };
}
