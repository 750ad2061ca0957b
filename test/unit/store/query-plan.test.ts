// The inbox's main sorts must come straight from an index: a page of 200 then reads about 200 index
// entries, at 100 or at 100k reservations. Checked on the plan, not on a clock.
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { inboxCountsSql, inboxPageSql, inboxTotalSql, type InboxFilter } from '../../../main/store/inbox';
import { generateReservations } from './fixtures';

let db: Database;
beforeAll(() => {
  db = openDatabase(':memory:');
  importBatch(db, generateReservations(8000, 5), '2026-06-01T08:00:00.000Z');
});
afterAll(() => db.close());

const plan = (sql: string, params: unknown[]): string =>
  db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((r) => r.detail)
    .join(' | ');

const filters: Record<string, InboxFilter> = {
  none: {},
  waiting: { statuses: ['W'] },
  'confirmed or declined, new': { statuses: ['E', 'H'], kinds: ['new'] },
  agency: { agencyId: 'AG1' },
  'check-in range': { checkInFrom: '2026-06-01', checkInTo: '2026-06-30' },
  everything: {
    statuses: ['W'],
    kinds: ['changed'],
    agencyId: 'AG2',
    checkInFrom: '2026-06-01',
    checkInTo: '2026-09-30',
  },
  'a common surname': { search: 'yilmaz' },
  'a common surname, waiting': { search: 'yilmaz', statuses: ['W'] },
};

describe('inbox page plans', () => {
  for (const [name, filter] of Object.entries(filters)) {
    for (const sort of ['checkIn', 'arrival'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        it(`${name}, by ${sort} ${direction}: walks the sort index, no sort step`, () => {
          const { sql, params } = inboxPageSql(db, { filter, sort, direction });
          const detail = plan(sql, [...params, 200, 0]);
          expect(detail).not.toContain('TEMP B-TREE');
          expect(detail).toContain(
            sort === 'checkIn' ? 'reservations_by_check_in' : 'reservations_by_arrival',
          );
        });
      }
    }
  }

  it('a rare name is read match by match (and only those few are sorted)', () => {
    const { sql, params } = inboxPageSql(db, {
      filter: { search: 'VC200017' },
      sort: 'checkIn',
      direction: 'asc',
    });
    expect(plan(sql, [...params, 200, 0])).toMatch(/SEARCH r USING INTEGER PRIMARY KEY.*reservation_search/);
  });
});

describe('count plans', () => {
  it('without a search, totals and chip counts read the tally, never the reservations', () => {
    for (const filter of Object.values(filters).filter((f) => f.search === undefined)) {
      const total = inboxTotalSql(db, filter);
      const counts = inboxCountsSql(filter);
      expect(total.sql).toContain('FROM reservation_tally r');
      expect(counts.sql).toContain('FROM reservation_tally r');
      expect(plan(total.sql, total.params)).not.toContain('INDEX reservations');
      expect(plan(counts.sql, counts.params)).not.toContain('INDEX reservations');
    }
  });

  it('a search with a filter is counted on the covering check-in index', () => {
    const { sql, params } = inboxTotalSql(db, filters['a common surname, waiting'] ?? {});
    expect(plan(sql, params)).toContain('COVERING INDEX reservations_by_check_in');
  });

  it('the reminder count uses the waiting index', () => {
    expect(
      plan(
        `SELECT count(*) FROM reservations
         WHERE confirmation_status = 'W' AND received_at < ?
           AND change_kind <> 'cancelled' AND decision_state <> 'pending'`,
        ['x'],
      ),
    ).toContain('USING INDEX reservations_waiting');
  });

  it('received today is counted on the covering arrival index, never the tally', () => {
    const filter: InboxFilter = { receivedFrom: '2026-06-01T00:00:00.000Z', statuses: ['W'] };
    const total = inboxTotalSql(db, filter);
    const counts = inboxCountsSql(filter);
    expect(plan(total.sql, total.params)).toContain('COVERING INDEX reservations_by_arrival');
    expect(plan(counts.sql, counts.params)).toContain('COVERING INDEX reservations_by_arrival');
    const page = inboxPageSql(db, { filter, sort: 'checkIn', direction: 'asc' });
    expect(plan(page.sql, [...page.params, 200, 0])).toContain('reservations_by_arrival');
  });
});

describe('the tally stays true', () => {
  it('matches a plain count after inserts, changes and confirmations', () => {
    const more = generateReservations(200, 9, 5000);
    importBatch(db, more, '2026-06-02T08:00:00.000Z');
    const changed = more.slice(0, 50).map((r) => ({
      ...r,
      logId: r.logId + 1,
      pmsStatus: 3,
      checkIn: '2026-12-24',
      agencyId: 'AG3',
      confirmationStatus: 'E' as const,
    }));
    importBatch(db, changed, '2026-06-03T08:00:00.000Z');
    const fromTally = db
      .prepare<[], { k: string; n: number }>(
        `SELECT check_in || agency_id || change_kind || confirmation_status AS k, n FROM reservation_tally
         WHERE n > 0 ORDER BY k`,
      )
      .all();
    const counted = db
      .prepare<[], { k: string; n: number }>(
        `SELECT check_in || agency_id || change_kind || confirmation_status AS k, count(*) AS n
         FROM reservations GROUP BY k ORDER BY k`,
      )
      .all();
    expect(fromTally).toEqual(counted);
  });

  it('matches a plain count when one batch brings a new reservation and then its change', () => {
    const [first] = generateReservations(1, 11, 9000).map((r) => ({
      ...r,
      checkIn: '2031-01-01',
      pmsStatus: 0,
    }));
    if (!first) throw new Error('no fixture');
    const second = { ...first, logId: first.logId + 1, pmsStatus: 2, checkIn: '2031-02-02' };
    importBatch(db, [first, second], '2026-06-04T08:00:00.000Z');
    const tallyOf = (checkIn: string) =>
      db
        .prepare<[string], number>('SELECT coalesce(sum(n), 0) FROM reservation_tally WHERE check_in = ?')
        .pluck()
        .get(checkIn);
    expect(tallyOf('2031-01-01')).toBe(0);
    expect(tallyOf('2031-02-02')).toBe(1);
  });
});
