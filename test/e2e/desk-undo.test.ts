// Blocker 1 ("no way back"), as a receptionist meets it: two keys confirm the wrong reservation;
// the answer is held with a visible countdown, Undo takes it back and nothing reaches the service; "Send
// now" sends at once and then the panel says what to do if it was wrong; a bulk confirmation is taken back
// with "Undo all". In Turkish at 1366×768 and in English at 125%, against the real core and practice service.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../harness/browser-host/build-renderer';
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
    total: '40 rezervasyon',
    send: 'Onayı gönder',
    countdown: 'saniye sonra gönderilecek',
    sentHint: 'acenteyi arayın',
  },
  en: {
    total: '40 reservations',
    send: 'Send confirmation',
    countdown: 'Sending in',
    sentHint: 'call the agency',
  },
} as const;

describe.each([
  ['tr', 1],
  ['en', 1.25],
] as const)('taking an answer back (%s, scale %s)', (language, scale) => {
  const w = words[language];

  it('Undo during the countdown sends nothing; Send now sends at once; Undo all takes back a batch', async () => {
    desk = await startRealDesk({ rendererDir, scale, core: { answerGraceDefaultSeconds: 30 } });
    const { page, errors } = desk.browser;
    if (language === 'en') {
      await desk.core.handlers.setLanguage({ language: 'en' });
      await page.reload();
    }
    await page.getByTestId('inbox-total').filter({ hasText: w.total }).waitFor();
    await page.getByTestId('chip-W').click();
    const row = (i: number) => page.locator(`.inbox-row[data-index="${i}"] .row-body:not(.placeholder)`);
    await row(0).waitFor();
    const keyField = (await row(0).getAttribute('data-key')) ?? '';

    // Two keys on the wrong reservation: C, then Ctrl+Enter in the note.
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('c');
    await page.getByTestId('confirm-form').waitFor();
    await page.keyboard.press('Control+Enter');
    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toContain(w.countdown);
    const undo = page.getByTestId('undo');
    expect(await undo.isVisible()).toBe(true);
    await undo.click();
    await page.getByTestId('held-answer').waitFor({ state: 'detached' });
    // Back to the answer buttons; nothing at the service, now or after a cycle.
    await page.locator('.decision-panel .button.confirm').waitFor();
    await desk.core.handlers.syncNow({});
    expect((await desk.serviceState()).confirmations.some((c) => c.keyField === keyField)).toBe(false);

    // Right this time: confirm, then Send now instead of waiting.
    await page.locator('.decision-panel .button.confirm').click();
    await page.getByRole('button', { name: w.send }).click();
    await page.getByTestId('send-now').click();
    await page.getByTestId('sent-hint').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sent-hint').textContent()).toContain(w.sentHint);
    expect((await desk.serviceState()).confirmations.filter((c) => c.keyField === keyField)).toHaveLength(1);

    // Bulk: tick three, confirm them, send one at once: "Undo all" counts the two still held and takes them back.
    await page.keyboard.press('Escape');
    const ticks = page.locator('.inbox-row .row-check input[type="checkbox"]');
    const picked: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await row(i).waitFor();
      picked.push((await row(i).getAttribute('data-key')) ?? '');
      await row(i).locator('.row-check input').check();
    }
    expect(await ticks.count()).toBeGreaterThan(3);
    await page.getByTestId('bulk-bar').locator('.button.primary').click();
    const checks = page.getByTestId('bulk-checks');
    if (await checks.isVisible().catch(() => false)) await checks.locator('.button.confirm').click();
    const undoAll = page.getByTestId('undo-batch');
    await undoAll.filter({ hasText: '3' }).waitFor();
    const [sentNow = '', ...held] = picked;
    await desk.core.handlers.sendDecisionNow({ keyField: sentNow });
    await undoAll.filter({ hasText: '2' }).waitFor({ timeout: 30_000 });
    await undoAll.click();
    await page.getByTestId('undo-batch-outcome').waitFor();
    await desk.core.handlers.syncNow({});
    const at = (await desk.serviceState()).confirmations.map((c) => c.keyField);
    expect(at).toContain(sentNow);
    for (const key of held) expect(at).not.toContain(key);
    expect(errors).toEqual([]);
  });
});
