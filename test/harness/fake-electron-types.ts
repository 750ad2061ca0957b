// The fake Electron is held to Electron's own types, so it cannot drift from what the shell
// compiles against: every member a fake shares with Electron's API must have a type Electron's would
// accept. Members only the fake has (the tests' recordings) are not compared; members the fake lacks are
// caught when the shell calls them in a test. Type-checked only: `npm run typecheck` fails on a drift.
import type * as Electron from 'electron';
import type * as Fake from './fake-electron';
import type { EventEmitter } from 'node:events';

/** The fake's own members that Electron also has (event-emitter plumbing is Node's, not the fake's). */
type SharedKey<F, E> = Exclude<Extract<keyof F, keyof E>, keyof EventEmitter>;

/**
 * Whether the fake's member can stand for Electron's: a property of a type Electron's accepts; a method that
 * takes whatever Electron's takes, and returns what Electron's returns when that is a plain value (a fake
 * returns fakes for Electron's objects, compared on their own line).
 */
type MemberFits<FM, EM> = FM extends (...args: infer FA) => infer FR
  ? EM extends (...args: infer EA) => infer ER
    ? [EA] extends [FA]
      ? [ER] extends [object]
        ? true
        : [FR] extends [ER]
          ? true
          : false
      : false
    : false
  : [FM] extends [EM]
    ? true
    : false;

/** Holds when the fake (F) can stand where Electron's E is expected, member by member. */
type Drift<F, E> = {
  [K in SharedKey<F, E>]: MemberFits<F[K], E[K]> extends true ? never : K;
}[SharedKey<F, E>];
/**
 * Holds when the fake fits Electron's type, except the members named in `Carries`: those hand out or take
 * the fake's other objects (its web contents, menus, images, the fake IPC event), which are checked on
 * their own line. Each name must be one Electron has, so the list cannot hide a typo.
 */
export type Fits<F, E, Carries extends SharedKey<F, E> = never> = [Exclude<Drift<F, E>, Carries>] extends [
  never,
]
  ? true
  : { drift: Exclude<Drift<F, E>, Carries> };

const fits = <T extends true>(value: T): T => value;

export const checked = [
  fits<Fits<typeof Fake.app, Electron.App>>(true),
  fits<Fits<typeof Fake.ipcMain, Electron.IpcMain, 'handle'>>(true),
  fits<Fits<typeof Fake.ipcRenderer, Electron.IpcRenderer>>(true),
  fits<Fits<typeof Fake.powerMonitor, Electron.PowerMonitor>>(true),
  fits<Fits<typeof Fake.safeStorage, Electron.SafeStorage>>(true),
  fits<Fits<InstanceType<typeof Fake.BrowserWindow>, Electron.BrowserWindow, 'webContents'>>(true),
  fits<Fits<InstanceType<typeof Fake.Notification>, Electron.Notification>>(true),
  fits<Fits<InstanceType<typeof Fake.Tray>, Electron.Tray, 'setContextMenu' | 'setImage'>>(true),
  fits<Fits<InstanceType<typeof Fake.Menu>, Electron.Menu, 'items'>>(true),
  fits<Fits<typeof Fake.nativeImage, typeof Electron.nativeImage>>(true),
  fits<Fits<typeof Fake.net, typeof Electron.net>>(true),
  fits<Fits<typeof Fake.dialog, Electron.Dialog>>(true),
  fits<Fits<typeof Fake.autoUpdater, Electron.AutoUpdater>>(true),
  fits<Fits<typeof Fake.session, typeof Electron.session, 'defaultSession' | 'fromPartition'>>(true),
  fits<Fits<typeof Fake.screen, Electron.Screen>>(true),
  fits<Fits<typeof Fake.shell, Electron.Shell>>(true),
  fits<Fits<typeof Fake.contextBridge, Electron.ContextBridge>>(true),
  fits<
    Fits<
      Fake.FakeSession,
      Electron.Session,
      'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
    >
  >(true),
  fits<Fits<Fake.FakeWebContents, Electron.WebContents, 'mainFrame' | 'session' | 'setWindowOpenHandler'>>(
    true,
  ),
];
