// The inbox end to end: arrivals, changes and cancellations made at the practice service show up after a
// sync; confirm and decline reach the service; the language switch sticks; the list stays virtualized.
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

describe('inbox (real core, practice service, Chromium)', () => {
  it('a new reservation arriving at the service appears, marked and counted as new', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const newBefore = Number(await page.locator('[data-testid="chip-new"] .count').textContent());
    const [keyField = ''] = await desk.control('arrive', { leadGuest: 'KAYA ELİF' });
    await syncNow(page);
    const row = rowOf(page, keyField);
    await row.waitFor();
    expect(await row.locator('.guest').textContent()).toBe('KAYA ELİF');
    expect(await row.locator('[data-kind]').getAttribute('data-kind')).toBe('new');
    expect(await row.getAttribute('class')).toContain('is-fresh');
    await page.getByTestId('inbox-total').filter({ hasText: '41 rezervasyon' }).waitFor();
    expect(Number(await page.locator('[data-testid="chip-new"] .count').textContent())).toBe(newBefore + 1);
    expect(errors).toEqual([]);
  });

  it('confirm with a note and decline with a reason reach the service; the voucher opens', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const [toConfirm = '', toDecline = ''] = await desk.control('arrive', { count: 2 });
    await syncNow(page);

    await rowOf(page, toConfirm).click();
    await page.keyboard.press('c');
    await page.locator('#confirm-note').fill('Deniz manzaralı oda ayrıldı');
    expect(await page.getByTestId('note-counter').textContent()).toBe('27 / 500');
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    await page.locator('[data-testid="decision-state"][data-state="sent"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: "Voucher'ı aç" }).click();
    await expect.poll(() => desk?.opened.length ?? 0).toBe(1);
    expect(desk.opened[0]).toMatch(/\.pdf$/i);

    await rowOf(page, toDecline).click();
    await page.locator('.decision-panel button.decline').click();
    const firstReason = page.locator('.reasons input[type="radio"]').first();
    const reasonId = await firstReason.getAttribute('value');
    const reasonName = (await page.locator('.reasons label.radio').first().textContent())?.trim();
    await firstReason.check();
    await page.getByRole('button', { name: 'Reddi gönder' }).click();
    await page.locator('[data-testid="decision-state"][data-state="sent"]').waitFor({ timeout: 30_000 });

    const state = await desk.serviceState();
    expect(state.confirmations.find((c) => c.keyField === toConfirm)).toMatchObject({
      confirmationStatus: 'E',
      confirmationNote: 'Deniz manzaralı oda ayrıldı',
    });
    expect(state.confirmations.find((c) => c.keyField === toDecline)).toMatchObject({
      confirmationStatus: 'H',
      notconfirmationNote: reasonId,
    });
    await page.locator('[data-view="activity"]').click();
    await page.locator('tr[data-action="confirm"]').first().waitFor();
    expect(await page.locator('tr[data-action="decline"]').count()).toBeGreaterThan(0);
    // The reason by its name, never its id.
    const detail = page.locator('tr[data-action="decline"] [data-testid="activity-detail"]').first();
    await detail.filter({ hasText: reasonName ?? '' }).waitFor();
    expect(await detail.textContent()).not.toBe(reasonId);
    expect(errors).toEqual([]);
  });

  it('a change shows its field-level diff; a cancellation is marked and explained', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const [changed = '', cancelled = ''] = await desk.control('arrive', { count: 2, checkIn: '2027-07-10' });
    await syncNow(page);
    await rowOf(page, cancelled).waitFor();
    await desk.control('change', { keyField: changed, checkOut: '2027-07-20' });
    await desk.control('cancel', { keyField: cancelled });
    await syncNow(page);

    await rowOf(page, changed).locator('[data-kind="changed"]').waitFor();
    await rowOf(page, changed).click();
    const diff = page.getByTestId('history').locator('.change', { hasText: 'Çıkış' });
    await diff.waitFor();
    expect(await diff.locator('.after').textContent()).toBe('20.07');

    await rowOf(page, cancelled).locator('[data-kind="cancelled"]').waitFor();
    await rowOf(page, cancelled).click();
    // Said once, by the party the glossary names: the agency.
    await page.locator('.cancel-note').waitFor();
    expect(await page.locator('.cancel-note').count()).toBe(1);
    expect(await page.locator('.cancel-note').textContent()).toContain('Acente bu rezervasyonu iptal etti');
    expect(errors).toEqual([]);
  });

  it('the language switch is instant and remembered after a reload', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: 'rezervasyon' }).waitFor();
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByTestId('inbox-total').filter({ hasText: '40 reservations' }).waitFor();
    await expect.poll(async () => (await desk?.core.handlers.getSetup({}))?.language).toBe('en');
    await page.reload();
    await page.getByTestId('inbox-total').filter({ hasText: '40 reservations' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
  });

  it('1 500 reservations (the large-result file flow): fewer than 100 row elements while scrolling', async () => {
    desk = await startRealDesk({ rendererDir, service: { reservations: 1500 } });
    const { page, errors } = desk.browser;
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: '1.500 rezervasyon' })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('.inbox-row').count()).toBeLessThan(100);
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('End');
    await page.locator('.inbox-row[data-index="1499"] .row-body:not(.placeholder)').waitFor();
    expect(await page.locator('.inbox-row').count()).toBeLessThan(100);
    expect(errors).toEqual([]);
  });
});
