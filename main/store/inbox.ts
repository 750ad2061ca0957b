// The inbox: a page of reservations under a filter and sort, and the counts for the filter chips. One
// definition for both engines (inboxOps); the SQL follows the filter and is written per engine (inbox-filter.ts:
// SQLite's planner hints, INDEXED BY, are SQLite's only; PostgreSQL plans on its statistics).
import type { Database } from 'better-sqlite3';
import { isConfirmationStatus, type InboxCounts, type InboxRow } from '../../shared/domain';
import { all, first, type Op } from './engines/op';
import type { EngineName } from './engines/per-engine';
import { runSqlite } from './engines/run-sqlite';
import { sqlPerEngine } from './engines/sql-per-engine';
import { filterClause, hasReceived, hasSearch, type InboxFilter, type SqlValue } from './inbox-filter';
import { searchMatch, searchOps } from './search';

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
 * Fills what this module cannot know, for the rows of one page only (at most 500): `hasUnmappedCodes`
 * comes from the mappings, kept by another store module. `decision` is read from
 * reservations.decision_state (kept with the decisions outbox); an enricher may override it.
 * Gets rows with hasUnmappedCodes false; returns the rows to show, in the same order.
 */
export type InboxEnricher = (rows: InboxRow[]) => InboxRow[];

type StoredRow = Omit<InboxRow, 'hasUnmappedCodes'>;

// Aliases quoted: PostgreSQL folds unquoted names to lower case.
const rowColumns = `r.key_field AS "keyField", r.voucher_no AS "voucherNo", r.tour_op_name AS "tourOpName",
  r.agency_name AS "agencyName", r.lead_guest AS "leadGuest", r.check_in AS "checkIn", r.check_out AS "checkOut",
  r.nights, r.room_type_name AS "roomTypeName", r.room_name AS "roomName", r.room_count AS "roomCount",
  r.room_no AS "roomNo", r.accom_id AS "accomId", r.adults, r.childs, r.infants,
  r.confirmation_status AS "confirmationStatus", r.change_kind AS "changeKind", r.received_at AS "receivedAt",
  r.arrival_time AS "arrivalTime", r.quota_type AS "quotaType", r.reservation_status AS "reservationStatus"`;

