// Every reservation under a filter in key order (check-in, then id), read a page at a time from where the
// last page ended (keyset), not by a growing OFFSET: each page is an index seek plus its own rows, so
// reading everything is linear in the result (an OFFSET re-walks every row before it, quadratic in all).
// For `resdesk list`; the rows are the inbox's, enriched the same way.
import type { Database, Statement } from 'better-sqlite3';
import type { InboxRow } from '../../shared/domain';
import { filterClause, type InboxFilter, type SqlValue } from './inbox-filter';
import { decisionStates } from './decisions';
import { hasUnmappedCodes } from './mappings';

/** Rows per read: one statement each, small enough that the enrichment's IN lists stay short. */
export const KEY_ORDER_PAGE = 500;

// The inbox's columns (inbox.ts), in its order, so `list --json` keeps its shape.
const columns = `r.key_field AS keyField, r.voucher_no AS voucherNo, r.tour_op_name AS tourOpName,
  r.agency_name AS agencyName, r.lead_guest AS leadGuest, r.check_in AS checkIn, r.check_out AS checkOut,
  r.nights, r.room_type_name AS roomTypeName, r.room_name AS roomName, r.room_count AS roomCount,
  r.room_no AS roomNo, r.accom_id AS accomId, r.adults, r.childs, r.infants,
  r.confirmation_status AS confirmationStatus, r.change_kind AS changeKind, r.received_at AS receivedAt,
  r.arrival_time AS arrivalTime, r.decision_state AS decision, r.id AS id`;

type KeyedRow = Omit<InboxRow, 'hasUnmappedCodes'> & { id: number };

/** The page query after a (check_in, id) position; exposed for the query-plan test. */
export function keyOrderSql(filter: InboxFilter): { sql: string; params: SqlValue[] } {
  const { where, params } = filterClause(filter, { orderedBy: 'checkIn' });
  // A row value compared as a whole: SQLite seeks the index to the position and walks on from there.
  const after = '(r.check_in, r.id) > (?, ?)';
  return {
    sql: `SELECT ${columns} FROM reservations r INDEXED BY reservations_by_check_in
          ${where ? `${where} AND ${after}` : `WHERE ${after}`}
          ORDER BY r.check_in ASC, r.id ASC LIMIT ?`,
    params,
  };
}

export function* reservationsInKeyOrder(
  db: Database,
  filter: InboxFilter = {},
  pageSize = KEY_ORDER_PAGE,
): Generator<InboxRow[]> {
  const { sql, params } = keyOrderSql(filter);
  const statement = db.prepare(sql) as Statement<SqlValue[], KeyedRow>;
  // Before every stored check-in ('YYYY-MM-DD', never empty) and every id (from 1).
  let position: [string, number] = ['', 0];
  for (;;) {
    const page = statement.all(...params, ...position, pageSize);
    const last = page.at(-1);
    if (!last) return;
    position = [last.checkIn, last.id];
    const keys = page.map((r) => r.keyField);
    const states = decisionStates(db, keys);
    const unmapped = hasUnmappedCodes(db, keys);
    yield page.map(({ id: _id, ...row }) => ({
      ...row,
      decision: states.get(row.keyField) ?? 'none',
      hasUnmappedCodes: unmapped.has(row.keyField),
    }));
    if (page.length < pageSize) return;
  }
}
