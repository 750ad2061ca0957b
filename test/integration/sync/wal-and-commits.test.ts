// A 20,000-reservation first sync: it commits a list page at a time, not hundreds of small
// transactions, and leaves no large write-ahead log behind. Commits are counted in the WAL itself: a
// reader holding an old snapshot keeps SQLite from restarting the log, so every commit frame stays there.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { sqliteBindingOption } from '../../../main/store/native-binding';
import { WAL_LIMIT_BYTES } from '../../../main/store/wal-policy';
import { ACK_CHUNK } from '../../../main/sync/pull';
import { openDesk, reservationCount, sandboxState, tempDir } from './helpers';

const RESERVATIONS = 20_000;
const PAGE = 2000;

/** Commit frames in the log's current generation (frames whose salts match the header's). */
function commitsInWal(walFile: string): number {
  const wal = readFileSync(walFile);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt1 || wal.readUInt32BE(at + 12) !== salt2) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits++;
  }
  return commits;
}

describe(`a first sync of ${RESERVATIONS} reservations`, () => {
  let service: PracticeService;
  const temps: ReturnType<typeof tempDir>[] = [];

  beforeAll(async () => {
    service = await startPracticeService({
      port: 0,
      reservations: RESERVATIONS,
      seed: 3,
      fileReadyAfterMs: 0,
    });
  });
  afterAll(async () => {
    await service.close();
    for (const t of temps) t.remove();
  });

  it('commits about once per list page and acknowledgement, not per reservation or batch of 500', async () => {
    const temp = tempDir('resdesk-commits-');
    temps.push(temp);
    const desk = openDesk(temp.dir, service.url);
    const file = path.join(temp.dir, 'desk.db');
    // A frame in the log, then a reader whose snapshot includes it: the log cannot restart under it.
    desk.store.setSetting('test.pin', 1);
    desk.store.db.pragma('busy_timeout = 0');
    const reader = new BetterSqlite3(file, { readonly: true, ...sqliteBindingOption() });
    try {
      reader.prepare('BEGIN').run();
      reader.prepare('SELECT count(*) FROM settings').get();
      const before = commitsInWal(`${file}-wal`);
      const report = await desk.sync();
      expect(report.error).toBeNull();
      expect(reservationCount(desk.store)).toBe(RESERVATIONS);
      const commits = commitsInWal(`${file}-wal`) - before;
      const serviceIds = new Set((await sandboxState(service.url)).acknowledged.map((a) => a.serviceId)).size;
      // Each list page one transaction, each acknowledgement request one mark, and a handful of others
      // (reference data, settings): never one per reservation, per guest or per LogId.
      const pages = Math.ceil(RESERVATIONS / PAGE);
      const acks = Math.ceil(RESERVATIONS / ACK_CHUNK) + serviceIds;
      console.log(`commits: ${commits} for ${RESERVATIONS} reservations (${pages} pages, ${acks} acks)`);
      expect(commits).toBeGreaterThanOrEqual(pages);
      expect(commits).toBeLessThanOrEqual(pages + acks + 20);
    } finally {
      reader.prepare('ROLLBACK').run();
      reader.close();
      await desk.close();
      desk.store.close();
    }
  });

  it(`keeps the WAL under ${WAL_LIMIT_BYTES / 1024 / 1024} MB between list pages and all but empties it after`, async () => {
    const temp = tempDir('resdesk-wal-');
    temps.push(temp);
    const desk = openDesk(temp.dir, service.url);
    const wal = path.join(temp.dir, 'desk.db-wal');
    let largest = 0;
    // Timers run between batches (each batch is one synchronous transaction): what a reader meets.
    const sampler = setInterval(() => {
      if (existsSync(wal)) largest = Math.max(largest, statSync(wal).size);
    }, 2);
    try {
      const report = await desk.sync();
      expect(report.error).toBeNull();
      expect(reservationCount(desk.store)).toBe(RESERVATIONS);
    } finally {
      clearInterval(sampler);
    }
    const after = existsSync(wal) ? statSync(wal).size : 0;
    const dbSize = statSync(path.join(temp.dir, 'desk.db')).size;
    console.log(`WAL: largest ${largest} bytes while importing, ${after} after; database ${dbSize} bytes`);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(WAL_LIMIT_BYTES);
    // Emptied after the lists; what follows is the cycle's last few settings, a page or two each.
    expect(after).toBeLessThanOrEqual(1024 * 1024);
    await desk.close();
    desk.store.close();
  });
});
