// As a receptionist meets them, in Turkish and English at 1366×768 and at
// 125%: words that cannot be misread and a "Showing:" line for a combination; no unmapped marker on rows,
// the shipped symbol font loaded, the bulk panel's buttons on screen; a queued answer that meets a
// cancellation offers only "take back" and "take in"; the list in two key presses, Esc back to the row,
// Tab to the bulk bar, Ctrl+Enter said; the agency's note beside the form, the decline reason after it,
// the guest's name not cut to a few letters.
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

const words = {
  tr: {
    sortReceived: 'Son gelen üstte',
    receivedToday: 'Bugün alınanlar',
    showing: ['Gösterilen:', 'bugün girişli', 'bugün alınan'],
    skip: 'Rezervasyon listesine geç',
    note: 'Deniz manzarası rica ediyoruz',
    notesTitle: 'Acentenin notu',
    reasonSent: 'Gönderilen ret nedeni:',
    takeBack: 'Yanıtımı geri al',
    takeIn: 'İptali kabul et',
    sendAnyway: 'Yine de gönder',
  },
  en: {
    sortReceived: 'Newest first',
    receivedToday: 'Received today',
    showing: ['Showing:', 'check-in today', 'received today'],
    skip: 'Skip to the reservation list',
    note: 'Sea view requested please',
    notesTitle: "The agency's note",
    reasonSent: 'Reason sent:',
    takeBack: 'Take back my answer',
    takeIn: 'Take in the cancellation',
    sendAnyway: 'Send anyway',
  },
} as const;

type Language = keyof typeof words;

async function open(language: Language, scale: number, grace = 0): Promise<{ page: Page; desk: RealDesk }> {
  desk = await startRealDesk({ rendererDir, scale, core: { answerGraceDefaultSeconds: grace } });
  const { page } = desk.browser;
  if (language === 'en') {
    await desk.core.handlers.setLanguage({ language: 'en' });
    await page.reload();
  }
  await page.getByTestId('inbox-total').waitFor();
  await page.locator('.inbox-row[data-index="0"] .row-body:not(.placeholder)').waitFor();
  return { page, desk };
}

/** Whether the element's box lies inside the window (it can be read without scrolling anything). */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= (el.ownerDocument.defaultView?.innerHeight ?? 0) && r.height > 0;
  });

