// What a desk's own copy of the hotel's data costs the desk (main/hotel-db/local-copy.ts), at 100,000 reservations
// on a real PostgreSQL: the whole copy once, then a refresh every interval taking only what changed. The target is
// the desk's CPU for one interval's refresh against the interval itself (≤ 2 % of a core); the server's own work
// runs in its own processes and is not counted. The hotel's reservations reach the server the way a desk's do when
// this PC starts keeping the database (moveDeskData from a desk file).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HotelStore } from '../../main/hotel-db/store';
import { HotelCopy } from '../../main/hotel-db/local-copy';
import { moveDeskData } from '../../main/hotel-db/move-data';
import { openHotelPool } from '../../main/hotel-db/pool';
import { openDatabase } from '../../main/store/db';
import { importBatch } from '../../main/store/reservations';
import { createDatabase, startPostgres } from '../harness/postgres';
import { generateReservations } from '../unit/store/fixtures';
import { median } from './median';

export interface HotelCopyBench {
  reservations: number;
  /** The whole copy, the first time: the desk's CPU and the wall time. */
  wholeCpuMs: number;
  wholeMs: number;
  /** A refresh with nothing changed, and with a busy interval's changes: the desk's CPU (median of runs). */
  idleCpuMs: number;
  busyCpuMs: number;
  /** What one busy interval changed. */
  changed: { reservations: number; arrived: number; decisions: number };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = cpuMs();
  await run();
  return cpuMs() - before;
}

export async function benchHotelCopy(count = 100_000, runs = 5): Promise<HotelCopyBench> {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-bench-copy-'));
  const server = await startPostgres();
  const pool = openHotelPool({ url: await createDatabase(server, 'bench') });
  try {
    const file = join(dir, 'desk.db');
    const db = openDatabase(file);
    const items = generateReservations(count, 42);
    for (let i = 0; i < items.length; i += 2000)
      importBatch(db, items.slice(i, i + 2000), '2026-06-01T08:00:00.000Z');
    db.close();
    await moveDeskData({ from: file, to: pool });
    const hotel = await HotelStore.open(pool, {
      origin: 'bench',
      fence: () => null,
      claimHoldMs: 50_000,
    });

    const copy = new HotelCopy(join(dir, 'desk'));
    const started = performance.now();
    const wholeCpuMs = await cpuOf(() => copy.refresh(pool));
    const wholeMs = performance.now() - started;

    const idle: number[] = [];
    const busy: number[] = [];
    // A busy two minutes at a large hotel: 50 changed reservations, 20 arrivals, 20 answers.
    const changed = { reservations: 50, arrived: 20, decisions: 20 };
    for (let run = 0; run < runs; run++) {
      idle.push(await cpuOf(() => copy.refresh(pool)));
      const changedNow = generateReservations(changed.reservations, 42, run * 1000).map((r) => ({
        ...r,
        logId: r.logId + 1_000_000 * (run + 1),
        remark: `changed ${run}`,
      }));
      await hotel.importBatch(changedNow, '2026-06-02T08:00:00.000Z');
      await hotel.importBatch(
        generateReservations(changed.arrived, 43 + run, count + run * changed.arrived),
        '2026-06-02T08:00:00.000Z',
      );
      const waiting = await hotel.inboxPage({
        filter: { statuses: ['W'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: run * changed.decisions,
        limit: changed.decisions,
      });
      for (const row of waiting.rows) {
        const r = await hotel.getReservation(row.keyField);
        if (r)
          await hotel
            .enqueueDecision({
              keyField: r.keyField,
              action: 'confirm',
              note: '',
              reasonId: null,
              user: 'bench',
              decidedAt: '2026-06-02T08:00:00.000Z',
              basedOnLogId: r.logId,
            })
            .catch(() => undefined);
      }
      busy.push(await cpuOf(() => copy.refresh(pool)));
    }
    return {
      reservations: count,
      wholeCpuMs: Math.round(wholeCpuMs),
      wholeMs: Math.round(wholeMs),
      idleCpuMs: Math.round(median(idle)),
      busyCpuMs: Math.round(median(busy)),
      changed,
    };
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
