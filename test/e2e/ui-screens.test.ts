// The screens in real Chromium against a small in-memory core (fake-desk.ts): the wiring of every screen to
// window.resdesk, the keyboard, the language switch and the virtualized list at 100 000 reservations.
// The same flows against the real core and practice service live in desk-*.test.ts.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchDesk, type DeskBrowser } from '../harness/chromium';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';
import { createFakeDesk, type FakeDesk } from './fake-desk';

let rendererDir = '';
let open: { host: BrowserHost; browser: DeskBrowser } | null = null;

beforeAll(async () => {
  rendererDir = await buildRenderer();
});

afterEach(async () => {
  await open?.browser.close();
  await open?.host.close();
  open = null;
});

async function start(desk: FakeDesk) {
  const host = await startBrowserHost({ core: desk.core, rendererDir });
  const browser = await launchDesk();
  open = { host, browser };
  await browser.page.goto(host.url);
  return browser;
}

const callsOf = (desk: FakeDesk, name: string) => desk.calls.filter((c) => c.name === name);

describe('reception screens (in-memory core)', () => {
  it('first run: setup in Turkish, practice mode marks the whole window', async () => {
    const desk = createFakeDesk({ reservations: 30 });
    const { page, errors } = await start(desk);
    await page.getByRole('heading', { name: "Resdesk'e hoş geldiniz" }).waitFor();
    await page.getByRole('button', { name: 'Bağlantıyı dene' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Servis adresini');
    await page.getByRole('button', { name: 'Alıştırma modunu başlat' }).click();
    await page.getByTestId('practice-banner').waitFor();
    expect(await page.getByTestId('practice-banner').textContent()).toContain('ALIŞTIRMA MODU');
    // The inbox loads after the banner shows: its total is waited for, not read at once.
    await expect.poll(() => page.getByTestId('inbox-total').textContent()).toMatch(/30 rezervasyon/);
    expect(errors).toEqual([]);
  });

  it('100 000 reservations: fewer than 100 row elements, pages fetched on demand', async () => {
    const desk = createFakeDesk({ reservations: 100_000, configured: true });
    const { page, errors } = await start(desk);
    await page.getByTestId('inbox-total').filter({ hasText: '100.000' }).waitFor();
    expect(await page.locator('.inbox-row').count()).toBeLessThan(100);
    // How the agency holds each room, in a word on the row: guaranteed, allotment, option.
    const held = (key: string) => page.locator(`[data-key="${key}"] .held`).textContent();
    expect([await held('K0'), await held('K1'), await held('K5')]).toEqual([
      'garantili',
      'kontenjan',
      'opsiyon',
    ]);
    await page.getByTestId('inbox-list').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await page.locator('.inbox-row[data-index="50000"] .row-body:not(.placeholder)').waitFor();
    expect(await page.locator('.inbox-row').count()).toBeLessThan(100);
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('End');
    await page.locator('.inbox-row[data-index="99999"] [data-key="K99999"]').waitFor();
    expect(await page.locator('.inbox-row').count()).toBeLessThan(100);
    expect(callsOf(desk, 'listReservations').length).toBeLessThan(12);
    expect(errors).toEqual([]);
  });

  it('keyboard: arrows and C open the confirm form; the note counter counts; the note is sent', async () => {
    const desk = createFakeDesk({ reservations: 50, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K0"]').waitFor();
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('c');
    const note = page.locator('#confirm-note');
    await note.waitFor();
    await page.keyboard.type('Deniz manzarası');
    expect(await page.getByTestId('note-counter').textContent()).toBe('15 / 500');
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    await page.locator('[data-testid="decision-state"][data-state="pending"]').waitFor();
    expect(callsOf(desk, 'confirm').map((c) => c.request)).toEqual([
      { keyField: 'K1', note: 'Deniz manzarası' },
    ]);
    expect(errors).toEqual([]);
  });

  it('a slow answer read before a confirm never replaces the screen read after it', async () => {
    // The second read of K0 (asked when something changed, before the confirm) comes back last, with the
    // reservation as it was then: still unanswered.
    const desk = createFakeDesk({
      reservations: 10,
      configured: true,
      detailDelayMs: (keyField, nth) => (keyField === 'K0' && nth === 2 ? 1500 : 0),
    });
    const { page, errors } = await start(desk);
    await page.locator('.inbox-row [data-key="K0"]').click();
    const panel = page.getByTestId('reservation');
    await panel.locator('h2', { hasText: 'YILMAZ' }).waitFor();
    const asked = (n: number) => () =>
      desk.calls.filter((c) => c.name === 'getReservation' && JSON.stringify(c.request).includes('"K0"'))
        .length >= n;
    desk.emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
    await expect.poll(asked(2), { timeout: 10_000 }).toBe(true);
    await panel.locator('h2').click();
    await page.keyboard.press('c');
    await page.locator('#confirm-note').waitFor();
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    await page.locator('[data-testid="decision-state"][data-state="pending"]').waitFor();
    const answered = () =>
      desk.answered.filter((a) => a.name === 'getReservation' && JSON.stringify(a.request).includes('"K0"'))
        .length >= 3;
    await expect.poll(answered, { timeout: 10_000 }).toBe(true);
    // One frame for React to render whatever the slow answer would set.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
    expect(await page.locator('[data-testid="decision-state"][data-state="pending"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('language switch: English at once, saved, and decline reasons in English', async () => {
    const desk = createFakeDesk({ reservations: 10, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByRole('button', { name: 'Reservations', exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(callsOf(desk, 'setLanguage').map((c) => c.request)).toEqual([{ language: 'en' }]);
    await page.locator('[data-key="K0"]').click();
    await page.locator('.decision-panel button.decline').click();
    await page.getByLabel('Wrong price').check();
    await page.getByRole('button', { name: 'Send decline' }).click();
    await page.locator('[data-testid="decision-state"][data-state="pending"]').waitFor();
    expect(callsOf(desk, 'decline').map((c) => c.request)).toEqual([{ keyField: 'K0', reasonId: '2' }]);
    expect(errors).toEqual([]);
  });

  it('a "not mapped" link opens the mapping screen on that code; saving updates the coverage', async () => {
    const desk = createFakeDesk({ reservations: 10, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K0"]').click();
    await page.locator('[data-field="board"] .not-mapped').click();
    await page.getByTestId('coverage').filter({ hasText: '5 kodun 4 tanesi eşleşmemiş' }).waitFor();
    const input = page.locator('tr[data-code="board:HB"] input[role="combobox"]');
    await expect.poll(() => input.evaluate((el) => el.ownerDocument.activeElement === el)).toBe(true);
    // The hotel's board codes are offered; typing in another case finds the one in the list.
    await input.fill('yp');
    await page.getByRole('option', { name: 'YP · Yarım pansiyon' }).waitFor();
    await input.press('Enter');
    await page.getByTestId('coverage').filter({ hasText: '5 kodun 3 tanesi eşleşmemiş' }).waitFor();
    expect(callsOf(desk, 'setMapping').map((c) => c.request)).toEqual([
      { agencyId: 'A1', kind: 'board', channelCode: 'HB', hotelCode: 'YP', forAllAgencies: false },
    ]);
    expect(errors).toEqual([]);
  });

  it('bulk: waiting reservations confirmed in one request; a changed one only after its changes are shown, note kept', async () => {
    // K1 was confirmed with a note, then changed (its check-out moved); K2 is a cancellation; K0, K3 are new.
    const desk = createFakeDesk({
      reservations: 10,
      configured: true,
      confirmed: { K1: { note: 'Geç giriş', decidedAt: '2026-06-01T10:00:00.000Z' } },
    });
    const { page, errors } = await start(desk);
    for (const key of ['K0', 'K1', 'K2', 'K3'])
      await page.locator(`[data-key="${key}"] input[type="checkbox"]`).check();
    // Only the two new waiting ones go in bulk: the cancellation is left out, the change is held back.
    expect(await page.getByTestId('bulk-held').textContent()).toContain(
      'Değişen 1 rezervasyon toplu onaylanmaz.',
    );
    await page.getByRole('button', { name: 'Bekleyen 2 rezervasyonu onayla' }).click();
    // K0 books three adults into a double: it is named with its problem, and nothing is sent until asked.
    const asked = page.getByTestId('bulk-checks');
    await asked.filter({ hasText: 'Seçilen rezervasyonlardan birinde önce bakılması gereken' }).waitFor();
    expect(
      await asked.locator('li[data-key]').evaluateAll((li) => li.map((e) => e.getAttribute('data-key'))),
    ).toEqual(['K0']);
    expect(await asked.locator('[data-check="capacity"]').textContent()).toContain(
      'DBL odasına en fazla 2 yetişkin kalabilir; bu rezervasyonda 3 yetişkin var.',
    );
    expect(callsOf(desk, 'confirmMany')).toEqual([]);
    await asked.getByRole('button', { name: 'Onları da onayla' }).click();
    await page.getByTestId('bulk-bar').filter({ hasText: '2 onay gönderim sırasına alındı.' }).waitFor();
    expect(callsOf(desk, 'confirmMany').map((c) => c.request)).toEqual([{ keyFields: ['K0', 'K3'] }]);
    expect(callsOf(desk, 'confirm')).toEqual([]);

    await page.locator('[data-key="K1"] input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Değişeni göster (1)' }).click();
    const review = page.getByTestId('bulk-review');
    await review.locator('[data-testid="change-summary"]').filter({ hasText: '12.07 → 14.07' }).waitFor();
    expect(await review.getByTestId('kept-note').textContent()).toBe('Önceki not korunur: “Geç giriş”');
    await review.getByRole('button', { name: 'Bu rezervasyonu notuyla onayla' }).click();
    await page.getByTestId('bulk-bar').filter({ hasText: '1 onay gönderim sırasına alındı.' }).waitFor();
    expect(callsOf(desk, 'confirm').map((c) => c.request)).toEqual([{ keyField: 'K1', note: 'Geç giriş' }]);
    expect(errors).toEqual([]);
  });

  it('events: new reservations refresh and highlight; a notification click opens the reservation', async () => {
    const desk = createFakeDesk({ reservations: 10, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K0"]').waitFor();
    const before = callsOf(desk, 'listReservations').length;
    desk.emit('reservationsChanged', { new: 1, changed: 0, cancelled: 0, keyFields: ['K3'] });
    await page.locator('[data-key="K3"].is-fresh').waitFor();
    expect(callsOf(desk, 'listReservations').length).toBeGreaterThan(before);
    // Said in the polite live region too, and so is the line going down and coming back.
    const announcer = page.getByTestId('announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await announcer.filter({ hasText: '1 yeni rezervasyon geldi.' }).waitFor();
    const line = {
      since: new Date().toISOString(),
      lastSuccessAt: new Date().toISOString(),
      nextPollAt: null,
      syncing: false,
      readSoFar: 0,
      queuedDecisions: 0,
      lastError: null,
      practiceMode: true,
      setAside: {},
      hotel: null,
      anotherReader: null,
    };
    desk.emit('syncStatus', { ...line, online: false });
    await announcer.filter({ hasText: 'Servis bağlantısı kesildi.' }).waitFor();
    desk.emit('syncStatus', { ...line, online: true });
    await announcer.filter({ hasText: 'Servis bağlantısı yeniden kuruldu.' }).waitFor();
    // A long read says how far it has come; before its first batch, and for a short poll, only that it checks.
    const syncing = page.getByTestId('syncing');
    desk.emit('syncStatus', { ...line, online: true, syncing: true });
    await syncing.filter({ hasText: 'Rezervasyonlar kontrol ediliyor…' }).waitFor();
    const listedBefore = callsOf(desk, 'listReservations').length;
    desk.emit('syncStatus', { ...line, online: true, syncing: true, readSoFar: 4000 });
    await syncing.filter({ hasText: 'Rezervasyonlar alınıyor… şu ana kadar 4.000 rezervasyon' }).waitFor();
    // The inbox is read again as each batch lands, before the read ends.
    await expect.poll(() => callsOf(desk, 'listReservations').length).toBeGreaterThan(listedBefore);
    desk.emit('syncStatus', { ...line, online: true });
    await syncing.waitFor({ state: 'detached' });
    desk.emit('openReservation', { keyField: 'K4' });
    await page.locator('[data-testid="reservation"][data-key="K4"]').waitFor();
    expect(await page.getByTestId('history').textContent()).toContain('12.07 → 14.07');
    // The service's confirmation number, extra bed and honeymoon are shown, not dropped.
    expect(await page.locator('[data-field="confirmationNo"] dt').textContent()).toBe('Onay no (servis)');
    expect(await page.locator('[data-field="extraBed"] dd').textContent()).toBe('Yok');
    expect(await page.locator('[data-field="honeyMoon"] dd').textContent()).toBe('Hayır');
    expect(errors).toEqual([]);
  });

  it('settings: the service names not known yet; the status bar counts unreadable reservations', async () => {
    const desk = createFakeDesk({ reservations: 5, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('.language-switch button[lang="en"]').click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByTestId('setup-dialect').textContent()).toBe(
      'Names the service uses: not known yet. Resdesk learns them at the next connection test or sync.',
    );
    const status = {
      online: true,
      since: new Date().toISOString(),
      lastSuccessAt: new Date().toISOString(),
      nextPollAt: null,
      syncing: false,
      readSoFar: 0,
      queuedDecisions: 0,
      lastError: null,
      practiceMode: true,
      hotel: null,
      anotherReader: null,
    };
    desk.emit('syncStatus', { ...status, setAside: { unreadable: 2 } });
    await page
      .getByTestId('unreadable')
      .filter({ hasText: '2 reservations from the service could not be read. They are kept aside' })
      .waitFor();
    // Each reason in its own words: another hotel's reservations, a LogId used twice, impossible numbers.
    desk.emit('syncStatus', {
      ...status,
      setAside: { 'other-hotel': 1, 'log-id-reused': 2, 'content-differs': 1, impossible: 1 },
    });
    const lines = page.getByTestId('set-aside');
    await lines.first().waitFor();
    const said = await lines.allTextContents();
    expect(said).toHaveLength(3);
    expect(said.join(' ')).not.toContain('could not be read');
    expect(said[0]).toContain('1 reservation the service listed is for another hotel');
    expect(said[1]).toContain('3 reservations came with a number the service already gave another');
    expect(said[2]).toContain('1 reservation came with impossible numbers');
    desk.emit('syncStatus', { ...status, setAside: {} });
    await page.getByTestId('unreadable').waitFor({ state: 'detached' });

    // Several desks: which PC talks to the service, and the hotel's database not answering.
    const hotel = {
      where: 'reception-1:5433/resdesk',
      reachable: true,
      since: new Date().toISOString(),
      talkingPc: 'RECEPTION-2',
      thisDeskTalks: false,
      canTalk: true,
      copyTakenAt: null,
      updateNeeded: false,
    };
    desk.emit('syncStatus', { ...status, setAside: {}, hotel });
    await page.getByTestId('talking-pc').filter({ hasText: 'Talking to the service: RECEPTION-2' }).waitFor();
    desk.emit('syncStatus', { ...status, setAside: {}, hotel: { ...hotel, reachable: false } });
    await page
      .getByTestId('hotel-db-banner')
      .filter({ hasText: "cannot reach the hotel's database (reception-1:5433/resdesk)" })
      .waitFor();
    expect(await page.getByTestId('talking-pc').count()).toBe(0);
    // Showing this PC's copy: its age, what works and what waits.
    const copyTakenAt = new Date(Date.now() - 7 * 60_000).toISOString();
    desk.emit('syncStatus', { ...status, setAside: {}, hotel: { ...hotel, reachable: false, copyTakenAt } });
    await page
      .getByTestId('hotel-db-banner')
      .filter({ hasText: "this PC's copy" })
      // The page runs on its own clock: the age is counted from there.
      .filter({ hasText: /\(\d+ minutes old\)/ })
      .waitFor();
    // Older than the hotel's database: the way to update, and the copy meanwhile.
    desk.emit('syncStatus', {
      ...status,
      setAside: {},
      hotel: { ...hotel, updateNeeded: true, reachable: true, copyTakenAt },
    });
    await page
      .getByTestId('hotel-db-banner')
      .filter({ hasText: "Resdesk on this PC is older than the hotel's database" })
      .filter({ hasText: 'Settings → This desk → Check now' })
      .waitFor();
    desk.emit('syncStatus', { ...status, setAside: {}, hotel: { ...hotel, reachable: false } });

    // Another program on the queue: said plainly, and safe mode one click away.
    const reader = { seenAt: new Date().toISOString(), reservations: 3, safeMode: false };
    desk.emit('syncStatus', { ...status, setAside: {}, anotherReader: reader });
    await page.getByTestId('hotel-db-banner').waitFor({ state: 'detached' });
    await page
      .getByTestId('another-reader')
      .filter({ hasText: '3 reservations reached this desk only in the full lists' })
      .waitFor();
    await page.getByRole('button', { name: 'Turn on safe mode' }).click();
    await page.getByTestId('another-reader').filter({ hasText: 'Safe mode is on' }).waitFor();
    expect(callsOf(desk, 'setSafeMode').map((c) => c.request)).toEqual([{ on: true }]);
    expect(errors).toEqual([]);
  });
});
