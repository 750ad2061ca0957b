// Accessibility: axe-core (the npm package, put into the page by the test) on every screen of the desk, in
// Turkish and in English: the first-run setup, the inbox, a reservation, its confirm and decline forms,
// code mapping, PMS entry, allotments, production, activity and settings. No serious or critical finding may be left.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeFindings, type AxeFinding } from '../harness/axe';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { rowOf, syncNow } from './e2e-helpers';
import { startRealDesk, type RealDesk } from './real-desk';

let rendererDir = '';
let desk: RealDesk | null = null;

beforeAll(async () => {
  rendererDir = await buildRenderer();
});

afterEach(async () => {
  await desk?.close();
  desk = null;
});

/** Runs axe and files what it finds under the screen's name, so one failure lists every screen's findings. */
async function check(
  page: Page,
  screen: string,
  found: Record<string, AxeFinding[]>,
  options: { moderate?: boolean } = { moderate: true },
): Promise<void> {
  const findings = await seriousAxeFindings(page, options);
  if (findings.length > 0) found[screen] = findings;
}

async function everyScreen(
  page: Page,
  desk: RealDesk,
  lng: 'tr' | 'en',
  found: Record<string, AxeFinding[]>,
) {
  const [changed = '', cancelled = ''] = await desk.control('arrive', { count: 2, checkIn: '2027-07-10' });
  await syncNow(page);
  await desk.control('change', { keyField: changed, checkOut: '2027-07-20' });
  await desk.control('cancel', { keyField: cancelled });
  await syncNow(page);
  await rowOf(page, changed).locator('[data-kind="changed"]').waitFor();
  await check(page, `${lng} inbox`, found);

  await rowOf(page, changed).click();
  await page.getByTestId('change-summary').waitFor();
  await check(page, `${lng} reservation (changed)`, found);
  await page.locator('.decision-panel button.confirm').click();
  await page.getByTestId('confirm-form').waitFor();
  await check(page, `${lng} confirm form`, found);
  await page.keyboard.press('Escape');
  await page.locator('.decision-panel button.decline').click();
  await page.locator('.reasons input[type="radio"]').first().waitFor();
  await check(page, `${lng} decline form`, found);

  await rowOf(page, cancelled).click();
  await page.getByTestId('no-answer').waitFor();
  await check(page, `${lng} reservation (cancelled)`, found);

  await page.locator('[data-view="mapping"]').click();
  await page.getByTestId('coverage').waitFor();
  await check(page, `${lng} mapping`, found);

  await page.locator('[data-view="pmsEntry"]').click();
  await page.getByTestId('pms-total').waitFor();
  await check(page, `${lng} PMS entry`, found);

  await page.locator('[data-view="allotments"]').click();
  await page.getByTestId('contracts').locator('.hint, form').first().waitFor();
  await check(page, `${lng} allotments`, found);

  // A year of production, with the changed booking answered so the table has a row.
  await desk.core.handlers.confirm({ keyField: changed, note: '' });
  await syncNow(page);
  await page.locator('[data-view="production"]').click();
  await page.locator('select[name="production-months"]').selectOption('12');
  await page.getByTestId('production-table').waitFor();
  await check(page, `${lng} production`, found);

  await page.locator('[data-view="activity"]').click();
  await page.getByTestId('activity-screen').waitFor();
  await check(page, `${lng} activity`, found);

  await page.locator('[data-view="settings"]').click();
  await page.getByTestId('setup-screen').waitFor();
  await page.getByTestId('notification-settings').waitFor();
  await check(page, `${lng} settings`, found);
  // No browser-default button on Settings: each is styled as the desk's own (segmented ones by their group).
  const bare = await page
    .locator('[data-testid="setup-screen"] button:not([class]):not(.segmented button)')
    .count();
  expect(bare).toBe(0);
  await page.locator('[data-view="inbox"]').click();
}

describe('accessibility (axe-core, real core, Chromium)', () => {
  it('every screen in Turkish and English: no serious or critical finding', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const found: Record<string, AxeFinding[]> = {};
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    await everyScreen(page, desk, 'tr', found);
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByTestId('inbox-total').filter({ hasText: 'reservations' }).waitFor();
    await everyScreen(page, desk, 'en', found);
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  });

  it('the first-run setup in Turkish and English: no serious or critical finding', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page, errors } = desk.browser;
    const found: Record<string, AxeFinding[]> = {};
    await page.getByTestId('setup-screen').waitFor();
    await page.getByRole('button', { name: 'Bağlantıyı dene' }).click();
    await page.getByRole('alert').first().waitFor();
    await check(page, 'tr first run', found);
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByRole('heading', { name: 'Welcome to Resdesk' }).waitFor();
    await check(page, 'en first run', found);
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  });

  it('the check finds what it should: a control without a name is reported', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page } = desk.browser;
    await page.getByTestId('setup-screen').waitFor();
    await page.evaluate(
      "document.body.appendChild(Object.assign(document.createElement('button'), { id: 'nameless' }))",
    );
    const findings = await seriousAxeFindings(page);
    expect(findings.map((f) => f.id)).toContain('button-name');
  });
});
