// Who is answering a reservation in real Chromium against the in-memory core (fake-desk.ts): the
// confirm form reports itself open and closed; another desk answering K1 is said above the buttons, in Turkish
// and in English, and the view re-reads on answeringChanged. The presence itself is tested against a real
// PostgreSQL in test/integration/hotel-db/answering.test.ts.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnsweringView } from '../../shared/ipc';
import { launchDesk } from '../harness/chromium';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';
import { createFakeDesk, type FakeDesk } from './fake-desk';
import type { DeskBrowser } from '../harness/chromium';

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

/** 10:42 today on the desk's clock (the test browser runs in Europe/Istanbul, UTC+3 all year). */
function todayAt1042(): string {
  const istanbulDay = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${istanbulDay}T10:42:00+03:00`).toISOString();
}

describe('who is answering a reservation (in-memory core)', () => {
  it('the confirm form says it is open, and closed when left', async () => {
    const desk = createFakeDesk({ reservations: 10, configured: true });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K0"]').waitFor();
    await page.getByTestId('inbox-list').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('c');
    await page.locator('#confirm-note').waitFor();
    await expect
      .poll(() => callsOf(desk, 'answering').map((c) => c.request))
      .toEqual([{ keyField: 'K1', open: true }]);
    // Nobody else is answering: the live region is there, and empty.
    expect(await page.getByTestId('answering-elsewhere').getAttribute('data-shown')).toBe('no');
    expect(await page.getByTestId('answering-elsewhere').textContent()).toBe('');
    await page.keyboard.press('Escape');
    await page.locator('#confirm-note').waitFor({ state: 'detached' });
    await expect
      .poll(() => callsOf(desk, 'answering').map((c) => c.request))
      .toEqual([
        { keyField: 'K1', open: true },
        { keyField: 'K1', open: false },
      ]);
    expect(errors).toEqual([]);
  });

  it('another desk answering K1 is said plainly, in Turkish and in English', async () => {
    const desk = createFakeDesk({
      reservations: 10,
      configured: true,
      answeringElsewhere: { K1: { deskUser: 'Ayşe', pcName: 'RECEPTION-2', since: todayAt1042() } },
    });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K1"]').click();
    const notice = page.locator('[data-testid="answering-elsewhere"][data-shown="yes"]');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toBe(
      "Bu rezervasyonu şu an RECEPTION-2 bilgisayarında Ayşe yanıtlıyor (10:42'den beri).",
    );
    // Above the buttons, which stay: a notice, not a lock. (Node.DOCUMENT_POSITION_FOLLOWING is 4; the
    // tests' type check has no DOM library, so it is passed in.)
    const following = 4;
    const noticeFirst = await page.locator('.decision-panel').evaluate((panel, after) => {
      const n = panel.querySelector('[data-testid="answering-elsewhere"]');
      const b = panel.querySelector('button.confirm');
      return n !== null && b !== null && (n.compareDocumentPosition(b) & after) !== 0;
    }, following);
    expect(noticeFirst).toBe(true);
    await page.locator('.decision-panel button.confirm').click();
    await page.locator('#confirm-note').waitFor();
    expect(await notice.textContent()).toContain('RECEPTION-2');

    await page.locator('.language-switch button[lang="en"]').click();
    await page
      .locator('[data-testid="answering-elsewhere"]')
      .filter({ hasText: 'Ayşe is answering this reservation on RECEPTION-2 (since 10:42).' })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('the second answer is refused in a plain sentence, and the other desk answer is shown', async () => {
    const desk = createFakeDesk({
      reservations: 10,
      configured: true,
      answeringElsewhere: { K1: { deskUser: 'Ayşe', pcName: 'RECEPTION-2', since: todayAt1042() } },
      answeredElsewhere: ['K1'],
    });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K1"]').click();
    await page.locator('[data-testid="answering-elsewhere"][data-shown="yes"]').waitFor();
    await page.locator('.decision-panel button.confirm').click();
    await page.getByRole('button', { name: 'Onayı gönder' }).click();
    // Read again after the refusal: the form is gone, Ayşe's answer is shown, and the sentence says why.
    await page
      .locator('[data-testid="decision-state"][data-state="pending"]')
      .filter({ hasText: 'Ayşe' })
      .waitFor();
    expect(await page.locator('#confirm-note').count()).toBe(0);
    expect(await page.locator('.decision-panel').textContent()).toContain(
      'Bu rezervasyon bu bilgisayarda ya da başka bir bilgisayarda zaten yanıtlanmış, bu yüzden başka bir şey gönderilmedi.',
    );
    // The form closed with the refusal: this desk no longer says it is answering.
    await expect
      .poll(() => callsOf(desk, 'answering').map((c) => c.request))
      .toEqual([
        { keyField: 'K1', open: true },
        { keyField: 'K1', open: false },
      ]);
    expect(errors).toEqual([]);
  });

  it('the view re-reads on answeringChanged: the notice comes and goes', async () => {
    const answering: Record<string, NonNullable<AnsweringView['elsewhere']>> = {};
    const desk = createFakeDesk({ reservations: 10, configured: true, answeringElsewhere: answering });
    const { page, errors } = await start(desk);
    await page.locator('[data-key="K1"]').click();
    const region = page.getByTestId('answering-elsewhere');
    await region.waitFor();
    expect(await region.getAttribute('data-shown')).toBe('no');

    answering.K1 = { deskUser: 'Mehmet', pcName: 'BACK-OFFICE', since: todayAt1042() };
    desk.emit('answeringChanged', { keyField: 'K1' });
    await page
      .locator('[data-testid="answering-elsewhere"][data-shown="yes"]')
      .filter({ hasText: 'BACK-OFFICE bilgisayarında Mehmet yanıtlıyor' })
      .waitFor();

    delete answering.K1;
    desk.emit('answeringChanged', { keyField: null });
    await page.locator('[data-testid="answering-elsewhere"][data-shown="no"]').waitFor();
    expect(errors).toEqual([]);
  });
});
