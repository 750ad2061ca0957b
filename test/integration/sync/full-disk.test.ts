// A desk whose disk fills up: the sync says so in a plain sentence, nothing unstored is acknowledged, a
// decision is stored whole or not at all, and once space is freed everything arrives and nothing stored
// earlier is lost. The database lives on a 5 MB tmpfs mounted for the test (root, as on CI); where mounting
// is not allowed, SQLite's max_page_count stands in for the full disk (SQLite answers SQLITE_FULL either
// way) and the test says so in its log. The size leaves room for the empty schema (about 1.7 MB of 32 KB
// pages since migrations 011 and 012) and a few batches, never for all 1,500 reservations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { Desk } from '../../../main/operations/desk';
import { createMessages } from '../../../main/kernel/messages';
import { sandboxState, storedLogIds } from './helpers';

const en = createMessages('en');

function mountSmallDisk(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a full disk', () => {
  let service: PracticeService;
  let dir: string;
  let mounted = false;
  let store: Store;
  let desk: Desk;

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 1500, seed: 21, fileReadyAfterMs: 50 });
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-full-'));
    mounted = mountSmallDisk(dir, '5m');
    if (!mounted)
      console.log('full-disk test: tmpfs not allowed here; max_page_count stands in for the full disk');
    store = Store.open(path.join(dir, 'desk.db'));
    if (!mounted) store.db.pragma('max_page_count = 180');
    desk = new Desk({
      store,
      dataDir: dir,
      messages: en,
      batchSize: 100,
      connection: {
        serviceUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'json',
        getPassword: async () => 'demo',
      },
    });
  });
  afterAll(async () => {
    await desk.close();
    store.close();
    await service.close();
    if (mounted) execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  const freeSpace = () => {
    if (mounted) execFileSync('mount', ['-o', 'remount,size=256m', dir]);
    else store.db.pragma('max_page_count = 1073741823');
  };

  it('stops the sync with a plain sentence and acknowledges only what is stored', async () => {
    const report = await desk.sync();
    expect(report.error).toBe(en.t('error.diskFull'));
    const acknowledged = (await sandboxState(service.url)).acknowledged.map((a) => a.logId);
    const stored = storedLogIds(store);
    expect(acknowledged.length).toBeLessThan(1500);
    // Some batches fitted: the rest of the file tests a disk that filled up, not one that was full at once.
    expect(stored.size).toBeGreaterThan(0);
    for (const logId of acknowledged) expect(stored.has(logId)).toBe(true);
  });

  it('stores a decision with its activity entry, or neither', async () => {
    // Whatever room is left goes to a filler, so the decision is the write that does not fit.
    if (mounted) {
      try {
        writeFileSync(path.join(dir, 'filler'), Buffer.alloc(8 * 1024 * 1024));
      } catch {
        // ENOSPC: the filler took what was left, as intended.
      }
    }
    const keyField = store.db
      .prepare<[], string>(`SELECT key_field FROM reservations WHERE confirmation_status = 'W' LIMIT 1`)
      .pluck()
      .get();
    expect(keyField).toBeTruthy();
    let refused: unknown = null;
    try {
      for (let i = 0; i < 2000; i++)
        store.addActivity({
          at: 'x',
          user: 'filler',
          action: 'sync',
          keyField: null,
          detail: 'x'.repeat(2000),
        });
    } catch {
      // Full: the activity table took what the database could still hold.
    }
    try {
      await desk.decide({ keyField: keyField ?? '', action: 'confirm', user: 'Ayşe', note: 'Sea view' });
    } catch (error) {
      refused = error;
    }
    const decisions = store.db.prepare('SELECT count(*) FROM decisions').pluck().get();
    const entries = store.db.prepare(`SELECT count(*) FROM activity WHERE action = 'confirm'`).pluck().get();
    expect(decisions).toBe(entries);
    expect(refused).not.toBeNull();
    expect(decisions).toBe(0);
    rmSync(path.join(dir, 'filler'), { force: true });
  });

  it('once space is freed, brings everything and loses nothing', async () => {
    freeSpace();
    const before = storedLogIds(store).size;
    const report = await desk.sync();
    expect(report.error).toBeNull();
    const state = await sandboxState(service.url);
    expect(storedLogIds(store).size).toBeGreaterThanOrEqual(before);
    expect(store.db.prepare('SELECT count(*) FROM reservations').pluck().get()).toBe(state.reservations);
    expect(new Set(state.acknowledged.map((a) => a.logId)).size).toBe(state.reservations);
    expect(store.pendingAcknowledgements()).toEqual([]);
  });
});
