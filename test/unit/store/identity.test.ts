// A LogId names one version of one reservation of one service. One that comes back as
// another reservation, another ServiceId or with other content must not fail the batch (or every later
// one), must not be acknowledged, and must be shown (set aside with its text); the rest of the batch is
// stored and queued as usual. Asserted on what is stored, what is queued for acknowledgement (nothing not
// stored) and what the status area counts.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import type { Reservation } from '../../../shared/domain';
import { makeReservation } from './fixtures';
import { propertyRuns } from '../../harness/property-runs';

let db: Database;
beforeEach(() => (db = openDatabase(':memory:')));
afterEach(() => db.close());

const AT = '2026-06-01T08:00:00.000Z';
const LATER = '2026-06-01T09:00:00.000Z';

/** A decoded item: its text rides along as the wire decoder's does. */
const asItem = (r: Reservation): Reservation =>
  Object.defineProperty({ ...r }, 'itemJson', {
    value: JSON.stringify({ KeyField: r.keyField, LogId: r.logId, ServiceId: r.serviceId, Adults: r.adults }),
    enumerable: false,
  });

const queued = (): { serviceId: string; logId: number }[] =>
  new Store(db)
    .pendingAcknowledgements()
    .flatMap((g) => g.logIds.map((logId) => ({ serviceId: g.serviceId, logId })));
const versionsOf = (logId: number): { keyField: string }[] =>
  db
    .prepare<[number], { keyField: string }>(
      `SELECT r.key_field AS keyField FROM reservation_versions v JOIN reservations r ON r.id = v.reservation_id
       WHERE v.log_id = ?`,
    )
    .all(logId);
const reservationCount = (): number =>
  db.prepare<[], number>('SELECT count(*) FROM reservations').pluck().get() ?? 0;

describe('a LogId the service reuses for another reservation', () => {
  it('in a later batch: the batch is stored and queued but for that item, kept aside with its text', () => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7 })], AT);
    const odd = asItem(makeReservation({ keyField: 'K2', logId: 7, voucherNo: 'V-2' }));
    const others = [
      makeReservation({ keyField: 'K3', logId: 8 }),
      makeReservation({ keyField: 'K4', logId: 9 }),
    ];
    const result = importBatch(db, [others[0] as Reservation, odd, others[1] as Reservation], LATER);

    expect(result.new).toEqual(['K3', 'K4']);
    expect(result.setAside).toBe(1);
    expect(new Store(db).getReservation('K2')).toBeNull();
    expect(versionsOf(7)).toEqual([{ keyField: 'K1' }]);
    expect(queued().map((q) => q.logId)).toEqual([7, 8, 9]);
    const [kept] = new Store(db).listUnreadable();
    expect(kept).toMatchObject({
      reason: 'log-id-reused',
      field: 'KeyField',
      keyField: 'K2',
      logId: 7,
      text: odd.itemJson,
      resolved: false,
    });
    expect(kept?.expected).toContain('K1');
    expect(new Store(db).openUnreadableCount()).toBe(1);
  });

  it('and again at every later batch: never a failure, seen once more each time, never queued', () => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7 })], AT);
    // Reported: the queue is empty, so anything queued below came from the odd item.
    db.exec('DELETE FROM pending_acknowledgements');
    const odd = asItem(makeReservation({ keyField: 'K2', logId: 7 }));
    for (let i = 0; i < 3; i++) expect(() => importBatch(db, [odd], LATER)).not.toThrow();
    expect(queued()).toEqual([]);
    expect(new Store(db).listUnreadable()).toHaveLength(1);
    expect(new Store(db).listUnreadable()[0]?.timesSeen).toBe(3);
  });

  it('within one batch: the first is stored, the second kept aside', () => {
    const result = importBatch(
      db,
      [makeReservation({ keyField: 'K1', logId: 7 }), makeReservation({ keyField: 'K2', logId: 7 })],
      AT,
    );
    expect(result.new).toEqual(['K1']);
    expect(result.setAside).toBe(1);
    expect(reservationCount()).toBe(1);
    expect(queued()).toEqual([{ serviceId: 'svc-a', logId: 7 }]);
    expect(new Store(db).listUnreadable()[0]).toMatchObject({ keyField: 'K2', reason: 'log-id-reused' });
  });

  it('as a newer version of a stored reservation: that reservation stays as it was', () => {
    importBatch(
      db,
      [
        makeReservation({ keyField: 'K1', logId: 7 }),
        makeReservation({ keyField: 'K2', logId: 5, adults: 1 }),
      ],
      AT,
    );
    importBatch(db, [makeReservation({ keyField: 'K2', logId: 7, adults: 3, pmsStatus: 2 })], LATER);
    expect(new Store(db).getReservation('K2')).toMatchObject({ logId: 5, adults: 1 });
    expect(versionsOf(7)).toEqual([{ keyField: 'K1' }]);
    // Resolved once K2 has a version newer than the LogId it borrowed.
    expect(new Store(db).openUnreadableCount()).toBe(1);
    importBatch(db, [makeReservation({ keyField: 'K2', logId: 11, adults: 3, pmsStatus: 2 })], LATER);
    expect(new Store(db).openUnreadableCount()).toBe(0);
    expect(new Store(db).listUnreadable()[0]?.resolved).toBe(true);
  });

  it('with another ServiceId (same KeyField): kept aside, never queued under either service', () => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7, serviceId: 'svc-a' })], AT);
    db.exec('DELETE FROM pending_acknowledgements');
    const result = importBatch(
      db,
      [makeReservation({ keyField: 'K1', logId: 7, serviceId: 'svc-b' })],
      LATER,
    );
    expect(result.setAside).toBe(1);
    expect(queued()).toEqual([]);
    expect(new Store(db).listUnreadable()[0]).toMatchObject({
      reason: 'log-id-reused',
      field: 'ServiceId',
      serviceId: 'svc-b',
    });
    // A GUID in other letters is the same service.
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7, serviceId: 'SVC-A' })], LATER);
    expect(queued()).toEqual([{ serviceId: 'SVC-A', logId: 7 }]);
  });
});

