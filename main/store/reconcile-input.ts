// What a bounded reconcile (main/sync/reconcile-windows.ts) needs from the store: per check-in day inside
// the desk's window, how many reservations are still undecided (any status but E and H: W, and the S and G
// dealt with elsewhere) with their agencies, and how many are settled. One pass over the check-in index.
import { sql } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import type { CalendarDate } from '../../shared/domain';

export interface ReconcileDayRow {
  day: CalendarDate;
  undecided: number;
  settled: number;
  agencies: string[];
}

/** An undecided reservation of the window: what a bounded reconcile expects to find in the waiting list. */
export interface UndecidedRow {
  keyField: string;
  day: CalendarDate;
  agencyId: string;
}

// check_in is stored as YYYY-MM-DDT00:00:00: its first ten characters are the day, and the day after `to`
// bounds it from above ('~' sorts after every character a time holds, bytewise on both engines).
const day = sql<CalendarDate>`substr(check_in, 1, 10)`;
const through = (to: CalendarDate): string => `${to}~`;
// A sum of 0/1, not of a comparison: PostgreSQL's comparisons are booleans, which it does not add up.
const settledSql = sql`confirmation_status IN ('E', 'H')`;

const perDay = prepared((p: { from: string; to: string }) =>
  q
    .selectFrom('reservations')
    .select([
      day.as('day'),
      'agency_id as agencyId',
      sql<number>`sum(CASE WHEN ${settledSql} THEN 0 ELSE 1 END)`.as('undecided'),
      sql<number>`sum(CASE WHEN ${settledSql} THEN 1 ELSE 0 END)`.as('settled'),
    ])
    .where('check_in', '>=', p.from)
    .where('check_in', '<', p.to)
    .groupBy([day, 'agency_id'])
    // SQLite's grouping already yields this order; PostgreSQL's may not: each day's agencies come sorted on both.
    .orderBy(day)
    .orderBy('agency_id'),
);
const undecided = prepared((p: { from: string; to: string }) =>
  q
    .selectFrom('reservations')
    .select(['key_field as keyField', day.as('day'), 'agency_id as agencyId'])
    .where('check_in', '>=', p.from)
    .where('check_in', '<', p.to)
    .where(sql<boolean>`NOT ${settledSql}`),
);

/** The reconcile's reads, one definition for both engines (engines/op.ts). */
export const reconcileInputOps = {
  *days(from: CalendarDate, to: CalendarDate): Op<ReconcileDayRow[]> {
    const rows = yield* all(perDay({ from, to: through(to) }));
    const byDay = new Map<string, ReconcileDayRow>();
    for (const row of rows) {
      let entry = byDay.get(row.day);
      if (!entry) byDay.set(row.day, (entry = { day: row.day, undecided: 0, settled: 0, agencies: [] }));
      entry.undecided += row.undecided;
      entry.settled += row.settled;
      if (row.undecided > 0) entry.agencies.push(row.agencyId);
    }
    return [...byDay.values()];
  },

  *undecided(from: CalendarDate, to: CalendarDate): Op<UndecidedRow[]> {
    return yield* all(undecided({ from, to: through(to) }));
  },
};
