// The pull over an asynchronous store: the client hands over an unreadable item synchronously,
// while it decodes; the store keeps it asynchronously. What must still hold: the items are kept in the
// order given, before the next batch is stored, and a failure to keep one stops the pull before anything is
// reported. The real pull and the real SQLite store (through its DeskStore); a stand-in client.
import { describe, expect, it } from 'vitest';
import type { Reservation, UnreadableReservation } from '../../../shared/domain';
import { Store } from '../../../main/store';
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { emptySummary, pullReservations, type PullStore } from '../../../main/sync/pull';
import type { ListParams, SyncClient } from '../../../main/sync/ports';
import { makeReservation } from '../store/fixtures';

const WINDOW = { checkInStart: '2026-01-01', checkInEnd: '2026-12-31' };

const unreadable = (logId: number): UnreadableReservation => ({
  operation: 'reservation list',
  field: 'Adults',
  expected: 'a whole number',
  keyField: `BAD${logId}`,
  logId,
  serviceId: 'svc-a',
  text: `{"LogId":${logId},"Adults":"two"}`,
});

/** Two batches, each preceded by an unreadable item, as a decoder meets them; records what it reports. */
function standInClient(reported: number[]): SyncClient {
  const fetchReservations = async (
    params: ListParams,
    onBatch: (batch: Reservation[]) => Promise<void>,
  ): Promise<void> => {
    params.onUnreadable?.(unreadable(100));
    await onBatch([makeReservation({ keyField: 'K1', logId: 1, serviceId: 'svc-a' })]);
    params.onUnreadable?.(unreadable(101));
    await onBatch([makeReservation({ keyField: 'K2', logId: 2, serviceId: 'svc-a' })]);
  };
  const client: Pick<SyncClient, 'fetchReservations' | 'postSentLogIds'> = {
    fetchReservations,
    postSentLogIds: async (_serviceId, logIds) => void reported.push(...logIds),
  };
  return client as SyncClient;
}

describe('unreadable items over an asynchronous store', () => {
  it('are kept in order, each before the next batch, and counted once kept', async () => {
    const store = Store.open(':memory:');
    const desk = sqliteDeskStore(store);
    const order: string[] = [];
    const watched: PullStore = {
      localFile: null,
      importBatch: async (items, at, options) => {
        order.push(...items.map((r) => `stored ${r.logId}`));
        return desk.importBatch(items, at, options);
      },
      recordUnreadable: async (items, at) => {
        order.push(...items.map((i) => `aside ${i.logId ?? '?'}`));
        return desk.recordUnreadable(items, at);
      },
      pendingAcknowledgements: () => desk.pendingAcknowledgements(),
      markAcknowledged: (serviceId, logIds) => desk.markAcknowledged(serviceId, logIds),
    };
    const reported: number[] = [];
    const summary = await pullReservations(standInClient(reported), watched, {
      window: WINDOW,
      now: () => new Date('2026-06-01T08:00:00Z'),
      partnerId: 1001,
    });
    expect(order).toEqual(['aside 100', 'stored 1', 'aside 101', 'stored 2']);
    expect(summary.unreadable).toBe(2);
    expect(reported).toEqual([1, 2]);
    expect((await desk.listUnreadable()).map((i) => i.logId).sort()).toEqual([100, 101]);
    store.close();
  });

  it('stop the pull before any report when one cannot be kept', async () => {
    const store = Store.open(':memory:');
    const desk = sqliteDeskStore(store);
    const failure = new Error('the disk is full');
    const failing: PullStore = {
      localFile: null,
      importBatch: (items, at, options) => desk.importBatch(items, at, options),
      recordUnreadable: async () => {
        throw failure;
      },
      pendingAcknowledgements: () => desk.pendingAcknowledgements(),
      markAcknowledged: (serviceId, logIds) => desk.markAcknowledged(serviceId, logIds),
    };
    const reported: number[] = [];
    const summary = emptySummary();
    const error = await pullReservations(
      standInClient(reported),
      failing,
      { window: WINDOW, now: () => new Date('2026-06-01T08:00:00Z'), partnerId: 1001 },
      summary,
    ).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(reported).toEqual([]);
    expect(summary.unreadable).toBe(0);
    // Nothing after the failure was stored: the first batch waited for the item before it.
    expect(await desk.getReservation('K1')).toBeNull();
    store.close();
  });

  it('a read that fails still waits for what it was setting aside: nothing is written after the pull ends', async () => {
    const store = Store.open(':memory:');
    const desk = sqliteDeskStore(store);
    const failure = new Error('the connection dropped');
    let kept = 0;
    const slow: PullStore = {
      localFile: null,
      importBatch: (items, at, options) => desk.importBatch(items, at, options),
      recordUnreadable: async (items, at) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await desk.recordUnreadable(items, at);
        kept += items.length;
      },
      pendingAcknowledgements: () => desk.pendingAcknowledgements(),
      markAcknowledged: (serviceId, logIds) => desk.markAcknowledged(serviceId, logIds),
    };
    const breaking: Pick<SyncClient, 'fetchReservations' | 'postSentLogIds'> = {
      fetchReservations: async (params) => {
        params.onUnreadable?.(unreadable(100));
        throw failure;
      },
      postSentLogIds: async () => undefined,
    };
    const summary = emptySummary();
    const error = await pullReservations(
      breaking as SyncClient,
      slow,
      { window: WINDOW, now: () => new Date('2026-06-01T08:00:00Z'), partnerId: 1001 },
      summary,
    ).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(kept).toBe(1);
    expect(summary.unreadable).toBe(1);
    store.close();
  });
});

describe('sqliteDeskStore', () => {
  it('is one object per Store, turns throws into rejections, and knows its file', async () => {
    const store = Store.open(':memory:');
    const other = Store.open(':memory:');
    const desk = sqliteDeskStore(store);
    expect(sqliteDeskStore(store)).toBe(desk);
    expect(sqliteDeskStore(other)).not.toBe(desk);
    expect(desk.localFile?.path).toBe(':memory:');
    await desk.addHotelCode({ kind: 'room', code: 'A1', name: '', user: 'Ayşe', at: '2026-06-01T08:00:00Z' });
    // A refusal arrives as a rejected promise, never as a throw from the call itself.
    const again = desk.addHotelCode({ kind: 'room', code: 'a1', name: '', user: 'Ayşe', at: 'x' });
    await expect(again).rejects.toMatchObject({ existing: { code: 'A1' } });
    const undo = desk.undoDecision('NONE');
    await expect(undo).rejects.toThrow();
    store.close();
    other.close();
  });
});