describe.each([
  ['tr', 1],
  ['tr', 1.25],
  ['en', 1],
  ['en', 1.25],
] as const)('reception round 2 (%s, scale %s)', (language, scale) => {
  const w = words[language];

  it('words, the Showing line, the keyboard, markers and the font, the bulk panel', async () => {
    const { page, desk: d } = await open(language, scale);

    // 7: from page load, Tab then Enter reaches the list.
    await page.reload();
    await page.locator('.inbox-row[data-index="0"] .row-body:not(.placeholder)').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe(w.skip);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="inbox-list"]:focus').waitFor();

    // 2: the words, and what a combination shows.
    expect(await page.locator('.inbox-filters select option[value="arrival-desc"]').textContent()).toBe(
      w.sortReceived,
    );
    expect(await page.getByTestId('view-received-today').textContent()).toBe(w.receivedToday);
    expect(await page.getByTestId('filter-summary').count()).toBe(0);
    await page.getByTestId('view-today').click();
    await page.getByTestId('view-received-today').click();
    const summary = await page.getByTestId('filter-summary').textContent();
    for (const part of w.showing) expect(summary).toContain(part);
    // Minor: a pressed quick view stays readable under the mouse (its text is not on a light background).
    await page.getByTestId('view-received-today').hover();
    const colours = await page.getByTestId('view-received-today').evaluate((el) => {
      const style = el.ownerDocument.defaultView?.getComputedStyle(el);
      return [style?.backgroundColor ?? '', style?.color ?? ''];
    });
    expect(colours[0]).not.toBe('rgb(240, 243, 246)');
    expect(colours[1]).toBe('rgb(255, 255, 255)');
    await page
      .getByRole('button', { name: language === 'tr' ? 'Filtreleri temizle' : 'Clear filters' })
      .click();
    await page.getByTestId('filter-summary').waitFor({ state: 'detached' });

    // 5: unmapped codes are never a row marker; the shipped symbol font is served and used.
    expect(await page.locator('.inbox-list [data-check="unmapped"], .row-body .badge.unmapped').count()).toBe(
      0,
    );
    const fontLoaded = await page.locator('body').evaluate(async (body) => {
      const fonts = body.ownerDocument.fonts;
      await fonts.ready;
      const faces = [...fonts].filter((f) => f.family.replace(/"/g, '') === 'Resdesk Symbols');
      await Promise.all(faces.map((f) => f.load()));
      return faces.length > 0 && faces.every((f) => f.status === 'loaded');
    });
    expect(fontLoaded).toBe(true);

    // 5: "has a problem" narrows the list to waiting reservations with a problem.
    const total = Number(/\d+/.exec((await page.getByTestId('inbox-total').textContent()) ?? '')?.[0]);
    await page.getByTestId('chip-problem').click();
    await page.getByTestId('chip-problem').and(page.locator('[aria-pressed="true"]')).waitFor();
    await expect
      .poll(async () =>
        Number(/\d+/.exec((await page.getByTestId('inbox-total').textContent()) ?? '')?.[0] ?? NaN),
      )
      .toBeLessThan(total);
    await page.getByTestId('chip-problem').click();

    // 7 + 5: tick everything, Tab from the list lands on the bulk bar; the checks panel's buttons are in view.
    await page.getByTestId('chip-W').click();
    await page.getByTestId('select-all').locator('input').check();
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('Tab');
    expect(await page.locator('[data-testid="bulk-bar"] :focus').count()).toBe(1);
    await page.getByTestId('bulk-bar').locator('.button.primary').click();
    const checks = page.getByTestId('bulk-checks');
    await checks.waitFor();
    for (const button of await checks.locator('.actions button').all()) {
      const box = await button.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      expect(box !== null && box.y >= 0 && box.y + box.height <= height).toBe(true);
    }
    expect(await checks.locator('[data-check="unmapped"]').count()).toBe(0);
    expect(d.browser.errors).toEqual([]);
  });

  it("the agency's note beside the form, Esc back to the row, Ctrl+Enter said, the reason sent, the name not cut", async () => {
    const { page, desk: d } = await open(language, scale);
    const [key = ''] = await d.control('arrive', {
      checkIn: '2027-08-10',
      leadGuest: 'SCHÄFER-WOLFENBÜTTEL ANNEMARIE',
      note: w.note,
    });
    await syncNow(page);
    await rowOf(page, key).click();
    await page.getByTestId('reservation').waitFor();

    // 8: at 125% with the reservation open, the guest's name keeps well over four letters.
    const shown = await rowOf(page, key)
      .locator('.guest')
      .evaluate((el) => ({
        width: el.getBoundingClientRect().width,
        font: el.ownerDocument.defaultView?.getComputedStyle(el).fontSize ?? '16px',
      }));
    expect(shown.width).toBeGreaterThan(parseFloat(shown.font) * 6);

    // 8: the note and the form's send button both in view; 7: Ctrl+Enter is said beside it.
    await page.keyboard.press('c');
    await page.getByTestId('confirm-form').waitFor();
    expect(await page.getByTestId('agency-notes').textContent()).toContain(w.note);
    expect(await page.getByTestId('agency-notes').textContent()).toContain(w.notesTitle);
    expect(await inView(page, '[data-testid="agency-notes"]')).toBe(true);
    expect(await inView(page, '[data-testid="confirm-form"] button[type="submit"]')).toBe(true);
    expect(await page.getByTestId('confirm-form').getByTestId('send-key-hint').textContent()).toContain(
      'Ctrl',
    );

    // 7: Esc leaves the form and puts the keyboard back on this reservation's row.
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-form').waitFor({ state: 'detached' });
    await page.locator('[data-testid="inbox-list"]:focus').waitFor();
    expect(await page.getByTestId('inbox-list').getAttribute('data-cursor-key')).toBe(key);

    // 8: after a decline, the reason sent is said by name.
    await page.keyboard.press('d');
    const form = page.getByTestId('decline-form');
    await form.waitFor();
    const reason = form.locator('input[type="radio"]').first();
    await reason.check();
    const reasonName = ((await form.locator('label.radio').first().textContent()) ?? '').trim();
    expect(await inView(page, '[data-testid="agency-notes"]')).toBe(true);
    await page.keyboard.press('Control+Enter');
    const sent = page.getByTestId('reason-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(`${w.reasonSent} ${reasonName}`);
    expect(d.browser.errors).toEqual([]);
  });

  it('a queued answer that meets a cancellation: one state, take back or take in, never "send anyway"', async () => {
    const { page, desk: d } = await open(language, scale, 600);
    const [key = ''] = await d.control('arrive', { checkIn: '2027-09-01', leadGuest: 'YILMAZ AYŞE' });
    await syncNow(page);
    await rowOf(page, key).click();
    await page.keyboard.press('c');
    await page.getByTestId('confirm-form').waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('held-answer').waitFor();
    await d.control('cancel', { keyField: key });
    await syncNow(page);
    const panel = page.getByTestId('decision-panel');
    await panel.getByTestId('review-cancelled').waitFor();
    expect(await panel.getByRole('button', { name: w.sendAnyway }).count()).toBe(0);
    expect(await panel.getByTestId('no-answer').count()).toBe(0);
    const buttons = (await panel.locator('button').allTextContents()).map((b) =>
      b.replace(/^[^\p{L}]+/u, ''),
    );
    expect(buttons).toEqual([w.takeBack, w.takeIn]);
    await panel.getByTestId('take-in').click();
    await page.locator('[data-testid="decision-state"][data-state="pending"]').waitFor();
    expect(d.browser.errors).toEqual([]);
  });
});
