// The hotel's database stopped while a receptionist works, seen through the screen: a real renderer in Chromium on
// a real desk core (RECEPTION-2, reaching a real PostgreSQL through a TCP gate), RECEPTION-1 talking to the
// practice service. With the database gone the desk shows its own copy and says so with the copy's age; search,
// opening a reservation, the printable arrivals list and the PMS list work; an answer is refused with the sentence;
// with the database back the desk is live again without a click, and the answer goes through.
// `npx vitest run test/e2e/several-desks-away.test.ts`
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../main/sandbox';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost } from '../harness/browser-host/host';
import { launchDesk } from '../harness/chromium';
import { startPostgres, type TestPostgres } from '../harness/postgres';
import { startTcpGate, type TcpGate } from '../harness/tcp-gate';
import {
  freshDatabase,
  startDesk,
  startService,
  until,
  waitingNew,
} from '../integration/several-desks/two-desks';
import { rowOf } from './e2e-helpers';

let rendererDir = '';
let server: TestPostgres | null = null;
let gate: TcpGate | null = null;
let service: PracticeService | null = null;
const started: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [rendererDir, server] = await Promise.all([buildRenderer(), startPostgres()]);
  gate = await startTcpGate(server.port);
  service = await startService();
}, 180_000);

afterAll(async () => {
  gate?.open();
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
  await gate?.stop();
  await service?.close();
  await server?.stop();
});

describe("the hotel's database stopped, on screen", () => {
  it('the desk shows its copy with its age; search, a reservation and the lists work; an answer is refused; back without a click', async () => {
    if (!server || !gate || !service) throw new Error('the fixtures did not start');
    const url = await freshDatabase(server);
    const gated = new URL(url);
    gated.port = String(gate.port);
    const one = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    started.push(() => one.stop());
    const two = await startDesk(gated.toString(), service, {
      pc: 'RECEPTION-2',
      password: false,
      copyEveryMs: 300,
    });
    started.push(() => two.stop());
    const host = await startBrowserHost({ core: two.core, rendererDir });
    started.push(() => host.close());
    const browser = await launchDesk();
    started.push(() => browser.close());
    const page = browser.page;
    await page.goto(host.url);
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByTestId('inbox-total').filter({ hasText: '40 reservations' }).waitFor({ timeout: 30_000 });

    // One answer given and sent, so the PMS list has something to type in.
    const [confirmed = '', waiting = ''] = await waitingNew(two.core, 2);
    await one.core.handlers.confirm({ keyField: confirmed, note: '' });
    await until(
      async () =>
        (await one.core.handlers.getReservation({ keyField: confirmed })).decision?.state === 'sent',
      'the answer sent',
    );
    // A copy whose snapshot began after the answer was sent (one that only ended after it may predate it).
    const sentAt = Date.now();
    const copyNote = path.join(two.dir, 'hotel-copy', 'copy.json');
    await until(
      async () =>
        existsSync(copyNote) &&
        Date.parse((JSON.parse(readFileSync(copyNote, 'utf8')) as { takenAt: string }).takenAt) > sentAt,
      "RECEPTION-2's copy taken after the answer",
    );
    const { reservation } = await two.core.handlers.getReservation({ keyField: waiting });

    gate.close();
    const banner = page.getByTestId('hotel-db-banner');
    await banner.filter({ hasText: "You are looking at this PC's copy from" }).waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toMatch(/\((less than a minute old|\d+ minutes? old)\)/);
    expect(await banner.getAttribute('data-on-copy')).toBe('true');
    // The database's banner says it all: no second one blaming the reservation service.
    expect(await page.getByTestId('connection-banner').count()).toBe(0);

    // Search, then open what it found.
    const surname = reservation.guests[0]?.name.split(' ')[0] ?? '';
    await page.locator('.inbox-filters input[type="search"]').fill(surname);
    await rowOf(page, waiting).click();
    await page.getByTestId('reservation').filter({ hasText: reservation.voucherNo }).waitFor();

    // An answer waits for the database: refused with the sentence, nothing taken.
    await page.locator('.decision-panel .button.confirm').click();
    await page.getByTestId('confirm-form').waitFor();
    await page.getByRole('button', { name: 'Send confirmation' }).click();
    await page
      .getByTestId('decision-panel')
      .getByRole('alert')
      .filter({ hasText: "The hotel's database does not answer, so this was not saved." })
      .waitFor();
    expect((await two.core.handlers.getReservation({ keyField: waiting })).decision).toBeNull();

    // The PMS list and the printable arrivals list of that day.
    await page.locator('[data-view="pmsEntry"]').click();
    await page.locator(`.pms-row[data-key=${JSON.stringify(confirmed)}]`).waitFor();
    await page.locator('[data-kind="arrivals"]').click();
    const { reservation: arriving } = await two.core.handlers.getReservation({ keyField: confirmed });
    await page.getByTestId('export-day').locator('input:not([type="date"])').fill(arriving.checkIn);
    await page.getByTestId('export-day').locator('input:not([type="date"])').press('Tab');
    await page.getByTestId('export-preview').waitFor();
    await page.getByTestId('export-write').click();
    const done = page.getByTestId('export-done');
    await done.waitFor({ timeout: 30_000 });
    const written = (await done.getAttribute('data-path')) ?? '';
    expect(existsSync(written)).toBe(true);

    // The database back: live again without a click, and the answer goes through.
    gate.open();
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0);
    await page.locator('[data-view="inbox"]').click();
    await rowOf(page, waiting).click();
    await page.locator('.decision-panel .button.confirm').click();
    await page.getByRole('button', { name: 'Send confirmation' }).click();
    await page.getByTestId('decision-state').waitFor({ timeout: 30_000 });
    await until(
      async () => (await one.core.handlers.getReservation({ keyField: waiting })).decision !== null,
      'the answer in the hotel database',
    );
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  }, 180_000);
});
