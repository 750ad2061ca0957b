import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import type { UnreadableReservation } from '../../../shared/domain';
import { makeReservation } from './fixtures';

let db: Database;
beforeEach(() => (db = openDatabase(':memory:')));
afterEach(() => db.close());

const item = (over: Partial<UnreadableReservation> = {}): UnreadableReservation => ({
  operation: 'reservation list',
  field: 'Adults',
  expected: 'a whole number',
  keyField: 'K1',
  logId: 7,
  serviceId: 'svc-a',
  text: '{"KeyField":"K1","LogId":7,"Adults":"two"}',
  ...over,
});

describe('reservations that could not be read', () => {
  it('are kept once however often the service offers them, and never queued for acknowledgement', () => {
    new Store(db).recordUnreadable([item()], '2026-06-01T08:00:00.000Z');
    new Store(db).recordUnreadable([item()], '2026-06-01T08:01:00.000Z');
    new Store(db).recordUnreadable(
      [item({ keyField: null, logId: null, text: '{"Adults":"x"}' })],
      '2026-06-01T08:01:00.000Z',
    );
    const kept = new Store(db).listUnreadable();
    expect(kept).toHaveLength(2);
    expect(kept.find((k) => k.keyField === 'K1')).toMatchObject({
      timesSeen: 2,
      firstSeenAt: '2026-06-01T08:00:00.000Z',
      lastSeenAt: '2026-06-01T08:01:00.000Z',
      text: item().text,
      resolved: false,
    });
    expect(new Store(db).openUnreadableCount()).toBe(2);
    expect(new Store(db).pendingAcknowledgements()).toEqual([]);
  });

  it('count as resolved once a readable version of the same reservation is stored', () => {
    new Store(db).recordUnreadable([item()], '2026-06-01T08:00:00.000Z');
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 6 })], '2026-06-01T08:02:00.000Z');
    expect(new Store(db).openUnreadableCount()).toBe(1);
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 8 })], '2026-06-01T08:03:00.000Z');
    expect(new Store(db).openUnreadableCount()).toBe(0);
    expect(new Store(db).listUnreadable()[0]?.resolved).toBe(true);
  });
});

describe('migration 005', () => {
  it('keeps any status letter and still refuses an empty one', () => {
    importBatch(
      db,
      [makeReservation({ keyField: 'S1', logId: 1, confirmationStatus: 'S' })],
      '2026-06-01T08:00:00.000Z',
    );
    expect(db.prepare<[], string>('SELECT confirmation_status FROM reservations').pluck().get()).toBe('S');
    expect(() =>
      importBatch(
        db,
        [makeReservation({ keyField: 'X', logId: 2, confirmationStatus: '' })],
        '2026-06-01T08:00:00.000Z',
      ),
    ).toThrow(/CHECK/);
  });
});
