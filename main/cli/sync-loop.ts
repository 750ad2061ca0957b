// `resdesk sync` without --once: polls until SIGINT or SIGTERM. A signal stops the poller, which lets the
// cycle in flight finish (its batches and acknowledgements stay consistent) and starts no other; then the
// command returns and exits 0. The poller's timers do not hold the process open (poller.ts), so the wait
// for a signal holds it here; a second signal falls back to Node's default and ends it at once.
import { Poller } from '../sync/poller';
import type { CycleReport } from '../sync/cycle';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

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
  const onSignal = () => stop();
  for (const signal of SIGNALS) process.once(signal, onSignal);
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
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  }
}
