// The poll interval in Settings, against the real core and practice service in Chromium. An
// out-of-range value is explained and not saved; a valid one is saved, shown after the page is opened
// again, and taken by the running poller at once (its next poll moves in from the core's 60 s).
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
    settings: 'Ayarlar',
    title: 'Yeni rezervasyon kontrolü',
    range: '5 ile 600',
    saved: 'Kaydedildi.',
  },
  en: {
    settings: 'Settings',
    title: 'Checking for new reservations',
    range: 'from 5 to 600',
    saved: 'Saved.',
  },
} as const;

describe.each(['tr', 'en'] as const)('the poll interval in Settings (%s)', (language) => {
  const w = words[language];

  it('refuses 3 s in plain words, saves 30 s, shows it after reopening, and the poller takes it', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    if (language === 'en') await page.locator('.language-switch button[lang="en"]').click();
    const openSettings = async () => {
      await page.getByRole('navigation').getByRole('button', { name: w.settings, exact: true }).click();
      await card.getByRole('heading', { name: w.title }).waitFor();
    };
    const card = page.getByTestId('sync-settings');
    const field = card.locator('input[name="intervalSeconds"]');
    await openSettings();
    // Nothing chosen yet: the core's interval (60 s in these tests) is what is shown.
    expect(await field.inputValue()).toBe('60');
    const nextPollIn = async () => {
      const next = (await desk?.core.handlers.getStatus({}))?.nextPollAt ?? null;
      return next === null ? null : Date.parse(next) - Date.now();
    };
    expect(await nextPollIn()).toBeGreaterThan(30_000);

    await field.fill('3');
    await card.getByRole('button', { name: /Kaydet|Save/ }).click();
    const range = card.getByTestId('poll-interval-range');
    await range.waitFor();
    expect(await range.textContent()).toContain(w.range);
    expect((await desk.core.handlers.getPollSettings({})).intervalSeconds).toBe(60);

    await field.fill('30');
    await card.getByRole('button', { name: /Kaydet|Save/ }).click();
    await card.getByRole('status').filter({ hasText: w.saved }).waitFor();
    expect(await range.count()).toBe(0);
    expect(await desk.core.handlers.getPollSettings({})).toEqual({ intervalSeconds: 30, defaultSeconds: 60 });
    // Taken without a restart: the next poll is now at most 30 s away.
    expect(await nextPollIn()).toBeLessThanOrEqual(30_000);

    await page.reload();
    await openSettings();
    await expect.poll(async () => field.inputValue()).toBe('30');
    expect(errors).toEqual([]);
  });
});
