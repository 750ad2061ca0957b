// A booking the hotel confirmed, then the agency cancelled, against the real core and practice service in
// Chromium: the panel shows the earlier confirmation as what it was (confirmed, with its time), never as the
// cancellation taken in, beside "Take in the cancellation"; once taken in, it says so. Turkish and English.
// `npx vitest run test/e2e/desk-cancelled-after-confirm.test.ts`
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

const words = {
  tr: { confirmed: 'Onaylayan', takenIn: 'İptal kabul edildi', takeIn: 'İptali kabul et' },
  en: { confirmed: 'Confirmed', takenIn: 'Cancellation taken in', takeIn: 'Take in the cancellation' },
} as const;

describe.each(['tr', 'en'] as const)('a confirmed booking the agency cancels (%s)', (language) => {
  const w = words[language];
  it('shows the earlier confirmation as a confirmation until the cancellation is taken in', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    if (language === 'en') {
      await desk.core.handlers.setLanguage({ language: 'en' });
      await page.reload();
    }
    const [key = ''] = await desk.control('arrive', { checkIn: '2027-08-01', leadGuest: 'KAYA ELİF' });
    await syncNow(page);
    await desk.core.handlers.confirm({ keyField: key, note: '' });
    await syncNow(page);
    await desk.control('cancel', { keyField: key });
    await syncNow(page);

    await rowOf(page, key).click();
    const panel = page.getByTestId('decision-panel');
    const state = panel.getByTestId('decision-state');
    await state.waitFor();
    const said = (await state.textContent()) ?? '';
    expect(said).toContain(w.confirmed);
    expect(said).not.toContain(w.takenIn);
    const takeIn = panel.getByRole('button', { name: w.takeIn });
    await takeIn.waitFor();

    await takeIn.click();
    await panel
      .locator('[data-testid="decision-state"]', { hasText: w.takenIn })
      .waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
