// What a bounded reconcile (main/sync/reconcile-windows.ts) needs from the store: per check-in day inside
// the desk's window, how many reservations are still undecided (any status but E and H: W, and the S and G
// dealt with elsewhere) with their agencies, and how many are settled. One pass over the check-in index.
import type { Database } from 'better-sqlite3';
import type { CalendarDate } from '../../shared/domain';

export interface ReconcileDayRow {
  day: CalendarDate;
  undecided: number;
  settled: number;
  agencies: string[];
}

interface Row {
  day: string;
  agencyId: string;
  undecided: number;
  settled: number;
}

export function reconcileDays(db: Database, from: CalendarDate, to: CalendarDate): ReconcileDayRow[] {
  const rows = db
    .prepare<[string, string], Row>(
      `SELECT substr(check_in, 1, 10) AS day, agency_id AS agencyId,
              sum(confirmation_status NOT IN ('E', 'H')) AS undecided,
              sum(confirmation_status IN ('E', 'H')) AS settled
         FROM reservations
        WHERE check_in >= ? AND check_in < ?
        GROUP BY day, agency_id`,
    )
    // check_in is stored as YYYY-MM-DDT00:00:00: the day after `to` bounds it from above.
    .all(from, `${to}~`);
  const byDay = new Map<string, ReconcileDayRow>();
  for (const row of rows) {
    let day = byDay.get(row.day);
    if (!day) byDay.set(row.day, (day = { day: row.day, undecided: 0, settled: 0, agencies: [] }));
    day.undecided += row.undecided;
    day.settled += row.settled;
    if (row.undecided > 0) day.agencies.push(row.agencyId);
  }
  return [...byDay.values()];
}

/** An undecided reservation of the window: what a bounded reconcile expects to find in the waiting list. */
export interface UndecidedRow {
  keyField: string;
  day: CalendarDate;
  agencyId: string;
}

export function undecidedReservations(db: Database, from: CalendarDate, to: CalendarDate): UndecidedRow[] {
  return db
    .prepare<[string, string], UndecidedRow>(
      `SELECT key_field AS keyField, substr(check_in, 1, 10) AS day, agency_id AS agencyId
         FROM reservations
        WHERE check_in >= ? AND check_in < ? AND confirmation_status NOT IN ('E', 'H')`,
    )
    .all(from, `${to}~`);
}
