// The Allotments screen end to end in Chromium against the real core and practice service, at 1366×768 scaled
// 125 %: a contract typed in (its refusal when it shares nights with another said under the form), the calendar
// counting the night, Page Down moving it two weeks, the reservation's check naming the full allotment, the
// calendar printed alone, and the screen in English.
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

describe('the Allotments screen (real core, practice service, Chromium, 125 %)', () => {
  it('a contract typed in, the calendar and the check counting it, a refusal said, printed alone, in English too', async () => {
    desk = await startRealDesk({ rendererDir, scale: 1.25 });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const today = hotelToday(new Date());
    const checkIn = addDays(today, 3);
    const [key = ''] = await desk.control('arrive', { checkIn, leadGuest: 'KONTENJAN AYŞE' });
    await syncNow(page);
    await rowOf(page, key).waitFor();
    const r = (await desk.core.handlers.getReservation({ keyField: key })).reservation;
    await desk.core.handlers.addHotelCode({ kind: 'roomType', code: 'DZ', name: 'Deniz manzaralı' });
    await desk.core.handlers.setMapping({
      agencyId: r.agencyId,
      kind: 'roomType',
      channelCode: r.roomTypeId,
      hotelCode: 'DZ',
    });

    await page.locator('[data-view="allotments"]').click();
    const screen = page.getByTestId('allotment-screen');
    await screen.getByTestId('allotment-none').waitFor();
    const form = screen.getByTestId('contract-form');
    await form.getByLabel('Tur operatörü').selectOption(r.agencyId);
    await form.getByLabel('Oda tipi').selectOption('DZ');
    await form.getByLabel('İlk gece', { exact: true }).fill(turkish(today));
    await form.getByLabel('İlk gece', { exact: true }).press('Enter');
    await form.getByLabel('Son gece', { exact: true }).fill(turkish(addDays(today, 30)));
    await form.getByLabel('Son gece', { exact: true }).press('Enter');
    // No room left to the operator: the arriving booking would take it over its allotment.
    await form.getByLabel('Gecede oda').fill('0');
    await form.getByLabel('Release (girişten kaç gün önce)').fill('0');
    await form.getByRole('button', { name: 'Sözleşme ekle' }).click();
    const listed = screen.locator('.contract-list tr[data-id]');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain('DZ');

    // The calendar: the operator's row, a cell per night, the check-in night full (0 of 0) with the booking asked.
    const row = screen.locator(`.allotment-calendar tr[data-room-type="DZ"]`);
    await row.waitFor();
    const night = row.locator(`td[data-night="${checkIn}"]`);
    expect(await night.getAttribute('data-state')).toBe('full');
    expect(await night.locator('.use').textContent()).toBe('0/0');
    expect(await night.locator('.asked').textContent()).toBe('+1');
    expect(await night.getAttribute('title')).toContain(
      `${turkish(checkIn)}: 0 odanın 0 tanesi dolu, 1 bekleyen`,
    );
    // Two weeks fit beside the operator column at 125 %: nothing scrolls sideways.
    const scroll = screen.locator('.allotment-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // The same nights again are refused, in words, under the form; nothing is added.
    await form.getByLabel('Tur operatörü').selectOption(r.agencyId);
    await form.getByLabel('İlk gece', { exact: true }).fill(turkish(addDays(today, 10)));
    await form.getByLabel('İlk gece', { exact: true }).press('Enter');
    await form.getByLabel('Son gece', { exact: true }).fill(turkish(addDays(today, 40)));
    await form.getByLabel('Son gece', { exact: true }).press('Enter');
    await form.getByLabel('Gecede oda').fill('3');
    await form.getByRole('button', { name: 'Sözleşme ekle' }).click();
    const refused = form.getByTestId('contract-problems');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Bu tur operatörünün bu oda tipinde');
    expect(await listed.count()).toBe(1);

    // Page Down: the next two weeks; Page Up: back.
    const firstNight = screen.locator('.allotment-calendar thead th.allotment-night').first();
    const before = await firstNight.getAttribute('title');
    await scroll.focus();
    await page.keyboard.press('PageDown');
    const shownFirst = (before ?? '').split('.').reverse().join('-');
    await expect.poll(() => firstNight.getAttribute('title')).toBe(turkish(addDays(shownFirst, 14)));
    await page.keyboard.press('PageUp');
    await expect.poll(() => firstNight.getAttribute('title')).toBe(before);

    // The reservation's check names the full allotment.
    await page.locator('[data-view="inbox"]').click();
    await rowOf(page, key).click();
    const check = page.getByTestId('checks').locator('li[data-check="allotment"]');
    await check.waitFor();
    expect(await check.locator('.check-text').textContent()).toContain('Tur operatörünün DZ kontenjanı');
    expect(await check.getAttribute('data-severity')).toBe('problem');

    // Printed: the calendar alone, without the desk's bars and the contracts form.
    await page.locator('[data-view="allotments"]').click();
    await row.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.top-bar').isVisible()).toBe(false);
    expect(await screen.getByTestId('contracts').isVisible()).toBe(false);
    expect(await screen.locator('.allotment-calendar').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // In English.
    await desk.core.handlers.setLanguage({ language: 'en' });
    await page.reload();
    await page.locator('[data-view="allotments"]').click();
    await screen.locator('h1', { hasText: 'Allotments' }).waitFor();
    await screen.locator('h2', { hasText: 'Contracts' }).waitFor();
    const englishNight = screen.locator(
      `.allotment-calendar tr[data-room-type="DZ"] td[data-night="${checkIn}"]`,
    );
    expect(await englishNight.getAttribute('title')).toContain('0 of 0 rooms used, 1 waiting');
    expect(await screen.getByRole('button', { name: 'Add contract' }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 120_000);
});
