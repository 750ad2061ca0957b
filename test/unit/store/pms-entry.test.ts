import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { listToEnter, toEnterCounts } from '../../../main/store/pms-entry';
import { makeGuest, makeReservation } from './fixtures';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'resdesk-pms-'));
  db = openDatabase(join(dir, 'desk.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const KEY = '1001|V-1|1';
const at = (h: number): string => `2026-06-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const stateOf = (keyField = KEY) => new Store(db).pmsEntryOf(keyField)?.state;
/** Confirmed by the hotel: only those are typed into the PMS. */
const confirmed = (overrides: Parameters<typeof makeReservation>[0] = {}) =>
  makeReservation({ confirmationStatus: 'E', ...overrides });

describe('PMS entry state across versions', () => {
  it('new → entered → changed (needs update, with the diff) → entered → cancelled (to cancel) → done', () => {
    const v1 = confirmed({ logId: 10 });
    importBatch(db, [v1], at(8));
    expect(stateOf()).toBe('to-enter');
    expect(toEnterCounts(db)).toEqual({ total: 1, toEnter: 1, needsUpdate: 0, toCancel: 0, waiting: 0 });

    expect(
      new Store(db).markEntered([{ keyField: KEY, logId: 10, pmsReference: 'PMS-77' }], 'Ayşe', at(9)),
    ).toEqual({
      marked: 1,
      skipped: [],
    });
    expect(new Store(db).pmsEntryOf(KEY)).toEqual({
      keyField: KEY,
      logId: 10,
      state: 'entered',
      entered: {
        logId: 10,
        enteredBy: 'Ayşe',
        enteredAt: at(9),
        pmsReference: 'PMS-77',
        handledBy: 'Ayşe',
        handledAt: at(9),
      },
      changes: [],
    });
    expect(listToEnter(db, 0, 50).total).toBe(0);

    const v2 = confirmed({
      logId: 11,
      pmsStatus: 2,
      checkOut: '2026-07-18',
      nights: 8,
      guests: [...v1.guests, makeGuest('IŞIK ÇAĞLA', KEY, { age: 9, title: 'Chd' })],
    });
    importBatch(db, [v2], at(10));
    const update = listToEnter(db, 0, 50);
    expect(update.counts).toEqual({ total: 1, toEnter: 0, needsUpdate: 1, toCancel: 0, waiting: 0 });
    expect(update.rows[0]).toMatchObject({ keyField: KEY, logId: 11, state: 'needs-update' });
    expect(update.rows[0]?.entered?.logId).toBe(10);
    expect(update.rows[0]?.changes).toEqual([
      { field: 'checkOut', before: '2026-07-17', after: '2026-07-18' },
      { field: 'nights', before: '7', after: '8' },
      { field: 'guestAdded', before: null, after: 'IŞIK ÇAĞLA, 9, TR' },
    ]);

    expect(new Store(db).markEntered([{ keyField: KEY, logId: 11 }], 'Mehmet', at(11)).marked).toBe(1);
    const done = new Store(db).pmsEntryOf(KEY);
    expect(done?.state).toBe('done');
    // The first entry's reference and author stay; the handling is recorded beside them.
    expect(done?.entered).toMatchObject({
      logId: 11,
      enteredBy: 'Ayşe',
      pmsReference: 'PMS-77',
      handledBy: 'Mehmet',
    });

    importBatch(db, [confirmed({ ...v2, logId: 12, pmsStatus: 3 })], at(12));
    const cancel = listToEnter(db, 0, 50).rows[0];
    expect(cancel).toMatchObject({ state: 'to-cancel', logId: 12, changeKind: 'cancelled' });
    expect(cancel?.changes).toEqual([{ field: 'cancelled', before: 'false', after: 'true' }]);

    expect(new Store(db).markEntered([{ keyField: KEY, logId: 12 }], 'Mehmet', at(13)).marked).toBe(1);
    expect(stateOf()).toBe('done');
    expect(listToEnter(db, 0, 50)).toEqual({
      rows: [],
      total: 0,
      counts: { total: 0, toEnter: 0, needsUpdate: 0, toCancel: 0, waiting: 0 },
    });
    const log = db
      .prepare<[], { logId: number; action: string; user: string }>(
        'SELECT log_id AS logId, action, user FROM pms_entry_log ORDER BY id',
      )
      .all();
    expect(log).toEqual([
      { logId: 10, action: 'entered', user: 'Ayşe' },
      { logId: 11, action: 'updated', user: 'Mehmet' },
      { logId: 12, action: 'cancelled', user: 'Mehmet' },
    ]);
  });

  it('a reservation cancelled before anyone entered it needs nothing', () => {
    importBatch(db, [confirmed({ logId: 1 })], at(8));
    // Not taken in yet (W): a taken-in one is to cancel, whether entered or not.
    importBatch(db, [makeReservation({ logId: 2, pmsStatus: 3 })], at(9));
    expect(stateOf()).toBe('done');
    expect(toEnterCounts(db).total).toBe(0);
  });

  it('a version arriving after the list was read is never marked unseen', () => {
    importBatch(db, [confirmed({ logId: 1 })], at(8));
    importBatch(db, [confirmed({ logId: 2, pmsStatus: 2, note: 'late arrival' })], at(9));
    expect(new Store(db).markEntered([{ keyField: KEY, logId: 1 }], 'Ayşe', at(10))).toEqual({
      marked: 0,
      skipped: [{ keyField: KEY, reason: 'changed' }],
    });
    expect(stateOf()).toBe('to-enter');
    expect(new Store(db).markEntered([{ keyField: 'nope', logId: 1 }], 'Ayşe', at(10)).skipped).toEqual([
      { keyField: 'nope', reason: 'not-found' },
    ]);
    new Store(db).markEntered([{ keyField: KEY, logId: 2 }], 'Ayşe', at(10));
    expect(new Store(db).markEntered([{ keyField: KEY, logId: 2 }], 'Ayşe', at(11)).skipped).toEqual([
      { keyField: KEY, reason: 'nothing-to-do' },
    ]);
  });

  it('declined after entry (same LogId, status H) asks to cancel; reinstated after cancel asks to enter', () => {
    const v1 = confirmed({ logId: 5, confirmationStatus: 'E' });
    importBatch(db, [v1], at(8));
    new Store(db).markEntered([{ keyField: KEY, logId: 5 }], 'Ayşe', at(9));
    importBatch(db, [{ ...v1, confirmationStatus: 'H' }], at(10));
    expect(stateOf()).toBe('to-cancel');
    new Store(db).markEntered([{ keyField: KEY, logId: 5 }], 'Ayşe', at(11));
    expect(stateOf()).toBe('done');
    importBatch(db, [confirmed({ logId: 6, pmsStatus: 2, confirmationStatus: 'E' })], at(12));
    expect(stateOf()).toBe('to-enter');
  });

  // The confirmed-only PMS list changed this test: a waiting one used to be to enter.
  it('a declined reservation never entered needs nothing; a waiting one waits outside the list', () => {
    importBatch(db, [confirmed({ keyField: 'A', confirmationStatus: 'H' })], at(8));
    importBatch(db, [confirmed({ keyField: 'B', logId: 2, confirmationStatus: 'W' })], at(8));
    expect([stateOf('A'), stateOf('B')]).toEqual(['done', 'waiting']);
    expect(listToEnter(db, 0, 50)).toMatchObject({ rows: [], total: 0 });
    expect(toEnterCounts(db)).toEqual({ total: 0, toEnter: 0, needsUpdate: 0, toCancel: 0, waiting: 1 });
  });

  it('lists oldest check-in first, pages, and flags unmapped codes', () => {
    const dates = ['2026-08-03', '2026-07-01', '2026-07-20', '2026-07-01'];
    importBatch(
      db,
      dates.map((checkIn, i) => confirmed({ keyField: `K${i}`, logId: 100 + i, checkIn })),
      at(8),
    );
    db.prepare(
      `INSERT INTO mappings VALUES ('AG1','room','R1','101','x','t'), ('AG1','roomType','DBL','DZ','x','t'),
       ('AG1','board','AI','HP','x','t'), ('AG1','nationality','TR','TUR','x','t')`,
    ).run();
    importBatch(
      db,
      [confirmed({ keyField: 'K4', logId: 200, checkIn: '2026-07-05', accomId: 'UAI' })],
      at(9),
    );
    const all = listToEnter(db, 0, 10);
    expect(all.rows.map((r) => [r.keyField, r.checkIn])).toEqual([
      ['K1', '2026-07-01'],
      ['K3', '2026-07-01'],
      ['K4', '2026-07-05'],
      ['K2', '2026-07-20'],
      ['K0', '2026-08-03'],
    ]);
    expect(all.rows.map((r) => r.hasUnmappedCodes)).toEqual([false, false, true, false, false]);
    expect(listToEnter(db, 2, 2).rows.map((r) => r.keyField)).toEqual(['K4', 'K2']);
    expect(listToEnter(db, 2, 2).total).toBe(5);
  });
});

describe('PMS entry counts', () => {
  it('are kept between pages, and follow changes made here or by another connection', () => {
    importBatch(db, [confirmed({ keyField: 'A', logId: 1 })], at(8));
    expect(toEnterCounts(db).toEnter).toBe(1);
    // Another connection to the same file (the import worker has its own).
    const worker = openDatabase(join(dir, 'desk.db'));
    try {
      importBatch(worker, [confirmed({ keyField: 'B', logId: 2 })], at(9));
      expect(toEnterCounts(db).toEnter).toBe(2);
      expect(listToEnter(db, 0, 1).total).toBe(2);
    } finally {
      worker.close();
    }
    // This connection marks one entered.
    new Store(db).markEntered([{ keyField: 'A', logId: 1 }], 'Ayşe', at(10));
    expect(toEnterCounts(db)).toEqual({ total: 1, toEnter: 1, needsUpdate: 0, toCancel: 0, waiting: 0 });
  });
});
