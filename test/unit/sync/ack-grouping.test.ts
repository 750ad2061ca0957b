// Acknowledgements in few requests. The real pull, reconcile and store on a file; a counting
// stand-in client hands out the batches and records every postsentlogids: one per ServiceId per list
// read, after every batch of that list is committed, split only past ACK_CHUNK LogIds.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { ACK_CHUNK, pullReservations } from '../../../main/sync/pull';
import { reconcileStatuses } from '../../../main/sync/reconcile';
import type { SyncClient } from '../../../main/sync/ports';
import type { Reservation } from '../../../shared/domain';
import { makeReservation } from '../store/fixtures';

const WINDOW = { checkInStart: '2026-01-01', checkInEnd: '2027-12-31' };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Event = { list: number } | { batch: number } | { ack: string; ids: number };

/** Hands out the same `batches` for every list asked; records lists, batches and reports in order. */
function countingClient(batches: Reservation[][]) {
  const events: Event[] = [];
  let lists = 0;
  const client: SyncClient = {
    async fetchReservations(_params, onBatch) {
      events.push({ list: ++lists });
      for (const [i, batch] of batches.entries()) {
        await onBatch(batch);
        events.push({ batch: i + 1 });
      }
    },
    async postSentLogIds(serviceId, logIds) {
      events.push({ ack: serviceId, ids: logIds.length });
    },
    getHotelAgencies: () => Promise.reject(new Error('not used')),
    getNotConfirmMessages: () => Promise.reject(new Error('not used')),
    getStayForMapping: () => Promise.reject(new Error('not used')),
    sendConfirmation: () => Promise.reject(new Error('not used')),
    downloadFile: () => Promise.reject(new Error('not used')),
  };
  const acks = () => events.filter((e): e is { ack: string; ids: number } => 'ack' in e);
  return { client, events, acks };
}

/** `count` reservations over the ServiceIds in turn, in batches of `size`. */
function batches(count: number, size: number, services: string[]): Reservation[][] {
  const all = Array.from({ length: count }, (_, i) =>
    makeReservation({
      keyField: `1001|V-${i + 1}|1`,
      logId: i + 1,
      serviceId: services[i % services.length] ?? 'svc-a',
    }),
  );
  return Array.from({ length: Math.ceil(count / size) }, (_, b) => all.slice(b * size, (b + 1) * size));
}

function storeOnFile(): Store {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-ack-'));
  dirs.push(dir);
  return Store.open(path.join(dir, 'desk.db'));
}

describe('acknowledgement grouping', () => {
  it('reports a list of many batches in one request per ServiceId, after its last batch', async () => {
    const store = storeOnFile();
    // 6 batches of 100 over three ServiceIds: 200 LogIds each.
    const { client, events, acks } = countingClient(batches(600, 100, ['svc-a', 'svc-b', 'svc-c']));
    const summary = await pullReservations(client, sqliteDeskStore(store), {
      window: WINDOW,
      now: () => new Date(),
      partnerId: 1001,
    });
    expect(summary.acknowledged).toBe(600);
    expect(acks()).toEqual([
      { ack: 'svc-a', ids: 200 },
      { ack: 'svc-b', ids: 200 },
      { ack: 'svc-c', ids: 200 },
    ]);
    const lastBatch = events.findIndex((e) => 'batch' in e && e.batch === 6);
    expect(events.findIndex((e) => 'ack' in e)).toBeGreaterThan(lastBatch);
    expect(store.pendingAcknowledgements()).toEqual([]);
    store.close();
  });

  it(`splits a ServiceId's report only past ${ACK_CHUNK} LogIds`, async () => {
    const store = storeOnFile();
    const count = 2 * ACK_CHUNK + 500;
    const { client, acks } = countingClient([
      ...batches(count, 2000, ['svc-big']),
      [makeReservation({ keyField: '1001|S-1|1', logId: 10 ** 6, serviceId: 'svc-small' })],
    ]);
    await pullReservations(client, sqliteDeskStore(store), {
      window: WINDOW,
      now: () => new Date(),
      partnerId: 1001,
    });
    expect(acks()).toEqual([
      { ack: 'svc-big', ids: ACK_CHUNK },
      { ack: 'svc-big', ids: ACK_CHUNK },
      { ack: 'svc-big', ids: 500 },
      { ack: 'svc-small', ids: 1 },
    ]);
    store.close();
  });

  it('a reconciling cycle reports once per ServiceId per list, and a poll with nothing new not at all', async () => {
    const store = storeOnFile();
    const { client, events, acks } = countingClient(batches(300, 100, ['svc-a', 'svc-b']));
    await reconcileStatuses(client, sqliteDeskStore(store), {
      window: WINDOW,
      now: () => new Date(),
      partnerId: 1001,
    });
    // New LogIds came only in the first of the three lists; the others hold them again, already reported.
    expect(events.filter((e) => 'list' in e)).toHaveLength(3);
    expect(acks()).toEqual([
      { ack: 'svc-a', ids: 150 },
      { ack: 'svc-b', ids: 150 },
    ]);
    const quiet = countingClient([]);
    await pullReservations(quiet.client, sqliteDeskStore(store), {
      window: WINDOW,
      now: () => new Date(),
      partnerId: 1001,
    });
    expect(quiet.acks()).toEqual([]);
    store.close();
  });
});
