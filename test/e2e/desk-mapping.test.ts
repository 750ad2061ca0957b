// Mapping end to end: a reservation's "not mapped" link opens the mapping screen on that code, the hotel
// code is saved into SQLite, the coverage drops, and the reservation then shows the hotel's code.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

const unmappedCount = (text: string | null) => Number(/(\d+) tanesi/.exec(text ?? '')?.[1]);

describe('mapping (real core, Chromium)', () => {
  it('maps an unmapped board code from the reservation and shows the hotel code afterwards', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const [keyField = ''] = await desk.control('arrive', {});
    await syncNow(page);
    await rowOf(page, keyField).click();
    const board = page.locator('[data-field="board"]');
    await board.locator('.not-mapped').click();

    const coverage = page.getByTestId('coverage');
    await coverage.waitFor();
    const before = unmappedCount(await coverage.textContent());
    const focusedRow = page.locator('.mapping-table tr.focused');
    const code = (await focusedRow.getAttribute('data-code')) ?? '';
    expect(code).toMatch(/^board:/);
    const input = focusedRow.locator('input');
    await expect.poll(() => input.evaluate((el) => el.ownerDocument.activeElement === el)).toBe(true);
    await input.fill('PMS-BRD-1');
    await input.press('Enter');
    await page.locator('.mapping-table tr.focused .save-state.saved').waitFor();
    await expect.poll(async () => unmappedCount(await coverage.textContent())).toBe(before - 1);

    await page.locator('[data-view="inbox"]').click();
    await rowOf(page, keyField).click();
    await page.locator('[data-field="board"] .hotel-code').waitFor();
    expect(await page.locator('[data-field="board"] .hotel-code').textContent()).toContain('PMS-BRD-1');
    await page.locator('[data-view="activity"]').click();
    await page.locator('tr[data-action="mapping"]').first().waitFor();
    expect(errors).toEqual([]);
  });
});