describe('a stored LogId coming back with other content', () => {
  it('is kept aside and shown, the stored version untouched, not queued', () => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7, adults: 2 })], AT);
    db.exec('DELETE FROM pending_acknowledgements');
    const changed = asItem(makeReservation({ keyField: 'K1', logId: 7, adults: 3 }));
    const result = importBatch(db, [changed], LATER);
    expect(result).toMatchObject({ new: [], changed: [], statusUpdated: [], unchanged: 0, setAside: 1 });
    expect(new Store(db).getReservation('K1')?.adults).toBe(2);
    expect(queued()).toEqual([]);
    expect(new Store(db).listUnreadable()[0]).toMatchObject({
      reason: 'content-differs',
      field: 'Adults',
      logId: 7,
      text: changed.itemJson,
      resolved: false,
    });
    // The same LogId is still stored: shown until a newer version of K1 arrives.
    expect(new Store(db).openUnreadableCount()).toBe(1);
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 8, adults: 3, pmsStatus: 2 })], LATER);
    expect(new Store(db).openUnreadableCount()).toBe(0);
  });

  it.each<[string, Partial<Reservation>, string]>([
    ['guests', { guests: [] }, 'Customers'],
    ['check-out', { checkOut: '2026-07-18', nights: 8 }, 'CheckOut'],
    ['status (cancelled in place)', { pmsStatus: 3 }, 'PmsStatus'],
    ['note', { note: 'late arrival' }, 'Note'],
  ])('%s', (_name, change, field) => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7 })], AT);
    const result = importBatch(db, [makeReservation({ keyField: 'K1', logId: 7, ...change })], LATER);
    expect(result.setAside).toBe(1);
    expect(new Store(db).listUnreadable()[0]).toMatchObject({ reason: 'content-differs', field });
  });

  it('an older version again with other content too', () => {
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 7 })], AT);
    importBatch(db, [makeReservation({ keyField: 'K1', logId: 9, pmsStatus: 2 })], AT);
    db.exec('DELETE FROM pending_acknowledgements');
    const result = importBatch(
      db,
      [makeReservation({ keyField: 'K1', logId: 7, voucherNo: 'OTHER' })],
      LATER,
    );
    expect(result.setAside).toBe(1);
    expect(queued()).toEqual([]);
    expect(new Store(db).getReservation('K1')?.logId).toBe(9);
  });

  it('only its answer moved on (here or elsewhere): updated in place and queued, nothing aside', () => {
    importBatch(
      db,
      [makeReservation({ keyField: 'K1', logId: 7, lastChangeUser: 'agent', reservationStatus: 1 })],
      AT,
    );
    const answered = makeReservation({
      keyField: 'K1',
      logId: 7,
      confirmationStatus: 'E',
      confirmationNo: 'C-1',
      confirmDate: '2026-06-01T10:00:00',
      confirmeNote: 'ok',
      lastChangeUser: 'hotel',
      reservationStatus: 0,
    });
    const result = importBatch(db, [answered], LATER);
    expect(result.statusUpdated).toEqual(['K1']);
    expect(result.setAside).toBeUndefined();
    expect(new Store(db).getReservation('K1')).toMatchObject({
      confirmationStatus: 'E',
      confirmationNo: 'C-1',
      lastChangeUser: 'hotel',
      reservationStatus: 0,
    });
    expect(new Store(db).listUnreadable()).toEqual([]);
  });

  it('the very same text again is recognised without reading the stored one', () => {
    const item = asItem(makeReservation({ keyField: 'K1', logId: 7 }));
    importBatch(db, [item], AT);
    // A stored text no reader understands: only the text comparison can say "the same".
    db.prepare('UPDATE reservation_versions SET snapshot_json = ? WHERE log_id = 7').run(item.itemJson ?? '');
    expect(importBatch(db, [item], LATER)).toMatchObject({ unchanged: 1 });
    expect(
      importBatch(db, [asItem(makeReservation({ keyField: 'K1', logId: 7, adults: 3 }))], LATER),
    ).toMatchObject({
      setAside: 1,
    });
  });
});

