// "Confirmation no." is filled after a confirmation when the service gave one. The
// confirmation's answer carries none; the desk reads it back from the service (main/sync/push.ts). In
// Chromium against the real core and the practice service, which numbers each confirmation (KBR-…);
// Turkish at 1366×768, English at 125%.
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

describe('the confirmation number after a confirmation (Chromium)', () => {
  for (const c of [
    { lang: 'tr' as const, scale: undefined, label: 'Onay no (servis)', sent: 'Onay no.' },
    { lang: 'en' as const, scale: 1.25, label: 'Confirmation no. (service)', sent: 'Confirmation no.' },
  ]) {
    it(`${c.lang}${c.scale ? ' at 125%' : ' at 1366×768'}: empty before, the service's number after`, async () => {
      desk = await startRealDesk({
        rendererDir,
        ...(c.scale ? { scale: c.scale } : {}),
        core: { answerGraceDefaultSeconds: 0 },
      });
      const { page, errors } = desk.browser;
      if (c.lang === 'en') await page.locator('.language-switch button[lang="en"]').click();
      const [keyField = ''] = await desk.control('arrive', {
        checkIn: '2027-11-03',
        leadGuest: 'ERDEM SELİN',
      });
      await syncNow(page);
      await rowOf(page, keyField).click();
      const field = page.locator('[data-testid="reservation"] [data-field="confirmationNo"]');
      await field.waitFor();
      expect(await field.locator('dt').innerText()).toBe(c.label);
      expect(await field.locator('dd').innerText()).toBe('—');

      await page.locator('.decision-panel button.confirm').click();
      await page.getByTestId('confirm-form').waitFor();
      await page.keyboard.press('Control+Enter');
      await syncNow(page);
      await expect
        .poll(async () => (await desk?.core.handlers.getReservation({ keyField }))?.decision?.state, {
          timeout: 20_000,
        })
        .toBe('sent');
      const number = (await desk.core.handlers.getReservation({ keyField })).reservation.confirmationNo;
      expect(number).toMatch(/^KBR-\d{8}$/);
      await field.locator('dd').filter({ hasText: number }).waitFor();
      // And in the answer's own box, where the receptionist looks after confirming.
      expect(await page.getByTestId('sent-confirmation-no').innerText()).toBe(`${c.sent} ${number}`);
      await page.screenshot({ path: `/tmp/confirmation-no-${c.lang}.png` });
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