// Sort column then id, both in the index that starts with them (migration 001): no sort step, and the
// id makes the order total so pages neither skip nor repeat rows.
const orderBy = (sort: InboxQuery['sort'], direction: InboxQuery['direction']): string => {
  const column = sort === 'checkIn' ? 'r.check_in' : 'r.received_at';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${column} ${dir}, r.id ${dir}`;
};

// Up to this many matches, a search is read match by match and sorted; beyond it, walking the sort
// index and probing the matches fills a page sooner (a common surname can match thousands).
const FEW_MATCHES = 300;

const sortIndex = (sort: InboxQuery['sort']): string =>
  sort === 'checkIn' ? 'reservations_by_check_in' : 'reservations_by_arrival';

/** How a search should drive the query: by its matches when they are few. */
function* searchDrivesOp(filter: InboxFilter): Op<boolean> {
  const match = filter.search === undefined ? null : searchMatch(filter.search);
  return match !== null && (yield* searchOps.count(match)) <= FEW_MATCHES;
}
const searchDrives = (db: Database, filter: InboxFilter): boolean => runSqlite(db, searchDrivesOp(filter));

/** The page query (without LIMIT / OFFSET values), exposed for the query-plan tests. */
export function inboxPageSql(
  db: Database,
  query: Pick<InboxQuery, 'filter' | 'sort' | 'direction'>,
  drives = searchDrives(db, query.filter),
  problemKeys?: readonly string[],
): { sql: string; params: SqlValue[] } {
  return pageSql('sqlite', query, drives, problemKeys);
}

function pageSql(
  engine: EngineName,
  query: Pick<InboxQuery, 'filter' | 'sort' | 'direction'>,
  drives: boolean,
  problemKeys?: readonly string[],
): { sql: string; params: SqlValue[] } {
  const { where, params } = filterClause(query.filter, {
    orderedBy: query.sort,
    searchDrives: drives,
    problemKeys,
    engine,
  });
  const columns = `${rowColumns}, r.decision_state AS decision`;
  // Received today is a few rows among all: the arrival index finds them, and they are sorted if need be.
  const index = hasReceived(query.filter) ? sortIndex('arrival') : sortIndex(query.sort);
  const from = drives || engine === 'postgres' ? 'reservations r' : `reservations r INDEXED BY ${index}`;
  return {
    sql: `SELECT ${columns} FROM ${from} ${where} ${orderBy(query.sort, query.direction)} LIMIT ? OFFSET ?`,
    params,
  };
}

/**
 * The total under a filter, exposed for the query-plan tests. Without a search it is summed from
 * reservation_tally (a few thousand rows at most). A search alone is counted in the search index.
 * A search with other filters is counted over its matches when they are few, else over the covering
 * check-in index, probing the matches.
 */
export function inboxTotalSql(
  db: Database,
  filter: InboxFilter,
  drives?: boolean,
  problemKeys?: readonly string[],
): { sql: string; params: SqlValue[] } {
  return totalSql('sqlite', filter, () => drives ?? searchDrives(db, filter), problemKeys);
}

function totalSql(
  engine: EngineName,
  filter: InboxFilter,
  drives: () => boolean,
  problemKeys?: readonly string[],
): { sql: string; params: SqlValue[] } {
  const sqlite = engine === 'sqlite';
  const indexedBy = (index: string): string => (sqlite ? ` INDEXED BY ${index}` : '');
  if (filter.hasProblem === true && problemKeys !== undefined) {
    // A few reservations waiting with a problem: counted one by one, the tally knows no checks.
    const { where, params } = filterClause(filter, { problemKeys, engine });
    return { sql: `SELECT count(*) AS n FROM reservations r ${where}`, params };
  }
  if (hasReceived(filter) && !hasSearch(filter)) {
    // The tally has no arrival time; the arrival index covers every other filter column.
    const { where, params } = filterClause(filter, { engine });
    return {
      sql: `SELECT count(*) AS n FROM reservations r${indexedBy('reservations_by_arrival')} ${where}`,
      params,
    };
  }
  if (!hasSearch(filter)) {
    const { where, params } = filterClause(filter, { engine });
    // PostgreSQL sums a bigint as numeric, which pg reads as text.
    const sum = sqlite ? 'coalesce(sum(r.n), 0)' : 'CAST(coalesce(sum(r.n), 0) AS bigint)';
    return { sql: `SELECT ${sum} AS n FROM reservation_tally r ${where}`, params };
  }
  const onlySearch = Object.entries(filter).every(
    ([key, value]) => key === 'search' || value === undefined || (Array.isArray(value) && value.length === 0),
  );
  if (onlySearch) {
    const match = searchMatch(filter.search ?? '');
    return sqlite
      ? {
          sql: 'SELECT count(*) AS n FROM reservation_search WHERE reservation_search MATCH ?',
          params: [match?.fts ?? ''],
        }
      : {
          sql: `SELECT count(*) AS n FROM reservation_search
                WHERE folded @@ CAST(? AS tsquery)`,
          params: [match?.ts ?? ''],
        };
  }
  if (drives() || !sqlite) {
    const { where, params } = filterClause(filter, { engine });
    return { sql: `SELECT count(*) AS n FROM reservations r ${where}`, params };
  }
  const { where, params } = filterClause(filter, { orderedBy: 'checkIn' });
  return {
    sql: `SELECT count(*) AS n FROM reservations r INDEXED BY reservations_by_check_in ${where}`,
    params,
  };
}

/** The facet count query, exposed for the query-plan tests. */
export function inboxCountsSql(
  filter: InboxFilter,
  problemKeys?: readonly string[],
  engine: EngineName = 'sqlite',
): { sql: string; params: SqlValue[] } {
  const { where, params } = filterClause(filter, {
    omitStatuses: true,
    omitKinds: true,
    problemKeys,
    engine,
  });
  const [table, n] =
    hasSearch(filter) || (filter.hasProblem === true && problemKeys !== undefined)
      ? ['reservations r', 'count(*)']
      : hasReceived(filter)
        ? [
            engine === 'sqlite' ? 'reservations r INDEXED BY reservations_by_arrival' : 'reservations r',
            'count(*)',
          ]
        : ['reservation_tally r', engine === 'sqlite' ? 'sum(r.n)' : 'CAST(sum(r.n) AS bigint)'];
  return {
    sql: `SELECT r.change_kind AS kind, r.confirmation_status AS status, ${n} AS n
          FROM ${table} ${where} GROUP BY r.change_kind, r.confirmation_status`,
    params,
  };
}

/** The inbox's operations, one definition for both engines (engines/op.ts). */
export const inboxOps = {
  /** A page of rows (not enriched) and the total under the filter. */
  *page(query: InboxQuery, problemKeys?: readonly string[]): Op<{ rows: InboxRow[]; total: number }> {
    const drives = yield* searchDrivesOp(query.filter);
    const stored = yield* all(
      sqlPerEngine<StoredRow>((engine) => {
        const page = pageSql(engine, query, drives, problemKeys);
        return { sql: page.sql, params: [...page.params, query.limit, query.offset] };
      }),
    );
    const total = yield* first(
      sqlPerEngine<{ n: number }>((engine) => totalSql(engine, query.filter, () => drives, problemKeys)),
    );
    return { rows: stored.map((r) => ({ ...r, hasUnmappedCodes: false })), total: total?.n ?? 0 };
  },

  /** The chips' counts (inboxCounts says how each is counted). */
  *counts(filter: InboxFilter, problemKeys?: readonly string[]): Op<InboxCounts> {
    const cells = yield* all(
      sqlPerEngine<{ kind: string; status: string; n: number }>((engine) =>
        inboxCountsSql(filter, problemKeys, engine),
      ),
    );
    return countsOf(filter, cells);
  },

  /** KeyFields of the reservations the "has a problem" filter looks at (problemCandidates). */
  *problemCandidates(): Op<string[]> {
    const rows = yield* all(
      sqlPerEngine<{ keyField: string }>(() => ({
        sql: `SELECT key_field AS "keyField" FROM reservations
              WHERE confirmation_status = 'W' AND change_kind <> 'cancelled'`,
        params: [],
      })),
    );
    return rows.map((r) => r.keyField);
  },
};

function countsOf(
  filter: InboxFilter,
  cells: readonly { kind: string; status: string; n: number }[],
): InboxCounts {
  const isOther = (s: string): boolean => !isConfirmationStatus(s);
  const statusWanted = (s: string): boolean =>
    !filter.statuses?.length || filter.statuses.some((x) => (x === 'other' ? isOther(s) : x === s));
  const kindWanted = (k: string): boolean => !filter.kinds?.length || filter.kinds.some((x) => x === k);
  const counts: InboxCounts = {
    total: 0,
    new: 0,
    changed: 0,
    cancelled: 0,
    waiting: 0,
    waitingCancellations: 0,
    confirmed: 0,
    declined: 0,
    otherStatus: 0,
  };
  for (const { kind, status, n } of cells) {
    if (statusWanted(status) && kindWanted(kind)) counts.total += n;
    if (statusWanted(status)) {
      if (kind === 'new') counts.new += n;
      else if (kind === 'changed') counts.changed += n;
      else if (kind === 'cancelled') counts.cancelled += n;
    }
    if (kindWanted(kind)) {
      if (status === 'W') {
        counts.waiting += n;
        if (kind === 'cancelled') counts.waitingCancellations += n;
      } else if (status === 'E') counts.confirmed += n;
      else if (status === 'H') counts.declined += n;
      else if (isOther(status)) counts.otherStatus += n;
    }
  }
  return counts;
}
