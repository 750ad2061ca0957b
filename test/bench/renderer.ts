// Renderer benchmark: how soon the inbox shows its first rows with 100k reservations stored, against the
// same page over an EMPTY database (time to the empty inbox) measured in the same run; and the gzipped
// size of the production renderer's JavaScript against its budget. The desk is set up against an
// unreachable address, so both pages read SQLite only, as a desk with the line down does.
// `benchRenderer()` returns the numbers; run this file directly to print them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { createCore } from '../../main/desk/core';
import type { Core, Logger } from '../../main/kernel/core-types';
import { memoryStore } from '../../main/secrets/memory-store';
import { Store } from '../../main/store';
import { launchDesk } from '../harness/chromium';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';
import { generateReservations } from '../unit/store/fixtures';
import { median } from './median';

export const FIRST_ROWS_TARGET_MS = 300;
export const BUNDLE_BUDGET_KB = 300;

export interface RendererBenchResult {
  reservations: number;
  /** Median ms from navigation start to the first inbox row in the DOM, 100k reservations stored. */
  firstRowsMs: number;
  /** Median ms from navigation start to the empty-inbox message, nothing stored: the lower bound. */
  emptyInboxMs: number;
  ratio: number;
  loads: number;
  /** Every load, in order, for the curious. */
  firstRowsRuns: number[];
  emptyInboxRuns: number[];
  /** Gzipped JavaScript of the production build, per file and in total (KB = 1024 bytes). */
  bundleFiles: Record<string, number>;
  bundleKB: number;
  bundleRawKB: number;
}

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Nothing listens there: the desk goes offline at once and reads the database only. */
const UNREACHABLE = 'http://127.0.0.1:9';
const FIRST_ROW = '.inbox-row .row-body[data-key]';
const EMPTY_INBOX = '[data-testid="inbox-empty"]';

/** The median to a tenth. */
const medianMs = (values: number[]): number => Math.round(median(values) * 10) / 10;
const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

function fillDatabase(file: string, count: number): void {
  const store = Store.open(file);
  try {
    for (let first = 0; first < count; first += 1000)
      store.importBatch(
        generateReservations(Math.min(1000, count - first), 42 + first, first),
        '2026-06-01T08:00:00.000Z',
      );
  } finally {
    store.close();
  }
}

interface OfflineDesk {
  core: Core;
  host: BrowserHost;
  close(): Promise<void>;
}

async function startOfflineDesk(reservations: number, rendererDir: string): Promise<OfflineDesk> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-bench-renderer-'));
  if (reservations > 0) fillDatabase(path.join(dataDir, 'resdesk.db'), reservations);
  // An hour between polls: the one failed attempt at start is the only network the desk tries.
  const core = createCore(
    { dataDir, credentials: memoryStore(), logger: quiet },
    { pollIntervalMs: 3_600_000 },
  );
  await core.start();
  await core.handlers.saveSetup({
    serviceUrl: UNREACHABLE,
    user: 'bench',
    password: 'bench',
    partnerId: 1001,
    format: 'json',
  });
  const host = await startBrowserHost({ core, rendererDir });
  return {
    core,
    host,
    async close() {
      await host.close();
      await core.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Loads the page and returns when `selector` first matched, in ms since navigation start, as the page
 * itself saw it: a MutationObserver installed before any of the page's scripts runs records
 * performance.now() at the first match, so the reading includes no round trip to this process.
 */
async function timeToSelector(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  const at: unknown = await page.evaluate('window.__resdeskSeenAt');
  if (typeof at !== 'number') throw new Error(`the page never recorded ${selector}`);
  return at;
}

/** The page-side watcher, as source: it runs in the page (no Node types), injected before the app's scripts. */
function watcherFor(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    const seen = () => {
      if (window.__resdeskSeenAt !== undefined) return true;
      if (!document.querySelector(selector)) return false;
      window.__resdeskSeenAt = performance.now();
      return true;
    };
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

function bundleSizes(dir: string): { files: Record<string, number>; gzipBytes: number; rawBytes: number } {
  const files: Record<string, number> = {};
  let gzipBytes = 0;
  let rawBytes = 0;
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        const body = readFileSync(full);
        const gz = gzipSync(body, { level: 9 }).length;
        files[path.relative(dir, full)] = kb(gz);
        gzipBytes += gz;
        rawBytes += body.length;
      }
    }
  };
  walk(dir);
  return { files, gzipBytes, rawBytes };
}

export async function benchRenderer(reservations = 100_000, loads = 5): Promise<RendererBenchResult> {
  const rendererDir = await buildRenderer();
  const bundle = bundleSizes(rendererDir);
  const full = await startOfflineDesk(reservations, rendererDir);
  const empty = await startOfflineDesk(0, rendererDir);
  const fullBrowser = await launchDesk();
  const emptyBrowser = await launchDesk();
  try {
    await fullBrowser.page.addInitScript(watcherFor(FIRST_ROW));
    await emptyBrowser.page.addInitScript(watcherFor(EMPTY_INBOX));
    // One unmeasured load each warms SQLite's page cache and the host's bridge bundle.
    await timeToSelector(fullBrowser.page, full.host.url, FIRST_ROW);
    await timeToSelector(emptyBrowser.page, empty.host.url, EMPTY_INBOX);
    const firstRowsRuns: number[] = [];
    const emptyInboxRuns: number[] = [];
    // Alternating, so a noisy moment on the shared machine hits both sides alike.
    for (let i = 0; i < loads; i++) {
      emptyInboxRuns.push(await timeToSelector(emptyBrowser.page, empty.host.url, EMPTY_INBOX));
      firstRowsRuns.push(await timeToSelector(fullBrowser.page, full.host.url, FIRST_ROW));
    }
    const errors = [...fullBrowser.errors, ...emptyBrowser.errors];
    if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join(' | ')}`);
    const firstRowsMs = medianMs(firstRowsRuns);
    const emptyInboxMs = medianMs(emptyInboxRuns);
    return {
      reservations,
      firstRowsMs,
      emptyInboxMs,
      ratio: Math.round((firstRowsMs / emptyInboxMs) * 100) / 100,
      loads,
      firstRowsRuns: firstRowsRuns.map((ms) => Math.round(ms)),
      emptyInboxRuns: emptyInboxRuns.map((ms) => Math.round(ms)),
      bundleFiles: bundle.files,
      bundleKB: kb(bundle.gzipBytes),
      bundleRawKB: kb(bundle.rawBytes),
    };
  } finally {
    await fullBrowser.close();
    await emptyBrowser.close();
    await full.close();
    await empty.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchRenderer();
  console.log(
    `first rows with ${r.reservations / 1000}k: ${r.firstRowsMs} ms (${r.ratio} x the empty-inbox load, target < ${FIRST_ROWS_TARGET_MS} ms)`,
  );
  console.log(`  loads: 100k ${r.firstRowsRuns.join(', ')} ms; empty ${r.emptyInboxRuns.join(', ')} ms`);
  console.log(
    `renderer JavaScript: ${r.bundleKB} KB gzipped (budget ${BUNDLE_BUDGET_KB} KB), ${r.bundleRawKB} KB raw`,
  );
}
