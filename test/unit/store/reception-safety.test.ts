// In the store (and a waiting cancellation waits to be taken in: counts, the Waiting filter, reminders),
// an answer already queued does not remind, "received today" as a filter, the room on inbox rows, how
// many wait outside the PMS list for an answer, and the activity log's guest and decline reason by name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { InboxFilter } from '../../../main/store/inbox';
import { makeGuest, makeReservation } from './fixtures';

let store: Store;
beforeEach(() => {
  store = Store.open(':memory:');
});
afterEach(() => store.close());

const DAY1 = '2026-06-01T08:00:00.000Z';
const DAY2 = '2026-06-02T09:00:00.000Z';

/** W new (K1, 2 rooms), W cancelled (K2), E new (K3), W new received a day later (K4). */
function fill(): void {
  store.importBatch(
    [
      makeReservation({
        keyField: 'K1',
        logId: 1,
        roomCount: 2,
        roomId: 'R7',
        roomName: 'Deniz manzaralı',
        roomNo: '204',
        guests: [makeGuest('YILMAZ AYŞE', 'K1')],
      }),
      makeReservation({ keyField: 'K2', logId: 2, pmsStatus: 3, guests: [makeGuest('KAYA ALİ', 'K2')] }),
      makeReservation({ keyField: 'K3', logId: 3, confirmationStatus: 'E' }),
    ],
    DAY1,
  );
  store.importBatch([makeReservation({ keyField: 'K4', logId: 4 })], DAY2);
}

const page = (filter: InboxFilter) =>
  store.inboxPage({ filter, sort: 'checkIn', direction: 'asc', offset: 0, limit: 50 });
const keys = (filter: InboxFilter) =>
  page(filter)
    .rows.map((r) => r.keyField)
    .sort();

describe('a waiting cancellation waits to be taken in', () => {
  it('counts in the tray, with the cancellations to take in named, and reminds', () => {
    fill();
    expect(store.waitingCount()).toEqual({ total: 3, cancellations: 1 });
    expect(store.waitingReceivedBefore('2026-06-03T00:00:00.000Z')).toBe(3);
    expect(store.waitingReceivedBefore(DAY2)).toBe(2);
  });

  it('an answer already queued (pending) does not remind, but still counts until it is sent', () => {
    fill();
    store.enqueueDecision({
      keyField: 'K1',
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'Ayşe',
      decidedAt: DAY2,
      basedOnLogId: 1,
    });
    expect(store.waitingReceivedBefore('2026-06-03T00:00:00.000Z')).toBe(2);
    expect(store.waitingCount()).toEqual({ total: 3, cancellations: 1 });
  });

  it('is in the Waiting chip and under the Waiting filter, and still under Cancelled', () => {
    fill();
    const counts = store.inboxCounts({});
    expect(counts).toMatchObject({
      total: 4,
      waiting: 3,
      waitingCancellations: 1,
      confirmed: 1,
      cancelled: 1,
    });
    expect(keys({ statuses: ['W'] })).toEqual(['K1', 'K2', 'K4']);
    expect(page({ statuses: ['W'] }).total).toBe(3);
    expect(store.inboxCounts({ statuses: ['W'] })).toMatchObject({ total: 3, cancelled: 1, new: 2 });
    expect(keys({ statuses: ['W', 'E'] })).toEqual(['K1', 'K2', 'K3', 'K4']);
    expect(keys({ kinds: ['cancelled'] })).toEqual(['K2']);
    expect(store.inboxCounts({ kinds: ['cancelled'] })).toMatchObject({
      total: 1,
      waiting: 1,
      waitingCancellations: 1,
    });
  });

  it('keeps the Waiting count when a waiting reservation is cancelled: it now waits to be taken in', () => {
    fill();
    expect(store.inboxCounts({}).waiting).toBe(3);
    store.importBatch([makeReservation({ keyField: 'K4', logId: 5, pmsStatus: 3 })], DAY2);
    expect(store.inboxCounts({})).toMatchObject({ waiting: 3, waitingCancellations: 2 });
    expect(store.waitingCount()).toEqual({ total: 3, cancellations: 2 });
  });

  it('taking it in (a confirmation sent) leaves the waiting count', () => {
    fill();
    const decision = store.enqueueDecision({
      keyField: 'K2',
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'Ayşe',
      decidedAt: DAY2,
      basedOnLogId: 2,
    });
    store.markSent(decision.id, { sentAt: DAY2, pdfPath: null });
    expect(store.waitingCount()).toEqual({ total: 2, cancellations: 0 });
  });
});

