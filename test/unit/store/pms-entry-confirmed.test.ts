// The PMS list holds only work to type. A reservation or a change the hotel has not confirmed
// is 'waiting': not in the list, its count (the tab's badge) or the default export, and never recorded as
// typed in; a declined one never comes in; what the PMS already holds is still cancelled when it is
// declined or cancelled; a cancellation taken in is to cancel.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { ExportSelection } from '../../../main/store';
import { makeReservation } from './fixtures';

let store: Store;
beforeEach(() => {
  store = Store.open(':memory:');
  store.replaceNotConfirmMessages('tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
});
afterEach(() => store.close());

const at = (h: number): string => `2026-06-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const stateOf = (keyField: string) => store.pmsEntryOf(keyField)?.state;
const listed = () => store.listToEnter(0, 50).rows.map((r) => [r.keyField, r.state]);
const toEnterExport: ExportSelection = { kind: 'reservations', scope: 'to-enter' };
const exported = (selection: ExportSelection) => {
  const reader = store.openExportRows(selection);
  try {
    return [...reader.rows].map((r) => [r.keyField, r.state]);
  } finally {
    reader.close();
  }
};

/** Answers the reservation as the desk does: a decision sent marks its current version E or H. */
function answer(keyField: string, logId: number, action: 'confirm' | 'decline', hour: number): void {
  const decision = store.enqueueDecision({
    keyField,
    action,
    note: '',
    reasonId: action === 'decline' ? 'full' : null,
    user: 'Ayşe',
    decidedAt: at(hour),
    basedOnLogId: logId,
  });
  store.markSent(decision.id, { sentAt: at(hour), pdfPath: null });
}

describe('a reservation waiting for the hotel', () => {
  it('is not in the list, its badge or the default export, and is refused when marked', () => {
    store.importBatch(
      [
        makeReservation({ keyField: 'W1', logId: 1 }),
        makeReservation({ keyField: 'E1', logId: 2, confirmationStatus: 'E' }),
        makeReservation({ keyField: 'H1', logId: 3, confirmationStatus: 'H' }),
      ],
      at(8),
    );
    expect([stateOf('W1'), stateOf('E1'), stateOf('H1')]).toEqual(['waiting', 'to-enter', 'done']);
    expect(listed()).toEqual([['E1', 'to-enter']]);
    expect(store.listToEnter(0, 50).counts).toEqual({
      total: 1,
      toEnter: 1,
      needsUpdate: 0,
      toCancel: 0,
      waiting: 1,
    });
    expect(store.exportCounts(toEnterExport)).toMatchObject({ reservations: 1 });
    expect(exported(toEnterExport)).toEqual([['E1', 'to-enter']]);
    // Every reservation, on request: the waiting one says so in its state (the CSV's action column).
    expect(exported({ kind: 'reservations', scope: 'all' })).toEqual([
      ['W1', 'waiting'],
      ['E1', 'to-enter'],
      ['H1', 'done'],
    ]);

    // No path records it as typed in before the hotel said yes, whatever version is named.
    expect(store.markEntered([{ keyField: 'W1', logId: 1 }], 'Ayşe', at(9))).toEqual({
      marked: 0,
      skipped: [{ keyField: 'W1', reason: 'not-confirmed' }],
    });
    expect(store.markEntered([{ keyField: 'H1', logId: 3 }], 'Ayşe', at(9)).skipped).toEqual([
      { keyField: 'H1', reason: 'nothing-to-do' },
    ]);
    expect(stateOf('W1')).toBe('waiting');
  });

  it('comes into the list once confirmed; a declined one never does', () => {
    store.importBatch(
      [makeReservation({ keyField: 'A', logId: 1 }), makeReservation({ keyField: 'B', logId: 2 })],
      at(8),
    );
    answer('A', 1, 'confirm', 9);
    answer('B', 2, 'decline', 9);
    expect(listed()).toEqual([['A', 'to-enter']]);
    expect(store.listToEnter(0, 50).counts.waiting).toBe(0);
    expect(store.markEntered([{ keyField: 'A', logId: 1 }], 'Ayşe', at(10)).marked).toBe(1);
    expect(stateOf('A')).toBe('entered');
  });
});

describe('a change of a reservation in the PMS', () => {
  const entered = (): void => {
    store.importBatch([makeReservation({ keyField: 'K', logId: 1, confirmationStatus: 'E' })], at(8));
    store.markEntered([{ keyField: 'K', logId: 1 }], 'Ayşe', at(9));
  };
  const change = () =>
    makeReservation({ keyField: 'K', logId: 2, pmsStatus: 2, checkOut: '2026-07-18', nights: 8 });

  it('waits while the hotel has not answered it: the PMS keeps the confirmed version it has', () => {
    entered();
    store.importBatch([change()], at(10));
    expect(stateOf('K')).toBe('waiting');
    expect(listed()).toEqual([]);
    expect(store.listToEnter(0, 50).counts).toMatchObject({ total: 0, waiting: 1 });
    // What will need updating once it is confirmed, from the version the PMS holds.
    expect(store.pmsEntryOf('K')?.changes).toContainEqual({
      field: 'checkOut',
      before: '2026-07-17',
      after: '2026-07-18',
    });
    expect(store.markEntered([{ keyField: 'K', logId: 2 }], 'Ayşe', at(11)).skipped).toEqual([
      { keyField: 'K', reason: 'not-confirmed' },
    ]);
  });

  it('needs an update once confirmed (answered here, or seen confirmed in a later import)', () => {
    entered();
    store.importBatch([change()], at(10));
    answer('K', 2, 'confirm', 11);
    expect(listed()).toEqual([['K', 'needs-update']]);
    expect(store.markEntered([{ keyField: 'K', logId: 2 }], 'Ayşe', at(12)).marked).toBe(1);
    expect(stateOf('K')).toBe('done');

    store.importBatch([{ ...change(), logId: 3, nights: 9, checkOut: '2026-07-19' }], at(13));
    expect(stateOf('K')).toBe('waiting');
    // Confirmed elsewhere: the same LogId comes back as E (the reconcile's full lists).
    store.importBatch(
      [{ ...change(), logId: 3, nights: 9, checkOut: '2026-07-19', confirmationStatus: 'E' }],
      at(14),
    );
    expect(stateOf('K')).toBe('needs-update');
  });

  it('declined: what the PMS holds is to cancel there (unchanged by the confirmed-only PMS list)', () => {
    entered();
    store.importBatch([change()], at(10));
    answer('K', 2, 'decline', 11);
    expect(listed()).toEqual([['K', 'to-cancel']]);
  });
});

describe('what the PMS holds that is no longer live', () => {
  it('declined after it was entered is to cancel', () => {
    const v1 = makeReservation({ keyField: 'K', logId: 1, confirmationStatus: 'E' });
    store.importBatch([v1], at(8));
    store.markEntered([{ keyField: 'K', logId: 1 }], 'Ayşe', at(9));
    store.importBatch([{ ...v1, confirmationStatus: 'H' }], at(10));
    expect(listed()).toEqual([['K', 'to-cancel']]);
  });

  it('cancelled by the agency after it was entered is to cancel, before and after it is taken in', () => {
    store.importBatch([makeReservation({ keyField: 'K', logId: 1, confirmationStatus: 'E' })], at(8));
    store.markEntered([{ keyField: 'K', logId: 1 }], 'Ayşe', at(9));
    store.importBatch([makeReservation({ keyField: 'K', logId: 2, pmsStatus: 3 })], at(10));
    expect(listed()).toEqual([['K', 'to-cancel']]);
    answer('K', 2, 'confirm', 11);
    expect(listed()).toEqual([['K', 'to-cancel']]);
  });

  it('a cancellation taken in, never entered here, is to cancel in the PMS', () => {
    store.importBatch([makeReservation({ keyField: 'K', logId: 1 })], at(8));
    store.importBatch([makeReservation({ keyField: 'K', logId: 2, pmsStatus: 3 })], at(9));
    expect(stateOf('K')).toBe('done');
    answer('K', 2, 'confirm', 10);
    expect(listed()).toEqual([['K', 'to-cancel']]);
    expect(exported(toEnterExport)).toEqual([['K', 'to-cancel']]);
  });

  it('one entered while still waiting, under the old rule, stays entered: nothing more to do', () => {
    store.importBatch([makeReservation({ keyField: 'K', logId: 1 })], at(8));
    // As the desk recorded it before the rule: a row in pms_entries for a W version.
    store.db
      .prepare(
        `INSERT INTO pms_entries (reservation_id, handled_log_id, entered_log_id, pms_holds, last_action,
           entered_by, entered_at, pms_reference, handled_by, handled_at)
         SELECT id, 1, 1, 'live', 'entered', 'Ayşe', ?, NULL, 'Ayşe', ? FROM reservations WHERE key_field = 'K'`,
      )
      .run(at(9), at(9));
    expect(stateOf('K')).toBe('entered');
    expect(listed()).toEqual([]);
  });
});
