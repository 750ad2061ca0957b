// An error thrown while a screen renders, in real Chromium against the real core. The browser
// host answers getStatus with a wrong shape (a test-only hook of real-desk.ts; the app's IPC cannot do
// this), the status bar throws while rendering, and the root error boundary shows a plain sentence with
// Reload instead of a blank window, and sends the error to main, whose log (the real file logger) has it.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../main/shell/log';
import type { SyncStatus } from '../../shared/ipc';
import { buildRenderer } from '../harness/browser-host/build-renderer';
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

const words = {
  tr: {
    title: 'Bu ekran çalışmayı durdurdu',
    todo: /Ekranı yeniden açmak için “Yeniden yükle” düğmesine basın/,
    reload: 'Yeniden yükle',
  },
  en: { title: 'This screen stopped working', todo: /Press Reload to open the desk again/, reload: 'Reload' },
} as const;

describe.each(['tr', 'en'] as const)('a screen that throws while rendering (%s)', (language) => {
  const w = words[language];

  it('shows what to do with a Reload button, main’s log has the error, and Reload brings the desk back', async () => {
    const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-crash-e2e-')), 'resdesk.log');
    let broken = true;
    desk = await startRealDesk({
      rendererDir,
      logger: createFileLogger({ file: logFile }),
      answers: (handlers) => ({
        // nextPollAt an object instead of an ISO string: the status bar renders it and React throws.
        getStatus: async (request) => {
          const status = await handlers.getStatus(request);
          return broken
            ? ({ ...status, syncing: false, nextPollAt: { at: 'soon' } } as unknown as SyncStatus)
            : status;
        },
      }),
    });
    await desk.core.handlers.setLanguage({ language });
    const { page } = desk.browser;
    await page.reload();

    const screen = page.getByTestId('crash-screen');
    await screen.getByRole('heading', { name: w.title }).waitFor();
    expect(await screen.textContent()).toMatch(w.todo);
    await expect
      .poll(() => readFileSync(logFile, 'utf8'))
      .toContain('the window met an error and showed the reload screen');
    const logged = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; message: string; fields?: Record<string, string> })
      .find((entry) => entry.message === 'the window met an error and showed the reload screen');
    expect(logged?.level).toBe('error');
    // The built renderer carries React's production build: error #31 is "Objects are not valid as a
    // React child"; the component stack says where (names as the bundle has them). The message is not logged: it
    // can hold what the page showed (here the object's keys, in a link's query).
    expect(logged?.fields?.reactError).toBe('31');
    expect(logged?.fields?.componentStack ?? '').not.toBe('');
    expect(logged?.fields?.message).toBeUndefined();
    expect(readFileSync(logFile, 'utf8')).not.toContain('args[]');

    broken = false;
    await screen.getByRole('button', { name: w.reload }).click();
    await page.getByTestId('status-bar').waitFor();
    expect(await page.getByTestId('crash-screen').count()).toBe(0);
  });
});
