// A backup taken while a sync writes (another connection, in another thread) is a valid
// database holding everything committed before it began, and only whole batches after that.
import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { once } from 'node:events';
import { Store } from '../../../main/store';
import { backupFolderOf, checkDatabaseFile } from '../../../main/store/backup';
import { migrations } from '../../../main/store/migrations/index';
import { deskDatabase, reservationCount, tempFolder } from '../../unit/backup/helpers';

const BATCH = 50;
const START = 2000;

describe('a backup while the sync writes', () => {
  it('holds every commit made before it began, whole batches only, and passes quick_check', async () => {
    const file = path.join(tempFolder(), 'resdesk.db');
    deskDatabase(file, START);
    const shared = new SharedArrayBuffer(12);
    const state = new Int32Array(shared);
    Atomics.store(state, 0, START);
    Atomics.store(state, 2, START);
    const worker = new Worker(new URL('./writer-worker.mjs', import.meta.url), {
      workerData: { file, batch: BATCH, first: START, shared },
    });
    const store = Store.open(file);
    try {
      // Let the writer get going.
      const started = Date.now();
      while (Atomics.load(state, 0) < START + 3 * BATCH && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 10));
      const overlapped: boolean[] = [];
      for (let round = 0; round < 4; round++) {
        const before = Atomics.load(state, 0);
        const taken = store.backup({
          kind: 'manual',
          folders: [backupFolderOf(file)],
          now: new Date(Date.UTC(2026, 0, 1, 0, 0, round)),
        });
        // A commit can land before the writer publishes it, so the bound after the copy is what the
        // writer had in hand, not what it had published.
        const after = Atomics.load(state, 2);
        const publishedAfter = Atomics.load(state, 0);
        const copy = taken.written[0]!.file;
        expect(checkDatabaseFile(copy, migrations.length)).toEqual({
          ok: true,
          userVersion: migrations.length,
        });
        const held = reservationCount(copy);
        expect(held).toBeGreaterThanOrEqual(before);
        expect(held).toBeLessThanOrEqual(after);
        expect((held - START) % BATCH).toBe(0);
        overlapped.push(publishedAfter > before);
        await new Promise((r) => setTimeout(r, 20));
      }
      // The writer really committed while at least one copy was being taken.
      expect(overlapped).toContain(true);
    } finally {
      Atomics.store(state, 1, 1);
      await once(worker, 'message');
      await worker.terminate();
      store.close();
    }
    expect(reservationCount(file)).toBe(Atomics.load(state, 0));
  }, 60_000);
});
