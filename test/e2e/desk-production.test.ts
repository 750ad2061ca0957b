// The Production screen end to end in Chromium against the real core and practice service, at 1366×768 scaled
// 125 %: a booking answered adds its nights to its operator's month, the hotel's rates typed the Turkish way (a
// wrong one refused in words) convert the revenue, the CSV is written in Turkish, the table prints alone and fits
// the screen, and the screen reads in English.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** The room nights of an operator's month as the table shows them (0 when the operator has no row). */
async function roomNightsShown(page: Page, operator: string, month: string): Promise<number> {
  const row = page.locator(`tbody[data-operator="${operator}"] tr`, {
    has: page.locator('th[scope="row"]', { hasText: month }),
  });
  if ((await row.count()) === 0) return 0;
  return Number(((await row.locator('td').nth(2).textContent()) ?? '').replace(/\D/g, ''));
}

describe('the Production screen (real core, practice service, Chromium, 125 %)', () => {
  it('an answered booking counted in its month, rates converting the revenue, CSV, print, English', async () => {
    desk = await startRealDesk({ rendererDir, scale: 1.25 });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const [key = ''] = await desk.control('arrive', {
      checkIn: '2027-09-10',
      roomCount: 2,
      leadGuest: 'ÜRETİM AYŞE',
    });
    await syncNow(page);
    await rowOf(page, key).waitFor();
    const r = (await desk.core.handlers.getReservation({ keyField: key })).reservation;

    // The window of three months from this month, moved on to August–October 2027 by Page Down.
    await page.locator('[data-view="production"]').click();
    const screen = page.getByTestId('production-screen');
    await screen.getByTestId('rates-form').waitFor();
    const heading = screen.locator('.production-head h1');
    for (let i = 0; i < 12 && !((await heading.textContent()) ?? '').includes('Ağustos 2027'); i++)
      await screen.getByRole('button', { name: 'Sonraki ▶' }).click();
    await heading.filter({ hasText: 'Ağustos 2027 – Ekim 2027' }).waitFor();
    const before = await roomNightsShown(page, r.agencyName, 'Eylül 2027');

    // Waiting, it counts nowhere; answered, its nights count in September.
    await desk.core.handlers.confirm({ keyField: key, note: '' });
    await syncNow(page);
    await expect.poll(() => roomNightsShown(page, r.agencyName, 'Eylül 2027')).toBe(before + r.nights * 2);
    const table = screen.getByTestId('production-table');
    expect(await table.textContent()).toContain('kur girilmedi');

    // Rates, as a Turkish receptionist types them (a hotel keeping its books in euros): a wrong one said in
    // words, then 0,029 for each currency sold.
    const form = screen.getByTestId('rates-form');
    await form.getByLabel('Otelin para birimi').fill('EUR');
    const rateInputs = form.locator('input[name^="rate-"]');
    expect(await rateInputs.count()).toBeGreaterThan(0);
    await rateInputs.first().fill('otuz');
    await form.getByRole('button', { name: 'Kurları kaydet' }).click();
    expect(await form.getByRole('alert').textContent()).toMatch(/kurunu 0'dan büyük bir sayı olarak yazın/);
    for (let i = 0; i < (await rateInputs.count()); i++) await rateInputs.nth(i).fill('0,029');
    await form.getByRole('button', { name: 'Kurları kaydet' }).click();
    await screen.getByText('Kurlar kaydedildi.').waitFor();
    await table.locator('thead th', { hasText: 'EUR karşılığı' }).waitFor();
    expect(await table.textContent()).not.toContain('kur girilmedi');

    // Saved as CSV in the desk's words.
    await screen.getByRole('button', { name: 'CSV olarak kaydet' }).click();
    const saved = screen.getByTestId('production-saved');
    await saved.waitFor();
    const csv = readFileSync((await saved.getAttribute('data-path')) ?? '', 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Tur operatörü;Ay;Giriş;Kişi;Oda gecesi;/);
    expect(csv).toContain(`${r.agencyName};09.2027;`);

    // It fits 1366×768 at 125 %: the table and the tabs never scroll sideways.
    expect(
      await screen.locator('.production-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    ).toBe(true);
    expect(await page.locator('.top-bar').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // Printed: the table alone, without the desk's bars and the rates form.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.top-bar').isVisible()).toBe(false);
    expect(await form.isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // In English.
    await desk.core.handlers.setLanguage({ language: 'en' });
    await page.reload();
    await page.locator('[data-view="production"]').click();
    // Page Down moves the window by its length, as on the Allotments screen.
    await screen.getByRole('button', { name: 'This month' }).focus();
    for (let i = 0; i < 12 && !((await heading.textContent()) ?? '').includes('August 2027'); i++) {
      const shown = await heading.textContent();
      await page.keyboard.press('PageDown');
      await expect.poll(() => heading.textContent()).not.toBe(shown);
    }
    await table.locator('thead th', { hasText: 'Room nights' }).waitFor();
    await table.locator('thead th', { hasText: 'In EUR' }).waitFor();
    expect(await table.locator('th[scope="row"]', { hasText: 'September 2027' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
