// Search as a receptionist types it, in Chromium against the real core and the practice
// service. "schaefer" finds SCHÄFER (and "schafer" still does; here SCHÄUFELE, a name only this test
// uses), Latin letters find a Cyrillic name (ВОЛКОНСКАЯ ЮЛИЯ as "volkonskaya yuliya" and as a passport
// writes it, "volkonskaia iuliia"), and a voucher's digits without its agency prefix find the voucher. Turkish at 1366×768, English at 125%.
import type { Page } from 'playwright-core';
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

/** Types into the inbox's search box and waits until exactly the expected reservation is listed. */
async function searchFinds(page: Page, typed: string, keyField: string): Promise<void> {
  const box = page.locator('.inbox-filters input[type="search"]');
  await box.fill(typed);
  await rowOf(page, keyField).waitFor();
  const rows = page.locator('.row-body[data-key]');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
  expect(await rows.getAttribute('data-key'), typed).toBe(keyField);
}

describe('search in the spellings a receptionist types (Chromium)', () => {
  for (const c of [
    { lang: 'tr' as const, scale: undefined },
    { lang: 'en' as const, scale: 1.25 },
  ]) {
    it(`${c.lang}${c.scale ? ' at 125%' : ' at 1366×768'}: schaefer, a Latin Cyrillic name, voucher digits`, async () => {
      desk = await startRealDesk({ rendererDir, ...(c.scale ? { scale: c.scale } : {}) });
      const { page, errors } = desk.browser;
      if (c.lang === 'en') await page.locator('.language-switch button[lang="en"]').click();
      const [schaefer = ''] = await desk.control('arrive', {
        leadGuest: 'SCHÄUFELE GÖTZ',
        checkIn: '2027-09-01',
      });
      const [ivanov = ''] = await desk.control('arrive', {
        leadGuest: 'ВОЛКОНСКАЯ ЮЛИЯ',
        checkIn: '2027-09-02',
      });
      await syncNow(page);
      const { reservation } = await desk.core.handlers.getReservation({ keyField: ivanov });
      const digits = /\d+$/.exec(reservation.voucherNo)?.[0] ?? '';
      expect(reservation.voucherNo).not.toBe(digits);
      expect(digits.length).toBeGreaterThanOrEqual(4);

      // The practice world's own SCHÄFER and ИВАНОВ guests would be found too: these names are its only ones.
      await searchFinds(page, 'schaeufele', schaefer);
      await searchFinds(page, 'Schaufele goetz', schaefer);
      await searchFinds(page, 'volkonskaya', ivanov);
      await searchFinds(page, 'Volkonskaya Yuliya', ivanov);
      await searchFinds(page, 'volkonskaia iuliia', ivanov);
      await searchFinds(page, 'волконская', ivanov);
      await searchFinds(page, digits, ivanov);
      await page.screenshot({ path: `/tmp/search-spellings-${c.lang}.png` });
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
