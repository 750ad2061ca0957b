// Two reception PCs on one hotel database, each a real renderer in Chromium talking
// to its own real desk core (behind its own browser host), one real PostgreSQL and the practice service. RECEPTION-1
// is set up with the service's password and talks to the service; RECEPTION-2 is only connected to the same
// database and takes the service's setup from there. Seen through the screens only (Turkish on RECEPTION-1,
// English on RECEPTION-2): both inboxes list the same reservations and RECEPTION-2 names RECEPTION-1 as the PC
// talking; a confirmation given on RECEPTION-1 shows on RECEPTION-2's open reservation without a click there, and
// a second answer from RECEPTION-2 is refused in a sentence; an arrival shows on both without a click; a code
// mapping saved on RECEPTION-2 shows on RECEPTION-1's mapping screen. The delays are measured and printed (the
// machine is shared; no assertion waits on a clock).
// `npx vitest run test/e2e/several-desks-two-screens.test.ts`
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PracticeService } from '../../main/sandbox';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';
import { launchDesk, type DeskBrowser } from '../harness/chromium';
import { startPostgres, type TestPostgres } from '../harness/postgres';
import {
  arrive,
  freshDatabase,
  startDesk,
  startService,
  until,
  type TestDesk,
} from '../integration/several-desks/two-desks';
import { rowOf } from './e2e-helpers';

let rendererDir = '';
let server: TestPostgres | null = null;
let service: PracticeService | null = null;
/** Everything a test started, stopped in reverse order after it (browsers, then hosts, then cores). */
const started: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [rendererDir, server] = await Promise.all([buildRenderer(), startPostgres()]);
}, 180_000);

afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
  await service?.close();
  service = null;
});

afterAll(async () => {
  await server?.stop();
});

interface Screen {
  desk: TestDesk;
  host: BrowserHost;
  browser: DeskBrowser;
  page: Page;
}

/**
 * What the host pushes to a page (the core's events), held back while `closed`: the second or so between another
 * desk's answer and this screen showing it, made long enough to press Send in, as two receptionists do when they
 * press it at the same moment. Requests and their answers always pass.
 */
interface EventGate {
  closed: boolean;
  held: { event: string; payload: unknown; deliver: () => void }[];
  open(): void;
}

function eventGate(): EventGate {
  const gate: EventGate = {
    closed: false,
    held: [],
    open() {
      gate.closed = false;
      for (const h of gate.held.splice(0)) h.deliver();
    },
  };
  return gate;
}

/** A real desk core behind its own browser host, and a Chromium page on it (its events through `gate`, if any). */
async function screenOf(desk: TestDesk, gate?: EventGate): Promise<Screen> {
  const host = await startBrowserHost({ core: desk.core, rendererDir });
  started.push(() => host.close());
  const browser = await launchDesk();
  started.push(() => browser.close());
  if (gate)
    await browser.page.routeWebSocket(/\/bridge$/, (page) => {
      const hostSide = page.connectToServer();
      page.onMessage((message) => hostSide.send(message));
      hostSide.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString('utf8');
        const parsed = JSON.parse(text) as { kind?: unknown; event?: unknown; payload?: unknown };
        if (gate.closed && parsed.kind === 'event')
          gate.held.push({
            event: String(parsed.event),
            payload: parsed.payload,
            deliver: () => page.send(text),
          });
        else page.send(text);
      });
    });
  await browser.page.goto(host.url);
  return { desk, host, browser, page: browser.page };
}

const words = {
  tr: {
    total: '40 rezervasyon',
    talking: 'Otel adına servise bu bilgisayar bağlanıyor',
    send: 'Onayı gönder',
  },
  en: {
    total: '40 reservations',
    talking: 'Talking to the service: RECEPTION-1',
    send: 'Send confirmation',
    alreadyAnswered: 'This reservation already has an answer, given on this desk or on another one',
    notWaiting: 'This reservation is no longer waiting for an answer, so nothing was sent.',
  },
} as const;

/** The keyFields of the first rows the inbox shows, in its order. */
async function shownKeys(page: Page, rows: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < rows; i++) {
    const row = page.locator(`.inbox-row[data-index="${i}"] .row-body:not(.placeholder)`);
    await row.waitFor();
    keys.push((await row.getAttribute('data-key')) ?? '');
  }
  return keys;
}

