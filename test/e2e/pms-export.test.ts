// "To enter in PMS" end to end: the list, the CSV export written from the screen and read back from disk
// (BOM, delimiter, a known reservation's row), marking entered, and a change made at the practice service
// coming back as "needs update" with its field-level diff.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { syncNow } from './e2e-helpers';
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

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const pmsRow = (page: Page, keyField: string) =>
  page.locator(`.pms-row[data-key=${JSON.stringify(keyField)}]`);

/** The exported file as written: raw bytes, and its records parsed with the given delimiter. */
function readExport(path: string, delimiter: string) {
  const bytes = readFileSync(path);
  const text = bytes.subarray(BOM.length).toString('utf8');
  const records = parse(text, { delimiter, relax_column_count: false }) as string[][];
  const [header = [], ...rows] = records;
  const cell = (row: string[], column: string) => row[header.indexOf(column)];
  return { bytes, text, header, rows, cell };
}

/**
 * Confirms the first `n` new reservations waiting for an answer and sends the answers: the PMS list holds
 * only confirmed ones, and the practice world starts with every reservation waiting.
 */
async function confirmSome(d: RealDesk, n: number): Promise<void> {
  const page = await d.core.handlers.listReservations({
    filter: { statuses: ['W'], kinds: ['new'] },
    sort: 'checkIn',
    direction: 'asc',
    offset: 0,
    limit: n,
  });
  await d.core.handlers.confirmMany({ keyFields: page.rows.map((r) => r.keyField), note: '' });
  await syncNow(d.browser.page);
}

async function exportFromScreen(page: Page): Promise<string> {
  await page.getByTestId('export-preview').waitFor();
  await page.getByTestId('export-write').click();
  const done = page.getByTestId('export-done');
  await done.waitFor({ timeout: 30_000 });
  return (await done.getAttribute('data-path')) ?? '';
}

