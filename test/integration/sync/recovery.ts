// A decision queued while the service is away, and how soon it goes out once the service is back. The
// practice service is stopped and started again on the same port (the same seed, so the same world) while
// the real poller runs the real desk. The poller's clock and timers are driven by hand, so "how soon" is
// counted in poller steps and simulated time, never in wall-clock time; each step waits for the real cycle
// or retry it started (HTTP, SQLite) to finish.
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { Poller, type Timers } from '../../../main/sync/poller';
import type { WireFormat } from '../../../shared/domain';
import { openDesk, sandboxState, tempDir } from './helpers';

export interface RecoveryFigures {
  intervalMs: number;
  /** Cycles that failed while the service was away. */
  failedCycles: number;
  /** The poll's own delay when the service came back (the backoff): what the answer would wait without retries. */
  backoffAtRecoveryMs: number;
  /** Poller steps (a cycle or a retry of the waiting answers) from the service's return to the answer there. */
  stepsAfterRecovery: number;
  /** Simulated time from the service's return to the answer there. */
  msAfterRecovery: number;
  /** How many times the answer reached the service (must be once). */
  delivered: number;
}

/** A hand-driven clock: fires the earliest timer, then waits for the real work it started. */
class SteppedTime {
  at = Date.parse('2027-03-01T10:00:00Z');
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  private readonly running = new Set<Promise<unknown>>();

  readonly timers: Timers = {
    set: (fn, ms) => {
      const id = this.nextId++;
      this.queue.push({ at: this.at + ms, fn, id });
      return id;
    },
    clear: (handle) => {
      this.queue = this.queue.filter((t) => t.id !== handle);
    },
  };

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  async step(): Promise<void> {
    this.queue.sort((a, b) => a.at - b.at);
    const next = this.queue.shift();
    if (!next) throw new Error('no timer pending');
    this.at = next.at;
    next.fn();
    await this.settle();
  }

  /** Until no tracked work is running and the poller has scheduled what follows it. */
  async settle(): Promise<void> {
    for (;;) {
      await new Promise((r) => setImmediate(r));
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }
}

const waitingKey = (desk: Desk): string => {
  const key = desk.store.db
    .prepare<[], string>(
      `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND pms_status <> 3
        ORDER BY key_field LIMIT 1`,
    )
    .pluck()
    .get();
  if (!key) throw new Error('no waiting reservation to confirm');
  return key;
};

export async function measureDecisionAfterRecovery(
  options: { intervalMs?: number; failedCycles?: number; format?: WireFormat; retries?: boolean } = {},
): Promise<RecoveryFigures> {
  const intervalMs = options.intervalMs ?? 15_000;
  const failedCycles = options.failedCycles ?? 4;
  const serviceOptions = { reservations: 30, seed: 41, fileReadyAfterMs: 0 };
  let service: PracticeService = await startPracticeService({ port: 0, ...serviceOptions });
  const port = service.port;
  const temp = tempDir('resdesk-recovery-');
  const desk = openDesk(temp.dir, service.url, options.format ?? 'json');
  const time = new SteppedTime();
  let cycles = 0;
  let failed = 0;
  const poller = new Poller(
    async () => {
      cycles++;
      const report = await time.track(desk.sync());
      if (report.error !== null) failed++;
      return report;
    },
    {
      intervalMs,
      now: () => new Date(time.at),
      timers: time.timers,
      ...(options.retries === false ? {} : { retryBetween: () => time.track(desk.retryWaiting()) }),
    },
  );
  try {
    poller.start();
    await time.step();
    if (cycles !== 1 || failed !== 0) throw new Error('the first cycle did not go through');
    const keyField = waitingKey(desk);

    await service.close();
    await desk.decide({ keyField, action: 'confirm', user: 'Reception' });
    // As the handler does: try at once; the service is away, so it stays queued.
    await desk.pushNow();
    while (failed < failedCycles) await time.step();

    service = await startPracticeService({ port, ...serviceOptions });
    const back = time.at;
    const backoffAtRecoveryMs = poller.nextDelay();
    const sent = async () =>
      (await sandboxState(service.url)).confirmations.filter((c) => c.keyField === keyField).length;
    let steps = 0;
    while ((await sent()) === 0) {
      if (steps === 50) throw new Error('the answer did not go out after 50 poller steps');
      await time.step();
      steps++;
    }
    const sentAt = time.at;
    // A step more: nothing is sent twice.
    await time.step();
    return {
      intervalMs,
      failedCycles: failed,
      backoffAtRecoveryMs,
      stepsAfterRecovery: steps,
      msAfterRecovery: sentAt - back,
      delivered: await sent(),
    };
  } finally {
    await poller.stop();
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  }
}
