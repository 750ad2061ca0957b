// `resdesk sync` without --once keeps polling until SIGINT or SIGTERM and then ends cleanly
// (the cycle in flight finishes, no other starts, exit 0); `--interval SECONDS` sets the poll interval;
// `resdesk list` reads every row in key order (check-in, then id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { sandboxState, tempDir } from '../sync/helpers';
import { runResdesk } from '../../harness/resdesk-cli';
import { intervalFrom } from '../../../main/cli/sync-loop';
import { POLL_INTERVAL_KEY } from '../../../shared/poll-interval';

interface CycleJson {
  received: number;
  new: number;
  error: string | null;
}

/** Starts `sync` and sends `signal` once `cycles` cycle lines are out; resolves with the run. */
async function syncUntil(args: string[], cycles: number, signal: NodeJS.Signals) {
  let child: ChildProcess | null = null;
  let lines = 0;
  let signalled = false;
  let linesAtSignal = 0;
  const run = runResdesk(args, {
    onStart: (started) => {
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => {
        lines += chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l.startsWith('{')).length;
        if (!signalled && lines >= cycles) {
          signalled = true;
          linesAtSignal = lines;
          started.kill(signal);
        }
      });
    },
  });
  const result = await run;
  expect(child).not.toBeNull();
  return { ...result, linesAtSignal };
}

describe('resdesk sync until stopped, and list in key order', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, reservations: 1200, seed: 5, fileReadyAfterMs: 20 });
    temp = tempDir('resdesk-cli-loop-');
    db = path.join(temp.dir, 'desk.db');
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  const connection = () => ['--db', db, '--service', service.url, '--partner-id', '1001'];

  it('keeps polling at --interval until SIGTERM, then finishes the cycle in flight and exits 0', async () => {
    const run = await syncUntil(['sync', ...connection(), '--json', '--interval', '1'], 3, 'SIGTERM');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const cycles = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CycleJson);
    // The first imported everything, the next found nothing; the signal came after the third and at most
    // one more (already in flight) was allowed to end.
    expect(cycles.length).toBeGreaterThanOrEqual(3);
    expect(cycles.length).toBeLessThanOrEqual(run.linesAtSignal + 1);
    expect(cycles[0]?.new).toBeGreaterThan(0);
    expect(cycles.slice(1).every((c) => c.received === 0 && c.error === null)).toBe(true);
    // Nothing reaches the service once the command has ended.
    const requests = (await sandboxState(service.url)).requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await sandboxState(service.url)).requests.length).toBe(requests);
  });

  it('stops on SIGINT (Ctrl+C) the same way', async () => {
    const run = await syncUntil(['sync', '--db', db, '--json', '--interval', '1'], 2, 'SIGINT');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
  });

  it.each([2, 3])(
    'Ctrl+C to the whole process group %i times during a cycle: the cycle ends safely, exit 0 within 10 s',
    async (times) => {
      // A service of its own, so everything it acknowledged is this file's; its list file is ready only after a
      // second, so the first cycle is still in flight when the signals arrive, however late a busy machine sends
      // them (an import alone is over in a few hundred milliseconds).
      const own = await startPracticeService({
        port: 0,
        reservations: 3000,
        seed: 9,
        fileReadyAfterMs: 1000,
      });
      const fresh = path.join(temp.dir, `signals-${times}.db`);
      let signalledAt = 0;
      const run = await runResdesk(
        ['sync', '--db', fresh, '--service', own.url, '--partner-id', '1001', '--interval', '1'],
        {
          detached: true,
          onStart: (child) => {
            child.stdout?.once('data', () => {
              // The first cycle (3000 reservations into a new file) is in flight once the loop says it started.
              signalledAt = Date.now();
              for (let i = 0; i < times; i++)
                setTimeout(() => child.pid && process.kill(-child.pid, 'SIGINT'), i * 40);
            });
          },
        },
      );
      expect(signalledAt).toBeGreaterThan(0);
      expect(run.code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(run.stderr).toContain('Stopping: the cycle in flight finishes first');
      expect(run.stderr).not.toMatch(/Error|^\s+at /m);
      // Nothing acknowledged that the file does not hold.
      const store = Store.open(fresh);
      try {
        const acknowledged = (await sandboxState(own.url)).acknowledged.map((a) => a.logId);
        const stored = new Set(
          store.db
            .prepare<[], { logId: number }>('SELECT log_id AS logId FROM reservation_versions')
            .all()
            .map((r) => r.logId),
        );
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        store.close();
        await own.close();
      }
    },
  );

  it('without --interval polls at the interval the hotel chose in Settings (kept in the database)', async () => {
    const store = Store.open(db);
    store.setSetting(POLL_INTERVAL_KEY, 42);
    store.close();
    let seen = '';
    const run = await runResdesk(['sync', '--db', db], {
      onStart: (started) => {
        started.stdout?.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          if (/Received/.test(seen)) started.kill('SIGTERM');
        });
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Syncing every 42 s\./);
  });

  it('refuses an interval that is not a whole number of seconds from 1 to 3600', async () => {
    for (const bad of ['0', '-5', '1.5', 'soon', '3601', ''])
      expect(() => intervalFrom(bad), bad).toThrow(/--interval/);
    expect(intervalFrom('1')).toBe(1000);
    expect(intervalFrom('3600')).toBe(3_600_000);
    expect(intervalFrom(undefined)).toBeUndefined();
    // And the command says so, as a usage mistake (exit 2), before it touches anything.
    const run = await runResdesk(['sync', ...connection(), '--interval=0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--interval/);
  });

  it('lists every reservation once, in check-in then id order, past 1000 rows', async () => {
    const store = Store.open(db);
    const expected = store.db
      .prepare<[], { keyField: string }>(
        'SELECT key_field AS keyField FROM reservations ORDER BY check_in, id',
      )
      .all()
      .map((r) => r.keyField);
    const waiting = store.db
      .prepare<[], { keyField: string }>(
        "SELECT key_field AS keyField FROM reservations WHERE confirmation_status = 'W' ORDER BY check_in, id",
      )
      .all()
      .map((r) => r.keyField);
    store.close();
    expect(expected.length).toBeGreaterThan(1000);

    const json = await runResdesk(['list', '--db', db, '--json']);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as {
      keyField: string;
      decision: string;
      hasUnmappedCodes: boolean;
    }[];
    expect(rows.map((r) => r.keyField)).toEqual(expected);
    expect(rows.every((r) => typeof r.decision === 'string' && typeof r.hasUnmappedCodes === 'boolean')).toBe(
      true,
    );

    const text = await runResdesk(['list', '--db', db, '--status', 'W']);
    const lines = text.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe(`${waiting.length} reservations`);
    expect(lines.slice(0, -1).map((line) => line.split('\t')[0])).toEqual(waiting);
  });
});
