import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readingOps } from '../../../main/store/reservations-read';
import { runSqlite } from '../../../main/store/engines/run-sqlite';
import { Store } from '../../../main/store';
import type { Reservation } from '../../../shared/domain';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { generateReservations, makeGuest, makeReservation } from './fixtures';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const T1 = '2026-06-01T08:00:00.000Z';
const T2 = '2026-06-01T09:00:00.000Z';
const T3 = '2026-06-01T10:00:00.000Z';
const count = (table: string): number =>
  db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
const totalChanges = (): number => db.prepare<[], number>('SELECT total_changes()').pluck().get() ?? 0;

describe('importBatch', () => {
  it('stores a new reservation exactly as received, guests in order, raw item kept', () => {
    const r = makeReservation({
      guests: [makeGuest('ŞAHİN AYŞE', '1001|V-1|1', { age: null }), makeGuest('ŞAHİN OĞUZ', '1001|V-1|1')],
      roomNo: '204',
      confirmDate: null,
    });
    const result = importBatch(db, [r], T1);
    expect(result).toEqual({
      new: [r.keyField],
      changed: [],
      cancelled: [],
      statusUpdated: [],
      unchanged: 0,
    });
    expect(new Store(db).getReservation(r.keyField)).toEqual(r);
    expect(new Store(db).getReservation('unknown')).toBeNull();
  });

  it('a newer LogId replaces the current state and adds a version; PmsStatus gives the change kind', () => {
    const v1 = makeReservation({ logId: 10 });
    const v2 = makeReservation({
      logId: 11,
      pmsStatus: 2,
      checkOut: '2026-07-18',
      nights: 8,
      guests: [makeGuest('IŞIK AYŞE', v1.keyField)],
    });
    const v3 = makeReservation({
      logId: 12,
      pmsStatus: 3,
      checkOut: '2026-07-18',
      nights: 8,
      guests: v2.guests,
    });
    importBatch(db, [v1], T1);
    expect(importBatch(db, [v2], T2).changed).toEqual([v1.keyField]);
    expect(new Store(db).getReservation(v1.keyField)).toEqual(v2);
    expect(count('guests')).toBe(1);

    expect(importBatch(db, [v3], T3).cancelled).toEqual([v1.keyField]);
    const versions = runSqlite(db, readingOps.versions(v1.keyField));
    expect(versions.map((v) => [v.logId, v.changeKind, v.receivedAt])).toEqual([
      [10, 'new', T1],
      [11, 'changed', T2],
      [12, 'cancelled', T3],
    ]);
    expect(versions.map((v) => v.snapshot)).toEqual([v1, v2, v3]);
    const received = db.prepare<[], string>('SELECT received_at FROM reservations').pluck().get();
    expect(received).toBe(T3);
  });

  it('importing the same data twice changes nothing at all', () => {
    const batch = generateReservations(60, 3);
    importBatch(db, batch, T1);
    const tables = ['reservations', 'reservation_versions', 'guests', 'pending_acknowledgements'];
    const before = tables.map(count);
    const changes = totalChanges();

    const again = importBatch(db, batch, T2);
    expect(again).toEqual({ new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 60 });
    expect(totalChanges()).toBe(changes);
    expect(tables.map(count)).toEqual(before);
    const received = db.prepare<[], string>('SELECT DISTINCT received_at FROM reservations').pluck().all();
    expect(received).toEqual([T1]);
  });

  it('an older LogId arriving late is kept as history but never overwrites the current state', () => {
    const v1 = makeReservation({ logId: 10, note: 'old' });
    const v2 = makeReservation({ logId: 11, pmsStatus: 2, note: 'new' });
    importBatch(db, [v2], T1);
    const result = importBatch(db, [v1], T2);
    expect(result).toEqual({ new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 1 });
    expect(new Store(db).getReservation(v1.keyField)).toEqual(v2);
    expect(runSqlite(db, readingOps.versions(v1.keyField)).map((v) => v.logId)).toEqual([10, 11]);
    expect(new Store(db).pendingAcknowledgements()).toEqual([{ serviceId: 'svc-a', logIds: [10, 11] }]);
  });

  it('the same LogId with only a new confirmation updates it in place, without a new version', () => {
    const waiting = makeReservation({ logId: 10 });
    importBatch(db, [waiting], T1);
    const confirmed: Reservation = {
      ...waiting,
      confirmationStatus: 'E',
      confirmationNo: 'C-77',
      confirmDate: '2026-06-01T12:00:00',
      confirmeNote: 'ok',
      raw: { ...waiting.raw, ConfirmationStatus: 'E' },
    };
    const result = importBatch(db, [confirmed], T2);
    expect(result).toEqual({
      new: [],
      changed: [],
      cancelled: [],
      statusUpdated: [waiting.keyField],
      unchanged: 0,
    });
    expect(new Store(db).getReservation(waiting.keyField)).toEqual(confirmed);
    expect(count('reservation_versions')).toBe(1);
    const received = db.prepare<[], string>('SELECT received_at FROM reservations').pluck().get();
    expect(received).toBe(T1);
  });

  it('a confirmation update keeps its raw item until a newer LogId brings its own; history keeps each', () => {
    const waiting = makeReservation({ logId: 10, raw: { KeyField: '1001|V-1|1', Status: 'W' } });
    importBatch(db, [waiting], T1);
    importBatch(db, [{ ...waiting, confirmationStatus: 'E', raw: { ...waiting.raw, Status: 'E' } }], T2);
    expect(new Store(db).getReservation(waiting.keyField)?.raw).toEqual({
      KeyField: '1001|V-1|1',
      Status: 'E',
    });
    const changed = makeReservation({ logId: 11, pmsStatus: 2, raw: { KeyField: '1001|V-1|1', New: true } });
    importBatch(db, [changed], T3);
    expect(new Store(db).getReservation(waiting.keyField)).toEqual(changed);
    expect(runSqlite(db, readingOps.versions(waiting.keyField)).map((v) => v.snapshot.raw)).toEqual([
      waiting.raw,
      changed.raw,
    ]);
  });

  it('the same LogId never changes anything but the confirmation fields', () => {
    const v = makeReservation({ logId: 10, note: 'first' });
    importBatch(db, [v], T1);
    importBatch(db, [{ ...v, note: 'edited without a new LogId' }], T2);
    expect(new Store(db).getReservation(v.keyField)?.note).toBe('first');
  });

  it('a batch with two versions of one reservation ends on the newest, whatever their order', () => {
    const v1 = makeReservation({ logId: 10 });
    const v2 = makeReservation({ logId: 11, pmsStatus: 2, nights: 9 });
    const result = importBatch(db, [v2, v1], T1);
    expect(result.changed).toEqual([v1.keyField]);
    expect(result.unchanged).toBe(1);
    expect(new Store(db).getReservation(v1.keyField)?.nights).toBe(9);
  });
});

