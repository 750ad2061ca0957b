// The inbox: a page of reservations under a filter and sort, and the counts for the filter chips.
import type { Database, Statement } from 'better-sqlite3';
import type { InboxCounts, InboxPage, InboxRow } from '../../shared/ipc';
import { filterClause, type InboxFilter, type SqlValue } from './inbox-filter';

export type { InboxFilter } from './inbox-filter';

export interface InboxQuery {
  filter: InboxFilter;
  /** checkIn: the stay's first night. arrival: when the reservation's current version reached the desk. */
  sort: 'checkIn' | 'arrival';
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * Fills what this module cannot know, for the rows of one page only (at most 500): `decision` comes from
 * the decisions outbox and `hasUnmappedCodes` from the mappings, both kept by other store modules.
 * Gets rows with decision 'none' and hasUnmappedCodes false; returns the rows to show, same order.
 */
export type InboxEnricher = (rows: InboxRow[]) => InboxRow[];

type StoredRow = Omit<InboxRow, 'decision' | 'hasUnmappedCodes'>;

const rowColumns = `r.key_field AS keyField, r.voucher_no AS voucherNo, r.tour_op_name AS tourOpName,
  r.agency_name AS agencyName, r.lead_guest AS leadGuest, r.check_in AS checkIn, r.check_out AS checkOut,
  r.nights, r.room_type_name AS roomTypeName, r.accom_id AS accomId, r.adults, r.childs, r.infants,
  r.confirmation_status AS confirmationStatus, r.change_kind AS changeKind, r.received_at AS receivedAt,
  r.arrival_time AS arrivalTime`;

// Sort column then id, both in the index that starts with them (migration 001): no sort step, and the
// id makes the order total so pages neither skip nor repeat rows.
const orderBy = (sort: InboxQuery['sort'], direction: InboxQuery['direction']): string => {
  const column = sort === 'checkIn' ? 'r.check_in' : 'r.received_at';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${column} ${dir}, r.id ${dir}`;
};

// The SQL varies only with which filters are present and the sort, so there are few shapes: keep each
// prepared once per database.
const cache = new WeakMap<Database, Map<string, Statement<SqlValue[]>>>();
function prepared(db: Database, sql: string): Statement<SqlValue[]> {
  let byDb = cache.get(db);
  if (!byDb) cache.set(db, (byDb = new Map()));
  let statement = byDb.get(sql);
  if (!statement) byDb.set(sql, (statement = db.prepare<SqlValue[]>(sql)));
  return statement;
}

export function inboxPageSql(query: Pick<InboxQuery, 'filter' | 'sort' | 'direction'>): {
  sql: string;
  params: SqlValue[];
} {
  const { where, params } = filterClause(query.filter);
  return {
    sql: `SELECT ${rowColumns} FROM reservations r ${where} ${orderBy(query.sort, query.direction)} LIMIT ? OFFSET ?`,
    params,
  };
}

export function inboxPage(db: Database, query: InboxQuery, enrich?: InboxEnricher): InboxPage {
  const { sql, params } = inboxPageSql(query);
  const { where } = filterClause(query.filter);
  const read = db.transaction(() => {
    const stored = prepared(db, sql).all(...params, query.limit, query.offset) as StoredRow[];
    const total = prepared(db, `SELECT count(*) FROM reservations r ${where}`)
      .pluck()
      .get(...params) as number;
    return { stored, total };
  });
  // One read transaction, so the total and the rows describe the same moment.
  const { stored, total } = read();
  const rows: InboxRow[] = stored.map((r) => ({ ...r, decision: 'none', hasUnmappedCodes: false }));
  return { rows: enrich ? enrich(rows) : rows, total };
}

/**
 * Counts for the chips. Each dimension is counted under every other filter but its own, so a chip
 * shows what clicking it would give: `new` ignores the kinds filter (but honours statuses, agency,
 * dates, search), `waiting` ignores the statuses filter, and `total` honours everything.
 */
export function inboxCounts(db: Database, filter: InboxFilter): InboxCounts {
  const { where, params } = filterClause(filter, { statuses: true, kinds: true });
  const cells = prepared(
    db,
    `SELECT r.change_kind AS kind, r.confirmation_status AS status, count(*) AS n
     FROM reservations r ${where} GROUP BY r.change_kind, r.confirmation_status`,
  ).all(...params) as { kind: string; status: string; n: number }[];

  const statusWanted = (s: string): boolean =>
    !filter.statuses?.length || filter.statuses.some((x) => x === s);
  const kindWanted = (k: string): boolean => !filter.kinds?.length || filter.kinds.some((x) => x === k);
  const counts: InboxCounts = {
    total: 0,
    new: 0,
    changed: 0,
    cancelled: 0,
    waiting: 0,
    confirmed: 0,
    declined: 0,
  };
  for (const { kind, status, n } of cells) {
    if (statusWanted(status) && kindWanted(kind)) counts.total += n;
    if (statusWanted(status)) {
      if (kind === 'new') counts.new += n;
      else if (kind === 'changed') counts.changed += n;
      else if (kind === 'cancelled') counts.cancelled += n;
    }
    if (kindWanted(kind)) {
      if (status === 'W') counts.waiting += n;
      else if (status === 'E') counts.confirmed += n;
      else if (status === 'H') counts.declined += n;
    }
  }
  return counts;
}
