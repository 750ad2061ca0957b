// End to end against the real core and practice service: the keyboard cursor
// stays on its reservation when arrivals shift the list; what changed since the last answer sits beside
// the decision; a cancellation offers no answer; Today / Tomorrow views and the "check-in passed" flag;
// date fields in the desk's language on an English browser; a setup that cannot work is refused before it
// is saved, and one that never worked is said at the top of the inbox; no "Practice" name after practice;
// a cancellation leaves the Waiting count; Received today; a 2-room row; the printable list's status and room.
import { pathToFileURL } from 'node:url';
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

/** The hotel's calendar day (Turkey), moved by `days`: what the practice service and the page call today. */
function hotelDay(days = 0): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

describe('reception safety (real core, practice service, Chromium)', () => {
  it('the cursor stays on its reservation when arrivals shift the list; C opens that guest; focus comes back', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const list = page.getByTestId('inbox-list');
    expect(await list.getAttribute('role')).toBe('grid');
    await list.focus();
    // Before the receptionist moves it, the cursor rides on the top row: arrivals keep a fresh inbox at its top.
    const early = await desk.control('arrive', { count: 2 });
    await desk.core.handlers.syncNow({});
    await page.getByTestId('inbox-total').filter({ hasText: '42 rezervasyon' }).waitFor();
    await rowOf(page, early[0] ?? '').waitFor();
    await expect
      .poll(() => page.locator('.row-body[aria-selected="true"]').getAttribute('aria-rowindex'))
      .toBe('1');
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    const cursorRow = page.locator('.row-body[aria-selected="true"]');
    await expect.poll(() => cursorRow.getAttribute('aria-rowindex')).toBe('5');
    const keyField = (await cursorRow.getAttribute('data-key')) ?? '';
    expect(keyField).not.toBe('');
    expect(await list.getAttribute('data-cursor-key')).toBe(keyField);

    // Three reservations arrive at the service; the desk syncs in the background (focus stays in the list).
    const arrived = await desk.control('arrive', { count: 3 });
    await desk.core.handlers.syncNow({});
    await page.getByTestId('inbox-total').filter({ hasText: '45 rezervasyon' }).waitFor();
    await rowOf(page, arrived[0] ?? '').waitFor();
    // The newest arrivals come first: the cursor's guest is now three rows further down, and still the cursor.
    await expect.poll(() => rowOf(page, keyField).getAttribute('aria-rowindex')).toBe('8');
    expect(await rowOf(page, keyField).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.row-body[aria-selected="true"]').count()).toBe(1);

    await page.keyboard.press('c');
    const form = page.getByTestId('confirm-form');
    await form.waitFor();
    expect(await form.getAttribute('data-key')).toBe(keyField);
    expect(await page.getByTestId('reservation').getAttribute('data-key')).toBe(keyField);
    await page.keyboard.type('Erken giriş');
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="decision-state"]').waitFor();
    // The answer went; the keyboard is back in the list, on the same reservation.
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid') ?? ''"))
      .toBe('inbox-list');
    expect(await list.getAttribute('data-cursor-key')).toBe(keyField);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rowOf(page, keyField).getAttribute('aria-selected')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('a change after the answer is summed up beside Confirm, note kept; a cancellation has no answer buttons', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const [changed = '', cancelled = ''] = await desk.control('arrive', { count: 2, checkIn: '2027-07-10' });
    await syncNow(page);
    await rowOf(page, changed).click();
    await page.locator('.decision-panel button.confirm').click();
    await page.locator('#confirm-note').fill('Deniz manzarası');
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    await page.locator('[data-testid="decision-state"][data-state="sent"]').waitFor({ timeout: 30_000 });
    // Nothing changed since the answer yet: no summary.
    expect(await page.getByTestId('change-summary').count()).toBe(0);

    await desk.control('change', { keyField: changed, checkOut: '2027-07-20' });
    await desk.control('cancel', { keyField: cancelled });
    await syncNow(page);
    await rowOf(page, changed).locator('[data-kind="changed"]').waitFor();
    await rowOf(page, changed).click();
    const panel = page.getByTestId('decision-panel');
    const summary = panel.getByTestId('change-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('data-basis')).toBe('answer');
    expect(await summary.locator('h3').textContent()).toContain('Yanıtınızdan');
    expect(await summary.locator('.change', { hasText: 'Çıkış' }).locator('.after').textContent()).toBe(
      '20.07',
    );
    // The summary is in the decision panel, right before the buttons that answer again.
    const order = await panel.evaluate((el) =>
      [...el.querySelectorAll('[data-testid="change-summary"], button.confirm')].map((n) =>
        n.getAttribute('data-testid') === 'change-summary' ? 'summary' : 'confirm',
      ),
    );
    expect(order).toEqual(['summary', 'confirm']);
    await panel.locator('button.confirm').click();
    expect(await page.locator('#confirm-note').inputValue()).toBe('Deniz manzarası');

    await rowOf(page, cancelled).locator('[data-kind="cancelled"]').waitFor();
    // Cancelled, not "waiting", in the row: a cancellation to take in.
    expect(await rowOf(page, cancelled).locator('[data-status="W"]').count()).toBe(0);
    expect(await rowOf(page, cancelled).getByTestId('take-in-state').getAttribute('data-state')).toBe(
      'to-take-in',
    );
    await rowOf(page, cancelled).click();
    await page.getByTestId('no-answer').waitFor();
    expect(await page.getByTestId('no-answer').textContent()).toContain('İptal reddedilemez');
    // One way forward, never Confirm or Decline.
    expect(await page.locator('.decision-panel button.confirm, .decision-panel button.decline').count()).toBe(
      0,
    );
    expect(await page.getByTestId('take-in').count()).toBe(1);
    // C and D on a cancellation open no form.
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('c');
    await page.keyboard.press('d');
    expect(await page.getByTestId('confirm-form').count()).toBe(0);
    expect(await page.getByTestId('decline-form').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('Bugün / Yarın show that day’s arrivals in one click; a reservation still waiting after check-in is flagged', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    const today = hotelDay(0);
    const tomorrow = hotelDay(1);
    const [late = ''] = await desk.control('arrive', { checkIn: hotelDay(-2), leadGuest: 'GEC KALAN' });
    const todays = await desk.control('arrive', { count: 2, checkIn: today });
    const tomorrows = await desk.control('arrive', { count: 1, checkIn: tomorrow });
    await syncNow(page);
    await rowOf(page, late).waitFor();

    const expected = async (day: string) =>
      (await desk?.core.handlers.listReservations({
        filter: { checkInFrom: day, checkInTo: day },
        sort: 'arrival',
        direction: 'desc',
        offset: 0,
        limit: 500,
      })) ?? { rows: [], total: 0 };

    await page.getByRole('button', { name: 'Bugün', exact: true }).click();
    const wantToday = await expected(today);
    expect(wantToday.total).toBeGreaterThanOrEqual(2);
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: `${wantToday.total} rezervasyon` })
      .waitFor();
    for (const key of todays) await rowOf(page, key).waitFor();
    expect(await page.getByTestId('view-today').getAttribute('aria-pressed')).toBe('true');
    expect(await rowOf(page, late).count()).toBe(0);

    await page.getByRole('button', { name: 'Yarın', exact: true }).click();
    const wantTomorrow = await expected(tomorrow);
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: `${wantTomorrow.total} rezervasyon` })
      .waitFor();
    for (const key of tomorrows) await rowOf(page, key).waitFor();
    expect(await rowOf(page, todays[0] ?? '').count()).toBe(0);
    // A second click lifts the view.
    await page.getByRole('button', { name: 'Yarın', exact: true }).click();
    await page.getByTestId('inbox-total').filter({ hasText: '44 rezervasyon' }).waitFor();

    // The late one is flagged in words and an icon; today's are not.
    const flag = rowOf(page, late).getByTestId('overdue');
    await flag.waitFor();
    expect(await flag.textContent()).toContain('Giriş günü geçti');
    expect(
      await rowOf(page, todays[0] ?? '')
        .getByTestId('overdue')
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a cancelled reservation leaves the Waiting count; Received today; "2 oda" on a 2-room row; the printable arrivals list has status and room', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    const chipW = page.locator('[data-testid="chip-W"] .count');
    const waitingShown = async () => Number(await chipW.textContent());
    const before = await waitingShown();
    expect(before).toBe((await desk.core.handlers.inboxCounts({ filter: {} })).waiting);

    const today = hotelDay(0);
    const [twoRooms = ''] = await desk.control('arrive', { checkIn: today, roomCount: 2 });
    const [soonCancelled = ''] = await desk.control('arrive', { checkIn: today });
    await syncNow(page);
    await rowOf(page, soonCancelled).waitFor();
    await expect.poll(waitingShown).toBe(before + 2);
    // A 2-room booking says so in its row; a 1-room one says nothing.
    expect(await rowOf(page, twoRooms).getByTestId('room-count').textContent()).toBe('2 oda');
    expect(await rowOf(page, soonCancelled).getByTestId('room-count').count()).toBe(0);

    // Cancelled while waiting: still in the Waiting count and list, as a cancellation to take in (the
    // service keeps it waiting until the hotel answers it); taken in, it leaves both.
    await desk.control('cancel', { keyField: soonCancelled });
    await syncNow(page);
    await rowOf(page, soonCancelled).locator('[data-kind="cancelled"]').waitFor();
    await expect.poll(waitingShown).toBe(before + 2);
    await page.getByTestId('chip-W').click();
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: `${before + 2} rezervasyon` })
      .waitFor();
    await rowOf(page, soonCancelled).waitFor();
    await rowOf(page, soonCancelled).click();
    await page.getByTestId('take-in').click();
    await page.locator('[data-testid="no-answer"][data-state="taken-in"]').waitFor({ timeout: 30_000 });
    await expect.poll(waitingShown).toBe(before + 1);
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: `${before + 1} rezervasyon` })
      .waitFor();
    expect(await rowOf(page, soonCancelled).count()).toBe(0);
    await rowOf(page, twoRooms).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('chip-W').click();

    // Received today: what reached the desk since this computer's midnight, whatever the check-in day.
    // The midnights are the page's (the browser runs on the hotel's clock, Europe/Istanbul), not this
    // test process's: in UTC they differ from 21:00 to 24:00, when the hotel's day is already tomorrow.
    const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
    const midnight = (day: number): Promise<string> =>
      page.evaluate(([yy, mm, dd]) => new Date(yy, mm - 1, dd).toISOString(), [y, m, day] as const);
    const receivedToday = { receivedFrom: await midnight(d), receivedTo: await midnight(d + 1) };
    const [later = ''] = await desk.control('arrive', { checkIn: hotelDay(40) });
    await syncNow(page);
    await rowOf(page, later).waitFor();
    const received = await desk.core.handlers.inboxCounts({ filter: receivedToday });
    expect(received.total).toBe(43);
    await page.getByTestId('view-received-today').click();
    expect(await page.getByTestId('view-received-today').getAttribute('aria-pressed')).toBe('true');
    await page
      .getByTestId('inbox-total')
      .filter({ hasText: `${received.total} rezervasyon` })
      .waitFor();
    await rowOf(page, later).waitFor();
    // Nothing is received tomorrow: the same filter a day on is empty, so the view is not "everything".
    const tomorrow = {
      receivedFrom: receivedToday.receivedTo,
      receivedTo: await midnight(d + 2),
    };
    expect((await desk.core.handlers.inboxCounts({ filter: tomorrow })).total).toBe(0);
    await page.getByTestId('view-received-today').click();
    expect(await page.getByTestId('view-received-today').getAttribute('aria-pressed')).toBe('false');

    // The PMS list offers no unconfirmed reservation; it says how many wait outside it.
    const toEnter = await desk.core.handlers.listToEnter({ offset: 0, limit: 1 });
    expect(toEnter.counts.waiting).toBeGreaterThan(0);
    await page.locator('[data-view="pmsEntry"]').click();
    const waiting = page.getByTestId('pms-waiting');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(
      `yanıtınızı bekleyen ${toEnter.counts.waiting.toLocaleString('tr')} rezervasyon`,
    );
    expect(errors).toEqual([]);

    // The printable arrivals list carries each reservation's status and room beside the room count.
    const voucher = (await desk.core.handlers.getReservation({ keyField: twoRooms })).reservation.voucherNo;
    const exported = await desk.core.handlers.exportCsv({ kind: 'arrivals', date: today });
    await page.goto(pathToFileURL(exported.htmlPath ?? '').href);
    const heads = await page.locator('thead th').allTextContents();
    for (const head of ['Durum', 'Oda kodu', 'Oda sayısı']) expect(heads).toContain(head);
    const row = page.locator('tbody tr', { has: page.locator('td', { hasText: voucher }) }).first();
    const cells = await row.locator('td').allTextContents();
    expect(cells[heads.indexOf('Durum')]).toBe('Bekliyor');
    expect(cells[heads.indexOf('Oda sayısı')]).toBe('2');
    expect(cells[heads.indexOf('Oda kodu')]?.trim()).not.toBe('');
  });

  it('on an English browser the Turkish desk’s date fields show and take dd.MM.yyyy; in English yyyy-MM-dd', async () => {
    desk = await startRealDesk({ rendererDir, browserLocale: 'en-US' });
    const { page, errors } = desk.browser;
    expect(await page.evaluate('navigator.language')).toBe('en-US');
    await page.getByTestId('inbox-total').filter({ hasText: 'rezervasyon' }).waitFor();
    const from = page.getByLabel('İlk giriş günü', { exact: true });
    const to = page.getByLabel('Son giriş günü', { exact: true });
    // No native date field (mm/dd/yyyy on this browser) is on show.
    // (The picker's own input is 1 px and transparent: it only opens the calendar.)
    const nativeOnShow = `[...document.querySelectorAll('input[type="date"]')].filter((e) =>
      e.getBoundingClientRect().width > 1 && getComputedStyle(e).opacity !== '0').length`;
    expect(await page.evaluate(nativeOnShow)).toBe(0);
    expect(await page.locator('input[type="date"]').count()).toBe(2);

    await page.getByRole('button', { name: 'Bugün', exact: true }).click();
    const [y, m, d] = hotelDay(0).split('-');
    await expect.poll(() => from.inputValue()).toBe(`${d}.${m}.${y}`);
    expect(await to.inputValue()).toBe(`${d}.${m}.${y}`);
    expect(await from.getAttribute('placeholder')).toBe('gg.aa.yyyy');

    // Typed day-first: 05.08.2027 is the fifth of August, never the eighth of May.
    await page.getByRole('button', { name: 'Bugün', exact: true }).click();
    await from.fill('05.08.2027');
    await from.press('Enter');
    await to.fill('6.8.2027');
    await to.press('Tab');
    expect(await to.inputValue()).toBe('06.08.2027');
    const [arrived = ''] = await desk.control('arrive', { checkIn: '2027-08-05' });
    await desk.core.handlers.syncNow({});
    await rowOf(page, arrived).waitFor();
    expect(await rowOf(page, arrived).locator('.dates').textContent()).toContain('05.08.2027');

    // Not a date: said beside the field, the filter unchanged.
    await from.fill('31.02.2027');
    await from.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Bu bir tarih değil' }).waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');

    await page.locator('.language-switch button[lang="en"]').click();
    const enFrom = page.getByLabel('First check-in day', { exact: true });
    await expect.poll(() => enFrom.inputValue()).toBe('2027-08-05');
    expect(await page.getByLabel('Last check-in day', { exact: true }).inputValue()).toBe('2027-08-06');
    expect(errors).toEqual([]);
  });

  it('saving refuses details the check turns away, in its own sentence; a setup that never worked is said at the top', async () => {
    desk = await startRealDesk({ rendererDir, connected: false });
    const { page, errors } = desk.browser;
    const service = await startPracticeService({ port: 0, seed: 3, reservations: 5, fileReadyAfterMs: 50 });
    try {
      await page.getByRole('heading', { name: "Resdesk'e hoş geldiniz" }).waitFor();
      // Each field says where a hotel finds its value.
      expect(await page.locator('#hint-partnerId').textContent()).toContain('hoş geldiniz yazısında');
      expect(await page.locator('#hint-serviceUrl').textContent()).toContain('web panelinde');
      await page.locator('input[name="serviceUrl"]').fill(service.url);
      await page.locator('input[name="user"]').fill(PRACTICE_LOGIN.user);
      await page.locator('input[name="password"]').fill('not-the-password');
      await page.locator('input[name="partnerId"]').fill(String(PRACTICE_LOGIN.partnerId));
      await page.getByRole('button', { name: 'Kaydet ve başla' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Kaydedilmedi:' });
      await refused.waitFor({ timeout: 30_000 });
      const sentence = (await page.getByTestId('connection-result').textContent()) ?? '';
      expect(await refused.getAttribute('data-testid')).toBe('connection-result');
      // The reason is said once (not again in a note and on the login line), and the buttons stay in view.
      const reason = sentence.replace(/^⚠\s*Kaydedilmedi:\s*/, '').trim();
      expect(reason.length).toBeGreaterThan(10);
      const pageText = (await page.locator('form').first().textContent()) ?? '';
      expect(pageText.split(reason).length - 1).toBe(1);
      const save = await page.getByRole('button', { name: 'Kaydet ve başla' }).boundingBox();
      expect(save !== null && save.y + save.height <= (page.viewportSize()?.height ?? 0)).toBe(true);
      expect((await desk.core.handlers.getSetup({})).configured).toBe(false);

      // An address where nothing answers: refused too, and told apart from a wrong password.
      await page.locator('input[name="serviceUrl"]').fill('http://127.0.0.1:9');
      await page.locator('input[name="password"]').fill(PRACTICE_LOGIN.password);
      await page.getByRole('button', { name: 'Kaydet ve başla' }).click();
      await page.getByRole('alert').filter({ hasText: 'Kaydedilmedi:' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('connection-result').textContent()).not.toBe(sentence);
      expect((await desk.core.handlers.getSetup({})).configured).toBe(false);
    } finally {
      await service.close();
    }

    // Saved some other way (an older desk) with an address where nothing answers: the inbox says so at once.
    await desk.core.handlers.saveSetup({
      serviceUrl: 'http://127.0.0.1:9',
      format: 'xml',
      ...PRACTICE_LOGIN,
    });
    await desk.core.handlers.syncNow({}).catch(() => undefined);
    await page.reload();
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getAttribute('data-state')).toBe('never');
    expect(await banner.textContent()).toContain('hiç bağlanamadı');
    expect(await page.getByTestId('inbox-empty').textContent()).not.toContain('Henüz rezervasyon yok');
    await banner.getByRole('button', { name: "Ayarlar'ı aç" }).click();
    await page.getByRole('heading', { name: 'Ayarlar', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('after practice mode the desk asks for a name instead of answering as "Practice"', async () => {
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    await page.getByTestId('inbox-total').filter({ hasText: '40 rezervasyon' }).waitFor();
    await page.locator('[data-view="settings"]').click();
    await page.getByRole('button', { name: 'Alıştırma modunu başlat' }).click();
    await page.getByTestId('practice-banner').waitFor();
    expect(await page.getByTestId('desk-user-prompt').count()).toBe(0);
    expect((await desk.core.handlers.getSetup({})).deskUser).toBe('Alıştırma');
    await page.getByTestId('practice-banner').getByRole('button').click();
    await page.getByTestId('practice-banner').waitFor({ state: 'detached' });
    // Main took the practice name away: nothing real is signed "Practice", and the desk asks for a name.
    expect(await desk.core.handlers.getSetup({})).toMatchObject({ deskUser: '', askDeskUser: true });
    const prompt = page.getByTestId('desk-user-prompt');
    await prompt.waitFor();
    await prompt.getByRole('textbox').fill('Ayşe');
    await prompt.getByRole('button', { name: 'Kaydet' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await desk.core.handlers.getSetup({})).toMatchObject({ deskUser: 'Ayşe', askDeskUser: false });
    // A named desk keeps its name through practice.
    await page.getByRole('button', { name: 'Alıştırma modunu başlat' }).click();
    await page.getByTestId('practice-banner').waitFor();
    expect((await desk.core.handlers.getSetup({})).deskUser).toBe('Ayşe');
    await page.getByTestId('practice-banner').getByRole('button').click();
    await page.getByTestId('practice-banner').waitFor({ state: 'detached' });
    expect(await desk.core.handlers.getSetup({})).toMatchObject({ deskUser: 'Ayşe', askDeskUser: false });
    expect(await page.getByTestId('desk-user-prompt').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
