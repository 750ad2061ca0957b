// Kill the importing process (SIGKILL) at random points 20 times: after restart every reservation is
// present once, and no LogId was ever acknowledged that was not stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { bundled } from '../../harness/bundle';
import { control, reservationCount, sandboxState, storedLogIds, tempDir } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const RESERVATIONS = 1500;
/** New reservations before each run, so every run has a large file to import. */
const ARRIVALS = 1100;

/**
 * Deterministic kill points, as fractions (0.1 to 0.95) of how long a whole run takes, so a failure can be
 * reproduced and the kills land inside runs on a fast machine and a slow one alike.
 */
function* killFractions(seed: number): Generator<number> {
  let s = seed;
  for (;;) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    yield 0.1 + ((s % 1000) / 1000) * 0.85;
  }
}
/** Until a run completes and shows how long one takes. */
const FIRST_GUESS_MS = 3000;

async function runSync(
  dbFile: string,
  serviceUrl: string,
  killAfterMs: number | null,
): Promise<number | null> {
  // Bundled once: a kill point is a fraction of the import's run, not of tsx compiling the sources again.
  const cli = await bundled('main/cli.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        'sync',
        '--db',
        dbFile,
        '--service',
        serviceUrl,
        '--partner-id',
        '1001',
        '--once',
        // Small batches, so kills land between two committed batches as well as inside one.
        '--batch-size',
        '250',
      ],
      { cwd: ROOT, env: { ...process.env, RESDESK_USER: 'demo', RESDESK_PASSWORD: 'demo' }, stdio: 'ignore' },
    );
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (timer) clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('import killed at random points', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    service = await startPracticeService({
      port: 0,
      reservations: RESERVATIONS,
      seed: 21,
      fileReadyAfterMs: 50,
    });
    temp = tempDir('resdesk-kill-');
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('never acknowledges an unstored LogId and ends with every reservation once', async () => {
    const dbFile = path.join(temp.dir, 'desk.db');
    const fractions = killFractions(12345);
    // The last run that was not killed: its length scales the next kill points.
    let runMs = FIRST_GUESS_MS;
    let killedMidway = 0;
    const partialCounts = new Set<number>();
    let expected = RESERVATIONS;
    let countBefore = 0;
    for (let i = 0; i < 20; i++) {
      if (i > 0) {
        await control(service.url, 'arrive', { count: ARRIVALS });
        expected += ARRIVALS;
      }
      const started = performance.now();
      const code = await runSync(dbFile, service.url, Math.round((fractions.next().value as number) * runMs));
      if (code === null) killedMidway++;
      else runMs = performance.now() - started;
      const store = Store.open(dbFile);
      try {
        const stored = storedLogIds(store);
        const count = reservationCount(store);
        if (count > 0 && count < expected) partialCounts.add(count);
        // Killed before a single batch of this run's import was stored: the guess of a run's length was too
        // short for this machine (a loaded one starts the command slowly), so the next kills come later.
        if (code === null && count === countBefore) runMs *= 1.5;
        countBefore = count;
        const state = await sandboxState(service.url);
        for (const a of state.acknowledged) expect(stored.has(a.logId)).toBe(true);
      } finally {
        store.close();
      }
    }
    // Most runs must really have been cut short, or the test proves nothing.
    expect(killedMidway).toBeGreaterThanOrEqual(10);
    // ...and some kills must have landed inside the import itself, between two batches.
    expect(partialCounts.size).toBeGreaterThanOrEqual(2);

    expect(await runSync(dbFile, service.url, null)).toBe(0);
    const store = Store.open(dbFile);
    try {
      expect(reservationCount(store)).toBe(expected);
      const versions = store.db
        .prepare('SELECT count(*) AS n, count(DISTINCT log_id) AS d FROM reservation_versions')
        .get() as { n: number; d: number };
      expect(versions.n).toBe(versions.d);
      expect(store.pendingAcknowledgements()).toEqual([]);
      const state = await sandboxState(service.url);
      expect(new Set(state.acknowledged.map((a) => a.logId)).size).toBe(expected);
    } finally {
      store.close();
    }
  }, 300_000);
});
