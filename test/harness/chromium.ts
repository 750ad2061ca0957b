// Debian's Chromium driven by playwright-core, for the renderer tests. Never downloads a browser: if
// /usr/bin/chromium is missing the suite fails with one line saying how to install it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const MISSING_CHROMIUM = 'Install Chromium: apt-get install chromium';
export const DESK_VIEWPORT = { width: 1366, height: 768 } as const;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface DeskBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far; tests assert it stays empty. */
  errors: string[];
  close(): Promise<void>;
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(MISSING_CHROMIUM);
}

/** A fresh Chromium profile with one page at the reception PC's size. */
/**
 * `scale`: the display's scaling (Windows' 125% is 1.25): the same 1366×768 screen then holds fewer CSS
 * pixels (1093×614 at 125%), drawn at that device scale factor.
 */
export async function launchDesk(options: { locale?: string; scale?: number } = {}): Promise<DeskBrowser> {
  const scale = options.scale ?? 1;
  assertChromium();
  const profile = mkdtempSync(path.join(tmpdir(), 'resdesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: {
      width: Math.round(DESK_VIEWPORT.width / scale),
      height: Math.round(DESK_VIEWPORT.height / scale),
    },
    deviceScaleFactor: scale,
    locale: options.locale ?? 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