describe('two screens on one hotel database', () => {
  it('the same inbox; a decision, an arrival and a mapping seen on the other screen without a click; a second answer refused', async () => {
    if (!server) throw new Error('the test PostgreSQL did not start');
    const url = await freshDatabase(server);
    service = await startService();
    const one = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    started.push(() => one.stop());
    await until(
      async () => (await one.core.handlers.getStatus({})).hotel?.thisDeskTalks,
      'RECEPTION-1 talks to the service',
    );
    const two = await startDesk(url, service, { pc: 'RECEPTION-2', password: false });
    started.push(() => two.stop());
    const gate = eventGate();
    const [screen1, screen2] = await Promise.all([screenOf(one), screenOf(two, gate)]);
    const s1 = screen1.page;
    const s2 = screen2.page;

    // 1. RECEPTION-2's receptionist reads English (the desk's own language, chosen on its screen).
    await s2.locator('.language-switch button[lang="en"]').click();
    await s1.getByTestId('inbox-total').filter({ hasText: words.tr.total }).waitFor({ timeout: 30_000 });
    await s2.getByTestId('inbox-total').filter({ hasText: words.en.total }).waitFor({ timeout: 30_000 });
    expect(await shownKeys(s2, 8)).toEqual(await shownKeys(s1, 8));
    await s1.getByTestId('talking-pc').filter({ hasText: words.tr.talking }).waitFor({ timeout: 30_000 });
    await s2.getByTestId('talking-pc').filter({ hasText: words.en.talking }).waitFor({ timeout: 30_000 });

    // 2. Both look at the same waiting reservation; RECEPTION-2 has the confirmation form open already.
    await s1.getByTestId('chip-W').click();
    await s2.getByTestId('chip-W').click();
    const [keyField = ''] = await shownKeys(s1, 1);
    expect((await shownKeys(s2, 1))[0]).toBe(keyField);
    await rowOf(s2, keyField).click();
    await s2.locator('.decision-panel .button.confirm').click();
    await s2.getByTestId('confirm-form').waitFor();
    expect(await s2.getByTestId('decision-state').count()).toBe(0);

    await rowOf(s1, keyField).click();
    await s1.locator('.decision-panel .button.confirm').click();
    await s1.getByTestId('confirm-form').waitFor();
    const confirmedAt = Date.now();
    await s1.getByRole('button', { name: words.tr.send }).click();
    await s1.getByTestId('decision-state').waitFor();
    const shownOn1 = Date.now();
    // RECEPTION-2: nobody touches it; its open reservation shows the answer given on RECEPTION-1.
    const state2 = s2.getByTestId('decision-state');
    await state2.waitFor({ timeout: 30_000 });
    const shownOn2 = Date.now();
    console.log(
      `decision: Send pressed on RECEPTION-1 → its answer on RECEPTION-1's screen ${shownOn1 - confirmedAt} ms, ` +
        `on RECEPTION-2's screen ${shownOn2 - confirmedAt} ms`,
    );
    expect(await state2.textContent()).toContain('Confirmed');
    // Its open confirmation form goes by itself: an answered reservation offers no Send (seen at the first
    // showing for a moment on a slow run: the detail read between the decision's and the reservation's rows).
    const offeredAtFirst = await s2.getByRole('button', { name: words.en.send }).count();
    await expect
      .poll(async () => s2.getByRole('button', { name: words.en.send }).count(), { timeout: 30_000 })
      .toBe(0);
    await s2.getByTestId('decision-state').filter({ hasText: 'Confirmed' }).waitFor();
    expect(await s2.locator('.decision-panel .button.confirm').count()).toBe(0);
    console.log(
      `decision: RECEPTION-2's Send still on screen when the answer first showed: ${offeredAtFirst > 0}`,
    );
    // Exactly one answer reached the service.
    await until(
      async () =>
        (await serviceStateOf(service)).confirmations.filter((c) => c.keyField === keyField).length === 1,
      'the answer at the service',
    );

    // 2b. The same moment on both: RECEPTION-2 presses Send before its screen has heard of RECEPTION-1's answer
    // (its events held back for that moment). The answer is refused in a sentence, and the screen then shows
    // the answer that was given, read again at the refusal (the events are still held).
    const waiting = (await shownKeys(s1, 3)).filter((k) => k !== keyField);
    const [raced = ''] = waiting;
    expect(raced).not.toBe('');
    await rowOf(s2, raced).click();
    await s2.locator('.decision-panel .button.confirm').click();
    await s2.getByTestId('confirm-form').waitFor();
    gate.closed = true;
    await rowOf(s1, raced).click();
    await s1.locator('.decision-panel .button.confirm').click();
    await s1.getByTestId('confirm-form').waitFor();
    await s1.getByRole('button', { name: words.tr.send }).click();
    await s1.getByTestId('decision-state').waitFor();
    await until(
      async () =>
        gate.held.some(
          (h) =>
            h.event === 'decisionChanged' &&
            typeof h.payload === 'object' &&
            h.payload !== null &&
            'keyField' in h.payload &&
            h.payload.keyField === raced,
        ),
      "RECEPTION-2's core told of RECEPTION-1's answer",
    );
    expect(await s2.getByTestId('decision-state').count()).toBe(0);
    await s2.getByRole('button', { name: words.en.send }).click();
    const refusal = s2.getByTestId('decision-panel').getByRole('alert');
    await refusal.waitFor();
    const refused = (await refusal.textContent()) ?? '';
    console.log(`race: RECEPTION-2's Send refused with "${refused}"`);
    // "Already has an answer" while RECEPTION-1's answer is on its way; "no longer waiting" once it was sent.
    expect([words.en.alreadyAnswered, words.en.notWaiting].filter((w) => refused.includes(w))).toHaveLength(
      1,
    );
    await s2.getByTestId('decision-state').filter({ hasText: 'Confirmed' }).waitFor();
    expect(await s2.getByRole('button', { name: words.en.send }).count()).toBe(0);
    gate.open();
    await until(
      async () =>
        (await serviceStateOf(service)).confirmations.filter((c) => c.keyField === raced).length === 1,
      'the raced answer at the service, once',
    );

    // 3. A new arrival: RECEPTION-1 polls and stores it; both lists show it, nobody clicks.
    const arrivedAt = Date.now();
    const [arrived] = await arrive(service, 1);
    if (!arrived) throw new Error('the practice service made no arrival');
    const on1 = rowOf(s1, arrived)
      .waitFor({ timeout: 30_000 })
      .then(() => Date.now());
    const on2 = rowOf(s2, arrived)
      .waitFor({ timeout: 30_000 })
      .then(() => Date.now());
    const [at1, at2] = await Promise.all([on1, on2]);
    console.log(
      `arrival: service → RECEPTION-1's screen ${at1 - arrivedAt} ms, RECEPTION-2's screen ${at2 - arrivedAt} ms ` +
        `(RECEPTION-2 after RECEPTION-1: ${at2 - at1} ms; RECEPTION-1 polls every 1 s)`,
    );

    // 4. A mapping: RECEPTION-1 has the new reservation's board code open on its mapping screen; RECEPTION-2 adds
    // the hotel's code and maps it; RECEPTION-1's screen shows it without a click.
    await rowOf(s1, arrived).click();
    await s1.locator('[data-field="board"] .not-mapped').click();
    const row1 = s1.locator('.mapping-table tr.focused');
    await row1.waitFor();
    const [agencyId, code] = await Promise.all([
      row1.getAttribute('data-agency'),
      row1.getAttribute('data-code'),
    ]);
    const sameRow = (page: Page) =>
      page.locator(
        `.mapping-table tr[data-agency=${JSON.stringify(agencyId)}][data-code=${JSON.stringify(code)}]`,
      );
    expect(await sameRow(s1).getByRole('combobox').first().inputValue()).toBe('');
    await rowOf(s2, arrived).click();
    await s2.locator('[data-field="board"] .not-mapped').click();
    const row2 = sameRow(s2);
    await row2.waitFor();
    const input2 = row2.getByRole('combobox').first();
    await input2.fill('HD');
    await input2.press('Enter');
    const form = row2.locator('form.add-hotel-code');
    await form.getByLabel('Name (optional)').fill('All inclusive');
    await form.getByRole('button', { name: 'Add and map' }).click();
    await row2.locator('.save-state.saved').waitFor();
    const mappedAt = Date.now();
    await expect
      .poll(async () => sameRow(s1).getByRole('combobox').first().inputValue(), { timeout: 30_000 })
      .toBe('HD');
    console.log(
      `mapping: saved on RECEPTION-2 → on RECEPTION-1's mapping screen ${Date.now() - mappedAt} ms`,
    );
    // The same count of waiting reservations on both.
    await s1.locator('[data-view="inbox"]').click();
    await s2.locator('[data-view="inbox"]').click();
    const count = async (page: Page) =>
      ((await page.getByTestId('inbox-total').textContent()) ?? '').replace(/\D/g, '');
    await expect
      .poll(async () => (await count(s2)) === (await count(s1)) && (await count(s1)) !== '')
      .toBe(true);
    expect(screen1.browser.errors).toEqual([]);
    expect(screen2.browser.errors).toEqual([]);
  }, 240_000);
});

async function serviceStateOf(s: PracticeService | null): Promise<{ confirmations: { keyField: string }[] }> {
  if (!s) throw new Error('no practice service');
  return (await (await fetch(`${s.url}/_sandbox/state`)).json()) as { confirmations: { keyField: string }[] };
}
