// Against the practice service (in-process, its large-result file, real client, real
// SQLite file): the database file deleted, replaced or made read-only while a sync runs (between two of
// its batches) or between two syncs. The service must have been told only of what the file held, the sync
// stops, and the sentence says so. In-thread and in a worker thread (the app's way).
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { chmodSync, copyFileSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { createExchangeClient } from '../../../main/exchange';
import { DatabaseFileChangedError, Store } from '../../../main/store';
import { Desk } from '../../../main/operations/desk';
import { createMessages, type MessageKey } from '../../../main/kernel/messages';
import { pullReservations } from '../../../main/sync/pull';
import { checkInWindow } from '../../../main/sync/checkin-window';
import { control, sandboxState, storedLogIds, tempDir } from './helpers';

const en = createMessages('en');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Sabotage = 'deleted' | 'replaced' | 'read-only';
const sentence: Record<Sabotage, MessageKey> = {
  deleted: 'error.databaseGone',
  replaced: 'error.databaseGone',
  'read-only': 'error.databaseMadeReadOnly',
};

function sabotage(kind: Sabotage, file: string): void {
  if (kind === 'deleted') unlinkSync(file);
  else if (kind === 'replaced') {
    copyFileSync(file, `${file}.restored`);
    renameSync(`${file}.restored`, file);
  } else chmodSync(file, 0o444);
}

async function practice(reservations: number): Promise<PracticeService> {
  const service = await startPracticeService({ port: 0, reservations, seed: 23, fileReadyAfterMs: 30 });
  cleanups.push(() => service.close());
  return service;
}

function place(): { dir: string; file: string } {
  const temp = tempDir('resdesk-dbfile-');
  cleanups.push(temp.remove);
  return { dir: temp.dir, file: path.join(temp.dir, 'desk.db') };
}

const acknowledged = async (service: PracticeService): Promise<number[]> =>
  (await sandboxState(service.url)).acknowledged.map((a) => a.logId);

describe('while a sync runs, between two batches of the large-result file', () => {
  it.each(['deleted', 'replaced', 'read-only'] as const)(
    '%s: nothing of that list is told, every stored batch stays queued',
    async (kind) => {
      const service = await practice(1200);
      const { file } = place();
      const store = Store.open(file);
      cleanups.push(() => store.close());
      const client = createExchangeClient({
        baseUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'json',
        getPassword: async () => 'demo',
        batchSize: 200,
      });
      cleanups.push(() => client.close());
      let batches = 0;
      const error = await pullReservations(client, sqliteDeskStore(store), {
        window: checkInWindow(new Date()),
        now: () => new Date(),
        partnerId: 1001,
        onBatchStored: () => {
          if (++batches === 3) sabotage(kind, file);
        },
      }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(DatabaseFileChangedError);
      const told = await acknowledged(service);
      // A list is reported once read whole, so none of it was (the earlier per-batch reports
      // told the two batches before, 400); all three stay queued and no fourth was read.
      expect(told).toHaveLength(0);
      const stored = storedLogIds(store);
      for (const logId of told) expect(stored.has(logId)).toBe(true);
      expect(stored.size).toBe(600);
      expect(batches).toBe(3);
    },
  );
});

describe('between two syncs', () => {
  it.each(['deleted', 'replaced', 'read-only'] as const)(
    '%s: the next sync stops at once with the sentence, and tells the service nothing more',
    async (kind) => {
      const service = await practice(60);
      const { dir, file } = place();
      const desk = new Desk({
        store: Store.open(file),
        dataDir: dir,
        connection: {
          serviceUrl: service.url,
          user: 'demo',
          partnerId: 1001,
          format: 'xml',
          getPassword: async () => 'demo',
        },
        messages: en,
      });
      cleanups.push(
        () => desk.store.close(),
        () => desk.close(),
      );
      expect((await desk.sync()).error).toBeNull();
      const before = await acknowledged(service);
      expect(before).toHaveLength(60);

      await control(service.url, 'arrive', { count: 3 });
      sabotage(kind, file);
      const report = await desk.sync();
      expect(report.error).toBe(en.t(sentence[kind]));
      expect(await acknowledged(service)).toEqual(before);
      expect(report.pulled.received).toBe(0);
    },
  );

  it('deleted under a desk that imports in a worker thread: stopped before the worker fills a new file', async () => {
    const service = await practice(40);
    const { dir, file } = place();
    const desk = new Desk({
      store: Store.open(file),
      dataDir: dir,
      connection: {
        serviceUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'json',
        getPassword: async () => 'demo',
      },
      messages: en,
      importWorker: { path: path.resolve(__dirname, '../../harness/ts-worker.mjs') },
    });
    cleanups.push(
      () => desk.store.close(),
      () => desk.close(),
    );
    expect((await desk.sync()).error).toBeNull();
    const before = await acknowledged(service);
    await control(service.url, 'arrive', { count: 3 });
    unlinkSync(file);
    const report = await desk.sync();
    expect(report.error).toBe(en.t('error.databaseGone'));
    expect(await acknowledged(service)).toEqual(before);
  });
});
