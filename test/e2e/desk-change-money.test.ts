// A price change reads as money, "1.155 EUR → 1.650 EUR", never "1155 → 1650": with
// the reservation's currency and the language's thousands separators, beside the answer and in the
// history. In Chromium against the real core and the practice service; Turkish at 1366×768, English at 125%.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { formatChangeValue } from '../../renderer/i18n/format';
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

describe('a price change with its currency (Chromium)', () => {
  for (const c of [
    { lang: 'tr' as const, scale: undefined, separator: /\d\.\d{3}/ },
    { lang: 'en' as const, scale: 1.25, separator: /\d,\d{3}/ },
  ]) {
    it(`${c.lang}${c.scale ? ' at 125%' : ' at 1366×768'}: beside the answer and in the history`, async () => {
      desk = await startRealDesk({ rendererDir, ...(c.scale ? { scale: c.scale } : {}) });
      const { page, errors } = desk.browser;
      if (c.lang === 'en') await page.locator('.language-switch button[lang="en"]').click();
      // Two weeks more: the price grows past a thousand, so the separator shows.
      const [changed = ''] = await desk.control('arrive', { checkIn: '2027-10-01', leadGuest: 'KARA DENİZ' });
      await syncNow(page);
      await desk.control('change', { keyField: changed, checkOut: '2027-10-20' });
      await syncNow(page);
      const detail = await desk.core.handlers.getReservation({ keyField: changed });
      const price = detail.versions.flatMap((v) => v.changes).find((ch) => ch.field === 'soldPrice');
      expect(price?.currency?.after).toBe(detail.reservation.soldCurrency);
      const before = formatChangeValue(price?.before ?? null, c.lang, price?.currency?.before);
      const after = formatChangeValue(price?.after ?? null, c.lang, price?.currency?.after);
      expect(after).toContain(detail.reservation.soldCurrency);
      expect(after).toMatch(c.separator);

      await rowOf(page, changed).locator('[data-kind="changed"]').waitFor();
      await rowOf(page, changed).click();
      const summary = page.getByTestId('change-summary');
      await summary.waitFor();
      const line = `${before} → ${after}`;
      expect(await summary.innerText()).toContain(line);
      expect(await page.getByTestId('history').innerText()).toContain(line);
      await page.screenshot({ path: `/tmp/change-money-${c.lang}.png` });
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
