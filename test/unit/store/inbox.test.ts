import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { ConfirmationStatus, Reservation } from '../../../shared/domain';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { type InboxFilter, type InboxQuery } from '../../../main/store/inbox';
import { makeGuest, makeReservation } from './fixtures';

// Eight reservations; the import order gives the arrival order (A first, H last).
type Spec = [
  key: string,
  checkIn: string,
  status: ConfirmationStatus,
  pms: number,
  agency: string,
  lead: string,
];
const specs: Spec[] = [
  ['A', '2026-07-03', 'W', 0, 'AG1', 'IŞIK AYŞE'],
  ['B', '2026-07-01', 'E', 0, 'AG2', 'YILMAZ MEHMET'],
  ['C', '2026-07-05', 'W', 2, 'AG1', 'ŞAHİN OĞUZ'],
  ['D', '2026-07-01', 'H', 3, 'AG1', 'ÇELİK ŞULE'],
  ['E', '2026-07-10', 'W', 3, 'AG2', 'MÜLLER HANS'],
  ['F', '2026-07-02', 'E', 2, 'AG1', 'IŞIK MEHMET'],
  ['G', '2026-07-05', 'W', 0, 'AG2', 'GÜNEŞ İBRAHİM'],
  ['H', '2026-07-08', 'E', 0, 'AG1', 'DOĞAN ÜMİT'],
];
const reservation = ([key, checkIn, status, pms, agency, lead]: Spec, i: number): Reservation =>
  makeReservation({
    keyField: key,
    logId: i + 1,
    checkIn,
    confirmationStatus: status,
    pmsStatus: pms,
    agencyId: agency,
    agencyName: agency === 'AG1' ? 'Sun Travel' : 'Öger Tours',
    voucherNo: `V-${key}`,
    guests: [makeGuest(lead, key, { arrivalTime: key === 'A' ? '2026-07-03T14:30:00' : null })],
  });

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  specs.forEach((spec, i) => importBatch(db, [reservation(spec, i)], `2026-06-01T08:00:0${i}.000Z`));
});
afterEach(() => db.close());

const keys = (query: Partial<InboxQuery> & { filter?: InboxFilter }): string[] =>
  new Store(db)
    .inboxPage({ filter: {}, sort: 'checkIn', direction: 'asc', offset: 0, limit: 500, ...query })
    .rows.map((r) => r.keyField);

describe('inboxPage', () => {
  it('sorts by check-in, ties in import order, both directions', () => {
    expect(keys({})).toEqual(['B', 'D', 'F', 'A', 'C', 'G', 'H', 'E']);
    expect(keys({ direction: 'desc' })).toEqual(['E', 'H', 'G', 'C', 'A', 'F', 'D', 'B']);
  });

  it('sorts by arrival at the desk, newest first', () => {
    expect(keys({ sort: 'arrival', direction: 'desc' })).toEqual(['H', 'G', 'F', 'E', 'D', 'C', 'B', 'A']);
    expect(keys({ sort: 'arrival', direction: 'asc' })).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });

  it('filters by status, kind, agency and inclusive check-in range', () => {
    // Waiting for the hotel's answer: E says W and was cancelled, so it waits to be taken in.
    expect(keys({ filter: { statuses: ['W'] } })).toEqual(['A', 'C', 'G', 'E']);
    expect(keys({ filter: { statuses: ['E', 'H'] } })).toEqual(['B', 'D', 'F', 'H']);
    expect(keys({ filter: { kinds: ['cancelled'] } })).toEqual(['D', 'E']);
    expect(keys({ filter: { kinds: ['new', 'changed'], agencyId: 'AG2' } })).toEqual(['B', 'G']);
    expect(keys({ filter: { checkInFrom: '2026-07-02', checkInTo: '2026-07-05' } })).toEqual([
      'F',
      'A',
      'C',
      'G',
    ]);
    expect(keys({ filter: { statuses: ['W'], kinds: ['new'], checkInTo: '2026-07-04' } })).toEqual(['A']);
    expect(keys({ filter: { statuses: [], kinds: [] } })).toHaveLength(8);
  });

  it('combines search with the other filters', () => {
    expect(keys({ filter: { search: 'isik' } })).toEqual(['F', 'A']);
    expect(keys({ filter: { search: 'ışık', statuses: ['W'] } })).toEqual(['A']);
    expect(keys({ filter: { search: 'mehmet', agencyId: 'AG2' } })).toEqual(['B']);
    expect(keys({ filter: { search: '   ' } })).toHaveLength(8);
    expect(keys({ filter: { search: 'nobody' } })).toEqual([]);
  });

  it('pages without gaps or repeats, and reports the total under the filter', () => {
    const page = (offset: number) =>
      new Store(db).inboxPage({
        filter: { agencyId: 'AG1' },
        sort: 'checkIn',
        direction: 'asc',
        offset,
        limit: 2,
      });
    const pages = [page(0), page(2), page(4)];
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.keyField))).toEqual(['D', 'F', 'A', 'C', 'H']);
  });

  it('gives the row the screens need, marked with its answer as stored', () => {
    const query = {
      filter: { search: 'ayşe' },
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: 10,
    } as const;
    const store = new Store(db);
    const { rows } = store.inboxPage(query);
    expect(rows).toEqual([
      {
        keyField: 'A',
        voucherNo: 'V-A',
        tourOpName: 'Sun Travel GmbH',
        agencyName: 'Sun Travel',
        leadGuest: 'IŞIK AYŞE',
        checkIn: '2026-07-03',
        checkOut: '2026-07-17',
        nights: 7,
        roomTypeName: 'Double Room',
        roomName: 'Sea view',
        roomCount: 1,
        roomNo: null,
        accomId: 'AI',
        adults: 2,
        childs: 0,
        infants: 0,
        confirmationStatus: 'W',
        changeKind: 'new',
        decision: 'none',
        receivedAt: '2026-06-01T08:00:00.000Z',
        arrivalTime: '2026-07-03T14:30:00',
        quotaType: 0,
        reservationStatus: 0,
        hasUnmappedCodes: true,
      },
    ]);
    store.enqueueDecision({
      keyField: 'A',
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'Ayşe',
      decidedAt: '2026-06-01T09:00:00Z',
      basedOnLogId: store.getReservation('A')?.logId ?? 0,
    });
    expect(store.inboxPage(query).rows[0]).toMatchObject({ keyField: 'A', decision: 'pending' });
  });
});

