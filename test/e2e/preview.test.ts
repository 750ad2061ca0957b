// `npm run preview` for trainers: its first line is the desk's address, its second the practice service's,
// whose control API makes a reservation arrive while the desk is open in the browser.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { launchDesk, type DeskBrowser } from '../harness/chromium';
import { repoRoot } from '../harness/browser-host/build-renderer';
import { rowOf, syncNow } from './e2e-helpers';

let child: ChildProcessWithoutNullStreams | null = null;
let browser: DeskBrowser | null = null;

afterEach(async () => {
  await browser?.close();
  browser = null;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = null;
});

/** The first `count` lines the process prints on stdout. */
function firstLines(proc: ChildProcessWithoutNullStreams, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    const reader = createInterface({ input: proc.stdout });
    reader.on('line', (line) => {
      lines.push(line);
      if (lines.length === count) {
        reader.close();
        resolve(lines);
      }
    });
    proc.once('exit', (code) => reject(new Error(`preview exited (${code}) after ${lines.length} lines`)));
  });
}

describe('npm run preview', () => {
  it('prints the desk and the practice service; a reservation made there arrives in the open desk', async () => {
    child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['test/harness/preview.ts', '--port', '0'], {
      cwd: repoRoot,
    });
    const [desk = '', practice = ''] = await firstLines(child, 2);
    expect(desk).toMatch(/^Preview at http:\/\/127\.0\.0\.1:\d+$/);
    expect(practice).toMatch(/^Practice service at http:\/\/127\.0\.0\.1:\d+$/);
    const practiceUrl = practice.slice('Practice service at '.length);
    const deskUrl = desk.slice('Preview at '.length);
    expect(practiceUrl).not.toBe(deskUrl);

    browser = await launchDesk();
    const { page, errors } = browser;
    await page.goto(deskUrl);
    await page.getByTestId('practice-banner').waitFor({ timeout: 30_000 });
    const res = await fetch(`${practiceUrl}/_sandbox/arrive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leadGuest: 'EĞİTİM DENEME' }),
    });
    expect(res.ok).toBe(true);
    const { reservations } = (await res.json()) as { reservations: { keyField: string }[] };
    await syncNow(page);
    await rowOf(page, reservations[0]?.keyField ?? '').waitFor();
    expect(
      await rowOf(page, reservations[0]?.keyField ?? '')
        .locator('.guest')
        .textContent(),
    ).toBe('EĞİTİM DENEME');
    expect(errors).toEqual([]);
  });
});
