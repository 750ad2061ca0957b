// A small, faithful stand-in for the parts of Electron the shell uses. Electron's binary cannot run on
// the CI machine, so vitest aliases 'electron' to this file; the real modules run against it and tests
// inspect what they did through the registries exported at the bottom (`fake`).
// The fakes live in ./fake-electron/, one file per API area; this index creates the shared instances.
import { EventEmitter } from 'node:events';
import { FakeApp } from './fake-electron/app';
import { FakeBrowserWindow } from './fake-electron/browser-window';
import { FakeDialog } from './fake-electron/dialog';
import { FakeIpcMain, FakeIpcRenderer } from './fake-electron/ipc';
import { FakeMenu, FakeNativeImage, FakeTray } from './fake-electron/menu-tray';
import { FakeNotification } from './fake-electron/notification';
import { fromPartition, netState, request, resetNet } from './fake-electron/net';
import { FakeSafeStorage } from './fake-electron/safe-storage';
import { resetState, state } from './fake-electron/state';
import type { FakeSession } from './fake-electron/web-contents';

export { FakeBrowserWindow } from './fake-electron/browser-window';
export { FakeMenu, FakeNativeImage, FakeTray, type FakeMenuItem } from './fake-electron/menu-tray';
export { FakeNotification } from './fake-electron/notification';
export {
  FakeSession,
  FakeWebContents,
  FakeWebFrame,
  type WindowOpenDetails,
} from './fake-electron/web-contents';

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const ipcRenderer = new FakeIpcRenderer();
export const powerMonitor = new EventEmitter();
export const safeStorage = new FakeSafeStorage();
export const dialog = new FakeDialog();
/** Electron's own autoUpdater: electron-updater emits 'before-quit-for-update' on it before quitting. */
export const autoUpdater = new EventEmitter();
export const BrowserWindow = FakeBrowserWindow;
export const Notification = FakeNotification;
export const Menu = FakeMenu;
export const Tray = FakeTray;
export const nativeImage = {
  createFromPath: (p: string) => new FakeNativeImage(p),
  createEmpty: () => new FakeNativeImage(''),
};
export const session = {
  get defaultSession(): FakeSession {
    return state.session;
  },
  fromPartition,
};
export const net = { isOnline: (): boolean => state.online, request };
export const screen = {
  getAllDisplays: () => state.displays,
  getPrimaryDisplay: () => state.displays[0],
};
export const shell = {
  async openExternal(url: string, _options?: unknown): Promise<void> {
    state.openedExternal.push(url);
  },
  async openPath(p: string): Promise<string> {
    state.openedPaths.push(p);
    return '';
  },
};
export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    if (state.exposed.has(key))
      throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    state.exposed.set(key, api);
  },
};

const emitters: EventEmitter[] = [app, ipcMain, ipcRenderer, powerMonitor, autoUpdater];

/** The test's handle on everything the fake recorded. */
export const fake = {
  get session(): FakeSession {
    return state.session;
  },
  set online(value: boolean) {
    state.online = value;
  },
  set displays(value: typeof state.displays) {
    state.displays = value;
  },
  get openedExternal(): string[] {
    return state.openedExternal;
  },
  get openedPaths(): string[] {
    return state.openedPaths;
  },
  get exposed(): Map<string, unknown> {
    return state.exposed;
  },
  /** Every net.request made, in order (path with its query). */
  get netRequests(): typeof netState.requests {
    return netState.requests;
  },
  dialog,
  app,
  ipcMain,
  ipcRenderer,
  powerMonitor,
  safeStorage,
  /** Back to a freshly started Electron: no windows, handlers, listeners or recordings. */
  reset(): void {
    for (const e of emitters) e.removeAllListeners();
    ipcMain.handlers.clear();
    ipcRenderer.invoked.length = 0;
    ipcRenderer.sentRaw.length = 0;
    FakeBrowserWindow.instances = [];
    FakeNotification.instances = [];
    FakeNotification.supported = true;
    FakeNotification.activationHandler = null;
    FakeTray.instances = [];
    FakeMenu.applicationMenu = undefined;
    Object.assign(app, {
      isPackaged: false,
      quitCalls: 0,
      exitCode: null,
      badgeCount: 0,
      loginItem: { openAtLogin: false },
      wasOpenedAtLogin: false,
      paths: new Map<string, string>(),
      appLogsPath: null,
      hasLock: true,
    });
    Object.assign(safeStorage, { available: true, backend: 'gnome_libsecret' });
    dialog.errorBoxes = [];
    resetNet();
    resetState();
  },
};

export default {
  app,
  ipcMain,
  ipcRenderer,
  powerMonitor,
  safeStorage,
  dialog,
  autoUpdater,
  BrowserWindow,
  Notification,
  Menu,
  Tray,
  nativeImage,
  session,
  net,
  screen,
  shell,
  contextBridge,
};
