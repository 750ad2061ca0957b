// Per-platform behaviour of the shell against the fake Electron: separate data folders for development,
// starting hidden at sign-in (macOS says so itself), the macOS template tray image, Electron's own
// better-sqlite3, and a clean stop on quit and on a Windows logoff (session-end).
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEV_DATA_FOLDER, developmentDataFolders } from '../../../main/shell/data-folders';
import { stopOnQuit, useDeskDataFolders, useElectronSqlite } from '../../../main/index';
import { SQLITE_BINDING_ENV } from '../../../main/store/native-binding';
import { createDeskTray, START_HIDDEN_ARG, startedAtLogin, trayIconName } from '../../../main/shell/tray';
import { preferencesFile } from '../../../main/notifications/preferences';
import { FakeBrowserWindow, FakeTray, fake } from '../../harness/fake-electron';
import type { FakeNativeImage } from '../../harness/fake-electron';
import { existsSync } from 'node:fs';
import os from 'node:os';

beforeEach(() => fake.reset());
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('data folders', () => {
  it('an unpackaged build uses its own data and log folders; the installed app keeps Electron’s', () => {
    const appData = fake.app.getPath('appData');
    useDeskDataFolders();
    expect(fake.app.getPath('userData')).toBe(path.join(appData, DEV_DATA_FOLDER));
    expect(fake.app.getPath('logs')).toBe(path.join(appData, DEV_DATA_FOLDER, 'logs'));

    fake.reset();
    fake.app.isPackaged = true;
    const before = fake.app.getPath('userData');
    useDeskDataFolders();
    expect(fake.app.getPath('userData')).toBe(before);
    expect(developmentDataFolders(true, appData)).toBeNull();
  });
});

describe('Electron’s better-sqlite3', () => {
  it('is named for every database of the process: the checkout’s build/electron-native, or resources/native', () => {
    const saved = process.env[SQLITE_BINDING_ENV];
    try {
      fake.app.appPath = '/repo';
      expect(useElectronSqlite('/opt/Resdesk/resources')).toBe(
        path.join(
          '/repo',
          'build',
          'electron-native',
          `${process.platform}-${process.arch}`,
          'better_sqlite3.node',
        ),
      );
      expect(process.env[SQLITE_BINDING_ENV]).toBe(
        path.join(
          '/repo',
          'build',
          'electron-native',
          `${process.platform}-${process.arch}`,
          'better_sqlite3.node',
        ),
      );
      fake.app.isPackaged = true;
      expect(useElectronSqlite('/opt/Resdesk/resources')).toBe(
        '/opt/Resdesk/resources/native/better_sqlite3.node',
      );
    } finally {
      if (saved === undefined) delete process.env[SQLITE_BINDING_ENV];
      else process.env[SQLITE_BINDING_ENV] = saved;
      fake.app.appPath = process.cwd();
    }
  });
});

describe('start at sign-in', () => {
  it('starts hidden with --hidden (Windows, Linux) or when macOS opened it at login', () => {
    expect(startedAtLogin(['resdesk', START_HIDDEN_ARG], 'win32')).toBe(true);
    expect(startedAtLogin(['resdesk'], 'darwin')).toBe(false);
    fake.app.wasOpenedAtLogin = true;
    expect(startedAtLogin(['Resdesk'], 'darwin')).toBe(true);
    // wasOpenedAtLogin is macOS-only: elsewhere only the argument counts.
    expect(startedAtLogin(['resdesk'], 'linux')).toBe(false);
  });
});

describe('tray image', () => {
  it('is a template image on macOS, the coloured icon elsewhere, and both exist in resources/', () => {
    expect(trayIconName('darwin')).toBe('trayTemplate.png');
    expect(trayIconName('win32')).toBe('tray.png');
    for (const name of ['trayTemplate.png', 'trayTemplate@2x.png', 'tray.png'])
      expect(existsSync(path.join(process.cwd(), 'resources', name))).toBe(true);
    const make = (iconPath: string) => {
      createDeskTray({
        iconPath,
        openDesk: () => undefined,
        syncNow: () => undefined,
        quit: () => undefined,
        preferences: preferencesFile(path.join(os.tmpdir(), `resdesk-prefs-${process.pid}.json`)),
        startAtLogin: { get: () => false, set: () => undefined },
      });
      return FakeTray.instances.at(-1)?.image as FakeNativeImage;
    };
    expect(make(path.join(process.cwd(), 'resources', trayIconName('darwin'))).isTemplateImage()).toBe(true);
    expect(make(path.join(process.cwd(), 'resources', trayIconName('linux'))).isTemplateImage()).toBe(false);
  });
});

describe('the clean stop', () => {
  const setup = () => {
    const window = new FakeBrowserWindow();
    const stops: string[] = [];
    let finish: () => void = () => undefined;
    const state = stopOnQuit(
      window as unknown as Electron.BrowserWindow,
      () => {
        stops.push('stop');
        return new Promise<void>((resolve) => (finish = resolve));
      },
      logger,
    );
    return { window, stops, state, finish: () => finish() };
  };

  it('Quit holds the process until the core has stopped, then quits once', async () => {
    const t = setup();
    let prevented = 0;
    fake.app.emit('before-quit');
    expect(t.state.quitting).toBe(true);
    fake.app.emit('will-quit', { preventDefault: () => void prevented++ });
    expect(prevented).toBe(1);
    expect(t.stops).toEqual(['stop']);
    expect(fake.app.quitCalls).toBe(0);
    t.finish();
    await flush();
    expect(fake.app.quitCalls).toBe(1);
    // The second will-quit (from that quit) goes through.
    fake.app.emit('will-quit', { preventDefault: () => void prevented++ });
    expect(prevented).toBe(1);
    expect(t.stops).toEqual(['stop']);
  });

  it('a Windows logoff (session-end, no will-quit) starts the same stop at once', async () => {
    const t = setup();
    t.window.emit('session-end', {});
    expect(t.state.quitting).toBe(true);
    expect(t.stops).toEqual(['stop']);
    t.window.emit('session-end', {});
    fake.app.emit('will-quit', { preventDefault: () => undefined });
    expect(t.stops).toEqual(['stop']);
    t.finish();
    await flush();
    expect(fake.app.quitCalls).toBe(1);
  });
});
