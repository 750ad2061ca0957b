// Offline end to end: with the service gone the desk keeps working from SQLite, a confirmation is queued and
// shown as waiting, and once the service is back it is delivered and the queue empties.
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

describe('offline (real core, practice service stopped and restarted, Chromium)', () => {
  it('queues a confirmation while offline and delivers it when the service is back', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();

    await desk.stopService();
    await syncNow(page);
    await page.locator('[data-testid="status-bar"][data-online="false"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('line-state').textContent()).toContain('bağlantı yok');

    // Still browsable offline: filter to waiting and open the first one.
    await page.getByTestId('chip-W').click();
    const first = page.locator('.inbox-row[data-index="0"] .row-body:not(.placeholder)');
    await first.waitFor();
    const keyField = (await first.getAttribute('data-key')) ?? '';
    await first.click();
    await page.keyboard.press('c');
    await page.locator('#confirm-note').fill('Geç giriş');
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    // Not delivered yet: shown as waiting (or as failed with the plain reason), never as sent.
    await page
      .locator('[data-testid="decision-state"]:is([data-state="pending"], [data-state="failed"])')
      .waitFor();
    await page
      .getByTestId('queued')
      .filter({ hasText: 'Gönderilmeyi bekleyen 1 yanıt' })
      .waitFor({ timeout: 30_000 });

    await desk.restartService();
    await syncNow(page);
    await page.locator('[data-testid="status-bar"][data-online="true"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="decision-state"][data-state="sent"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('queued').filter({ hasText: 'Gönderilmeyi bekleyen 0 yanıt' }).waitFor();
    const state = await desk.serviceState();
    expect(state.confirmations.find((c) => c.keyField === keyField)).toMatchObject({
      confirmationStatus: 'E',
      confirmationNote: 'Geç giriş',
    });
    expect(errors).toEqual([]);
  });
});
