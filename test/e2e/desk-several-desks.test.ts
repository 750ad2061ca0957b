// Settings → Several desks, against the real core in Chromium and a real PostgreSQL (the test server).
// A desk starts on its own file; a code with one wrong letter is refused in a sentence and nothing is saved; a
// URL with a wrong password is refused by the server, in a sentence; the test server's URL is tested with a real
// SELECT 1, saved (the file holds where, never the password) and shown as connected, effective at the next start.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeConnectionCode } from '../../main/hotel-db/connection-code';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { startPostgres, type TestPostgres } from '../harness/postgres';
import { startRealDesk, type RealDesk } from './real-desk';

let rendererDir = '';
let server: TestPostgres | null = null;
let desk: RealDesk | null = null;

beforeAll(async () => {
  [rendererDir, server] = await Promise.all([buildRenderer(), startPostgres()]);
}, 180_000);

afterEach(async () => {
  await desk?.close();
  desk = null;
});

afterAll(async () => {
  await server?.stop();
});

const words = {
  tr: {
    settings: 'Ayarlar',
    title: 'Birden çok bilgisayar',
    question: 'Otelin veritabanını şu an başka bir bilgisayar tutuyor mu?',
    ownFile: 'kendi veritabanı dosyasında',
    connect: 'Otelin veritabanına bağlan',
    typo: 'yazım hatası',
    wrongPassword: 'şifreyi kabul etmedi',
    connected: 'otel veritabanına bağlı',
    answers: 'Veritabanı yanıt veriyor.',
    nextStart: 'bir sonraki açılışta',
  },
  en: {
    settings: 'Settings',
    title: 'Several desks',
    question: "Is another PC of the hotel already keeping the hotel's database?",
    ownFile: 'its own database file',
    connect: "Connect to the hotel's database",
    typo: 'typing mistake',
    wrongPassword: 'did not accept the password',
    connected: "connected to the hotel's database",
    answers: 'The database answers.',
    nextStart: 'next time Resdesk starts',
  },
} as const;

/** A real code with its third character changed: one typo. */
function codeWithTypo(): string {
  const code = encodeConnectionCode({ host: '192.168.1.20', port: 5433, password: 'ABCDEFGHJKMNPQRSTV' });
  return code.slice(0, 2) + (code[2] === 'Q' ? 'R' : 'Q') + code.slice(3);
}

describe.each(['tr', 'en'] as const)('Settings → Several desks (%s)', (language) => {
  const w = words[language];

  it('refuses a mistyped code and a wrong password in sentences, connects to a real PostgreSQL', async () => {
    if (!server) throw new Error('the test PostgreSQL did not start');
    desk = await startRealDesk({ rendererDir });
    const { page, errors } = desk.browser;
    if (language === 'en') await page.locator('.language-switch button[lang="en"]').click();
    await page.getByRole('navigation').getByRole('button', { name: w.settings, exact: true }).click();
    const card = page.getByTestId('several-desks-card');
    await card.getByRole('heading', { name: w.title }).waitFor();
    // The question comes first, its two answers apart: connecting before keeping a second database.
    expect(await card.locator('.question').textContent()).toBe(w.question);
    expect(await card.locator('.choice-divider').count()).toBe(1);
    const order = await card
      .locator('form.connect-here, .keep-here')
      .evaluateAll((els) => els.map((e) => e.className));
    expect(order).toEqual(['connect-here', 'keep-here']);
    const state = card.getByTestId('several-desks-state');
    await state.waitFor();
    expect(await state.getAttribute('data-choice')).toBe('file');
    expect(await state.textContent()).toContain(w.ownFile);

    // The field is found by its label, as a screen reader would.
    const field = card.getByLabel(
      language === 'tr' ? 'Bağlantı kodu ya da veritabanı adresi' : 'Connection code or database address',
    );
    const connect = card.getByRole('button', { name: w.connect });

    await field.fill(codeWithTypo());
    await connect.click();
    await card.getByRole('alert').filter({ hasText: w.typo }).waitFor();
    expect(existsSync(path.join(desk.dataDir, 'hotel-database.json'))).toBe(false);

    const wrong = new URL(server.url);
    wrong.password = 'not-the-password';
    await field.fill(wrong.toString());
    await connect.click();
    await card.getByRole('alert').filter({ hasText: w.wrongPassword }).waitFor();
    expect(existsSync(path.join(desk.dataDir, 'hotel-database.json'))).toBe(false);
    expect(await state.getAttribute('data-choice')).toBe('file');

    await field.fill(server.url);
    await connect.click();
    await expect.poll(async () => state.getAttribute('data-choice')).toBe('connected');
    const shown = (await state.textContent()) ?? '';
    expect(shown).toContain(w.connected);
    expect(shown).toContain(`127.0.0.1:${server.port}/postgres`);
    expect(shown).toContain(w.answers);
    expect(shown).not.toContain(server.password);
    await card.getByRole('status').filter({ hasText: w.nextStart }).waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);

    // Saved for this desk: where it is, without the password (that is in the credential store).
    const saved = readFileSync(path.join(desk.dataDir, 'hotel-database.json'), 'utf8');
    expect(JSON.parse(saved)).toEqual({
      v: 1,
      kind: 'connected',
      where: `127.0.0.1:${server.port}/postgres`,
    });
    expect(saved).not.toContain(server.password);
    const view = await desk.core.handlers.getSeveralDesks({});
    expect(view).toMatchObject({ choice: 'connected', reachable: true, code: null });

    // Opened again, it still says connected (the choice is read back, and the database asked again).
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: w.settings, exact: true }).click();
    await expect
      .poll(async () => page.getByTestId('several-desks-state').getAttribute('data-choice'))
      .toBe('connected');
    expect(errors).toEqual([]);
  });
});
