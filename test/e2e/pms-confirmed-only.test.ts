// In Chromium, against the real core and the practice service: the PMS list holds only work to
// type. A reservation waiting for the hotel's answer is not in the list or the tab's badge (the list says
// how many wait outside it); once confirmed it is "to enter"; a cancellation taken in is "to cancel in
// the PMS", and its badge says so, never "✓ Confirmed". No path marks an unconfirmed one as typed in: the store refuses it ('not-confirmed'), so
// there is nothing left to ask first about. Turkish at 1366×768, English at 125%.
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

const pmsRow = (page: Page, keyField: string) =>
  page.locator(`.pms-row[data-key=${JSON.stringify(keyField)}]`);

const cases = [
  {
    lang: 'tr' as const,
    scale: undefined,
    waiting: (n: number) => `yanıtınızı bekleyen ${n} rezervasyon ya da değişiklik`,
    toEnter: 'Girilecek',
    toCancel: 'İptal edilecek',
    cancelHint: 'Acente iptal etti. PMS',
    cancelBadge: "Acente iptal etti — PMS'te iptal edin",
  },
  {
    lang: 'en' as const,
    scale: 1.25,
    waiting: (n: number) => `Not in this list: ${n} reservation`,
    toEnter: 'To enter',
    toCancel: 'To cancel',
    cancelHint: 'Cancelled by the agency. Cancel it in your PMS',
    cancelBadge: 'Cancelled by the agency — remove from the PMS',
  },
];

describe('the PMS list holds only work to type (Chromium)', () => {
  for (const c of cases) {
    it(`${c.lang}${c.scale ? ' at 125%' : ' at 1366×768'}: waiting out, confirmed in, a taken-in cancellation to cancel`, async () => {
      desk = await startRealDesk({
        rendererDir,
        ...(c.scale ? { scale: c.scale } : {}),
        core: { answerGraceDefaultSeconds: 0 },
      });
      const { page, errors } = desk.browser;
      const missing: string[] = [];
      page.on('response', (r) => void (r.status() === 404 && missing.push(r.url())));
      if (c.lang === 'en') await page.locator('.language-switch button[lang="en"]').click();
      const [waiting = ''] = await desk.control('arrive', {
        leadGuest: 'AKSOY DERYA',
        checkIn: '2027-08-03',
      });
      const [cancelled = ''] = await desk.control('arrive', {
        leadGuest: 'POLAT MERT',
        checkIn: '2027-08-04',
      });
      await syncNow(page);

      // Waiting: not in the list, its count or the badge; the list says how many wait outside it.
      const before = (await desk.core.handlers.listToEnter({ offset: 0, limit: 500 })).counts;
      expect((await desk.core.handlers.getPmsEntry({ keyField: waiting })).state).toBe('waiting');
      expect(before.waiting).toBeGreaterThanOrEqual(2);
      await page.locator('[data-view="pmsEntry"]').click();
      await page.getByTestId('pms-counts').waitFor();
      const note = page.getByTestId('pms-waiting');
      expect(await note.textContent()).toContain(c.waiting(before.waiting));
      expect(await pmsRow(page, waiting).count()).toBe(0);
      expect(await page.locator('.pms-row[data-state="waiting"]').count()).toBe(0);
      if (before.total > 0)
        await page
          .getByTestId('pms-count')
          .filter({ hasText: new RegExp(`^${before.total}$`) })
          .waitFor();
      // No path records it as typed in before the hotel said yes.
      const refused = await desk.core.handlers.markEntered({
        reservations: [{ keyField: waiting, logId: 0 }],
      });
      expect(refused.marked).toBe(0);
      const { logId } = await desk.core.handlers.getPmsEntry({ keyField: waiting });
      expect(await desk.core.handlers.markEntered({ reservations: [{ keyField: waiting, logId }] })).toEqual({
        marked: 0,
        skipped: [{ keyField: waiting, reason: 'not-confirmed' }],
      });
      await page.screenshot({ path: `/tmp/pms-confirmed-only-${c.lang}-waiting.png` });

      // Confirmed: it comes in as "to enter", and the badge counts it.
      await desk.core.handlers.confirm({ keyField: waiting, note: '' });
      // Cancelled by the agency, then taken in: to cancel in the PMS.
      await desk.control('cancel', { keyField: cancelled });
      await syncNow(page);
      await desk.core.handlers.confirm({ keyField: cancelled, note: '' });
      await syncNow(page);
      const after = (await desk.core.handlers.listToEnter({ offset: 0, limit: 500 })).counts;
      expect(after.total).toBe(before.total + 2);
      const row = pmsRow(page, waiting);
      await row.locator('[data-state="to-enter"]').waitFor();
      expect(await row.locator('.pms-state').textContent()).toContain(c.toEnter);
      const gone = pmsRow(page, cancelled);
      await gone.locator('[data-state="to-cancel"]').waitFor();
      expect(await gone.locator('.pms-state').textContent()).toContain(c.toCancel);
      expect(await gone.getByTestId('pms-cancel-hint').textContent()).toContain(c.cancelHint);
      // Taken in (E at the service), yet no "✓ Confirmed": it says it is a cancellation to remove.
      expect(await gone.getByTestId('pms-cancel-badge').innerText()).toContain(c.cancelBadge);
      expect(await gone.locator('[data-status]').count()).toBe(0);
      expect(await row.locator('[data-status="E"]').count()).toBe(1);
      await page
        .getByTestId('pms-count')
        .filter({ hasText: new RegExp(`^${after.total}$`) })
        .waitFor();
      // Fits the screen: the row and its state badge end inside the window, not cut off sideways.
      const box = await gone.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      await page.screenshot({ path: `/tmp/pms-confirmed-only-${c.lang}-confirmed.png` });
      expect({ errors, missing }).toEqual({ errors: [], missing: [] });
    }, 120_000);
  }
});
