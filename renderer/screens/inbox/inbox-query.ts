// What the inbox is showing: the filter sent to main plus the sort. Kept as plain data so it can be compared.
import type { RequestOf } from '../../../shared/ipc';

export type InboxFilter = RequestOf<'listReservations'>['filter'];
export type InboxSort = RequestOf<'listReservations'>['sort'];
export type SortDirection = RequestOf<'listReservations'>['direction'];

export interface InboxQuery {
  filter: InboxFilter;
  sort: InboxSort;
  direction: SortDirection;
}

export const initialQuery: InboxQuery = { filter: {}, sort: 'arrival', direction: 'desc' };

/** Counts for the chips ignore the chips' own choices, so each chip shows what it would add. */
export const countsFilter = (filter: InboxFilter): InboxFilter => {
  const { statuses: _s, kinds: _k, ...rest } = filter;
  return rest;
};

export function toggle<T>(list: T[] | undefined, value: T): T[] | undefined {
  const current = list ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return next.length === 0 ? undefined : next;
}
