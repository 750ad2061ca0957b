// The app imports in a worker thread: same results as in-thread, and the main thread stays free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Desk } from '../../../main/operations/desk';
import { createMessages } from '../../../main/kernel/messages';
import { Store } from '../../../main/store';
import { reservationCount, sandboxState, storedLogIds, tempDir } from './helpers';

const script = { path: path.resolve(__dirname, '../../harness/ts-worker.mjs') };

describe('import in a worker thread', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let desk: Desk;
  /** What the sync said of its progress, batch by batch. */
  const progress: number[] = [];
  const connection = () => ({
    serviceUrl: service.url,
    user: 'demo',
    partnerId: 1001,
    format: 'xml' as const,
    getPassword: async () => 'demo',
  });

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, reservations: 2500, seed: 9, fileReadyAfterMs: 50 });
    temp = tempDir('resdesk-worker-');
    desk = new Desk({
      store: Store.open(path.join(temp.dir, 'desk.db')),
      dataDir: temp.dir,
      connection: connection(),
      messages: createMessages('en'),
      importWorker: script,
      onProgress: (read) => progress.push(read),
    });
  });
  afterAll(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  it('stores and acknowledges everything while the main thread keeps ticking', async () => {
    let ticks = 0;
    let longestGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      ticks++;
    }, 5);
    const report = await desk.sync();
    clearInterval(timer);
    expect(report.error).toBeNull();
    expect(report.pulled.new.length + report.pulled.changed.length + report.pulled.cancelled.length).toBe(
      2500,
    );
    expect(reservationCount(desk.store)).toBe(2500);
    const acknowledged = (await sandboxState(service.url)).acknowledged.map((a) => a.logId);
    const stored = storedLogIds(desk.store);
    expect(new Set(acknowledged).size).toBe(2500);
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    // The main thread was free to run its timer throughout the import.
    expect(ticks).toBeGreaterThan(10);
    // The main connection reads the worker's writes at once (WAL).
    expect(desk.store.inboxCounts({}).total).toBe(2500);
    // The worker said after each stored batch how far it had come, up to all it read.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((read, i) => i === 0 || read > (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBe(report.pulled.received);
    expect(report.pulled.received).toBeGreaterThanOrEqual(2500);
  });

  it('says its progress the same way when it reads in this thread', async () => {
    const read: number[] = [];
    const here = new Desk({
      store: Store.open(path.join(temp.dir, 'here.db')),
      dataDir: path.join(temp.dir, 'here'),
      connection: connection(),
      messages: createMessages('en'),
      onProgress: (n) => read.push(n),
    });
    try {
      const report = await here.sync();
      expect(report.error).toBeNull();
      expect(reservationCount(here.store)).toBe(2500);
      expect(read.length).toBeGreaterThanOrEqual(2);
      expect(read.every((n, i) => i === 0 || n > (read[i - 1] ?? 0))).toBe(true);
      expect(read.at(-1)).toBe(report.pulled.received);
    } finally {
      await here.close();
      here.store.close();
    }
  });

  it('reports a failure in the worker as a plain sentence', async () => {
    await service.close();
    const report = await desk.sync();
    expect(report.reachable).toBe(false);
    expect(report.error).toMatch(/cannot be reached/);
  });
});
