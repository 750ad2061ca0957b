import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { makeReservation } from './fixtures';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const batch = [
  makeReservation({ keyField: 'a', logId: 1 }),
  makeReservation({ keyField: 'b', logId: 2 }),
  makeReservation({ keyField: 'c', logId: 3, serviceId: 'svc-b' }),
];

describe('acknowledgements', () => {
  it('removes only what the service accepted, and stamps the versions', () => {
    importBatch(db, batch, '2026-06-01T08:00:00.000Z');
    new Store(db).markAcknowledged('svc-a', [1, 2], '2026-06-01T08:00:05.000Z');
    expect(new Store(db).pendingAcknowledgements()).toEqual([{ serviceId: 'svc-b', logIds: [3] }]);
    const stamped = db
      .prepare<[], { logId: number; at: string | null }>(
        'SELECT log_id AS logId, acknowledged_at AS at FROM reservation_versions ORDER BY log_id',
      )
      .all();
    expect(stamped).toEqual([
      { logId: 1, at: '2026-06-01T08:00:05.000Z' },
      { logId: 2, at: '2026-06-01T08:00:05.000Z' },
      { logId: 3, at: null },
    ]);
  });

  it('a LogId for another service is not removed by mistake', () => {
    importBatch(db, batch, '2026-06-01T08:00:00.000Z');
    new Store(db).markAcknowledged('svc-a', [3]);
    expect(new Store(db).pendingAcknowledgements().flatMap((g) => g.logIds)).toEqual([1, 2, 3]);
  });

  it('a LogId the service sends again after our report is queued again (our report was lost)', () => {
    importBatch(db, batch, '2026-06-01T08:00:00.000Z');
    new Store(db).markAcknowledged('svc-a', [1, 2]);
    new Store(db).markAcknowledged('svc-b', [3]);
    importBatch(db, [batch[0]!], '2026-06-01T09:00:00.000Z');
    expect(new Store(db).pendingAcknowledgements()).toEqual([{ serviceId: 'svc-a', logIds: [1] }]);
  });

  it('a reconcile list (acknowledgeAgain: false) does not queue reported LogIds, but does queue new ones', () => {
    importBatch(db, batch, '2026-06-01T08:00:00.000Z');
    new Store(db).markAcknowledged('svc-a', [1, 2]);
    new Store(db).markAcknowledged('svc-b', [3]);
    const fresh = makeReservation({ keyField: 'd', logId: 4 });
    importBatch(db, [...batch, fresh], '2026-06-01T09:00:00.000Z', { acknowledgeAgain: false });
    expect(new Store(db).pendingAcknowledgements()).toEqual([{ serviceId: 'svc-a', logIds: [4] }]);
  });
});
