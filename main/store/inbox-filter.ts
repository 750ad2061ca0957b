// Turns the inbox filter into a WHERE clause over reservations (alias r) with bound parameters. Only ever
// parameters, never text from the request, go into the SQL, each as `?` (sql-per-engine.ts numbers them for
// PostgreSQL). Written for either engine: SQLite's planner hints (a unary + keeping a column off an index) are
// SQLite's only, and the JSON list and the search condition are each engine's own.
import type { InboxFilter } from '../../shared/domain';
import type { EngineName } from './engines/per-engine';
import { matchExpression, searchCondition, tsQueryExpression } from './search';

export type { InboxFilter };
export type SqlValue = string | number;

export interface FilterClause {
  /** 'WHERE ...' or '' */
  where: string;
  params: SqlValue[];
}

export interface FilterOptions {
  /** Facet counting: leave these dimensions' own filters out. */
  omitStatuses?: boolean;
  omitKinds?: boolean;
  /**
   * The page's sort. Its index must drive the query: a page of 200 then stops after about 200 index
   * entries and never sorts. Without statistics SQLite would rather look rows up by a filter column
   * (status, agency) and sort them all, so the other filter columns get a unary + that keeps them off
   * any index; they are still tested on the sort index's own entries, before reading the row.
   */
  orderedBy?: 'checkIn' | 'arrival';
  /**
   * With orderedBy: let the search's matches drive the query and sort them, instead of walking the sort
   * index and probing the matches. Right when the search matches few reservations.
   */
  searchDrives?: boolean;
  /**
   * The reservations whose pre-confirm checks found a problem, for a filter with hasProblem: the checks are
   * computed in main, never stored, so the caller resolves them. Without it hasProblem is ignored (the CSV
   * export's filter has no such field).
   */
  problemKeys?: readonly string[];
  /** The engine the clause is written for (default SQLite). */
  engine?: EngineName;
}

/** True when the filter asks for reservations with a problem and the caller resolved which they are. */
export const hasProblemKeys = (filter: InboxFilter, options: FilterOptions): boolean =>
  filter.hasProblem === true && options.problemKeys !== undefined;

/** True when the filter asks for the time the current version arrived ("received today"). */
export const hasReceived = (filter: InboxFilter): boolean =>
  filter.receivedFrom !== undefined || filter.receivedTo !== undefined;

/** True when the filter has a search with something searchable in it. */
export const hasSearch = (filter: InboxFilter): boolean =>
  filter.search !== undefined && matchExpression(filter.search) !== null;

const inList = (column: string, values: readonly string[]): string =>
  `${column} IN (${values.map(() => '?').join(', ')})`;

/**
 * An empty statuses / kinds list means "no filter on it", like a row of chips with none selected.
 * A search without any letter or digit is no search.
 */
export function filterClause(filter: InboxFilter, options: FilterOptions = {}): FilterClause {
  const postgres = options.engine === 'postgres';
  // PostgreSQL has no unary + for text, and its planner needs no such hint.
  const plain = options.orderedBy === undefined || postgres;
  const column = (name: string): string => (plain ? `r.${name}` : `+r.${name}`);
  const checkIn = plain || options.orderedBy === 'checkIn' ? 'r.check_in' : '+r.check_in';
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  if (!options.omitStatuses && filter.statuses && filter.statuses.length > 0) {
    // "Waiting" means waiting for the hotel's answer: a cancellation still says W but needs none.
    // "Other" is any status but the three answers (the live service's S and G).
    const status = column('confirmation_status');
    const answers = filter.statuses.filter((s) => s === 'W' || s === 'E' || s === 'H');
    const either: string[] = [];
    if (answers.length > 0) either.push(inList(status, answers));
    if (filter.statuses.includes('other')) either.push(`${status} NOT IN ('W', 'E', 'H')`);
    conditions.push(either.length === 1 ? (either[0] as string) : `(${either.join(' OR ')})`);
    params.push(...answers);
  }
  if (!options.omitKinds && filter.kinds && filter.kinds.length > 0) {
    conditions.push(inList(column('change_kind'), filter.kinds));
    params.push(...filter.kinds);
  }
  if (filter.agencyId !== undefined) {
    conditions.push(`${column('agency_id')} = ?`);
    params.push(filter.agencyId);
  }
  if (filter.checkInFrom !== undefined) {
    conditions.push(`${checkIn} >= ?`);
    params.push(filter.checkInFrom);
  }
  if (filter.checkInTo !== undefined) {
    conditions.push(`${checkIn} <= ?`);
    params.push(filter.checkInTo);
  }
  // Only the reservations table has received_at (never the tally): callers count over it then.
  if (filter.receivedFrom !== undefined) {
    conditions.push('r.received_at >= ?');
    params.push(filter.receivedFrom);
  }
  if (filter.receivedTo !== undefined) {
    conditions.push('r.received_at < ?');
    params.push(filter.receivedTo);
  }
  if (hasProblemKeys(filter, options)) {
    conditions.push(
      postgres
        ? `${column('key_field')} IN (SELECT value FROM json_array_elements_text(CAST(? AS json)) AS value)`
        : `${column('key_field')} IN (SELECT value FROM json_each(?))`,
    );
    params.push(JSON.stringify(options.problemKeys));
  }
  if (postgres) {
    const ts = filter.search === undefined ? null : tsQueryExpression(filter.search);
    if (ts !== null) {
      conditions.push(`r.id IN (SELECT reservation_id FROM reservation_search
        WHERE folded @@ CAST(? AS tsquery))`);
      params.push(ts);
    }
    return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }
  const match = filter.search === undefined ? null : matchExpression(filter.search);
  if (match !== null) {
    conditions.push(plain || options.searchDrives ? searchCondition : `+${searchCondition}`);
    params.push(match);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
