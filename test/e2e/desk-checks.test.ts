// Pre-confirm checks end to end in Chromium against the real core and practice service: the
// markers in the inbox row (icons named in words, a honeymoon highlighted, the check-in-passed flag from the
// checks), the "Before you confirm" section beside the answer buttons, which stay usable, and a stop-sale
// added on the Settings screen that the detail then names.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { hotelToday } from '../../main/sandbox/calendar';
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

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const turkish = (date: string): string => date.split('-').reverse().join('.');

describe('pre-confirm checks (real core, practice service, Chromium)', () => {
  it('markers in the row, the checks in the detail, a stop-sale from Settings; Confirm stays usable', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const [late = ''] = await desk.control('arrive', {
      checkIn: addDays(hotelToday(new Date()), -3),
      leadGuest: 'DEMİR ZEYNEP',
      note: 'Honeymoon couple',
    });
    await syncNow(page);
    const row = rowOf(page, late);
    await row.waitFor();

    // The row: the check-in-passed flag (the checks' past-check-in) and a honeymoon highlight; unmapped codes
    // are no row marker; every marker named in words.
    expect(await row.getByTestId('overdue').textContent()).toContain('Giriş günü geçti');
    const markers = row.getByTestId('check-markers');
    expect(await markers.locator('[data-check="unmapped"]').count()).toBe(0);
    expect(await markers.locator('[data-check="honeymoon"]').getAttribute('class')).toContain(
      'check-highlight',
    );
    expect(await markers.locator('[data-check="past-check-in"]').count()).toBe(0);
    expect(await markers.locator('.sr-only').textContent()).toBe('Bakılacaklar: Balayı');

    // The detail: "Before you confirm", problems first, then the note; Confirm is not blocked by any of it.
    await row.click();
    const checks = page.getByTestId('checks');
    await checks.waitFor();
    expect(await checks.locator('h3').textContent()).toBe('Onaylamadan önce');
    const kinds = await checks
      .locator('li[data-check]')
      .evaluateAll((li) => li.map((e) => e.getAttribute('data-check')));
    expect(kinds[0]).toBe('past-check-in');
    // Notes after problems; the unmapped codes are the last line, one note for all of them.
    expect(kinds.slice(-2)).toEqual(['honeymoon', 'unmapped']);
    expect(await checks.locator('li[data-check="past-check-in"]').textContent()).toMatch(/gün geçti|dündü/);
    expect(await checks.locator('li[data-check="honeymoon"]').textContent()).toContain(
      'Balayı: acentenin notunda yazıyor.',
    );
    expect(await checks.locator('li[data-check="unmapped"]').getAttribute('data-severity')).toBe('note');
    await checks.locator('li[data-check="unmapped"]').getByTestId('map-code').first().waitFor();
    expect(await page.locator('.decision-panel button.confirm').first().isEnabled()).toBe(true);

    // The hotel maps the room type to its own code and closes it on the check-in day from Settings.
    const detail = await desk.core.handlers.getReservation({ keyField: late });
    const r = detail.reservation;
    // A mapping names one of the hotel's codes: STD goes into the hotel's list first.
    await desk.core.handlers.addHotelCode({ kind: 'roomType', code: 'STD', name: '' });
    await desk.core.handlers.setMapping({
      agencyId: r.agencyId,
      kind: 'roomType',
      channelCode: r.roomTypeId,
      hotelCode: 'STD',
    });
    await page.locator('[data-view="settings"]').click();
    const card = page.getByTestId('checks-settings');
    await card.getByText('Stop sale yok.').waitFor();
    await card.getByLabel('Otel kodu').selectOption('STD');
    const from = card.getByLabel('İlk kapalı gün', { exact: true });
    await from.fill(turkish(r.checkIn));
    // Enter keeps the typed date and does not send the form before the note is written.
    await from.press('Enter');
    await card.getByLabel('Not (isteğe bağlı)').fill('Tadilat');
    await card.getByRole('button', { name: 'Stop sale gir' }).click();
    await card.locator('.stop-sales tr[data-id]').filter({ hasText: 'Tadilat' }).waitFor();

    await page.locator('[data-view="inbox"]').click();
    await rowOf(page, late).click();
    const stop = page.getByTestId('checks').locator('li[data-check="stop-sale"]');
    await stop.waitFor();
    expect(await stop.locator('.check-text').textContent()).toBe(
      `Stop sale: STD, ${turkish(r.checkIn)} tarihinde satışa kapalı.`,
    );
    expect(
      await rowOf(page, late).getByTestId('check-markers').locator('[data-check="stop-sale"]').count(),
    ).toBe(1);

    // The operator selling the room type is told: its notice in English, opened as a page and marked sent today;
    // its confirmation ticked by hand stays ticked.
    await page.locator('[data-view="settings"]').click();
    const operator = card.locator(`.stop-sale-notices li[data-agency="${r.agencyId}"]`);
    await operator.waitFor();
    expect(await operator.getByTestId('notice-sent').textContent()).toBe('Henüz gönderilmedi');
    await operator.getByRole('button', { name: /İngilizce/ }).click();
    await expect.poll(() => desk?.opened.length).toBe(1);
    const notice = readFileSync(desk.opened[0] ?? '', 'utf8');
    expect(notice).toContain('<h1>Stop sale notice</h1>');
    expect(notice).toContain(`${r.roomTypeId} (STD)`);
    expect(notice).toMatch(/<td data-nights>\d{1,2} [A-Z][a-z]{2} \d{4}<\/td>/);
    await expect.poll(() => operator.getByTestId('notice-sent').textContent()).toMatch(/^Gönderildi: /);
    // In Turkish too, and as it prints: the page alone in the browser, the closed nights in the hotel's writing.
    await operator.getByRole('button', { name: /Türkçe/ }).click();
    await expect.poll(() => desk?.opened.length).toBe(2);
    const printed = await page.context().newPage();
    try {
      await printed.goto(pathToFileURL(desk.opened[1] ?? '').href);
      await printed.emulateMedia({ media: 'print' });
      expect(await printed.locator('h1').textContent()).toBe('Stop sale bildirimi');
      expect(await printed.locator('h1').isVisible()).toBe(true);
      expect(await printed.locator('td[data-nights]').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}/);
    } finally {
      await printed.close();
    }
    // A controlled box: it shows the tick once the desk has saved it, so it is clicked, then read.
    await operator.getByLabel('Tur operatörü onayladı').click();
    await card.getByText('Kaydedildi: tur operatörü onayladı.').waitFor();
    await page.reload();
    await page.locator('[data-view="settings"]').click();
    await expect.poll(() => operator.getByLabel('Tur operatörü onayladı').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});
