// `npm run screenshots`: regenerates the pictures in docs/screenshots/ from the real desk, never by hand.
// The real core (SQLite in a temp folder) connected to a practice service on 127.0.0.1, the built renderer
// in Debian's Chromium at the reception PC's size (1366×768), in Turkish: the inbox, a reservation changed
// after it was confirmed (the change beside the decision), a cancellation, the PMS list with that
// cancellation taken in, the same desk at 125% (1093×614: the changed reservation, its confirm form, the PMS
// list) and the printable arrivals list.
// The practice world is seeded, so the pictures only change when the screens do.
// RESDESK_SHOTS_DIR writes them elsewhere (to look at a change before committing the pictures).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { createCore } from '../main/desk/core';
import type { Logger } from '../main/kernel/core-types';
import { startPracticeService } from '../main/sandbox';
import { memoryStore } from '../main/secrets/memory-store';
import { buildRenderer, repoRoot } from '../test/harness/browser-host/build-renderer';
import { startBrowserHost } from '../test/harness/browser-host/host';
import { launchDesk } from '../test/harness/chromium';

const OUT = path.join(repoRoot, 'docs', 'screenshots');
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The hotel's calendar day (Turkey), moved by `days`. */
const hotelDay = (days = 0): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

const row = (page: Page, keyField: string) => page.locator(`.row-body[data-key=${JSON.stringify(keyField)}]`);

const OUT_DIR = process.env['RESDESK_SHOTS_DIR'] ?? OUT;

async function shoot(page: Page, name: string): Promise<void> {
  // Animations (the fresh-row glow) and the caret would make every run's picture differ.
  await page
    .addStyleTag({
      content: '*{animation:none!important;transition:none!important;caret-color:transparent!important}',
    })
    .catch(() => undefined);
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, type: 'png' });
  console.log(path.relative(repoRoot, file));
}

