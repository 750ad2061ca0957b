// A booking the hotel confirmed, then the agency cancelled or changed, against the real core and practice service
// in Chromium. Cancelled: the panel shows the earlier confirmation as what it was (confirmed, with its time), never
// as the cancellation taken in, beside "Take in the cancellation"; once taken in, it says so. Changed: it says the
// agency changed it after the answer and what to do (answer the new version, then the PMS), the earlier answer
// named as such. And search to answer by keyboard alone (/, a name, ↓, C, Ctrl+Enter). Turkish and English.
// `npx vitest run test/e2e/desk-answer-then-agency.test.ts`
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
  tr: {
    confirmed: 'Onaylayan',
    takenIn: 'İptal kabul edildi',
    takeIn: 'İptali kabul et',
    changed: 'Acente bu rezervasyonu siz yanıtladıktan sonra değiştirdi.',
    earlier: 'Önceki hâline verdiğiniz yanıt',
  },
  en: {
    confirmed: 'Confirmed',
    takenIn: 'Cancellation taken in',
    takeIn: 'Take in the cancellation',
    changed: 'The agency changed this booking after your answer.',
    earlier: 'Your answer to the earlier version',
  },
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

  it('a change after the answer says the new version waits for its own answer, then the PMS', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    if (language === 'en') {
      await desk.core.handlers.setLanguage({ language: 'en' });
      await page.reload();
    }
    const [key = ''] = await desk.control('arrive', { checkIn: '2027-08-02', leadGuest: 'ŞAHİN DENİZ' });
    await syncNow(page);
    await desk.core.handlers.confirm({ keyField: key, note: '' });
    await syncNow(page);
    await desk.control('change', { keyField: key });
    await syncNow(page);

    await rowOf(page, key).click();
    const panel = page.getByTestId('decision-panel');
    await panel.getByTestId('changed-after-answer').filter({ hasText: w.changed }).waitFor();
    expect(await panel.getByTestId('decision-state').textContent()).toContain(w.earlier);
    // Nothing about the earlier answer reads as the end of the matter.
    expect(await panel.getByTestId('sent-hint').count()).toBe(0);
    expect(await panel.locator('.button.confirm').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('search to answer by keyboard alone: / right after loading, a name, ↓, C, Ctrl+Enter', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    if (language === 'en') {
      await desk.core.handlers.setLanguage({ language: 'en' });
      await page.reload();
    }
    const [key = ''] = await desk.control('arrive', { checkIn: '2027-08-03', leadGuest: 'ÖZTÜRK CANSU' });
    await syncNow(page);
    await page.reload();
    await page.getByTestId('inbox-total').waitFor();
    await page.keyboard.press('/');
    expect(await page.evaluate('document.activeElement?.getAttribute("type")')).toBe('search');
    await page.keyboard.type('ozturk cansu');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByTestId('inbox-list').getAttribute('data-cursor-key')).toBe(key);
    expect(await page.evaluate('document.activeElement?.getAttribute("data-testid")')).toBe('inbox-list');
    await page.keyboard.press('c');
    await page.getByTestId('confirm-form').waitFor();
    expect(await page.locator('.inbox-filters input[type="search"]').inputValue()).toBe('ozturk cansu');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('decision-state').waitFor();
    expect((await desk.core.handlers.getReservation({ keyField: key })).decision?.action).toBe('confirm');
    expect(errors).toEqual([]);
  });
});
