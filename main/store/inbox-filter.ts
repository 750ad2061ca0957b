// Turns the inbox filter of the contract into a WHERE clause over reservations (alias r) with bound
// parameters. Only ever parameters, never text from the request, go into the SQL.
import type { z } from 'zod';
import type { inboxFilterSchema } from '../../shared/ipc';
import { matchExpression, searchCondition } from './search';

export type InboxFilter = z.infer<typeof inboxFilterSchema>;
export type SqlValue = string | number;

export interface FilterClause {
  /** 'WHERE ...' or '' */
  where: string;
  params: SqlValue[];
}

/** Dimensions counted as facets: their own filter is left out when counting them. */
export interface Omit {
  statuses?: boolean;
  kinds?: boolean;
}

const inList = (column: string, values: readonly string[]): string =>
  `${column} IN (${values.map(() => '?').join(', ')})`;

/**
 * An empty statuses / kinds list means "no filter on it", like a row of chips with none selected.
 * A search without any letter or digit is no search.
 */
export function filterClause(filter: InboxFilter, omit: Omit = {}): FilterClause {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  if (!omit.statuses && filter.statuses && filter.statuses.length > 0) {
    conditions.push(inList('r.confirmation_status', filter.statuses));
    params.push(...filter.statuses);
  }
  if (!omit.kinds && filter.kinds && filter.kinds.length > 0) {
    conditions.push(inList('r.change_kind', filter.kinds));
    params.push(...filter.kinds);
  }
  if (filter.agencyId !== undefined) {
    conditions.push('r.agency_id = ?');
    params.push(filter.agencyId);
  }
  if (filter.checkInFrom !== undefined) {
    conditions.push('r.check_in >= ?');
    params.push(filter.checkInFrom);
  }
  if (filter.checkInTo !== undefined) {
    conditions.push('r.check_in <= ?');
    params.push(filter.checkInTo);
  }
  const match = filter.search === undefined ? null : matchExpression(filter.search);
  if (match !== null) {
    conditions.push(searchCondition);
    params.push(match);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
