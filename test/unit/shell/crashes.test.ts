// Crashes caught in main: an exception or a rejection nobody handled reaches the redacted log
// and the receptionist is told once, in the desk's language, through Electron's dialog (the fake records
// it); a window or helper process that ends is logged, and the desk's crashed page is reloaded, at most
// RELOAD_LIMIT times.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App, WebContents } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMessages } from '../../../main/kernel/messages';
import { crashDialog } from '../../../main/shell/crash-dialog';
import {
  catchProcessCrashes,
  RELOAD_LIMIT,
  watchProcessesGone,
  type ProcessEvents,
} from '../../../main/shell/crashes';
import { createFileLogger } from '../../../main/shell/log';
import { FakeWebContents, fake } from '../../harness/fake-electron';

const logLines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: string; message: string; fields?: unknown });

function crashSetup(language: 'tr' | 'en') {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-crash-')), 'resdesk.log');
  const events = new EventEmitter();
  catchProcessCrashes({
    logger: createFileLogger({ file }),
    tell: crashDialog(createMessages(language)),
    processEvents: events as ProcessEvents,
  });
  return { file, events };
}

beforeEach(() => fake.reset());

describe('an error nobody caught in main', () => {
  it('is written to the log, redacted, and the receptionist is told once what to do', () => {
    const { file, events } = crashSetup('en');
    events.emit('uncaughtException', new Error('login failed for https://svc.test/api?password=hunter2'));
    events.emit('unhandledRejection', new Error('token=abc123 refused'));
    events.emit('uncaughtException', new Error('again'));

    const lines = logLines(file);
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['error', 'an error nobody caught in main'],
      ['error', 'a rejected promise nobody handled in main'],
      ['error', 'an error nobody caught in main'],
    ]);
    expect(JSON.stringify(lines[0]?.fields)).toContain('login failed');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('abc123');
    // One box for the run: a loop of errors must not become a loop of dialogs.
    expect(fake.dialog.errorBoxes).toHaveLength(1);
    expect(fake.dialog.errorBoxes[0]?.title).toBe('Resdesk met an unexpected error');
    expect(fake.dialog.errorBoxes[0]?.content).toMatch(/quit Resdesk from the tray icon and start it again/);
    expect(fake.dialog.errorBoxes[0]?.content).toMatch(/save diagnostics/);
  });

  it('is told in Turkish on a Turkish desk', () => {
    const { events } = crashSetup('tr');
    events.emit('unhandledRejection', 'a plain string reason');
    expect(fake.dialog.errorBoxes[0]?.title).toBe('Resdesk beklenmeyen bir hatayla karşılaştı');
  });

  it('when the box cannot be shown (no display yet), the log still has it', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-crash-')), 'resdesk.log');
    const events = new EventEmitter();
    catchProcessCrashes({
      logger: createFileLogger({ file }),
      tell: () => {
        throw new Error('no display');
      },
      processEvents: events as ProcessEvents,
    });
    expect(() => events.emit('uncaughtException', new Error('boom'))).not.toThrow();
    expect(logLines(file)).toHaveLength(1);
  });
});

describe('processes that end', () => {
  function goneSetup() {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-gone-')), 'resdesk.log');
    const desk = new FakeWebContents(fake.session);
    const other = new FakeWebContents(fake.session);
    watchProcessesGone({
      // The fake's on() returns the fake app, not Electron's: only the listener matters here.
      app: fake.app as unknown as Pick<App, 'on'>,
      logger: createFileLogger({ file }),
      desk: () => desk as unknown as WebContents,
    });
    const gone = (contents: FakeWebContents, reason: string) =>
      fake.app.emit('render-process-gone', {}, contents, { reason, exitCode: 133 });
    return { file, desk, other, gone };
  }

  it('the desk page that crashed is reloaded, at most RELOAD_LIMIT times a run, each crash logged', () => {
    const { file, desk, gone } = goneSetup();
    for (let i = 0; i < RELOAD_LIMIT + 2; i++) gone(desk, 'crashed');
    expect(desk.reloads).toBe(RELOAD_LIMIT);
    const messages = logLines(file).map((l) => l.message);
    expect(messages.filter((m) => m === 'a window process ended')).toHaveLength(RELOAD_LIMIT + 2);
    expect(messages).toContain('the desk window keeps crashing: it is not reopened again this run');
  });

  it('a clean exit, or another page (the sound player), is logged but not reloaded', () => {
    const { file, desk, other, gone } = goneSetup();
    gone(desk, 'clean-exit');
    gone(other, 'oom');
    expect(desk.reloads + other.reloads).toBe(0);
    expect(logLines(file)).toHaveLength(2);
  });

  it('a helper process that ends (GPU, utility) is logged with its type and reason', () => {
    const { file } = goneSetup();
    fake.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 9, name: 'gpu' });
    expect(logLines(file)[0]).toMatchObject({
      level: 'error',
      message: 'a helper process ended',
      fields: { type: 'GPU', reason: 'crashed', exitCode: 9 },
    });
  });
});
