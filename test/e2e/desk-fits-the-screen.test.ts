// The desk fits the reception PC's screen at 1366×768, at 100% and at 125% (1093×614 CSS px), in Turkish and
// English, against the real core and practice service in Chromium: the filters in two rows with the whole
// search hint; with a reservation open, a list that never scrolls sideways and shows at least six rows; the
// confirm and decline forms, their send buttons and Ctrl+Enter hints inside the panel, never under the
// status bar; offline, the status bar's sentence whole and "Sync now" on one line.
// `npx vitest run test/e2e/desk-fits-the-screen.test.ts`
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

/** `inner` lies wholly inside `outer` (a pixel of rounding allowed). */
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

/** The part of the reservation panel the receptionist sees: between the filters and the status bar. */
async function visiblePanel(page: Page): Promise<Box> {
  const panel = await boxOf(page.getByTestId('reservation'));
  const bar = await boxOf(page.getByTestId('status-bar'));
  const bottom = Math.min(panel.y + panel.height, bar.y);
  return { ...panel, height: bottom - panel.y };
}

/** Whether a single-line element shows its whole text (no ellipsis, nothing clipped). */
const whole = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

async function checkLanguage(page: Page): Promise<void> {
  // The filters: two rows, the sort on the chips' row, the search box wide enough for its whole hint.
  const sort = await boxOf(page.getByTestId('inbox-sort'));
  const chip = await boxOf(page.getByTestId('chip-W'));
  expect(Math.abs(sort.y + sort.height / 2 - (chip.y + chip.height / 2))).toBeLessThan(8);
  const search = page.locator('.inbox-filters input.search');
  const hintFits = await search.evaluate((el) => {
    const view = el.ownerDocument.defaultView;
    const style = view?.getComputedStyle(el);
    const context = el.ownerDocument.createElement('canvas').getContext('2d');
    if (!style || !context) return false;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.getAttribute('placeholder') ?? '').width <= room;
  });
  expect(hintFits).toBe(true);
  const search0 = await boxOf(search);
  const dateTo = await boxOf(page.getByTestId('check-in-to'));
  expect(Math.abs(dateTo.y + dateTo.height / 2 - (search0.y + search0.height / 2))).toBeLessThan(8);
}

async function checkOpenReservation(page: Page, key: string): Promise<void> {
  await rowOf(page, key).click();
  await page.getByTestId('reservation').waitFor();
  const scroller = page.locator('.inbox-scroll');
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const list = await boxOf(scroller);
  let fullyShown = 0;
  for (const row of await page.locator('.row-body').all()) {
    const box = await row.boundingBox();
    if (box && inside(box, list)) fullyShown++;
  }
  expect(fullyShown).toBeGreaterThanOrEqual(6);

  await page.keyboard.press('c');
  const confirm = page.getByTestId('confirm-form');
  await confirm.waitFor();
  const view = await visiblePanel(page);
  for (const part of [confirm, page.getByTestId('confirm-send'), confirm.getByTestId('send-key-hint')])
    expect(inside(await boxOf(part), view)).toBe(true);
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });

  await page.keyboard.press('d');
  const decline = page.getByTestId('decline-form');
  await decline.locator('input[type="radio"]').first().waitFor();
  await expect
    .poll(async () => inside(await boxOf(page.getByTestId('decline-send')), await visiblePanel(page)))
    .toBe(true);
  expect(inside(await boxOf(decline.getByTestId('send-key-hint')), await visiblePanel(page))).toBe(true);
  await page.keyboard.press('Escape');
  await decline.waitFor({ state: 'detached' });
}

async function checkOffline(page: Page): Promise<void> {
  const bar = page.getByTestId('status-bar');
  await bar.locator('button').click();
  await page.locator('[data-testid="status-bar"][data-online="false"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="status-bar"] button:not([disabled])').waitFor({ timeout: 30_000 });
  const error = bar.locator('.status-error');
  await error.waitFor();
  expect(await whole(error)).toBe(true);
  const button = bar.locator('button');
  const height = await button.evaluate((el) => el.getBoundingClientRect().height);
  const line = await button.evaluate(
    (el) => parseFloat(el.ownerDocument.defaultView?.getComputedStyle(el).lineHeight ?? '') || 20,
  );
  expect(height).toBeLessThan(line * 2);
  expect(inside(await boxOf(button), await boxOf(bar))).toBe(true);
}

describe.each([1, 1.25])('the desk at 1366×768, scaled %s', (scale) => {
  it('fits: filters in two rows, six rows beside an open reservation, the forms whole, offline said whole', async () => {
    desk = await startRealDesk({ rendererDir, scale });
    const { page, errors } = desk.browser;
    const [key = ''] = await desk.control('arrive', {
      checkIn: '2027-09-14',
      leadGuest: 'SCHÄFER-WOLFENBÜTTEL ANNEMARIE',
      note: 'Ruhiges Zimmer im Erdgeschoss bitte, Ankunft spät abends nach 23 Uhr, Babybett benötigt',
    });
    await syncNow(page);
    for (const language of ['tr', 'en'] as const) {
      await desk.core.handlers.setLanguage({ language });
      await page.reload();
      await rowOf(page, key).waitFor();
      await checkLanguage(page);
      await checkOpenReservation(page, key);
    }
    await desk.stopService();
    await checkOffline(page);
    await desk.core.handlers.setLanguage({ language: 'tr' });
    await page.reload();
    await page.locator('[data-testid="status-bar"][data-online="false"]').waitFor();
    await checkOffline(page);
    expect(errors).toEqual([]);
  });
});
