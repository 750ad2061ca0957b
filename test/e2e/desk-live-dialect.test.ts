// The live service's own ways, end to end in Chromium against the real core and a practice service speaking
// the original dialect (paximumId, Sejour…): the setup screen's connection test tells the report in plain
// words and takes over the recommended format; a reservation the desk could not read is announced in the
// status bar; S / G reservations and an unknown PmsStatus are shown as what they are.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService } from '../../main/sandbox';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { rowOf, syncNow } from './e2e-helpers';
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

describe('the live service dialect (real core, original-dialect practice service, Chromium)', () => {
  it('connection test: one line per operation, the original names, JSON works, the format taken over', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page, errors } = desk.browser;
    const service = await startPracticeService({
      port: 0,
      seed: 5,
      reservations: 20,
      fileReadyAfterMs: 50,
      dialect: 'original',
    });
    // A reservation in the check's window with a status letter the spec does not give.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const arrived = await fetch(`${service.url}/_sandbox/arrive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, checkIn: inTwoDays, confirmationStatus: 'S' }),
    });
    expect(arrived.ok).toBe(true);
    try {
      await page.locator('.language-switch button[lang="en"]').click();
      // A real service is spoken to in XML unless a test proved JSON works.
      expect(await page.locator('input[name="format"][value="xml"]').isChecked()).toBe(true);
      await page.locator('input[name="serviceUrl"]').fill(service.url);
      await page.locator('input[name="user"]').fill(PRACTICE_LOGIN.user);
      await page.locator('input[name="password"]').fill(PRACTICE_LOGIN.password);
      await page.locator('input[name="partnerId"]').fill(String(PRACTICE_LOGIN.partnerId));
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.locator('[data-testid="connection-result"].ok-note').waitFor({ timeout: 30_000 });

      const steps = page.getByTestId('connection-steps');
      const line = (operation: string) => steps.locator(`li[data-operation="${operation}"]`);
      for (const [operation, words] of [
        ['login', /^✓\s*Sign in — works$/],
        ['agencies', /^✓\s*Agencies — \d+ received$/],
        ['reasons-tr', /^✓\s*Decline reasons \(Turkish\) — \d+ received$/],
        ['reasons-en', /^✓\s*Decline reasons \(English\) — \d+ received$/],
        ['stay-codes', /^✓\s*Room, board and nationality codes — \d+ received$/],
        ['json', /^✓\s*JSON format — works$/],
      ] as const) {
        expect(await line(operation).getAttribute('data-ok')).toBe('true');
        expect((await line(operation).textContent())?.trim()).toMatch(words);
      }
      // The reservations come inline or as a file; either way one line says it worked.
      expect(
        await steps.locator('li[data-operation^="reservation"][data-ok="true"]').count(),
      ).toBeGreaterThan(0);
      expect(await steps.locator('li[data-ok="false"]').count()).toBe(0);
      // Stay codes are asked per agency, but told in one line.
      expect(await line('stay-codes').count()).toBe(1);

      expect(await page.getByTestId('connection-dialect').textContent()).toBe(
        "This service uses the live service's original names (paximumId, Sejour…). Resdesk speaks them.",
      );
      expect(await page.getByTestId('connection-json').textContent()).toBe(
        'JSON works with this service too.',
      );
      // JSON proved to work: the form now has it, and says so.
      expect(await page.getByTestId('connection-format').textContent()).toContain(
        'The data format is now JSON',
      );
      expect(await page.locator('input[name="format"][value="json"]').isChecked()).toBe(true);

      // The technical detail is folded away for whoever helps the hotel.
      const details = page.getByTestId('connection-details');
      expect(await details.evaluate((d) => d.hasAttribute('open'))).toBe(false);
      await details.locator('summary').click();
      await details.locator('table').waitFor();
      expect(await details.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
      expect(await details.textContent()).toContain('200');
      expect(await details.locator('summary').textContent()).toMatch(
        /\(\d+ unexpected fields? or values?\)$/,
      );
      expect(await details.locator('code.unexpected').allTextContents()).toContain('ConfirmationStatus=S');

      // The report follows the UI language.
      await page.locator('.language-switch button[lang="tr"]').click();
      expect(await page.getByTestId('connection-dialect').textContent()).toContain(
        'canlı servisin özgün adlarını kullanıyor (paximumId, Sejour…)',
      );
      expect(await line('login').textContent()).toContain('Oturum açma — çalışıyor');

      // Saved (in the recommended JSON) and the desk works; Settings names the service's names.
      await page.getByRole('button', { name: 'Kaydet ve başla' }).click();
      await page
        .getByTestId('inbox-total')
        .filter({ hasText: '21 rezervasyon' })
        .waitFor({ timeout: 30_000 });
      await page
        .getByRole('navigation', { name: 'Ekranlar' })
        .getByRole('button', { name: 'Ayarlar' })
        .click();
      await page.locator('[data-testid="setup-dialect"][data-dialect="original"]').waitFor();
      expect(await page.getByTestId('setup-dialect').textContent()).toBe(
        'Servisin kullandığı adlar: canlı servisin özgün adları (paximumId, Sejour…)',
      );
      expect(await page.locator('input[name="format"][value="json"]').isChecked()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('an unreadable reservation is announced in the status bar and never acknowledged', async () => {
    desk = await startRealDesk({ rendererDir, service: { dialect: 'original' }, format: 'xml' });
    const { page, errors } = desk.browser;
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByTestId('inbox-total').filter({ hasText: '40 reservations' }).waitFor();
    expect(await page.getByTestId('unreadable').count()).toBe(0);

    const arrived = await desk.control('arrive', { count: 2 });
    await desk.oddity({ kind: 'unreadable' });
    await syncNow(page);
    const warning = page.getByTestId('unreadable');
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toBe(
      '⚠ 1 reservation from the service could not be read. It is kept aside and not confirmed as received; ' +
        'the service will send it again. Tell whoever helps you with the connection.',
    );
    // The readable one is in the inbox; the unreadable one was not acknowledged.
    await page.getByTestId('inbox-total').filter({ hasText: '41 reservations' }).waitFor({ timeout: 30_000 });
    const state = await desk.serviceState();
    const [unreadable] = state.oddities.delivered;
    expect(unreadable?.kind).toBe('unreadable');
    expect(arrived).toContain(unreadable?.keyField);
    expect(state.acknowledged.map((a) => a.logId)).not.toContain(unreadable?.logId);

    await page.locator('.language-switch button[lang="tr"]').click();
    expect(await warning.textContent()).toContain('Servisten gelen 1 rezervasyon okunamadı.');

    // As the warning says, the service sends it again; read cleanly this time, the warning goes.
    await syncNow(page);
    await page.getByTestId('inbox-total').filter({ hasText: '42 rezervasyon' }).waitFor({ timeout: 30_000 });
    await warning.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('S and G reservations show their status; an unknown PmsStatus is said plainly', async () => {
    desk = await startRealDesk({ rendererDir, service: { dialect: 'original' }, format: 'xml' });
    const { page, errors } = desk.browser;
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByTestId('inbox-total').filter({ hasText: '40 reservations' }).waitFor();

    const [sent] = await desk.control('arrive', { count: 1, confirmationStatus: 'S' });
    const [notSent] = await desk.control('arrive', { count: 1, confirmationStatus: 'G' });
    const [odd] = await desk.control('arrive', { count: 1, pmsStatus: 5 });
    if (!sent || !notSent || !odd) throw new Error('the practice service did not make the reservations');
    await syncNow(page);
    await page.getByTestId('inbox-total').filter({ hasText: '43 reservations' }).waitFor({ timeout: 30_000 });

    const sentBadge = rowOf(page, sent).locator('[data-status="S"]');
    await sentBadge.waitFor();
    expect(await sentBadge.textContent()).toContain('Sent (S)');
    const notSentBadge = rowOf(page, notSent).locator('[data-status="G"]');
    await notSentBadge.waitFor();
    expect(await notSentBadge.textContent()).toContain('Not sent (G)');

    // Their own chip picks out every status but W, E and H, and nothing else.
    const chip = page.getByTestId('chip-other');
    await chip.waitFor();
    expect(await chip.getAttribute('title')).toContain('S (sent), G (not sent)');
    await chip.click();
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: /^2 reservations/ })
      .waitFor({ timeout: 10_000 });
    await rowOf(page, sent).waitFor();
    await rowOf(page, notSent).waitFor();
    const shown = await page
      .locator('.row-body [data-status]')
      .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
    expect(shown.sort()).toEqual(['G', 'S']);
    // The export's "inbox filter" scope starts from this filter: the chip shows there and lifts there.
    await page.locator('[data-view="pmsEntry"]').click();
    await page.locator('input[name="export-scope"][value="filter"]').check();
    const carried = page.getByTestId('export-chip-other');
    await carried.waitFor();
    expect(await carried.getAttribute('aria-pressed')).toBe('true');
    await carried.click();
    await carried.waitFor({ state: 'detached' });
    await page.locator('[data-view="inbox"]').click();
    await chip.click();
    await page.getByTestId('inbox-total').filter({ hasText: '43 reservations' }).waitFor();

    await rowOf(page, sent).click();
    const panel = page.getByTestId('reservation');
    await panel.locator('[data-status="S"]').waitFor();
    await panel.getByText('The service marks this reservation “Sent (S)”', { exact: false }).waitFor();
    expect(await panel.getByRole('button', { name: /Confirm/ }).count()).toBe(0);

    await rowOf(page, odd).click();
    await page.locator(`[data-testid="reservation"][data-key=${JSON.stringify(odd)}]`).waitFor();
    expect(await page.getByTestId('unknown-pms-status').textContent()).toBe(
      'The service sent PmsStatus 5, which Resdesk does not know; it is shown as “New”.',
    );
    expect(errors).toEqual([]);
  });
});