const rendererDir = await buildRenderer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-screenshots-'));
const service = await startPracticeService({ port: 0, seed: 7, reservations: 40, fileReadyAfterMs: 50 });
const core = createCore(
  { dataDir, credentials: memoryStore(), logger: quiet, openPath: async () => undefined },
  { pollIntervalMs: 3_600_000 },
);
await core.start();
const control = async (operation: 'arrive' | 'change' | 'cancel', body: Record<string, unknown>) => {
  const res = await fetch(`${service.url}/_sandbox/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${operation}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { reservations: { keyField: string }[] }).reservations.map((r) => r.keyField);
};

/** Syncs until the condition holds (a sync may join one already running that started before the change). */
async function syncUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await core.handlers.syncNow({});
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the practice world did not reach the desk');
}

const host = await startBrowserHost({ core, rendererDir });
const browser = await launchDesk();
try {
  mkdirSync(OUT_DIR, { recursive: true });
  await core.handlers.saveSetup({
    serviceUrl: service.url,
    user: 'demo',
    password: 'demo',
    partnerId: 1001,
    format: 'json',
  });
  await core.handlers.setDeskUser({ name: 'Ayşe' });
  const today = hotelDay(0);
  const [changed = ''] = await control('arrive', { checkIn: today, leadGuest: 'YILDIZ MERVE', roomCount: 2 });
  const [cancelled = ''] = await control('arrive', { checkIn: hotelDay(1), leadGuest: 'SCHMIDT ANNA' });
  await control('arrive', { count: 2, checkIn: today });
  await control('arrive', { checkIn: hotelDay(-1), leadGuest: 'PETROV IGOR' });
  await core.handlers.syncNow({});
  await core.handlers.confirm({ keyField: changed, note: 'Deniz manzaralı iki oda ayrıldı' });
  // Sent at once, not after the grace period for Undo.
  await core.handlers.sendDecisionNow({ keyField: changed });
  await syncUntil(
    async () => (await core.handlers.getReservation({ keyField: changed })).decision?.state === 'sent',
  );
  await control('change', { keyField: changed, checkOut: hotelDay(6) });
  await control('cancel', { keyField: cancelled });
  await control('arrive', { count: 3 });
  await syncUntil(
    async () =>
      (await core.handlers.getReservation({ keyField: changed })).changeKind === 'changed' &&
      (await core.handlers.getReservation({ keyField: cancelled })).changeKind === 'cancelled',
  );

  const { page } = browser;
  await page.goto(host.url);
  await page.getByTestId('inbox-total').filter({ hasText: 'rezervasyon' }).waitFor();
  await row(page, changed).waitFor();
  await page.getByTestId('inbox-list').focus();
  await page.mouse.move(0, 0);
  await shoot(page, 'inbox');

  await row(page, changed).click();
  await page.getByTestId('change-summary').waitFor();
  await shoot(page, 'changed-reservation');

  await row(page, cancelled).click();
  await page.getByTestId('no-answer').waitFor();
  await shoot(page, 'cancelled-reservation');

  // The cancellation taken in: the PMS list says to remove it from the PMS, never "confirmed".
  await core.handlers.confirm({ keyField: cancelled, note: '' });
  await core.handlers.sendDecisionNow({ keyField: cancelled });
  await syncUntil(
    async () => (await core.handlers.getReservation({ keyField: cancelled })).decision?.state === 'sent',
  );
  await page.locator('[data-view="pmsEntry"]').click();
  await page
    .locator(`.pms-row[data-key=${JSON.stringify(cancelled)}] [data-testid="pms-cancel-badge"]`)
    .waitFor();
  await page.mouse.move(0, 0);
  await shoot(page, 'pms-list');

  // The same desk on a laptop at 125% (1093×614 CSS pixels): the forms stay clear of the status bar.
  const scaled = await launchDesk({ scale: 1.25 });
  try {
    await scaled.page.goto(host.url);
    await row(scaled.page, changed).click();
    await scaled.page.getByTestId('change-summary').waitFor();
    await scaled.page.mouse.move(0, 0);
    await shoot(scaled.page, 'changed-reservation-125');
    await scaled.page.keyboard.press('c');
    await scaled.page.getByTestId('confirm-send').waitFor();
    await scaled.page.getByTestId('confirm-send').scrollIntoViewIfNeeded();
    await shoot(scaled.page, 'confirm-form-125');
    await scaled.page.keyboard.press('Escape');
    await scaled.page.locator('[data-view="pmsEntry"]').click();
    await scaled.page.locator('.pms-row').first().waitFor();
    await shoot(scaled.page, 'pms-list-125');
  } finally {
    await scaled.close();
  }

  // Production: the bookings still waiting answered, and the hotel's rates entered, as after a few weeks' work.
  const waiting = await core.handlers.listReservations({
    filter: { statuses: ['W'], kinds: ['new'] },
    sort: 'checkIn',
    direction: 'asc',
    offset: 0,
    limit: 500,
  });
  for (const r of waiting.rows) {
    await core.handlers.confirm({ keyField: r.keyField, note: '' });
    await core.handlers.sendDecisionNow({ keyField: r.keyField });
  }
  await syncUntil(async () => (await core.handlers.getStatus({})).queuedDecisions === 0);
  await core.handlers.saveRates({ hotelCurrency: 'EUR', rates: { TRY: 0.028, GBP: 1.16, USD: 0.92 } });
  await page.goto(host.url);
  await page.locator('[data-view="production"]').click();
  await page.locator('select[name="production-months"]').selectOption('3');
  await page.getByTestId('production-table').waitFor();
  await page.mouse.move(0, 0);
  await shoot(page, 'production');

  const exported = await core.handlers.exportCsv({ kind: 'arrivals', date: today });
  if (!exported.htmlPath) throw new Error('the arrivals export wrote no printable list');
  await page.goto(pathToFileURL(exported.htmlPath).href);
  await shoot(page, 'arrivals-list');
} finally {
  await browser.close();
  await host.close();
  await core.stop();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
