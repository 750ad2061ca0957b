// End to end (real core, practice service, Chromium): a waiting cancellation is taken in (one
// action, also "take in all"), never declined, leaves the waiting count and lands in the PMS list to cancel;
// a sign-in page answering instead of the service turns the status bar to not connected with the sentence
// that says what to do, and a decision made meanwhile waits and goes out once the service answers again.
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

async function faults(d: RealDesk, method: 'POST' | 'DELETE', body?: object): Promise<void> {
  const url = d.service?.url;
  if (!url) throw new Error('the desk has no practice service');
  const res = await fetch(`${url}/_sandbox/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`faults ${method} failed: ${res.status}`);
}

describe('answering like the live service (real core, practice service, Chromium)', () => {
  it('takes in a waiting cancellation: one action, never a decline, then "to cancel in PMS"', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const [one = '', two = ''] = await desk.control('arrive', { count: 2 });
    await syncNow(page);
    await desk.control('cancel', { keyField: one });
    await desk.control('cancel', { keyField: two });
    const before = await desk.core.handlers.inboxCounts({ filter: {} });
    await syncNow(page);
    const after = await desk.core.handlers.inboxCounts({ filter: {} });
    // Two waiting reservations became two cancellations waiting to be taken in: still waiting.
    expect(after.waiting).toBe(before.waiting);
    expect(after.waitingCancellations).toBe(before.waitingCancellations + 2);

    // The row says "to take in", not "waiting"; the detail offers one action and no Confirm / Decline.
    const row = rowOf(page, one);
    await row.locator('[data-testid="take-in-state"][data-state="to-take-in"]').waitFor();
    expect(await row.textContent()).toContain('Kabul edilecek iptal');
    await row.click();
    await page.getByTestId('take-in').waitFor();
    expect(await page.getByRole('button', { name: /^⊘?\s*Reddet/ }).count()).toBe(0);
    expect(await page.getByTestId('decision-panel').textContent()).toContain('İptal reddedilemez');
    // D on a cancellation only opens it; a decline through the desk's own request is refused with a sentence.
    await expect(desk.core.handlers.decline({ keyField: one, reasonId: 'R1' })).rejects.toThrow(
      /İptal reddedilemez/,
    );

    await page.getByTestId('take-in').click();
    await page.locator('[data-testid="no-answer"][data-state="taken-in"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('no-answer').textContent()).toContain(
      'İptal — kabul edildi. Acente iptal teyidini aldı.',
    );

    // The rest in bulk, from the line above the list.
    const bar = page.getByTestId('take-in-bar');
    await bar.getByTestId('take-in-all').waitFor();
    await bar.getByTestId('take-in-all').click();
    await bar.getByTestId('take-in-outcome').waitFor();
    await syncNow(page);
    await rowOf(page, two)
      .locator('[data-testid="take-in-state"][data-state="taken-in"]')
      .waitFor({ timeout: 30_000 });
    // What was queued stays said after the answers left and the list changed, until the receptionist dismisses it.
    expect(await bar.getByTestId('take-in-outcome').isVisible()).toBe(true);
    await bar.getByTestId('take-in-outcome').getByRole('button', { name: 'Tamam' }).click();
    await bar.waitFor({ state: 'detached' });

    // The service recorded E for both (taken in), and no decline.
    const state = await desk.serviceState();
    for (const keyField of [one, two])
      expect(state.confirmations.filter((c) => c.keyField === keyField)).toEqual([
        expect.objectContaining({ confirmationStatus: 'E' }),
      ]);
    // "Take in all" under no filter took in every waiting cancellation, the practice world's own included.
    const final = await desk.core.handlers.inboxCounts({ filter: {} });
    expect(final.waitingCancellations).toBe(0);
    expect(final.waiting).toBe(before.waiting - before.waitingCancellations - 2);

    // In the PMS list, to cancel there.
    const list = await desk.core.handlers.listToEnter({ offset: 0, limit: 500 });
    expect(list.rows.find((r) => r.keyField === one)).toMatchObject({ state: 'to-cancel' });
    await page.locator('[data-view="pmsEntry"]').click();
    await page
      .locator(`[data-key=${JSON.stringify(one)}]`)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('a sign-in page is "not connected" at once, with what to do; a decision waits and goes out later', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    await page.locator('[data-testid="status-bar"][data-online="true"]').waitFor({ timeout: 30_000 });

    // Every request now meets the hotel Wi-Fi's sign-in page.
    await faults(desk, 'POST', { kind: 'html', share: 1 });
    await syncNow(page);
    await page.locator('[data-testid="status-bar"][data-online="false"]').waitFor({ timeout: 30_000 });
    const bar = await page.getByTestId('status-bar').textContent();
    expect(bar).toContain('internet giriş sayfası');
    expect(bar).toContain('otelin internetine giriş yapın');

    // A confirmation made meanwhile is queued, not sent and not failed for good.
    await page.getByTestId('chip-W').click();
    const first = page.locator('.inbox-row[data-index="0"] .row-body:not(.placeholder)');
    await first.waitFor();
    const keyField = (await first.getAttribute('data-key')) ?? '';
    await first.click();
    await page.keyboard.press('c');
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    await page
      .getByTestId('queued')
      .filter({ hasText: 'Gönderilmeyi bekleyen 1 yanıt' })
      .waitFor({ timeout: 30_000 });
    expect((await desk.serviceState()).confirmations.some((c) => c.keyField === keyField)).toBe(false);

    // Signed in: the next cycle is connected and the answer goes out.
    await faults(desk, 'DELETE');
    await syncNow(page);
    await page.locator('[data-testid="status-bar"][data-online="true"]').waitFor({ timeout: 30_000 });
    await page
      .getByTestId('queued')
      .filter({ hasText: 'Gönderilmeyi bekleyen 0 yanıt' })
      .waitFor({ timeout: 30_000 });
    expect((await desk.serviceState()).confirmations.find((c) => c.keyField === keyField)).toMatchObject({
      confirmationStatus: 'E',
    });
    expect(errors).toEqual([]);
  });
});
