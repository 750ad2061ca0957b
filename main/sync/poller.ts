// The background sync's heartbeat: start/stop lifecycle, a fixed interval while the service answers,
// exponential backoff up to 5 minutes while it does not, "sync now", pause on suspend. One cycle at a
// time: a "sync now" during a cycle joins that cycle instead of starting a second one.
// While cycles fail, what waits for the service (the receptionist's answers) is still tried at the base
// interval (retryBetween): one cheap request when something is queued, none when nothing is. The first
// one that gets through brings the full cycle forward, so the desk is back within an interval, not 5 min.

export interface CycleResult {
  /** Could the service be reached at all? */
  reachable: boolean;
  /** A plain sentence when the cycle did not complete, else null. */
  error: string | null;
  /** The service asked to be left alone this long (busy, Retry-After): the next cycle waits at least that. */
  waitMs?: number | null;
}

/** The longest a service's own "wait" is followed; past it the desk asks again anyway. */
const ASKED_WAIT_MAX_MS = 3_600_000;

export interface PollerState {
  online: boolean;
  since: string;
  lastSuccessAt: string | null;
  nextPollAt: string | null;
  syncing: boolean;
  lastError: string | null;
  running: boolean;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface PollerOptions {
  intervalMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
  timers?: Timers;
  onState?: (state: PollerState) => void;
  /**
   * Run every intervalMs while the cycle backs off; resolves true when it reached the service (it sent
   * something), which ends the backoff at once. Expected to be cheap, and silent with nothing to send.
   */
  retryBetween?: () => Promise<boolean>;
}

/**
 * The poll interval when none is given: an arrival waits half of it on average, so 15 s
 * gives a median of about 8 s to the screen; an idle poll is one small list request (~1 KB on the wire
 * with compression and a kept connection, `npm run bench -- network`), ~200 KB an hour.
 */
export const DEFAULT_INTERVAL_MS = 15_000;

const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // The poller must never be the reason a CLI or test process stays alive.
    t.unref();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class Poller {
  /** What the last cycle's service asked to wait (busy), in ms; 0 when it asked nothing. */
  private askedWaitMs = 0;
  private intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => Date;
  private readonly timers: Timers;
  private timer: unknown = null;
  private retryTimer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private paused = false;
  private state: PollerState;

  constructor(
    private readonly cycle: () => Promise<CycleResult>,
    private readonly options: PollerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.maxBackoffMs = options.maxBackoffMs ?? 300_000;
    this.now = options.now ?? (() => new Date());
    this.timers = options.timers ?? realTimers;
    this.state = {
      online: false,
      since: this.now().toISOString(),
      lastSuccessAt: null,
      nextPollAt: null,
      syncing: false,
      lastError: null,
      running: false,
    };
  }

  get current(): PollerState {
    return { ...this.state };
  }

  /** Starts polling with an immediate first cycle. */
  start(): void {
    if (this.state.running) return;
    this.update({ running: true });
    this.paused = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a cycle in flight, so nothing writes after stop resolves. */
  async stop(): Promise<void> {
    this.update({ running: false, nextPollAt: null });
    this.cancelTimer();
    await this.inFlight;
  }

  /** Suspend: no polls until resume. */
  pause(): void {
    this.paused = true;
    this.cancelTimer();
    this.update({ nextPollAt: null });
  }

  /** Resume / network back: sync at once. */
  resume(): void {
    this.paused = false;
    if (this.state.running) this.schedule(0);
  }

  /** Runs a cycle now (or joins the running one) and resolves when it is over. */
  async syncNow(): Promise<PollerState> {
    this.failures = 0;
    await this.runCycle();
    return this.current;
  }

  /**
   * A new base interval (Settings), taken at once: a waiting timer is set again from now with the new
   * interval (and the backoff recomputed from it), so a shorter interval does not wait out the old one. A
   * cycle in flight schedules the next one with the new interval when it ends.
   */
  setInterval(ms: number): void {
    if (ms === this.intervalMs) return;
    this.intervalMs = ms;
    if (!this.state.running || this.paused || this.inFlight) return;
    this.schedule(this.nextDelay());
  }

  get interval(): number {
    return this.intervalMs;
  }

  /**
   * The delay before the next cycle: the interval when healthy, doubling while failing, capped; never sooner than
   * the service asked (busy).
   */
  nextDelay(): number {
    const backoff =
      this.failures === 0
        ? this.intervalMs
        : Math.min(this.maxBackoffMs, this.intervalMs * 2 ** (this.failures - 1));
    return Math.max(backoff, Math.min(this.askedWaitMs, ASKED_WAIT_MAX_MS));
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    if (!this.state.running || this.paused) return;
    this.update({ nextPollAt: new Date(this.now().getTime() + ms).toISOString() });
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.runCycle();
    }, ms);
    if (ms > this.intervalMs) this.scheduleRetry();
  }

  /** While backing off: the retry at the base interval, again and again until the cycle is due. */
  private scheduleRetry(): void {
    const retry = this.options.retryBetween;
    if (!retry) return;
    this.retryTimer = this.timers.set(() => {
      this.retryTimer = null;
      if (this.inFlight || this.timer === null) return;
      void retry()
        .catch(() => false)
        .then((reached) => {
          // A cycle may have started meanwhile (sync now, resume); it reschedules everything itself.
          if (this.inFlight || this.timer === null) return;
          if (reached) {
            this.failures = 0;
            void this.runCycle();
          } else this.scheduleRetry();
        });
    }, this.intervalMs);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
  }

  private runCycle(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.cancelTimer();
    this.update({ syncing: true, nextPollAt: null });
    this.inFlight = (async () => {
      let result: CycleResult;
      try {
        result = await this.cycle();
      } catch (error) {
        result = { reachable: false, error: error instanceof Error ? error.message : 'The sync failed.' };
      }
      const at = this.now().toISOString();
      const onlineChanged = result.reachable !== this.state.online;
      this.failures = result.error === null ? 0 : this.failures + 1;
      this.askedWaitMs = result.waitMs ?? 0;
      this.update({
        syncing: false,
        online: result.reachable,
        since: onlineChanged ? at : this.state.since,
        lastError: result.error,
        lastSuccessAt: result.error === null ? at : this.state.lastSuccessAt,
      });
    })().finally(() => {
      this.inFlight = null;
      this.schedule(this.nextDelay());
    });
    return this.inFlight;
  }

  private update(patch: Partial<PollerState>): void {
    this.state = { ...this.state, ...patch };
    this.options.onState?.(this.current);
  }
}
