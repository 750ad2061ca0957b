// `npm run bench -- allotment`: the operators' allotments at 100k reservations on a real SQLite file, each against a
// bound measured in the same run:
//  - the calendar's first screen for a season (180 nights × 10 operators × 6 room types: the read and the rows the
//    screen gets) against the bare inbox page (the same page inbox-checks measures): goal ≤ 50×;
//  - the inbox page with its checks when every operator has contracts, against the same page with no contract:
//    goal ≤ 2×;
//  - each operator's production for the season's six months (the read, with each first answer's wait, and the
//    figures the screen gets) against the bare read of the same stays' rows: goal ≤ 3×.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allotmentWindow } from '../../main/contracts/allotment';
import { allotmentView } from '../../main/contracts/allotment-view';
import { monthsFrom, productionNights, productionView } from '../../main/contracts/production';
import { DeskChecks } from '../../main/operations/checks';
import { Store } from '../../main/store';
import { sqliteDeskStore } from '../../main/store/engines/desk-store';
import { contractProblems } from '../../shared/contract-problems';
import { addDays } from '../../shared/calendar';
import { generateReservations } from '../unit/store/fixtures';
import { median } from './median';

export const CALENDAR_RATIO_TARGET = 50;
export const CHECKS_WITH_ALLOTMENTS_TARGET = 2;
export const PRODUCTION_RATIO_TARGET = 3;

export interface AllotmentBenchResult {
  reservations: number;
  contracts: number;
  operators: number;
  roomTypes: number;
  bareMs: number;
  calendarMs: number;
  calendarRows: number;
  calendarRatio: number;
  checksPlainMs: number;
  checksWithMs: number;
  checksRatio: number;
  productionMs: number;
  producedStays: number;
  staysReadMs: number;
  productionRatio: number;
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const AT = '2026-04-01T08:00:00.000Z';
const TODAY = new Date(2026, 4, 15, 12);
const SEASON_FROM = '2026-05-01';
const query = { filter: {}, sort: 'arrival', direction: 'desc', offset: 0, limit: 200 } as const;

export async function benchAllotment(count = 100_000, runs = 7): Promise<AllotmentBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-allotment-'));
  const file = join(dir, 'bench.db');
  try {
    const store = Store.open(file);
    // Ten operators × six room types, spread evenly over the generated reservations.
    for (let first = 0; first < count; first += 5000)
      store.importBatch(
        generateReservations(Math.min(5000, count - first), 42 + first, first).map((r, i) => ({
          ...r,
          agencyId: `OP${(first + i) % 10}`,
          roomTypeId: `RT${Math.floor((first + i) / 10) % 6}`,
        })),
        AT,
      );
    // Ten operators × six room types: the fixtures' agencies and room types, each channel code mapped to a hotel code.
    const pairs = store.db
      .prepare<[], { agencyId: string; roomTypeId: string }>(
        'SELECT DISTINCT agency_id AS agencyId, room_type_id AS roomTypeId FROM reservations ORDER BY 1, 2',
      )
      .all();
    const agencies = [...new Set(pairs.map((p) => p.agencyId))].slice(0, 10);
    const roomTypes = [...new Set(pairs.map((p) => p.roomTypeId))].slice(0, 6);
    const desk = sqliteDeskStore(store);
    /** Medians of the inbox page with its checks, each from a new DeskChecks after one page to warm it. */
    const pagesWithChecks = async (): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const checks = new DeskChecks(
          () => desk,
          () => TODAY,
        );
        await checks.markRows(store.inboxPage(query).rows);
        const started = performance.now();
        await checks.markRows(store.inboxPage(query).rows);
        times.push(performance.now() - started);
      }
      return times;
    };
    const checksPlain = await pagesWithChecks();
    for (const agencyId of agencies)
      for (const code of roomTypes) {
        store.setMapping({
          agencyId,
          kind: 'roomType',
          channelCode: code,
          hotelCode: `H-${code}`,
          user: 'b',
          at: AT,
        });
        const saved = store.addContract(
          {
            agencyId,
            roomType: `H-${code}`,
            from: SEASON_FROM,
            to: addDays(SEASON_FROM, 179),
            rooms: 40,
            weekdayRooms: null,
            kind: 'normal',
            releaseDays: 14,
            note: '',
          },
          'bench',
          AT,
          contractProblems,
        );
        if (!('saved' in saved)) throw new Error('a bench contract was refused');
      }
    const checksWith = await pagesWithChecks();
    // Every answered booking answered by the desk half an hour after it came, as on a desk in use for a season.
    store.db
      .exec(`INSERT INTO decisions (key_field, action, note, reason_id, "user", decided_at, based_on_log_id,
        state, sent_at)
      SELECT key_field, 'confirm', '', NULL, 'bench', '${AT}', log_id, 'sent', '2026-04-01T08:30:00.000Z'
      FROM reservations WHERE pms_status <> 3 AND confirmation_status NOT IN ('W', 'H')`);

    const bare: number[] = [];
    const calendar: number[] = [];
    const produced: number[] = [];
    const staysRead: number[] = [];
    let producedStays = 0;
    // The floor: the stays' own columns over the same range of the check-in index, nothing joined or added up.
    const nights = productionNights(monthsFrom('2026-05', 6));
    const bareStays = store.db.prepare(`SELECT agency_id, substr(check_in, 1, 10), substr(check_out, 1, 10),
        room_count, pax, adults, childs, infants, sold_price, sold_currency, received_at
      FROM reservations WHERE check_in >= ? AND check_in < ? AND substr(check_out, 1, 10) >= ?
        AND pms_status <> 3 AND confirmation_status NOT IN ('W', 'H')`);
    let rows = 0;
    const names = new Map(store.listAgencies().map((a) => [a.id, a.name]));
    for (let i = 0; i < runs; i++) {
      let started = performance.now();
      store.inboxPage(query);
      bare.push(performance.now() - started);
      started = performance.now();
      const window = allotmentWindow(SEASON_FROM, 180);
      const input = await desk.allotmentInput(SEASON_FROM, window.last);
      rows = allotmentView(input, names, window.nights, '2026-05-15').rows.length;
      calendar.push(performance.now() - started);
      started = performance.now();
      bareStays.all(nights.earliest, nights.to, nights.from);
      staysRead.push(performance.now() - started);
      started = performance.now();
      const view = await productionView(desk, '2026-05', 6);
      produced.push(performance.now() - started);
      producedStays = view.total.arrivals;
    }
    store.close();
    const bareMs = median(bare);
    return {
      reservations: count,
      contracts: agencies.length * roomTypes.length,
      operators: agencies.length,
      roomTypes: roomTypes.length,
      bareMs: round(bareMs, 2),
      calendarMs: round(median(calendar)),
      calendarRows: rows,
      calendarRatio: round(median(calendar) / bareMs),
      checksPlainMs: round(median(checksPlain)),
      checksWithMs: round(median(checksWith)),
      checksRatio: round(median(checksWith) / median(checksPlain), 2),
      productionMs: round(median(produced)),
      producedStays,
      staysReadMs: round(median(staysRead)),
      productionRatio: round(median(produced) / median(staysRead), 2),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
