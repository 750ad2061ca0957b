// The inbox with its pre-confirm checks at 100k reservations, on a real SQLite file: the
// first page after start, the page after a new reservation and after a confirm, and the memory the
// checks hold, each against the bare page (the same query, no checks) measured in the same run. Also
// what a full rebuild over every reservation (the desk before; now only the tests' yardstick) costs here.
import { sqliteDeskStore } from '../../main/store/engines/desk-store';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildChecker, DeskChecks } from '../../main/operations/checks';
import { Store } from '../../main/store';
import { generateReservations, makeGuest, makeReservation } from '../unit/store/fixtures';
import { median } from './median';

/**
 * The goals in ms (first page ≤ 300, after an event ≤ 50) against the bare page it measured,
 * 5 ms: as ratios, so a busy machine slows both sides alike.
 */
export const BARE_PAGE_MS = 5;
export const FIRST_PAGE_RATIO_TARGET = 300 / BARE_PAGE_MS;
export const AFTER_EVENT_RATIO_TARGET = 50 / BARE_PAGE_MS;
/** Memory the checks hold, against the database file's size. */
export const MEMORY_RATIO_TARGET = 1.2;

export interface InboxChecksBenchResult {
  reservations: number;
  dbMB: number;
  /** Median bare page of 200 (no checks), newest arrival first. */
  bareMs: number;
  firstPageMs: number;
  afterNewMs: number;
  afterConfirmMs: number;
  /** RSS growth from opening the store to after the pages and events, MB. */
  checksMB: number;
  /** Keying every reservation once (what the first start after migration 012 does). */
  keyAllMs: number;
  /** The full in-memory rebuild over every reservation, and the RSS it added. */
  rebuildMs: number;
  rebuildMB: number;
  firstRatio: number;
  afterNewRatio: number;
  afterConfirmRatio: number;
  memoryRatio: number;
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const rssMB = (): number => process.memoryUsage().rss / 1048576;
const AT = '2026-06-01T08:00:00.000Z';
const TODAY = new Date(2026, 5, 15, 12);
const query = { filter: {}, sort: 'arrival', direction: 'desc', offset: 0, limit: 200 } as const;

function fill(file: string, count: number): void {
  const store = Store.open(file);
  store.replaceNotConfirmMessages('tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
  // In slices, so the generated objects never all live at once beside what is measured later.
  for (let first = 0; first < count; first += 5000)
    store.importBatch(generateReservations(Math.min(5000, count - first), 42 + first, first), AT);
  store.close();
}

export async function benchInboxChecks(count = 100_000, runs = 7): Promise<InboxChecksBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-inbox-checks-'));
  const file = join(dir, 'bench.db');
  try {
    fill(file, count);
    let store = Store.open(file);
    let start = performance.now();
    const keyed = sqliteDeskStore(store);
    await new DeskChecks(
      () => keyed,
      () => TODAY,
    ).markRows(store.inboxPage(query).rows);
    const keyAllMs = performance.now() - start;
    store.close();
    const dbMB = statSync(file).size / 1048576;

    const bare: number[] = [];
    const first: number[] = [];
    let rss0 = 0;
    let checks: DeskChecks | null = null;
    // Each run opens the file afresh, as a start does: the bare page, then, opened again, the page with
    // its checks from a new DeskChecks.
    for (let i = 0; i < runs; i += 1) {
      store.close();
      store = Store.open(file);
      start = performance.now();
      store.inboxPage(query);
      bare.push(performance.now() - start);
      store.close();
      store = Store.open(file);
      rss0 = rssMB();
      const opened = sqliteDeskStore(store);
      checks = new DeskChecks(
        () => opened,
        () => TODAY,
      );
      start = performance.now();
      await checks.markRows(store.inboxPage(query).rows);
      first.push(performance.now() - start);
    }
    const desk = checks as DeskChecks;
    const page = async (): Promise<number> => {
      const started = performance.now();
      await desk.markRows(store.inboxPage(query).rows);
      return performance.now() - started;
    };
    const afterNew: number[] = [];
    const afterConfirm: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const keyField = `NEW|${i}`;
      store.importBatch(
        [
          makeReservation({
            keyField,
            logId: 90_000_000 + i,
            guests: [makeGuest('YILMAZ AYŞE', keyField)],
          }),
        ],
        AT,
      );
      desk.reservationsChanged();
      afterNew.push(await page());
      const decision = store.enqueueDecision({
        keyField,
        action: 'confirm',
        note: '',
        reasonId: null,
        user: 'bench',
        decidedAt: AT,
        basedOnLogId: 90_000_000 + i,
      });
      store.markSent(decision.id, { sentAt: AT, pdfPath: null });
      desk.decisionMoved();
      afterConfirm.push(await page());
    }
    const checksMB = Math.max(0, rssMB() - rss0);

    const beforeRebuild = rssMB();
    start = performance.now();
    const full = await buildChecker(store, '2026-06-15');
    const rebuildMs = performance.now() - start;
    const rebuildMB = rssMB() - beforeRebuild;
    void full.settings;
    store.close();

    const bareMs = median(bare);
    return {
      reservations: count,
      dbMB: round(dbMB),
      bareMs: round(bareMs, 2),
      firstPageMs: round(median(first)),
      afterNewMs: round(median(afterNew)),
      afterConfirmMs: round(median(afterConfirm)),
      checksMB: round(checksMB),
      keyAllMs: Math.round(keyAllMs),
      rebuildMs: Math.round(rebuildMs),
      rebuildMB: round(rebuildMB),
      firstRatio: round(median(first) / bareMs),
      afterNewRatio: round(median(afterNew) / bareMs),
      afterConfirmRatio: round(median(afterConfirm) / bareMs),
      memoryRatio: round(checksMB / dbMB, 2),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
