// Settings → This desk in Chromium against the real core: the version and the note about an
// unclean stop the shell passed in, the update logic of main/updates (a stand-in updater in place of
// electron-updater, whose own check is tested in test/integration/updates): Check now finds a version,
// Install and restart waits while an answer is in flight; Save diagnostics writes the archive.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../main/kernel/core-types';
import type { Feed } from '../../main/updates/feed';
import type { UpdaterPort } from '../../main/updates/port';
import { createUpdates } from '../../main/updates/updates';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { manualTimer } from '../unit/shell/manual-timer';
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

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A feed with version 1.5.0, "downloaded" as soon as a check finds it. */
function stubUpdater() {
  let downloaded: (version: string) => void = () => undefined;
  const calls = { installs: 0 };
  const port: UpdaterPort = {
    useFeed: () => undefined,
    check: async () => {
      queueMicrotask(() => downloaded('1.5.0'));
      return '1.5.0';
    },
    onDownloaded: (listener) => {
      downloaded = listener;
    },
    install: () => {
      calls.installs += 1;
    },
  };
  return { port, calls };
}

function appPort(feed: Feed, updater: UpdaterPort | null) {
  const state = mkdtempSync(path.join(os.tmpdir(), 'resdesk-this-desk-'));
  return {
    version: '1.4.2',
    logDir: path.join(state, 'logs'),
    // The receptionist's answer is still being sent: an install must wait.
    updates: createUpdates({
      feed,
      updater,
      stateFile: path.join(state, 'updates.json'),
      answerInFlight: () => true,
      beforeInstall: async () => undefined,
      logger: quiet,
      timer: manualTimer().timer,
    }),
    uncleanStopAt: '2026-11-25T07:00:00.000Z',
  };
}

async function openSettings(d: RealDesk, language: 'tr' | 'en') {
  const { page } = d.browser;
  if (language === 'en') await page.locator('.language-switch button[lang="en"]').click();
  await page
    .getByRole('navigation')
    .getByRole('button', { name: language === 'tr' ? 'Ayarlar' : 'Settings', exact: true })
    .click();
  const card = page.getByTestId('this-desk-card');
  await card.getByRole('heading', { name: language === 'tr' ? 'Bu bilgisayar' : 'This desk' }).waitFor();
  return card;
}

describe('Settings → This desk', () => {
  it('shows the version and the unclean stop, checks now, waits to install during an answer, saves diagnostics (tr)', async () => {
    const updater = stubUpdater();
    desk = await startRealDesk({
      rendererDir,
      app: appPort({ kind: 'set', url: 'https://updates.hotel.test/', fromDataFolder: false }, updater.port),
    });
    const card = await openSettings(desk, 'tr');
    expect(await card.getByTestId('desk-version').textContent()).toBe('Resdesk sürümü 1.4.2');
    expect(await card.getByTestId('unclean-stop').textContent()).toMatch(/geçen sefer düzgün kapanmadı/);
    expect(await card.getByTestId('last-check').textContent()).toMatch(/henüz kontrol edilmedi/);

    await card.getByRole('button', { name: 'Şimdi kontrol et' }).click();
    await card.getByRole('button', { name: 'Kur ve yeniden başlat' }).waitFor();
    expect(await card.getByTestId('last-check').textContent()).toMatch(/daha yeni bir sürüm bulundu/);
    expect(await card.getByTestId('update-ready').textContent()).toMatch(/1\.5\.0 sürümü hazır/);

    await card.getByRole('button', { name: 'Kur ve yeniden başlat' }).click();
    await card.getByText(/gönderilmeyi bekleyen yanıt kalmayınca kurulur/).waitFor();
    expect(await card.getByRole('button', { name: 'Kur ve yeniden başlat' }).isDisabled()).toBe(true);
    expect(updater.calls.installs).toBe(0);

    await card.getByRole('button', { name: 'Tanılama dosyasını kaydet' }).click();
    const saved = card.getByTestId('diagnostics-saved');
    await saved.waitFor();
    const file = /Kaydedildi: (.+\.zip)\./.exec((await saved.textContent()) ?? '')?.[1] ?? '';
    expect(file.startsWith(path.join(desk.dataDir, 'diagnostics'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(desk.browser.errors).toEqual([]);
  });

  it('says plainly when this desk has no update address (en)', async () => {
    desk = await startRealDesk({
      rendererDir,
      app: { ...appPort({ kind: 'not-set' }, null), uncleanStopAt: null },
    });
    const card = await openSettings(desk, 'en');
    expect(await card.getByTestId('no-updates').textContent()).toMatch(
      /Updates are not set up for this desk/,
    );
    expect(await card.getByRole('button', { name: 'Check now' }).count()).toBe(0);
    expect(await card.getByTestId('unclean-stop').count()).toBe(0);
    await card.getByRole('button', { name: 'Save diagnostics' }).waitFor();
    expect(desk.browser.errors).toEqual([]);
  });
});
