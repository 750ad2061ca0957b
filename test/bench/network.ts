// `npm run bench -- network`: what the desk puts on a hotel line, counted by a loopback proxy
// (counting-proxy.ts) in front of the practice service. Sizes: BENCH_NETWORK_SIZES (default 1500,20000).
// Also measured here: arrival → stored with the real poller (BENCH_ARRIVALS samples, default 32), and
// how soon a decision queued while the service was away goes out once it is back
// (test/integration/sync/recovery.ts).
import { startPracticeService } from '../../main/sandbox';
import { Poller } from '../../main/sync/poller';
import type { WireFormat } from '../../shared/domain';
import { control, openDesk, tempDir } from '../integration/sync/helpers';
import { difference, startCountingProxy, type WireCount } from './counting-proxy';

export interface FirstSyncFigure {
  reservations: number;
  format: WireFormat;
  compressed: WireCount;
  plain: WireCount;
  ratio: number;
}

export interface SteadyFigures {
  reservations: number;
  waiting: number;
  idlePoll: WireCount;
  idleCycleMs: number;
  bounded: WireCount;
  full: WireCount;
}

async function firstSync(reservations: number, format: WireFormat, compress: boolean): Promise<WireCount> {
  const service = await startPracticeService({ port: 0, reservations, seed: 1, fileReadyAfterMs: 0 });
  const proxy = await startCountingProxy(service.url);
  proxy.compress = compress;
  const temp = tempDir('resdesk-net-');
  const desk = openDesk(temp.dir, proxy.url, format);
  try {
    const report = await desk.sync();
    if (report.error) throw new Error(report.error);
    return proxy.count();
  } finally {
    await desk.close();
    desk.store.close();
    await proxy.close();
    await service.close();
    temp.remove();
  }
}

export async function benchFirstSync(reservations: number, format: WireFormat): Promise<FirstSyncFigure> {
  const compressed = await firstSync(reservations, format, true);
  const plain = await firstSync(reservations, format, false);
  return { reservations, format, compressed, plain, ratio: plain.bytes / compressed.bytes };
}

/**
 * A desk that has answered its list but for `waitingShare` of it (settled elsewhere through the practice
 * control, then learnt in a full read): an idle poll, a bounded and a full reconcile with nothing new.
 */
export async function benchSteady(reservations: number, waitingShare = 0.02): Promise<SteadyFigures> {
  const service = await startPracticeService({ port: 0, reservations, seed: 1, fileReadyAfterMs: 0 });
  const proxy = await startCountingProxy(service.url);
  const temp = tempDir('resdesk-net-');
  const desk = openDesk(temp.dir, proxy.url, 'xml');
  const never = { reconcileEveryMs: 1e12, fullReadEveryMs: 1e12 };
  try {
    if ((await desk.sync()).error) throw new Error('first sync failed');
    const keys = desk.store.db
      .prepare<[], string>(
        "SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND pms_status <> 3",
      )
      .pluck()
      .all();
    const every = Math.max(1, Math.round(1 / waitingShare));
    // Cancellations waiting to be taken in stay waiting (the control settles only the others).
    for (const [i, keyField] of keys.entries())
      if (i % every !== 0) await control(service.url, 'settle', { keyField, status: 'E' });
    await desk.sync({ fullReadEveryMs: 0 });
    const waiting = desk.store.waitingCount().total;
    const polls = 10;
    const before = proxy.count();
    const ms: number[] = [];
    for (let i = 0; i < polls; i++) {
      const started = performance.now();
      await desk.sync(never);
      ms.push(performance.now() - started);
    }
    const idle = difference(proxy.count(), before);
    const idlePoll = {
      bytes: idle.bytes / polls,
      requests: idle.requests / polls,
      logins: idle.logins,
      connections: idle.connections,
    };
    const measure = async (overrides: { reconcileEveryMs?: number; fullReadEveryMs?: number }) => {
      const start = proxy.count();
      await desk.sync({ ...never, ...overrides });
      const d = difference(proxy.count(), start);
      // Less the poll every cycle makes anyway.
      return { ...d, bytes: d.bytes - idlePoll.bytes, requests: d.requests - idlePoll.requests };
    };
    const bounded = await measure({ reconcileEveryMs: 0 });
    const full = await measure({ fullReadEveryMs: 0 });
    ms.sort((a, b) => a - b);
    return {
      reservations,
      waiting,
      idlePoll,
      idleCycleMs: ms[Math.floor(ms.length / 2)] ?? 0,
      bounded,
      full,
    };
  } finally {
    await desk.close();
    desk.store.close();
    await proxy.close();
    await service.close();
    temp.remove();
  }
}

export interface ArrivalFigures {
  intervalMs: number;
  /** Arrival (the control's answer) → the reservation in the desk's database, each sample, sorted. */
  samplesMs: number[];
  medianMs: number;
}

/**
 * Measured, not modelled: a desk polls the practice service with the real poller and timers at
 * `intervalMs`. In each round, right after a poll stored the last round, `perRound` reservations arrive
 * through the control at random moments of the next interval, and each is timed until the desk's database
 * holds it (looked at every 10 ms). Loopback: a thin line adds a list request's round trips to every sample.
 */
export async function benchArrivalLatency(
  intervalMs: number,
  samples: number,
  perRound = 4,
): Promise<ArrivalFigures> {
  const service = await startPracticeService({ port: 0, reservations: 200, seed: 5, fileReadyAfterMs: 0 });
  const temp = tempDir('resdesk-net-');
  const desk = openDesk(temp.dir, service.url, 'json');
  const never = { reconcileEveryMs: 1e12, fullReadEveryMs: 1e12 };
  const poller = new Poller(() => desk.sync(never), { intervalMs });
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const measured: number[] = [];
  const arriveAndTime = async (): Promise<number> => {
    // From before the request: the reservation exists at the service once the control has answered.
    const started = performance.now();
    const arrived = (await control(service.url, 'arrive', { count: 1 })) as {
      reservations: { keyField: string }[];
    };
    const keyField = arrived.reservations[0]?.keyField ?? '';
    while (desk.store.getReservation(keyField) === null) {
      if (performance.now() - started > 4 * intervalMs) throw new Error('an arrival was not stored');
      await sleep(10);
    }
    return performance.now() - started;
  };
  try {
    if ((await desk.sync()).error) throw new Error('first sync failed');
    poller.start();
    while (measured.length < samples) {
      const roundStart = performance.now();
      const moments = Array.from(
        { length: Math.min(perRound, samples - measured.length) },
        () => Math.random() * intervalMs,
      ).sort((a, b) => a - b);
      const timed: Promise<number>[] = [];
      for (const at of moments) {
        await sleep(Math.max(0, at - (performance.now() - roundStart)));
        timed.push(arriveAndTime());
      }
      measured.push(...(await Promise.all(timed)));
    }
  } finally {
    await poller.stop();
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  }
  measured.sort((a, b) => a - b);
  const mid = measured.length / 2;
  const medianMs =
    measured.length % 2 === 1
      ? (measured[Math.floor(mid)] ?? 0)
      : ((measured[mid - 1] ?? 0) + (measured[mid] ?? 0)) / 2;
  return { intervalMs, samplesMs: measured, medianMs };
}
