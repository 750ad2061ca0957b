// A small, faithful stand-in for the parts of Electron the shell uses. Electron's binary cannot run on
// the CI machine, so vitest aliases 'electron' to this file; the real modules run against it and tests
// inspect what they did through the registries exported at the bottom (`fake`).
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let nextWebContentsId = 1;

export class FakeWebFrame {
  parent: FakeWebFrame | null = null;
  constructor(public url: string) {}
}

export interface WindowOpenDetails {
  url: string;
  frameName?: string;
  features?: string;
  disposition?: string;
}

export class FakeSession {
  headersListener:
    | ((
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (r: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
      ) => void)
    | null = null;
  permissionRequestHandler:
    | ((
        wc: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: { requestingUrl: string },
      ) => void)
    | null = null;
  permissionCheckHandler:
    | ((wc: unknown, permission: string, origin: string, details: { requestingUrl?: string }) => boolean)
    | null = null;
  webRequest = {
    onHeadersReceived: (listener: FakeSession['headersListener']) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly loaded: string[] = [];
  windowOpenHandler: ((details: WindowOpenDetails) => { action: 'allow' | 'deny' }) | null = null;
  mainFrame = new FakeWebFrame('');
  session: FakeSession;
  destroyed = false;
  devToolsOpened = false;
  constructor(session: FakeSession) {
    super();
    this.session = session;
  }
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  openDevTools(): void {
    this.devToolsOpened = true;
  }
  /** Test helper: simulates a navigation attempt and says whether the app prevented it. */
  tryNavigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.emit(event, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed);
  }
  readonly webContents: FakeWebContents;
  readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  bounds: Bounds;
  constructor(options: Record<string, unknown> = {}) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents(fake.session);
    const n = (k: string, d: number) => (typeof options[k] === 'number' ? (options[k] as number) : d);
    this.bounds = { x: n('x', 0), y: n('y', 0), width: n('width', 800), height: n('height', 600) };
    this.visible = options.show !== false;
    FakeBrowserWindow.instances.push(this);
  }
  async loadFile(file: string, options?: { query?: Record<string, string>; hash?: string }): Promise<void> {
    const url = new URL(`file://${path.resolve(file)}`);
    for (const [k, v] of Object.entries(options?.query ?? {})) url.searchParams.set(k, v);
    if (options?.hash) url.hash = options.hash;
    this.webContents.mainFrame.url = url.href;
    this.webContents.loaded.push(url.href);
  }
  async loadURL(url: string): Promise<void> {
    this.webContents.mainFrame.url = url;
    this.webContents.loaded.push(url);
  }
  show(): void {
    this.visible = true;
    this.focused = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  minimize(): void {
    this.minimized = true;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): Bounds {
    return { ...this.bounds };
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<Bounds>): void {
    this.bounds = { ...this.bounds, ...bounds };
  }
  /** Like Electron: 'close' can be prevented; otherwise the window is destroyed and 'closed' follows. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Test helper: what Electron does when a renderer calls ipcRenderer.invoke(channel, ...args). */
  async invokeFrom(
    sender: { webContents: FakeWebContents; frame: FakeWebFrame | null },
    channel: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    return handler(
      { sender: sender.webContents, senderFrame: sender.frame, processId: 1, frameId: 1 },
      ...args,
    );
  }
}

class FakeIpcRenderer extends EventEmitter {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  readonly sentRaw: unknown[] = [];
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return { ok: true, value: { channel } };
  }
  send(...args: unknown[]): void {
    this.sentRaw.push(args);
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  quitCalls = 0;
  exitCode: number | null = null;
  badgeCount = 0;
  loginItem: { openAtLogin: boolean; args?: string[] } = { openAtLogin: false };
  hasLock = true;
  userData = path.join(os.tmpdir(), 'resdesk-fake-userdata');
  appPath = process.cwd();
  readyPromise: Promise<void> = Promise.resolve();
  name = 'Resdesk';
  getPath(name: string): string {
    if (name === 'userData') return this.userData;
    if (name === 'logs') return path.join(this.userData, 'logs');
    return path.join(os.tmpdir(), `resdesk-fake-${name}`);
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '0.1.0';
  }
  getLocale(): string {
    return 'tr-TR';
  }
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  quit(): void {
    this.quitCalls++;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  focus(): void {}
  setAppUserModelId(_id: string): void {}
  setBadgeCount(count = 0): boolean {
    this.badgeCount = count;
    return true;
  }
  setLoginItemSettings(settings: { openAtLogin?: boolean; args?: string[] }): void {
    this.loginItem = { openAtLogin: settings.openAtLogin === true, args: settings.args };
  }
  getLoginItemSettings(): { openAtLogin: boolean } {
    return { openAtLogin: this.loginItem.openAtLogin };
  }
}

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  closed = false;
  constructor(
    public readonly options: { title?: string; body?: string; silent?: boolean; icon?: unknown } = {},
  ) {
    super();
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close', {});
  }
}

export interface FakeMenuItem {
  label?: string;
  type?: string;
  role?: string;
  checked?: boolean;
  enabled?: boolean;
  submenu?: FakeMenuItem[] | FakeMenu;
  click?: (item: FakeMenuItem) => void;
}

export class FakeMenu {
  constructor(public readonly items: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): FakeMenu {
    return new FakeMenu(template);
  }
  static applicationMenu: FakeMenu | null | undefined = undefined;
  static setApplicationMenu(menu: FakeMenu | null): void {
    FakeMenu.applicationMenu = menu;
  }
  /** Test helper: finds an item by label anywhere in the menu. */
  find(label: string): FakeMenuItem | undefined {
    for (const item of this.items) {
      if (item.label === label) return item;
      const sub = item.submenu instanceof FakeMenu ? item.submenu.items : item.submenu;
      const found = sub ? new FakeMenu(sub).find(label) : undefined;
      if (found) return found;
    }
    return undefined;
  }
}

export class FakeNativeImage {
  constructor(public readonly path: string) {}
  isEmpty(): boolean {
    return this.path === '' || !existsSync(this.path);
  }
  resize(): FakeNativeImage {
    return this;
  }
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  tooltip = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(public image: FakeNativeImage | string) {
    super();
    FakeTray.instances.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu;
  }
  setImage(image: FakeNativeImage | string): void {
    this.image = image;
  }
  destroy(): void {
    this.destroyed = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

class FakeSafeStorage {
  available = true;
  backend = 'gnome_libsecret';
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
  encryptString(text: string): Buffer {
    return Buffer.from(`enc:${Buffer.from(text, 'utf8').reverse().toString('base64')}`, 'utf8');
  }
  decryptString(blob: Buffer): string {
    const text = blob.toString('utf8');
    if (!text.startsWith('enc:'))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(4), 'base64').reverse().toString('utf8');
  }
}

const state = {
  session: new FakeSession(),
  online: true,
  displays: [
    {
      id: 1,
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    },
  ],
  openedExternal: [] as string[],
  openedPaths: [] as string[],
  exposed: new Map<string, unknown>(),
};

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const ipcRenderer = new FakeIpcRenderer();
export const powerMonitor = new EventEmitter();
export const safeStorage = new FakeSafeStorage();
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
};
export const net = { isOnline: (): boolean => state.online };
export const screen = {
  getAllDisplays: () => state.displays,
  getPrimaryDisplay: () => state.displays[0],
};
export const shell = {
  async openExternal(url: string): Promise<void> {
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

const emitters: EventEmitter[] = [app, ipcMain, ipcRenderer, powerMonitor];

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
    FakeTray.instances = [];
    FakeMenu.applicationMenu = undefined;
    Object.assign(app, {
      isPackaged: false,
      quitCalls: 0,
      exitCode: null,
      badgeCount: 0,
      loginItem: { openAtLogin: false },
      hasLock: true,
    });
    Object.assign(safeStorage, { available: true, backend: 'gnome_libsecret' });
    state.session = new FakeSession();
    state.online = true;
    state.displays = [
      {
        id: 1,
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      },
    ];
    state.openedExternal = [];
    state.openedPaths = [];
    state.exposed = new Map();
  },
};

export default {
  app,
  ipcMain,
  ipcRenderer,
  powerMonitor,
  safeStorage,
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
