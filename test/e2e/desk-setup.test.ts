// Setting the desk up, end to end: practice mode from the first-run screen, and a real connection through
// the setup form (test connection in plain words, hotel search, save) against the practice service.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService } from '../../main/sandbox';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { PRACTICE_LOGIN, startRealDesk, type RealDesk } from './real-desk';

let rendererDir = '';
let desk: RealDesk | null = null;

beforeAll(async () => {
  rendererDir = await buildRenderer();
});

afterEach(async () => {
  await desk?.close();
  desk = null;
});

describe('setup (real core, Chromium)', () => {
  it('practice mode: one click gives a full inbox and a PRACTICE banner', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page, errors } = desk.browser;
    await page.getByRole('heading', { name: "Resdesk'e hoş geldiniz" }).waitFor();
    await page.getByRole('button', { name: 'Alıştırma modunu başlat' }).click();
    await page.getByTestId('practice-banner').waitFor();
    expect(await page.getByTestId('practice-banner').textContent()).toContain('ALIŞTIRMA MODU');
    await page.getByTestId('inbox-total').filter({ hasText: '60 rezervasyon' }).waitFor();
    expect(await page.locator('.inbox-row .row-body:not(.placeholder)').count()).toBeGreaterThan(5);
    expect(await page.getByTestId('line-state').textContent()).toContain('çevrimiçi');
    expect(errors).toEqual([]);
  });

  it('a real connection: wrong password said plainly, hotel found by name, saved, inbox filled', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page, errors } = desk.browser;
    // A practice service reached through the setup form, exactly as the real exchange service would be.
    const service = await startPracticeService({ port: 0, seed: 3, reservations: 25, fileReadyAfterMs: 50 });
    try {
      await page.locator('.language-switch button[lang="en"]').click();
      await page.locator('input[name="serviceUrl"]').fill(service.url);
      await page.locator('input[name="user"]').fill(PRACTICE_LOGIN.user);
      await page.locator('input[name="password"]').fill('not-the-password');
      await page.locator('input[name="partnerId"]').fill(String(PRACTICE_LOGIN.partnerId));
      await page.getByRole('button', { name: 'Test connection' }).click();
      const result = page.getByTestId('connection-result');
      await result.waitFor();
      expect(await result.getAttribute('class')).toContain('error-note');
      expect((await result.textContent())?.length ?? 0).toBeGreaterThan(10);
      expect(await result.textContent()).not.toMatch(/Exception|Error:|at .*\(/);

      await page.locator('input[name="password"]').fill(PRACTICE_LOGIN.password);
      await page.locator('input[name="partnerId"]').fill('');
      await page.getByPlaceholder('Find your hotel by name').fill('kumsal');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('button', { name: /Kumsal Beach Resort/ }).click();
      expect(await page.locator('input[name="partnerId"]').inputValue()).toBe('1001');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.locator('[data-testid="connection-result"].ok-note').waitFor();

      await page.getByRole('button', { name: 'Save and start' }).click();
      await page
        .getByTestId('inbox-total')
        .filter({ hasText: '25 reservations' })
        .waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('practice-banner').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('notification settings: sound and reminder saved at once, kept after a reload and in the core', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const card = page.getByTestId('notification-settings');
    await card.getByRole('heading', { name: 'Notifications' }).waitFor();
    const sound = card.getByRole('checkbox', { name: /Play a sound/ });
    expect(await sound.isChecked()).toBe(true);
    // The browser host has no sign-in start to switch: the card leaves it out instead of offering it.
    expect(await card.getByRole('checkbox', { name: /sign in/ }).count()).toBe(0);

    await sound.uncheck();
    await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await card.getByRole('combobox', { name: /Remind me/ }).selectOption({ label: '30 minutes' });
    await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect
      .poll(async () => desk?.core.handlers.getNotificationSettings({}))
      .toEqual({ sound: false, remindAfterMinutes: 30, startAtLogin: null });

    await page.reload();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    await card.getByRole('heading', { name: 'Notifications' }).waitFor();
    await expect
      .poll(async () => card.getByRole('checkbox', { name: /Play a sound/ }).isChecked())
      .toBe(false);
    expect(await card.getByRole('combobox', { name: /Remind me/ }).inputValue()).toBe('30');

    // The tray menu turns the sound back on; coming back to the window shows it.
    await desk.core.handlers.saveNotificationSettings({ sound: true });
    // (A string: this test file has no DOM types.)
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect
      .poll(async () => card.getByRole('checkbox', { name: /Play a sound/ }).isChecked())
      .toBe(true);
    expect(errors).toEqual([]);
  });
});
