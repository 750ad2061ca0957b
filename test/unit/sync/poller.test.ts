import { describe, expect, it } from 'vitest';
import { Poller, type CycleResult, type Timers } from '../../../main/sync/poller';

/** A manual clock and timer queue: the poller's real logic, driven step by step. */
function manualTime() {
  let now = Date.parse('2026-07-01T10:00:00Z');
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const timers: Timers = {
    set: (fn, ms) => {
      const id = nextId++;
      queue.push({ at: now + ms, fn, id });
      return id;
    },
    clear: (handle) => {
      const i = queue.findIndex((t) => t.id === handle);
      if (i >= 0) queue.splice(i, 1);
    },
  };
  return {
    timers,
    now: () => new Date(now),
    pendingDelays: () => queue.map((t) => t.at - now),
    /** Fires the next timer and lets the cycle it started settle. */
    async fireNext() {
      queue.sort((a, b) => a.at - b.at);
      const t = queue.shift();
      if (!t) throw new Error('no timer pending');
      now = t.at;
      t.fn();
      for (let i = 0; i < 5; i++) await Promise.resolve();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('Poller', () => {
  it('polls at once on start, then every interval while the service answers', async () => {
    const time = manualTime();
    let cycles = 0;
    const poller = new Poller(async () => (cycles++, { reachable: true, error: null }) as CycleResult, {
      intervalMs: 60_000,
      now: time.now,
      timers: time.timers,
    });
    poller.start();
    expect(time.pendingDelays()).toEqual([0]);
    await time.fireNext();
    expect(cycles).toBe(1);
    expect(poller.current.online).toBe(true);
    expect(poller.current.lastSuccessAt).toBe('2026-07-01T10:00:00.000Z');
    expect(time.pendingDelays()).toEqual([60_000]);
    await time.fireNext();
    expect(cycles).toBe(2);
    await poller.stop();
    expect(time.pendingDelays()).toEqual([]);
  });

  it('backs off exponentially to 5 minutes while unreachable, and returns to the interval when back', async () => {
    const time = manualTime();
    let reachable = false;
    const poller = new Poller(
      async () => (reachable ? { reachable, error: null } : { reachable, error: 'offline' }),
      {
        intervalMs: 60_000,
        maxBackoffMs: 300_000,
        now: time.now,
        timers: time.timers,
      },
    );
    poller.start();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await time.fireNext();
      delays.push(time.pendingDelays()[0] ?? -1);
    }
    expect(delays).toEqual([60_000, 120_000, 240_000, 300_000, 300_000]);
    expect(poller.current.online).toBe(false);
    expect(poller.current.lastError).toBe('offline');
    reachable = true;
    await time.fireNext();
    expect(poller.current.online).toBe(true);
    expect(poller.current.since).toBe(time.now().toISOString());
    expect(time.pendingDelays()).toEqual([60_000]);
    await poller.stop();
  });

  it('runs one cycle at a time: sync now during a cycle joins it', async () => {
    let release: () => void = () => {};
    let cycles = 0;
    const poller = new Poller(
      () =>
        new Promise<CycleResult>((resolve) => {
          cycles++;
          release = () => resolve({ reachable: true, error: null });
        }),
      { intervalMs: 60_000 },
    );
    const a = poller.syncNow();
    const b = poller.syncNow();
    expect(poller.current.syncing).toBe(true);
    release();
    await Promise.all([a, b]);
    expect(cycles).toBe(1);
    expect(poller.current.syncing).toBe(false);
    await poller.stop();
  });

  it('pauses on suspend and syncs at once on resume', async () => {
    const time = manualTime();
    let cycles = 0;
    const poller = new Poller(async () => (cycles++, { reachable: true, error: null }) as CycleResult, {
      now: time.now,
      timers: time.timers,
    });
    poller.start();
    await time.fireNext();
    poller.pause();
    expect(time.pendingDelays()).toEqual([]);
    expect(poller.current.nextPollAt).toBeNull();
    poller.resume();
    expect(time.pendingDelays()).toEqual([0]);
    await time.fireNext();
    expect(cycles).toBe(2);
    await poller.stop();
  });

  it('stop waits for the cycle in flight', async () => {
    let finished = false;
    const poller = new Poller(async () => {
      await new Promise((r) => setTimeout(r, 20));
      finished = true;
      return { reachable: true, error: null };
    });
    poller.start();
    await new Promise((r) => setTimeout(r, 5));
    await poller.stop();
    expect(finished).toBe(true);
  });
});

describe('Poller: waiting answers while the service is away', () => {
  it('retries them at the interval while the poll backs off, and polls at once when one gets through', async () => {
    const time = manualTime();
    let reachable = false;
    let cycles = 0;
    let retries = 0;
    const poller = new Poller(
      async () => {
        cycles++;
        return reachable ? { reachable, error: null } : { reachable, error: 'offline' };
      },
      {
        intervalMs: 10_000,
        maxBackoffMs: 300_000,
        now: time.now,
        timers: time.timers,
        retryBetween: async () => {
          retries++;
          return reachable;
        },
      },
    );
    poller.start();
    await time.fireNext(); // cycle 1 fails: next in 10 s, no retry needed before it
    expect(time.pendingDelays()).toEqual([10_000]);
    await time.fireNext(); // cycle 2 fails: next in 20 s, a retry at 10 s
    expect(time.pendingDelays().sort((a, b) => a - b)).toEqual([10_000, 20_000]);
    await time.fireNext(); // the retry: still away, tried again in 10 s
    expect(retries).toBe(1);
    expect(cycles).toBe(2);
    await time.fireNext(); // cycle 3 at 20 s fails: next in 40 s, retries every 10 s meanwhile
    expect(cycles).toBe(3);
    reachable = true;
    await time.fireNext(); // the retry reaches the service: the cycle runs now, not 30 s later
    expect(retries).toBe(2);
    expect(cycles).toBe(4);
    expect(poller.current.online).toBe(true);
    expect(time.pendingDelays()).toEqual([10_000]);
    await poller.stop();
    expect(time.pendingDelays()).toEqual([]);
  });

  it('sets no retry while the service answers', async () => {
    const time = manualTime();
    let retries = 0;
    const poller = new Poller(async () => ({ reachable: true, error: null }), {
      intervalMs: 10_000,
      now: time.now,
      timers: time.timers,
      retryBetween: async () => (retries++, true),
    });
    poller.start();
    for (let i = 0; i < 3; i++) await time.fireNext();
    expect(time.pendingDelays()).toEqual([10_000]);
    expect(retries).toBe(0);
    await poller.stop();
  });
});

describe('Poller: a new interval from Settings', () => {
  it('takes it at once, without a restart, and backs off from it', async () => {
    const time = manualTime();
    let reachable = true;
    const poller = new Poller(
      async () => (reachable ? { reachable, error: null } : { reachable, error: 'offline' }),
      { intervalMs: 60_000, now: time.now, timers: time.timers },
    );
    poller.start();
    await time.fireNext();
    expect(time.pendingDelays()).toEqual([60_000]);
    // Shorter: the waiting minute is not waited out.
    poller.setInterval(5_000);
    expect(time.pendingDelays()).toEqual([5_000]);
    await time.fireNext();
    expect(time.pendingDelays()).toEqual([5_000]);
    reachable = false;
    await time.fireNext();
    await time.fireNext();
    expect(time.pendingDelays()).toEqual([10_000]);
    // Longer while failing: the backoff doubles from the new base.
    poller.setInterval(20_000);
    expect(time.pendingDelays()).toEqual([40_000]);
    await poller.stop();
  });

  it('leaves a stopped or paused poller unscheduled', async () => {
    const time = manualTime();
    const poller = new Poller(async () => ({ reachable: true, error: null }), {
      intervalMs: 60_000,
      now: time.now,
      timers: time.timers,
    });
    poller.setInterval(5_000);
    expect(time.pendingDelays()).toEqual([]);
    poller.start();
    await time.fireNext();
    poller.pause();
    poller.setInterval(7_000);
    expect(time.pendingDelays()).toEqual([]);
    poller.resume();
    await time.fireNext();
    expect(time.pendingDelays()).toEqual([7_000]);
    await poller.stop();
  });

  it('waits as long as a busy service asked before the next cycle, then back to the interval', async () => {
    const time = manualTime();
    const results: CycleResult[] = [
      { reachable: true, error: 'busy', waitMs: 300_000 },
      { reachable: true, error: 'busy', waitMs: 5_000 },
      { reachable: true, error: null },
    ];
    const poller = new Poller(async () => results.shift() ?? { reachable: true, error: null }, {
      intervalMs: 15_000,
      now: time.now,
      timers: time.timers,
    });
    poller.start();
    await time.fireNext();
    // Asked for five minutes: five minutes, not the first backoff of 15 s.
    expect(Math.max(...time.pendingDelays())).toBe(300_000);
    expect(poller.current.online).toBe(true);
    await time.fireNext();
    // Asked for less than the backoff: the backoff (30 s after two failures).
    expect(Math.max(...time.pendingDelays())).toBe(30_000);
    await time.fireNext();
    expect(time.pendingDelays()).toEqual([15_000]);
    await poller.stop();
  });
});
