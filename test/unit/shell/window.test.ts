import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createDeskWindow,
  dataFileOpener,
  defaultSession,
  hardenSession,
  keepRunningWhenClosed,
  openExternalLink,
  showDeskWindow,
} from '../../../main/shell/window';
import { FakeBrowserWindow, fake } from '../../harness/fake-electron';

const root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-window-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const indexPath = path.join(root, 'app', 'dist', 'renderer', 'index.html');
const page = { kind: 'file', indexPath } as const;
const appUrl = pathToFileURL(indexPath).href;
const stateFile = path.join(root, 'userData', 'window-state.json');

beforeEach(() => {
  fake.reset();
  rmSync(stateFile, { force: true });
});

const open = (overrides: Partial<Parameters<typeof createDeskWindow>[0]> = {}) => {
  createDeskWindow({
    page,
    preloadPath: '/app/dist/preload/index.cjs',
    stateFile,
    showWhenReady: true,
    devTools: false,
    ...overrides,
  });
  const window = FakeBrowserWindow.instances.at(-1);
  if (!window) throw new Error('no window was created');
  return window;
};

describe('the desk window', () => {
  it('is created with exactly the secure webPreferences, hidden until ready', () => {
    const window = open();
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toEqual({
      preload: '/app/dist/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('loads the bundled page in production and the dev server only when given one', () => {
    expect(open().webContents.loaded).toEqual([appUrl]);
    expect(open({ page: { kind: 'dev', url: 'http://127.0.0.1:5173/' } }).webContents.loaded).toEqual([
      'http://127.0.0.1:5173/',
    ]);
  });

  it('stays in the tray when started at sign-in', () => {
    const window = open({ showWhenReady: false });
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
  });

  it('remembers its place and comes back there, clamped to the display', () => {
    const first = open();
    first.setBounds({ x: 100, y: 50, width: 1000, height: 700 });
    first.emit('close', { preventDefault: () => undefined });
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: false,
    });
    expect(open().getBounds()).toEqual({ x: 100, y: 50, width: 1000, height: 700 });
    fake.displays = [
      {
        id: 2,
        workArea: { x: 0, y: 0, width: 1024, height: 600 },
        bounds: { x: 0, y: 0, width: 1024, height: 640 },
      },
    ];
    expect(open().getBounds()).toEqual({ x: 24, y: 0, width: 1000, height: 600 });
  });

  it('hides instead of closing until the desk quits', () => {
    const window = open();
    let quitting = false;
    keepRunningWhenClosed(window as unknown as Electron.BrowserWindow, () => quitting);
    window.show();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    showDeskWindow(window as unknown as Electron.BrowserWindow);
    expect(window.isVisible()).toBe(true);
    quitting = true;
    window.close();
    expect(window.isDestroyed()).toBe(true);
  });
});

describe('navigation and new windows', () => {
  it('stays on the desk page and opens only http(s) links, in the system browser', () => {
    const contents = open().webContents;
    expect(contents.tryNavigate('will-navigate', `${appUrl}#/inbox`)).toBe(false);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      pathToFileURL(path.join(root, 'x.html')).href,
    ]) {
      expect(contents.tryNavigate('will-navigate', url)).toBe(true);
      expect(contents.tryNavigate('will-redirect', url)).toBe(true);
    }
    const handler = contents.windowOpenHandler;
    if (!handler) throw new Error('no window open handler');
    for (const url of [
      'https://www.example.com/help',
      'javascript:alert(1)',
      'file:///C:/Windows/calc.exe',
      'data:text/html,x',
      'https://u:p@example.com/',
    ]) {
      expect(handler({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.openedExternal).toEqual(['https://www.example.com/help']);
  });

  it('openExternalLink refuses non-strings and objects with toString', async () => {
    expect(await openExternalLink({ toString: () => 'https://example.com' })).toBe(false);
    expect(await openExternalLink(['https://example.com'])).toBe(false);
    expect(await openExternalLink('https://example.com/a')).toBe(true);
    expect(fake.openedExternal).toEqual(['https://example.com/a']);
  });

  it('refuses webviews', () => {
    const contents = open().webContents;
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) }, {}, {});
    expect(prevented).toBe(true);
  });
});

describe('session hardening', () => {
  it('puts the strict CSP on every response, replacing any other', () => {
    hardenSession(defaultSession(), page);
    const listener = fake.session.headersListener;
    if (!listener) throw new Error('no header hook');
    let headers: Record<string, string[]> | undefined;
    listener(
      {
        url: appUrl,
        responseHeaders: { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      },
      (r) => {
        headers = r.responseHeaders;
      },
    );
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [contentSecurityPolicy(page)],
    });
    const policy = contentSecurityPolicy(page);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('lets only the dev server policy reach the dev server', () => {
    const policy = contentSecurityPolicy({ kind: 'dev', url: 'http://127.0.0.1:5173/' });
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:5173 ws://127.0.0.1:5173");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('denies every permission except notifications for the desk page', () => {
    hardenSession(defaultSession(), page);
    const request = fake.session.permissionRequestHandler;
    const check = fake.session.permissionCheckHandler;
    if (!request || !check) throw new Error('permission handlers missing');
    const granted: [string, string, boolean][] = [];
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read', 'openExternal']) {
      for (const url of [appUrl, 'https://evil.example/']) {
        request(null, permission, (ok) => granted.push([permission, url, ok]), { requestingUrl: url });
      }
    }
    expect(granted.filter(([, , ok]) => ok)).toEqual([['notifications', appUrl, true]]);
    expect(check(null, 'notifications', 'file://', { requestingUrl: appUrl })).toBe(true);
    expect(check(null, 'media', 'file://', { requestingUrl: appUrl })).toBe(false);
  });
});

describe('opening vouchers and exports', () => {
  it('opens files inside the data folder and refuses anything else', async () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'vouchers'), { recursive: true });
    const voucher = path.join(dataDir, 'vouchers', 'V-9.pdf');
    writeFileSync(voucher, '%PDF');
    const openFile = dataFileOpener(dataDir);
    await openFile(voucher);
    await expect(openFile(path.join(dataDir, '..', 'userData', 'window-state.json'))).rejects.toThrow(
      /not one of Resdesk/,
    );
    await expect(openFile('/etc/passwd')).rejects.toThrow();
    expect(fake.openedPaths).toEqual([voucher]);
  });
});