describe('the acknowledgement queue is part of the import transaction', () => {
  it('queues every stored LogId, grouped by ServiceId', () => {
    importBatch(
      db,
      [
        makeReservation({ keyField: 'a', logId: 3, serviceId: 'svc-b' }),
        makeReservation({ keyField: 'b', logId: 1, serviceId: 'svc-a' }),
        makeReservation({ keyField: 'c', logId: 2, serviceId: 'svc-b' }),
      ],
      T1,
    );
    expect(new Store(db).pendingAcknowledgements()).toEqual([
      { serviceId: 'svc-a', logIds: [1] },
      { serviceId: 'svc-b', logIds: [2, 3] },
    ]);
  });

  it('a batch that fails midway leaves neither reservations, versions, guests nor LogIds to acknowledge', () => {
    importBatch(db, [makeReservation({ keyField: 'before', logId: 1 })], T1);
    // An empty status breaks the table's CHECK: the database refuses the row, as it would any bad row.
    const broken = { ...makeReservation({ keyField: 'broken', logId: 3 }), confirmationStatus: '' };
    const batch = [makeReservation({ keyField: 'good', logId: 2 }), broken];
    expect(() => importBatch(db, batch, T2)).toThrow();
    expect(db.prepare<[], string>('SELECT key_field FROM reservations').pluck().all()).toEqual(['before']);
    expect(count('reservation_versions')).toBe(1);
    expect(count('guests')).toBe(2);
    expect(new Store(db).pendingAcknowledgements()).toEqual([{ serviceId: 'svc-a', logIds: [1] }]);
  });
});

describe('waiting counts', () => {
  it('counts W reservations, and those received before an instant', () => {
    importBatch(
      db,
      [
        makeReservation({ keyField: 'a', logId: 1 }),
        makeReservation({ keyField: 'b', logId: 2, confirmationStatus: 'E' }),
      ],
      T1,
    );
    importBatch(db, [makeReservation({ keyField: 'c', logId: 3 })], T3);
    expect(new Store(db).waitingCount()).toEqual({ total: 2, cancellations: 0 });
    expect(new Store(db).waitingReceivedBefore(T2)).toBe(1);
    expect(new Store(db).waitingReceivedBefore('2026-06-02T00:00:00.000Z')).toBe(2);
    // A waiting cancellation is counted too, on its own line: it waits to be taken in.
    importBatch(db, [makeReservation({ keyField: 'a', logId: 4, pmsStatus: 3 })], T3);
    expect(new Store(db).waitingCount()).toEqual({ total: 2, cancellations: 1 });
  });
});
