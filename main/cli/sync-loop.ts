// `resdesk sync` without --once: polls until SIGINT or SIGTERM. A signal stops the poller, which lets the
// cycle in flight finish (its batches and acknowledgements stay consistent) and starts no other; then the
// command returns and exits 0. The poller's timers do not hold the process open (poller.ts), so the wait
// for a signal holds it here. A terminal's Ctrl+C reaches every process of the group, often twice (npm, npx):
// later signals are said once and otherwise ignored, never Node's default (exit 130 mid-cycle). A cycle that
// has not finished STOP_WITHIN_MS after the first signal is abandoned, which is safe: nothing is acknowledged
// to the service before it is stored, so what the cycle had not stored is offered again next time.
import { Poller } from '../sync/poller';
import type { CycleReport } from '../sync/cycle';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** How long a stop waits for the cycle in flight: under the 10 s a service manager gives before SIGKILL. */
export const STOP_WITHIN_MS = 8_000;

export const INTERVAL_RANGE = { min: 1, max: 3600 } as const;

/** `--interval SECONDS` as milliseconds; undefined when not given. Throws the sentence to print. */
export function intervalFrom(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!/^\d+$/.test(value.trim()) || seconds < INTERVAL_RANGE.min || seconds > INTERVAL_RANGE.max)
    throw new RangeError(
      `--interval must be a whole number of seconds from ${INTERVAL_RANGE.min} to ${INTERVAL_RANGE.max}.`,
    );
  return seconds * 1000;
}

export async function syncUntilStopped(
  cycle: () => Promise<CycleReport>,
  options: {
    intervalMs?: number;
    onCycle: (report: CycleReport) => void;
    onStarted?: () => void;
    /** Sends queued answers at the interval while the cycle backs off (poller.ts). */
    retryBetween?: () => Promise<boolean>;
    /** Said on stderr: a repeated signal, a cycle abandoned. */
    say?: (line: string) => void;
    /** Ends the process when the cycle in flight outlives STOP_WITHIN_MS (tests pass their own). */
    abandon?: () => void;
    /**
     * On the hotel's database: polls only while this command holds the service lease (talk-lease.ts). `keep`
     * calls back when it becomes or stops being the one that talks; `stop` releases the lease at the end.
     */
    gate?: {
      keep(onHolding: (holding: boolean) => void): void;
      stop(): Promise<void>;
    };
  },
): Promise<void> {
  const poller = new Poller(
    async () => {
      const report = await cycle();
      options.onCycle(report);
      return report;
    },
    { intervalMs: options.intervalMs, retryBetween: options.retryBetween },
  );
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  let signals = 0;
  let deadline: NodeJS.Timeout | undefined;
  const onSignal = () => {
    signals++;
    if (signals === 2) say('Stopping: the cycle in flight finishes first (at most a few seconds).');
    if (signals > 1) return;
    stop();
    deadline = setTimeout(() => {
      say('Stopped during a cycle: what it stored is kept, and the service offers the rest again next time.');
      (options.abandon ?? (() => process.exit(0)))();
    }, STOP_WITHIN_MS);
  };
  // Kept until the process ends: a signal that arrives while the stores close is ignored too.
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // Holds the event loop open between cycles (the poller's own timers are unref'd).
  const hold = setInterval(() => undefined, 2 ** 30);
  // Lease changes run one after another: a poller stopping (its cycle in flight finishing) before it starts again.
  let turns: Promise<void> = Promise.resolve();
  let ending = false;
  try {
    const gate = options.gate;
    if (gate)
      gate.keep((holding) => {
        turns = turns.then(() => (holding && !ending ? poller.start() : poller.stop()));
      });
    else poller.start();
    options.onStarted?.();
    await stopped;
    ending = true;
    await turns;
    // The cycle in flight finishes before the lease is given up: its fenced writes still hold.
    await poller.stop();
    await gate?.stop();
  } finally {
    clearInterval(hold);
    clearTimeout(deadline);
  }
}