describe('received today', () => {
  it('filters rows, totals and chips on when the current version reached the desk', () => {
    fill();
    const today: InboxFilter = {
      receivedFrom: '2026-06-02T00:00:00.000Z',
      receivedTo: '2026-06-03T00:00:00.000Z',
    };
    expect(keys(today)).toEqual(['K4']);
    expect(page(today).total).toBe(1);
    expect(store.inboxCounts(today)).toMatchObject({ total: 1, waiting: 1, new: 1 });
    const yesterday: InboxFilter = {
      receivedFrom: '2026-06-01T00:00:00.000Z',
      receivedTo: '2026-06-02T00:00:00.000Z',
    };
    expect(keys(yesterday)).toEqual(['K1', 'K2', 'K3']);
    expect(store.inboxCounts({ ...yesterday, statuses: ['W'] })).toMatchObject({ total: 2, waiting: 2 });
    expect(
      store.inboxPage({ filter: yesterday, sort: 'arrival', direction: 'desc', offset: 0, limit: 2 }).total,
    ).toBe(3);
  });
});

describe('inbox rows', () => {
  it('carry the room, its number and how many rooms the booking takes', () => {
    fill();
    const row = page({}).rows.find((r) => r.keyField === 'K1');
    expect(row).toMatchObject({ roomName: 'Deniz manzaralı', roomCount: 2, roomNo: '204' });
    expect(page({}).rows.find((r) => r.keyField === 'K3')).toMatchObject({ roomCount: 1 });
  });
});

describe('the PMS list', () => {
  // The confirmed-only PMS list changed this: it used to offer K1 and K4 (waiting) too and say
  // "2 of them not confirmed".
  it('offers only confirmed ones, and counts those waiting for an answer outside the list', () => {
    fill();
    // K3 confirmed is to enter; K1 and K4 wait for the hotel's answer; the cancellation never entered
    // and not taken in is nothing to do.
    expect(store.listToEnter(0, 50).counts).toEqual({
      total: 1,
      toEnter: 1,
      needsUpdate: 0,
      toCancel: 0,
      waiting: 2,
    });
    expect(store.listToEnter(0, 50).rows.map((r) => r.keyField)).toEqual(['K3']);
  });
});

describe('a cancellation taken in, in the PMS list', () => {
  it('is to cancel in the PMS, and marking it cancelled there leaves the list', () => {
    fill();
    const decision = store.enqueueDecision({
      keyField: 'K2',
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'Ayşe',
      decidedAt: DAY2,
      basedOnLogId: 2,
    });
    // Waiting to be taken in: nothing to do in the PMS yet.
    expect(store.listToEnter(0, 50).rows.map((r) => r.keyField)).not.toContain('K2');
    store.markSent(decision.id, { sentAt: DAY2, pdfPath: null });
    const list = store.listToEnter(0, 50);
    expect(list.rows.find((r) => r.keyField === 'K2')).toMatchObject({ state: 'to-cancel' });
    expect(list.counts.toCancel).toBe(1);
    expect(store.markEntered([{ keyField: 'K2', logId: 2 }], 'Ayşe', DAY2)).toEqual({
      marked: 1,
      skipped: [],
    });
    expect(store.listToEnter(0, 50).rows.map((r) => r.keyField)).not.toContain('K2');
    expect(store.listToEnter(0, 50).counts.toCancel).toBe(0);
  });
});

describe('the activity log', () => {
  it('names the guest and a decline reason in the language asked, the other one when it is missing', () => {
    fill();
    store.replaceNotConfirmMessages('tr-TR', [{ id: 'R-FULL', name: 'Otel dolu', lang: 'tr-TR' }]);
    store.replaceNotConfirmMessages('en-US', [
      { id: 'R-FULL', name: 'Hotel full', lang: 'en-US' },
      { id: 'R-PRICE', name: 'Wrong price', lang: 'en-US' },
    ]);
    const base = { at: DAY2, user: 'Ayşe' };
    store.addActivity({ ...base, action: 'decline', keyField: 'K1', detail: 'R-FULL' });
    store.addActivity({ ...base, action: 'decline', keyField: 'K2', detail: 'R-PRICE' });
    store.addActivity({ ...base, action: 'decline', keyField: 'GONE', detail: 'R-OLD' });
    store.addActivity({ ...base, action: 'confirm', keyField: 'K3', detail: 'R-FULL' });
    store.addActivity({ ...base, action: 'setup', keyField: null, detail: 'x' });
    const tr = store.listActivity(0, 10, 'tr').map((e) => [e.keyField, e.guest, e.reasonName]);
    expect(tr).toEqual([
      [null, null, null],
      ['K3', 'IŞIK AYŞE', null],
      ['GONE', null, null],
      ['K2', 'KAYA ALİ', 'Wrong price'],
      ['K1', 'YILMAZ AYŞE', 'Otel dolu'],
    ]);
    expect(store.listActivity(0, 10, 'en').at(-1)?.reasonName).toBe('Hotel full');
    expect(store.listActivity(3, 1, 'en').map((e) => e.keyField)).toEqual(['K2']);
  });
});
