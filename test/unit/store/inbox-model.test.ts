// The inbox against a plain model of the same data, with enough reservations that a common surname
// takes the index-driven path and a rare one the match-driven path.
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Reservation } from '../../../shared/domain';
import { openDatabase } from '../../../main/store/db';
import { type InboxFilter, type InboxQuery } from '../../../main/store/inbox';
import { importBatch } from '../../../main/store/reservations';
import { changeKindOfPmsStatus } from '../../../shared/domain';
import { queryTerms, searchTextOf, searchWords } from '../../../main/store/search';
import { generateReservations } from './fixtures';

const items = generateReservations(6000, 11);
let db: Database;
beforeAll(() => {
  db = openDatabase(':memory:');
  importBatch(db, items, '2026-06-01T08:00:00.000Z');
});
afterAll(() => db.close());

const matches = (r: Reservation, f: InboxFilter): boolean => {
  // Waiting means waiting for the hotel's answer: a cancellation saying W waits to be taken in.
  const statusMatches = (s: string): boolean => s === r.confirmationStatus;
  if (f.statuses?.length && !f.statuses.some(statusMatches)) return false;
  if (f.kinds?.length && !f.kinds.includes(changeKindOfPmsStatus(r.pmsStatus))) return false;
  if (f.agencyId !== undefined && r.agencyId !== f.agencyId) return false;
  if (f.checkInFrom !== undefined && r.checkIn < f.checkInFrom) return false;
  if (f.checkInTo !== undefined && r.checkIn > f.checkInTo) return false;
  if (f.search !== undefined) {
    // The index's words (the folded text and its other spellings); a typed word matches in any spelling.
    const words = searchWords(searchTextOf(r));
    const found = (term: string[]) => words.some((w) => term.some((q) => w.startsWith(q)));
    if (!queryTerms(f.search).every(found)) return false;
  }
  return true;
};

const model = (q: InboxQuery): { keys: string[]; total: number } => {
  const order = items.map((r, i) => ({ r, i })).filter(({ r }) => matches(r, q.filter));
  order.sort((a, b) => (a.r.checkIn < b.r.checkIn ? -1 : a.r.checkIn > b.r.checkIn ? 1 : a.i - b.i));
  if (q.direction === 'desc') order.reverse();
  return { keys: order.slice(q.offset, q.offset + q.limit).map(({ r }) => r.keyField), total: order.length };
};

const cases: InboxFilter[] = [
  { search: 'ışık' },
  { search: 'IŞIK', statuses: ['W'] },
  { search: 'isik ayse', kinds: ['new', 'changed'] },
  { search: 'krauss', agencyId: 'AG2', checkInFrom: '2026-06-15', checkInTo: '2026-08-15' },
  { search: 'VC2001' },
  { statuses: ['H'], kinds: ['cancelled'] },
  { agencyId: 'AG3', checkInFrom: '2026-07-01' },
];

describe('inbox against a model', () => {
  for (const filter of cases) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`${JSON.stringify(filter)} ${direction}`, () => {
        for (const offset of [0, 150]) {
          const query: InboxQuery = { filter, sort: 'checkIn', direction, offset, limit: 100 };
          const page = new Store(db).inboxPage(query);
          const expected = model(query);
          expect(page.rows.map((r) => r.keyField)).toEqual(expected.keys);
          expect(page.total).toBe(expected.total);
          expect(new Store(db).inboxCounts(filter).total).toBe(expected.total);
        }
      });
    }
  }

  it('the common surname really is common here (index-driven path)', () => {
    expect(
      model({ filter: { search: 'isik' }, sort: 'checkIn', direction: 'asc', offset: 0, limit: 1 }).total,
    ).toBeGreaterThan(300);
  });
});
