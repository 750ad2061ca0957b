// Store benchmark: import speed, and inbox page / counts / name search medians at 100k reservations.
// `benchStore()` returns the numbers; run this file directly to print them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../../main/store/db';
import { Store } from '../../main/store';
import { type InboxQuery } from '../../main/store/inbox';
import { importBatch } from '../../main/store/reservations';
import { generateReservations } from '../unit/store/fixtures';
import { median } from './median';

export interface StoreBenchResult {
  reservations: number;
  guestsPerReservation: number;
  /** New reservations stored per second, batches of 500, file database (WAL). */
  importsPerSecond: number;
  /** The same import per second of this process's CPU time: steadier on a busy machine. */
  importsPerCpuSecond: number;
  /** A second version of every reservation (PmsStatus 2) per second. */
  changesPerSecond: number;
  /** The same data imported again (all no-ops) per second. */
  reimportsPerSecond: number;
  /** Median ms for a page of 200, per query shape. */
  inboxPageMs: Record<string, number>;
  inboxCountsMs: Record<string, number>;
  /** Median ms for a page of 200 under a name search. */
  searchMs: Record<string, number>;
}

/** The median to a hundredth. */
const medianMs = (values: number[]): number => Math.round(median(values) * 100) / 100;

function timeMedian(runs: number, fn: () => unknown): number {
  fn(); // warm the statement cache and the page cache
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return medianMs(times);
}

export async function benchStore(count = 100_000, runs = 41): Promise<StoreBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-bench-'));
  const db = openDatabase(join(dir, 'bench.db'));
  try {
    const items = generateReservations(count, 42);
    const batches = (list: typeof items): (typeof items)[] =>
      Array.from({ length: Math.ceil(list.length / 500) }, (_, i) => list.slice(i * 500, i * 500 + 500));
    const guests = items.reduce((n, r) => n + r.guests.length, 0);

    const perSecond = (list: typeof items, receivedAt: string): number => {
      const start = performance.now();
      for (const batch of batches(list)) importBatch(db, batch, receivedAt);
      return Math.round(list.length / ((performance.now() - start) / 1000));
    };
    const cpuBefore = process.cpuUsage();
    const importsPerSecond = perSecond(items, '2026-06-01T08:00:00.000Z');
    const cpu = process.cpuUsage(cpuBefore);
    const importsPerCpuSecond = Math.round(count / ((cpu.user + cpu.system) / 1e6));
    const reimportsPerSecond = perSecond(items, '2026-06-01T08:30:00.000Z');
    const changes = items
      .slice(0, Math.min(20_000, count))
      .map((r) => ({ ...r, logId: r.logId + 10_000_000, pmsStatus: 2, nights: r.nights + 1 }));
    const changesPerSecond = perSecond(changes, '2026-06-01T09:00:00.000Z');
    db.pragma('wal_checkpoint(TRUNCATE)');

    const page =
      (
        filter: InboxQuery['filter'],
        sort: InboxQuery['sort'],
        direction: InboxQuery['direction'],
        offset = 0,
      ) =>
      () =>
        new Store(db).inboxPage({ filter, sort, direction, offset, limit: 200 });
    const inboxPageMs = {
      'all, newest arrival first': timeMedian(runs, page({}, 'arrival', 'desc')),
      'waiting, by check-in': timeMedian(runs, page({ statuses: ['W'] }, 'checkIn', 'asc')),
      'one agency, cancelled, by check-in': timeMedian(
        runs,
        page({ agencyId: 'AG2', kinds: ['cancelled'] }, 'checkIn', 'asc'),
      ),
      'check-in July, waiting, newest arrival first': timeMedian(
        runs,
        page({ checkInFrom: '2026-07-01', checkInTo: '2026-07-31', statuses: ['W'] }, 'arrival', 'desc'),
      ),
      'all, by check-in, page at offset 50000': timeMedian(runs, page({}, 'checkIn', 'asc', 50_000)),
    };
    const inboxCountsMs = {
      'no filter': timeMedian(runs, () => new Store(db).inboxCounts({})),
      'one agency, waiting': timeMedian(runs, () =>
        new Store(db).inboxCounts({ agencyId: 'AG1', statuses: ['W'] }),
      ),
      'check-in July': timeMedian(runs, () =>
        new Store(db).inboxCounts({ checkInFrom: '2026-07-01', checkInTo: '2026-07-31' }),
      ),
    };
    const searchMs = Object.fromEntries(
      ['ışık', 'yilmaz ayse', 'guneş ibr', 'VC2000', 'krauss'].map((q) => [
        q,
        timeMedian(runs, page({ search: q }, 'checkIn', 'asc')),
      ]),
    );
    return {
      reservations: count,
      guestsPerReservation: Math.round((guests / count) * 100) / 100,
      importsPerSecond,
      importsPerCpuSecond,
      changesPerSecond,
      reimportsPerSecond,
      inboxPageMs,
      inboxCountsMs,
      searchMs,
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchStore(), null, 2));
}
