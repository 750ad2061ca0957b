// The settings screen's notification card, through the core's handlers: what it reads, what it keeps, and
// the plain sentences when something cannot be kept.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import type { Core, Logger } from '../../../main/kernel/core-types';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { preferencesFile } from '../../../main/notifications/preferences';
import { notificationSettings, type StartAtLogin } from '../../../main/notifications/settings';
import { memoryStore } from '../../../main/secrets/memory-store';

const logger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const dirs: string[] = [];
const cores: Core[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-notify-'));
  dirs.push(dir);
  return dir;
};
const coreIn = (dataDir: string, settings?: ReturnType<typeof notificationSettings>): Core => {
  const core = createCore({ dataDir, credentials: memoryStore(), logger, notificationSettings: settings });
  cores.push(core);
  return core;
};

afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('notification settings', () => {
  it('start with the defaults, are kept in notifications.json and read back by the next start', async () => {
    const dir = tempDir();
    const first = coreIn(dir);
    expect(await first.handlers.getNotificationSettings({})).toEqual({
      sound: true,
      remindAfterMinutes: 15,
      startAtLogin: null,
    });
    const saved = await first.handlers.saveNotificationSettings({ sound: false, remindAfterMinutes: 30 });
    expect(saved).toEqual({ sound: false, remindAfterMinutes: 30, startAtLogin: null });
    expect(JSON.parse(readFileSync(path.join(dir, 'notifications.json'), 'utf8'))).toEqual({
      sound: false,
      remindAfterMinutes: 30,
    });
    expect(await coreIn(dir).handlers.getNotificationSettings({})).toEqual(saved);
  });

  it('refuse a reminder delay that is not whole minutes from 0 to a day, with a sentence', async () => {
    const core = coreIn(tempDir());
    for (const remindAfterMinutes of [-1, 2.5, 1441]) {
      const result = await dispatchRequest(
        core.handlers,
        'saveNotificationSettings',
        { sound: true, remindAfterMinutes },
        core,
      );
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid-request');
        // In the desk's language (Turkish by default), from the schema's code.
        expect(result.error.message).toMatch(/dakika/);
        expect(result.error.reason).toMatch(/^remind-/);
      }
    }
    expect((await core.handlers.getNotificationSettings({})).remindAfterMinutes).toBe(15);
  });

  it('switch start at sign-in through the shell, and tell the tray after each save', async () => {
    let on = false;
    const login: StartAtLogin = { get: () => on, set: (value) => void (on = value) };
    let traysRefreshed = 0;
    const dir = tempDir();
    const core = coreIn(
      dir,
      notificationSettings(
        preferencesFile(path.join(dir, 'notifications.json')),
        login,
        () => traysRefreshed++,
      ),
    );
    expect((await core.handlers.getNotificationSettings({})).startAtLogin).toBe(false);
    const saved = await core.handlers.saveNotificationSettings({
      sound: true,
      remindAfterMinutes: 0,
      startAtLogin: true,
    });
    expect(saved).toEqual({ sound: true, remindAfterMinutes: 0, startAtLogin: true });
    expect(on).toBe(true);
    expect(traysRefreshed).toBe(1);
  });

  it('change only the fields a save names, as the tray may have changed the others', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'notifications.json');
    const setTo: boolean[] = [];
    // Windows may read an entry as absent that is there: switching off must still remove it.
    const login: StartAtLogin = { get: () => false, set: (value) => void setTo.push(value) };
    const core = coreIn(dir, notificationSettings(preferencesFile(file), login));
    // The tray menu turns the sound off (same file, another copy of it).
    preferencesFile(file).set({ sound: false });
    const fresh = coreIn(dir, notificationSettings(preferencesFile(file), login));
    expect(await fresh.handlers.saveNotificationSettings({ remindAfterMinutes: 60 })).toEqual({
      sound: false,
      remindAfterMinutes: 60,
      startAtLogin: false,
    });
    await core.handlers.saveNotificationSettings({ startAtLogin: false });
    expect(setTo).toEqual([false]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sound: false, remindAfterMinutes: 60 });
    // Written through a temporary file, renamed into place: none is left behind.
    expect(readdirSync(dir)).toEqual(['notifications.json']);
  });

  it('say so when start at sign-in cannot be changed, keeping the rest', async () => {
    const login: StartAtLogin = {
      get: () => false,
      set: () => {
        throw new Error('denied');
      },
    };
    const dir = tempDir();
    const core = coreIn(dir, notificationSettings(preferencesFile(path.join(dir, 'n.json')), login));
    await core.handlers.setLanguage({ language: 'en' });
    const result = await dispatchRequest(
      core.handlers,
      'saveNotificationSettings',
      { sound: false, remindAfterMinutes: 60, startAtLogin: true },
      core,
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message:
          'Resdesk could not change whether it starts when you sign in. The other settings were saved.',
      },
    });
    expect(await core.handlers.getNotificationSettings({})).toEqual({
      sound: false,
      remindAfterMinutes: 60,
      startAtLogin: false,
    });
  });

  it('say what to do when the settings file cannot be written, and change nothing', async () => {
    const dir = tempDir();
    // A folder where the file should be: no write succeeds, whoever runs the test.
    mkdirSync(path.join(dir, 'notifications.json'));
    const core = coreIn(dir);
    const save = () =>
      dispatchRequest(
        core.handlers,
        'saveNotificationSettings',
        { sound: false, remindAfterMinutes: 5 },
        core,
      );
    const inTurkish = await save();
    expect(inTurkish.ok || inTurkish.error.message).toMatch(/veri klasörüne yazamıyor/);
    await core.handlers.setLanguage({ language: 'en' });
    const result = await save();
    expect(result.ok || result.error.message).toMatch(/cannot write to its data folder/);
    expect(await core.handlers.getNotificationSettings({})).toEqual({
      sound: true,
      remindAfterMinutes: 15,
      startAtLogin: null,
    });
  });
});