describe('To enter in PMS (real core, practice service, Chromium)', () => {
  it('exports what is still to enter, marks it entered, then lists a change as needing update', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const [keyField = ''] = await desk.control('arrive', {
      leadGuest: 'DEMİR ZEYNEP',
      checkIn: '2027-07-10',
    });
    await syncNow(page);
    // Only confirmed reservations are typed into the PMS: the hotel says yes first.
    await desk.core.handlers.confirm({ keyField, note: '' });
    await confirmSome(desk, 3);
    const pending = (await desk.core.handlers.listToEnter({ offset: 0, limit: 500 })).total;
    expect(pending).toBeGreaterThan(1);
    await page
      .getByTestId('pms-count')
      .filter({ hasText: new RegExp(`^${pending}$`) })
      .waitFor();

    await page.locator('[data-view="pmsEntry"]').click();
    await pmsRow(page, keyField).locator('[data-state="to-enter"]').waitFor();
    expect(await page.locator('.pms-row').count()).toBe(pending);

    const path = await exportFromScreen(page);
    const file = readExport(path, ';');
    expect(file.bytes.subarray(0, 3).equals(BOM)).toBe(true);
    expect(file.text.split(/\r?\n/)[0]?.split(';')).toEqual(file.header);
    expect(file.header).toContain('KeyField');
    const ours = file.rows.find((r) => file.cell(r, 'KeyField') === keyField) ?? [];
    expect(file.cell(ours, 'PMS işlemi')).toBe('Gir');
    expect(file.cell(ours, 'Misafir')).toBe('DEMİR ZEYNEP');
    expect(file.cell(ours, 'Giriş')).toBe('10.07.2027');
    const checkOutBefore = file.cell(ours, 'Çıkış') ?? '';
    expect(checkOutBefore).toMatch(/^\d{2}\.\d{2}\.2027$/);
    expect(new Set(file.rows.map((r) => file.cell(r, 'KeyField'))).size).toBe(pending);

    await page
      .getByRole('button', { name: `${pending} rezervasyonun hepsini PMS'te yapıldı olarak işaretle` })
      .click();
    // Many at once: asked first, with how many; nothing is marked before "yes".
    const ask = page.getByTestId('export-mark-ask');
    expect(await ask.textContent()).toContain(`${pending} rezervasyonu PMS'e girdiniz mi?`);
    expect((await desk.core.handlers.getPmsEntry({ keyField })).state).toBe('to-enter');
    await ask.getByRole('button', { name: `Evet, ${pending} rezervasyonu işaretle` }).click();
    expect(await page.getByTestId('export-marked').textContent()).toContain(`${pending} rezervasyon`);
    await page.getByTestId('pms-counts').locator('.ok-note').waitFor();
    expect(await page.locator('.pms-row').count()).toBe(0);
    await expect.poll(() => page.getByTestId('pms-count').count()).toBe(0);
    expect((await desk.core.handlers.getPmsEntry({ keyField })).state).toBe('entered');

    await desk.control('change', { keyField, checkOut: '2027-07-25' });
    await syncNow(page);
    // A change waits for the hotel's answer like a new reservation; confirmed, it needs an update.
    expect((await desk.core.handlers.getPmsEntry({ keyField })).state).toBe('waiting');
    await desk.core.handlers.confirm({ keyField, note: '' });
    await syncNow(page);
    const row = pmsRow(page, keyField);
    await row.locator('[data-state="needs-update"]').first().waitFor();
    const diff = row.locator('[data-field="checkOut"]');
    expect(await diff.locator('.before').textContent()).toBe(checkOutBefore.slice(0, 5));
    expect(await diff.locator('.after').textContent()).toBe('25.07');
    expect(await row.getByTestId('pms-mark').textContent()).toContain('PMS');
    await page.getByTestId('pms-count').filter({ hasText: /^1$/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('in English: one reservation marked with its PMS number; a rooming list warns of unmapped codes first', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.locator('.language-switch button[lang="en"]').click();
    await confirmSome(desk, 3);
    await page.locator('[data-view="pmsEntry"]').click();
    const first = page.locator('.pms-row').first();
    await first.waitFor();
    const keyField = (await first.getAttribute('data-key')) ?? '';
    // Unmapped codes are flagged once per row (the practice world's codes start unmapped), and the file's
    // date setting reads as a format, not as a day to pick.
    for (const row of await page.locator('.pms-row').all()) {
      expect((await row.textContent())?.match(/Not mapped|unmapped/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    expect(await page.locator('.pms-row .badge.unmapped').count()).toBeGreaterThan(0);
    const dates = page.getByLabel('Dates written as');
    expect(await dates.locator('option').allTextContents()).toEqual([
      'dd.mm.yyyy (31.07.2026)',
      'yyyy-mm-dd (2026-07-31)',
    ]);
    expect(await page.getByRole('group', { name: 'File format' }).count()).toBe(1);
    const before = (await desk.core.handlers.listToEnter({ offset: 0, limit: 1 })).total;

    await first.locator('input[type="checkbox"]').check();
    await page.getByLabel('PMS reservation number (optional)').fill('PMS-4711');
    await page.getByRole('button', { name: 'Mark as done in the PMS' }).click();
    expect(await page.getByTestId('pms-mark-result').textContent()).toContain('1 marked as done in the PMS.');
    await pmsRow(page, keyField).waitFor({ state: 'detached' });
    const entry = await desk.core.handlers.getPmsEntry({ keyField });
    expect(entry.state).toBe('entered');
    expect(entry.entered?.pmsReference).toBe('PMS-4711');
    expect((await desk.core.handlers.listToEnter({ offset: 0, limit: 1 })).total).toBe(before - 1);

    await page.getByTestId('export-panel').locator('[data-kind="guests"]').click();
    const warning = page.getByTestId('export-unmapped');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/codes? ha(s|ve) no hotel code yet/);
    expect(await page.getByTestId('export-write').textContent()).toBe('Export anyway');
    const path = await exportFromScreen(page);
    const file = readExport(path, ',');
    expect(file.bytes.subarray(0, 3).equals(BOM)).toBe(true);
    expect(file.header[0]).toBe('PMS action');
    expect(file.text.split(/\r?\n/)[0]?.split(',')).toEqual(file.header);
    expect(file.rows.length).toBeGreaterThan(0);
    for (const row of file.rows) expect(file.cell(row, 'Check-in')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file.rows.some((r) => file.cell(r, 'KeyField') === keyField)).toBe(false);

    await page.getByRole('button', { name: 'Open file' }).click();
    await expect.poll(() => desk?.opened ?? []).toEqual([path]);

    await warning.getByTestId('open-mapping').first().click();
    await page.getByTestId('mapping-screen').waitFor();
    expect(errors).toEqual([]);
  });
});
