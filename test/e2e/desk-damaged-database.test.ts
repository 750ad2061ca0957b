// The desk's own data file damaged at start, as a receptionist meets it: a real core on a file whose header another
// program overwrote, behind the browser host, in Chromium. The screen says what happened and what to do, in Turkish
// and in English, lists the good copy with Restore beside it; restoring it opens the desk, the damaged file kept.
// `npx vitest run test/e2e/desk-damaged-database.test.ts`
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../main/desk/core';
import type { Core } from '../../main/kernel/core-types';
import { memoryStore } from '../../main/secrets/memory-store';
import { Store } from '../../main/store';
import { backupFolderOf } from '../../main/store/backup';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';
import { launchDesk, type DeskBrowser } from '../harness/chromium';
import { damages, deskDatabase, reservationCount, tempFolder } from '../unit/backup/helpers';

let rendererDir = '';
let core: Core | null = null;
let host: BrowserHost | null = null;
let browser: DeskBrowser | null = null;

beforeAll(async () => {
  rendererDir = await buildRenderer();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await core?.stop();
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('a damaged data file at start (Chromium)', () => {
  it('says so in Turkish and English, lists the good copy, and Restore opens the desk', async () => {
    const dataDir = tempFolder();
    const db = path.join(dataDir, 'resdesk.db');
    deskDatabase(db, 30);
    const store = Store.open(db);
    store.backup({ kind: 'daily', folders: [backupFolderOf(db)], now: new Date() });
    store.close();
    damages['its header overwritten'](db);

    core = createCore({ dataDir, credentials: memoryStore(), logger: quiet }, { pollIntervalMs: 60_000 });
    await expect(core.start()).rejects.toThrow(/damaged/);
    host = await startBrowserHost({ core, rendererDir });
    browser = await launchDesk();
    const { page, errors } = browser;
    await page.goto(host.url);

    const screen = page.getByTestId('database-damaged');
    await screen.getByRole('heading', { name: "Resdesk'in veri dosyası bozuk" }).waitFor();
    expect(await screen.textContent()).toContain('en yeni kopyayı geri yükleyin');
    const rows = page.getByTestId('backup-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);

    await page.locator('.language-switch button[lang="en"]').click();
    await screen.getByRole('heading', { name: "Resdesk's data file is damaged" }).waitFor();
    expect(await screen.textContent()).toContain('Restore the newest copy below');
    // Said once, above the list: the card does not say it again.
    expect(await page.getByText("The desk's data failed its check at start").count()).toBe(0);

    await rows.first().getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await screen.waitFor({ state: 'detached', timeout: 30_000 });
    expect(reservationCount(db)).toBe(30);
    expect(readdirSync(dataDir).some((f) => f.startsWith('resdesk.db.replaced-'))).toBe(true);
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
