// The desk's one window and everything that keeps its page locked in: secure webPreferences, a strict
// CSP, no navigation away, no new windows, no permissions but notifications, and links / files handed to
// the OS only through url-guards.
import { BrowserWindow, screen, session as electronSession, shell } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Logger } from '../kernel/core-types';
import { deskContentSecurityPolicy } from './csp';
import { isAppPageUrl, safeDataPath, safeExternalUrl, type AppPage } from './url-guards';
import { fitToDisplays, readWindowState, writeWindowState, MIN_SIZE } from './window-state';

/** The page's policy (main/shell/csp.ts), also written into its <meta> by vite.config.ts. */
export function contentSecurityPolicy(page: AppPage): string {
  return deskContentSecurityPolicy(page.kind === 'dev' ? page.url : null);
}

/** CSP on every response of the desk's session, and no permission except notifications for our page. */
export function hardenSession(ses: Session, page: AppPage): void {
  const policy = contentSecurityPolicy(page);
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permission === 'notifications' && isAppPageUrl(details.requestingUrl, page));
  });
  ses.setPermissionCheckHandler(
    (_contents, permission, _origin, details) =>
      permission === 'notifications' && isAppPageUrl(details.requestingUrl, page),
  );
}

/** Opens an http(s) link in the system browser if it passes the guard; says whether it did. */
export async function openExternalLink(url: unknown, logger?: Logger): Promise<boolean> {
  const safe = safeExternalUrl(url);
  if (safe === null) {
    logger?.warn('refused to open a link', { url: typeof url === 'string' ? url : typeof url });
    return false;
  }
  await shell.openExternal(safe);
  return true;
}

/** The core's `openPath` port: a voucher PDF or an export CSV inside dataDir, nothing else. */
export function dataFileOpener(dataDir: string, logger?: Logger): (file: string) => Promise<void> {
  return async (file) => {
    const safe = safeDataPath(file, dataDir);
    if (safe === null) {
      logger?.warn('refused to open a file outside the data folder');
      throw new Error('This file is not one of Resdesk’s vouchers or exports.');
    }
    const problem = await shell.openPath(safe);
    if (problem !== '') throw new Error(`The file could not be opened: ${problem}`);
  };
}

/** Applied to every web contents the app creates (app 'web-contents-created'), the desk's window included. */
export function guardWebContents(contents: WebContents, page: AppPage, logger?: Logger): void {
  const stay = (event: { preventDefault(): void; url: string }): void => {
    if (isAppPageUrl(event.url, page)) return;
    event.preventDefault();
    logger?.warn('blocked navigation away from the desk', { url: event.url });
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(url, logger);
    return { action: 'deny' };
  });
}

export interface DeskWindowOptions {
  page: AppPage;
  preloadPath: string;
  /** userData/window-state.json */
  stateFile: string;
  /** False when started at login into the tray. */
  showWhenReady: boolean;
  /** Developer tools only in unpackaged development builds. */
  devTools: boolean;
  icon?: string;
  logger?: Logger;
}

export function createDeskWindow(options: DeskWindowOptions): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const primary = screen.getPrimaryDisplay().workArea;
  const place = fitToDisplays(readWindowState(options.stateFile), [
    primary,
    ...workAreas.filter((a) => a !== primary),
  ]);
  const window = new BrowserWindow({
    ...place.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Resdesk',
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      preload: options.preloadPath,
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
      // Middle-click would open links in new windows; the open handler denies them, this removes the event.
      disableBlinkFeatures: 'Auxclick',
      devTools: options.devTools,
    },
  });
  if (place.maximized) window.maximize();
  guardWebContents(window.webContents, options.page, options.logger);

  const remember = (): void => {
    if (window.isDestroyed()) return;
    try {
      writeWindowState(options.stateFile, {
        bounds: window.getNormalBounds(),
        maximized: window.isMaximized(),
      });
    } catch {
      options.logger?.warn('could not save the window position');
    }
  };
  // 'resized'/'moved' fire at the end of a drag on Windows and macOS; 'close' covers Linux.
  window.on('resized', remember);
  window.on('moved', remember);
  window.on('maximize', remember);
  window.on('unmaximize', remember);
  window.on('close', remember);
  window.once('ready-to-show', () => {
    if (options.showWhenReady) window.show();
  });
  const load =
    options.page.kind === 'dev' ? window.loadURL(options.page.url) : window.loadFile(options.page.indexPath);
  load.catch(() => options.logger?.error('the desk page could not be loaded'));
  return window;
}

/** Brings the window up from the tray, the taskbar or behind other windows. */
export function showDeskWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Closing the window keeps the desk running in the tray (polling, notifications) until Quit. */
export function keepRunningWhenClosed(window: BrowserWindow, quitting: () => boolean): void {
  window.on('close', (event) => {
    if (quitting()) return;
    event.preventDefault();
    window.hide();
  });
}

export const defaultSession = (): Session => electronSession.defaultSession;
