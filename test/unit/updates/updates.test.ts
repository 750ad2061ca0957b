// The update logic with a stand-in updater and a hand-driven timer: when the desk checks, what Settings
// is told, and that an install never starts while an answer is held or being sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../main/kernel/core-types';
import type { Feed } from '../../../main/updates/feed';
import type { UpdaterPort } from '../../../main/updates/port';
import {
  CHECK_EVERY_MS,
  createUpdates,
  FIRST_CHECK_MS,
  INSTALL_RETRY_MS,
  TICK_MS,
} from '../../../main/updates/updates';
import { manualTimer } from '../shell/manual-timer';

const FEED: Feed = { kind: 'set', url: 'https://updates.hotel.test/resdesk/', fromDataFolder: false };

function stubUpdater() {
  let downloaded: ((version: string) => void) | null = null;
  const calls = { checks: 0, installs: 0, feeds: [] as string[] };
  let answer: () => Promise<string | null> = async () => null;
  const port: UpdaterPort = {
    useFeed: (url) => calls.feeds.push(url),
    check: () => {
      calls.checks += 1;
      return answer();
    },
    onDownloaded: (listener) => {
      downloaded = listener;
    },
    install: () => {
      calls.installs += 1;
    },
  };
  return {
    port,
    calls,
    answerWith(next: () => Promise<string | null>) {
      answer = next;
    },
    download(version: string) {
      downloaded?.(version);
    },
  };
}

function setup(options: { feed?: Feed; stateFile?: string; inFlight?: () => boolean } = {}) {
  const time = manualTimer();
  // The clock follows the manual timer, so "a day later" is the timer's day.
  let clock = Date.parse('2026-11-20T08:00:00Z');
  const lines: string[] = [];
  const logger: Logger = {
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  };
  const updater = stubUpdater();
  let stops = 0;
  const updates = createUpdates({
    feed: options.feed ?? FEED,
    updater: updater.port,
    stateFile:
      options.stateFile ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-updates-')), 'updates.json'),
    answerInFlight: options.inFlight ?? (() => false),
    beforeInstall: async () => {
      stops += 1;
    },
    logger,
    timer: time.timer,
    now: () => new Date(clock),
  });
  const advance = (ms: number) => {
    // Timers fire in order; the clock moves with them.
    const step = Math.min(ms, TICK_MS);
    for (let done = 0; done < ms; done += step) {
      clock += step;
      time.advance(step);
    }
  };
  return { updates, updater, time, lines, advance, stops: () => stops };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('when the desk checks for updates', () => {
  it('first a minute after start, then once a day, not every hour', async () => {
    const { updates, updater, advance } = setup();
    updates.start();
    advance(FIRST_CHECK_MS - 1000);
    expect(updater.calls.checks).toBe(0);
    advance(1000);
    await settle();
    expect(updater.calls.checks).toBe(1);
    advance(CHECK_EVERY_MS - TICK_MS);
    await settle();
    expect(updater.calls.checks).toBe(1);
    advance(TICK_MS);
    await settle();
    expect(updater.calls.checks).toBe(2);
    updates.stop();
  });

  it('after a restart, Settings shows the last check saved in the data folder, and the start’s check still runs', async () => {
    const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'resdesk-updates-')), 'updates.json');
    // Checked two hours before this start.
    writeFileSync(
      stateFile,
      JSON.stringify({ lastCheckAt: '2026-11-20T06:00:00Z', lastCheck: 'up-to-date' }),
    );
    const { updates, updater, advance } = setup({ stateFile });
    expect(updates.state()).toMatchObject({ lastCheckAt: '2026-11-20T06:00:00Z', lastCheck: 'up-to-date' });
    updates.start();
    // "Checked at start": a desk restarted each morning still checks each morning.
    advance(FIRST_CHECK_MS);
    await settle();
    expect(updater.calls.checks).toBe(1);
    updates.stop();
  });

  it('no feed, no updater: nothing is scheduled and Settings is told why', async () => {
    for (const feed of [{ kind: 'not-set' }, { kind: 'development' }] as Feed[]) {
      const { updates, updater, time } = setup({ feed });
      updates.start();
      expect(time.pending).toBe(0);
      expect((await updates.checkNow()).feed).toBe(feed.kind);
      expect(updater.calls.checks).toBe(0);
    }
  });

  it('a check asked while one runs joins it instead of asking the feed twice', async () => {
    const { updates, updater } = setup();
    let release: (found: string | null) => void = () => undefined;
    updater.answerWith(() => new Promise((resolve) => (release = resolve)));
    const first = updates.checkNow();
    const second = updates.checkNow();
    release('0.2.0');
    expect((await first).available).toBe('0.2.0');
    expect((await second).available).toBe('0.2.0');
    expect(updater.calls.checks).toBe(1);
  });

  it('a failed check is recorded as failed, and logged without the feed’s path', async () => {
    const { updates, updater, lines } = setup();
    updater.answerWith(async () => {
      throw new Error('ECONNREFUSED');
    });
    expect(await updates.checkNow()).toMatchObject({ lastCheck: 'failed', available: null });
    expect(lines).toContain('the update check failed');
  });

  it('points electron-updater at the data folder’s address only when that is where it came from', () => {
    const own = setup({ feed: { kind: 'set', url: 'https://hotel-it.test/', fromDataFolder: true } });
    expect(own.updater.calls.feeds).toEqual(['https://hotel-it.test/']);
    expect(setup().updater.calls.feeds).toEqual([]);
  });
});

describe('installing a downloaded update when the receptionist asks', () => {
  it('does nothing before a download finished', () => {
    const { updates, updater } = setup();
    expect(updates.installWhenIdle()).toMatchObject({ installPending: false, downloaded: null });
    expect(updater.calls.installs).toBe(0);
  });

  it('never while an answer is in flight: it waits, then stops the desk and installs once', async () => {
    let inFlight = true;
    const { updates, updater, time, stops } = setup({ inFlight: () => inFlight });
    updater.download('0.2.0');
    expect(updates.state().downloaded).toBe('0.2.0');
    expect(updates.installWhenIdle()).toMatchObject({ installPending: true });
    time.advance(INSTALL_RETRY_MS * 10);
    await settle();
    expect(stops()).toBe(0);
    expect(updater.calls.installs).toBe(0);

    inFlight = false;
    // Asking again changes nothing: one install is pending.
    updates.installWhenIdle();
    time.advance(INSTALL_RETRY_MS);
    await settle();
    expect(stops()).toBe(1);
    expect(updater.calls.installs).toBe(1);
    time.advance(INSTALL_RETRY_MS * 10);
    await settle();
    expect(updater.calls.installs).toBe(1);
  });

  it('stop() cancels a waiting install (the desk is quitting: it installs at quit instead)', async () => {
    const { updates, updater, time } = setup({ inFlight: () => true });
    updater.download('0.2.0');
    updates.installWhenIdle();
    updates.stop();
    expect(time.pending).toBe(0);
    time.advance(INSTALL_RETRY_MS * 10);
    await settle();
    expect(updater.calls.installs).toBe(0);
  });
});