describe('statuses the desk does not answer (the live service sends S and G)', () => {
  beforeEach(() => {
    importBatch(
      db,
      [makeReservation({ keyField: 'S1', logId: 91, confirmationStatus: 'S', checkIn: '2026-07-04' })],
      'x',
    );
    importBatch(
      db,
      [makeReservation({ keyField: 'G1', logId: 92, confirmationStatus: 'G', checkIn: '2026-07-06' })],
      'x',
    );
    importBatch(
      db,
      [
        makeReservation({
          keyField: 'X1',
          logId: 93,
          confirmationStatus: 'X',
          checkIn: '2026-07-07',
          pmsStatus: 3,
        }),
      ],
      'x',
    );
  });

  it('the other chip picks out every status but W, E and H, alone or beside the others', () => {
    expect(keys({ filter: { statuses: ['other'] } })).toEqual(['S1', 'G1', 'X1']);
    expect(keys({ filter: { statuses: ['W', 'other'] } })).toEqual(['A', 'S1', 'C', 'G', 'G1', 'X1', 'E']);
    expect(keys({ filter: { statuses: ['E', 'H', 'other'] } })).toEqual([
      'B',
      'D',
      'F',
      'S1',
      'G1',
      'X1',
      'H',
    ]);
    expect(keys({ filter: { statuses: ['other'], kinds: ['cancelled'] } })).toEqual(['X1']);
    expect(keys({ filter: { statuses: ['W', 'E', 'H'] } })).not.toContain('S1');
  });

  it('counts them on their own chip, and the page total agrees', () => {
    expect(new Store(db).inboxCounts({})).toMatchObject({
      total: 11,
      waiting: 4,
      confirmed: 3,
      declined: 1,
      otherStatus: 3,
    });
    const filter: InboxFilter = { statuses: ['other'], kinds: ['new'] };
    const counts = new Store(db).inboxCounts(filter);
    expect(counts).toMatchObject({ total: 2, new: 2, cancelled: 1, otherStatus: 2 });
    const page = new Store(db).inboxPage({ filter, sort: 'arrival', direction: 'desc', offset: 0, limit: 1 });
    expect(page.total).toBe(counts.total);
  });
});

describe('inboxCounts', () => {
  it('counts everything with no filter', () => {
    expect(new Store(db).inboxCounts({})).toEqual({
      total: 8,
      new: 4,
      changed: 2,
      cancelled: 2,
      waiting: 4,
      waitingCancellations: 1,
      confirmed: 3,
      declined: 1,
      otherStatus: 0,
    });
  });

  it('counts each chip under every other filter but its own', () => {
    // statuses W: A(new) C(changed) G(new) and E, a cancellation waiting to be taken in.
    // Kind chips honour it; status chips do not.
    expect(new Store(db).inboxCounts({ statuses: ['W'] })).toEqual({
      total: 4,
      new: 2,
      changed: 1,
      cancelled: 1,
      waiting: 4,
      waitingCancellations: 1,
      confirmed: 3,
      declined: 1,
      otherStatus: 0,
    });
    // kinds cancelled: D(H) E(W).
    expect(new Store(db).inboxCounts({ kinds: ['cancelled'], statuses: ['W'] })).toEqual({
      total: 1,
      new: 2,
      changed: 1,
      cancelled: 1,
      waiting: 1,
      waitingCancellations: 1,
      confirmed: 0,
      declined: 1,
      otherStatus: 0,
    });
  });

  it('honours agency, dates and search for every count', () => {
    // AG1 with check-in up to 07-03: D(H,cancelled) F(E,changed) A(W,new)
    expect(new Store(db).inboxCounts({ agencyId: 'AG1', checkInTo: '2026-07-03' })).toEqual({
      total: 3,
      new: 1,
      changed: 1,
      cancelled: 1,
      waiting: 1,
      waitingCancellations: 0,
      confirmed: 1,
      declined: 1,
      otherStatus: 0,
    });
    expect(new Store(db).inboxCounts({ search: 'IŞIK' })).toEqual({
      total: 2,
      new: 1,
      changed: 1,
      cancelled: 0,
      waiting: 1,
      waitingCancellations: 0,
      confirmed: 1,
      declined: 0,
      otherStatus: 0,
    });
  });

  it('agrees with the page total for the same filter', () => {
    const filter: InboxFilter = { statuses: ['W', 'E'], kinds: ['new'], checkInFrom: '2026-07-02' };
    const page = new Store(db).inboxPage({ filter, sort: 'arrival', direction: 'desc', offset: 0, limit: 1 });
    expect(new Store(db).inboxCounts(filter).total).toBe(page.total);
    expect(page.total).toBe(3); // A, G, H
  });
});