describe('whatever the service sends, in whatever batches', () => {
  // Items from a small pool, so LogIds collide often: which reservation, which service, what content.
  const item = fc.record({
    key: fc.constantFrom('K1', 'K2', 'K3'),
    logId: fc.integer({ min: 1, max: 6 }),
    service: fc.constantFrom('svc-a', 'svc-b'),
    adults: fc.integer({ min: 1, max: 2 }),
    answered: fc.boolean(),
  });
  type Item = { key: string; logId: number; service: string; adults: number; answered: boolean };
  const reservationOf = (i: Item): Reservation =>
    makeReservation({
      keyField: i.key,
      logId: i.logId,
      serviceId: i.service,
      adults: i.adults,
      confirmationStatus: i.answered ? 'E' : 'W',
    });
  const identity = (i: Item): string => `${i.key}|${i.service}|${i.adults}`;

  it('no batch fails; the first item of a LogId is stored and queued, any other identity under it set aside', () => {
    fc.assert(
      fc.property(fc.array(fc.array(item, { maxLength: 6 }), { maxLength: 6 }), (batches) => {
        const local = openDatabase(':memory:');
        try {
          const first = new Map<number, Item>();
          const odd = new Set<string>();
          for (const batch of batches) {
            expect(() => importBatch(local, batch.map(reservationOf), AT)).not.toThrow();
            for (const i of batch) {
              const known = first.get(i.logId);
              if (!known) first.set(i.logId, i);
              else if (identity(known) !== identity(i))
                odd.add(`${i.key}|${i.logId}|${i.service}|${i.adults}`);
            }
          }
          // Queued: exactly the first item of each LogId, under its own service; nothing set aside.
          const pending = new Store(local)
            .pendingAcknowledgements()
            .flatMap((g) => g.logIds.map((logId) => `${logId}|${g.serviceId}`));
          expect(pending.sort()).toEqual([...first.values()].map((i) => `${i.logId}|${i.service}`).sort());
          // Every queued LogId is stored, as the reservation its first item named.
          for (const [logId, i] of first) {
            const stored = local
              .prepare<[number], { keyField: string }>(
                `SELECT r.key_field AS keyField FROM reservation_versions v
                 JOIN reservations r ON r.id = v.reservation_id WHERE v.log_id = ?`,
              )
              .get(logId);
            expect(stored?.keyField).toBe(i.key);
          }
          // Set aside: every other identity that came under a stored LogId, with its reason.
          const aside = new Store(local).listUnreadable();
          expect(
            new Set(aside.map((a) => `${a.keyField}|${a.logId}|${a.serviceId}|${JSON.parse(a.text).adults}`)),
          ).toEqual(odd);
          for (const a of aside) expect(['log-id-reused', 'content-differs']).toContain(a.reason);
          // Each reservation shows its newest stored version.
          for (const key of ['K1', 'K2', 'K3']) {
            const newest = Math.max(
              -1,
              ...[...first.values()].filter((i) => i.key === key).map((i) => i.logId),
            );
            expect(new Store(local).getReservation(key)?.logId ?? -1).toBe(newest);
          }
        } finally {
          local.close();
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
