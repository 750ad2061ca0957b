// Electron entry: one running desk per user, the core built with its Electron ports, the window, tray,
// notifications and IPC around it, and a clean stop (core.stop) when the receptionist quits.
// Closing the window keeps the desk polling in the tray.
import { app, net, powerMonitor, safeStorage, session, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import path from 'node:path';
import type { UiLanguage } from '../shared/domain';
import { createCore } from './desk/core';
import type { Core, Logger } from './kernel/core-types';
import { forwardCoreEvents, registerRequestHandlers, sendDeskEvent } from './shell/ipc';
import { createFileLogger } from './shell/log';
import { installAppMenu } from './shell/menu';
import { catchProcessCrashes, watchProcessesGone } from './shell/crashes';
import { crashDialog } from './shell/crash-dialog';
import { electronUpdaterPort } from './shell/updater';
import { createMessages } from './kernel/messages';
import { markRunStopped, noticeUncleanStop } from './diagnostics/run-marker';
import { FEED_OVERRIDE_FILE, resolveFeed } from './updates/feed';
import { createUpdates, type Updates } from './updates/updates';
import { createSoundPlayer, realTimer, startDeskNotifications } from './shell/notify';
import { preferencesFile } from './notifications/preferences';
import { notificationSettings } from './notifications/settings';
import type { Timer } from './notifications/groups';
import { chooseCredentialStore } from './secrets/choose-credential-store';
import { developmentDataFolders } from './shell/data-folders';
import { electronSqlitePath } from './shell/electron-sqlite-path';
import { SQLITE_BINDING_ENV } from './store/native-binding';
import { createDeskTray, loginItem, startedAtLogin, trayIconName } from './shell/tray';
import { devServerUrl, type AppPage } from './shell/url-guards';
import {
  createDeskWindow,
  dataFileOpener,
  guardWebContents,
  hardenSession,
  keepRunningWhenClosed,
  showDeskWindow,
} from './shell/window';

export const ONLINE_CHECK_MS = 15_000;

/**
 * Power and network hooks. Sleep pauses polling; waking, unlocking the screen, or the network coming back
 * resumes it with an immediate sync. The network is watched with net.isOnline() from main, not the page's
 * 'online' event, because the page may be closed to the tray (and throttled) exactly when the line returns.
 */
export function watchPowerAndNetwork(
  core: Pick<Core, 'pause' | 'resume'>,
  timer: Timer = realTimer,
): () => void {
  const pause = (): void => core.pause();
  const resume = (): void => core.resume();
  powerMonitor.on('suspend', pause);
  powerMonitor.on('resume', resume);
  powerMonitor.on('unlock-screen', resume);
  let online = net.isOnline();
  let handle: unknown = null;
  let stopped = false;
  const check = (): void => {
    if (stopped) return;
    const now = net.isOnline();
    if (now && !online) core.resume();
    online = now;
    handle = timer.set(check, ONLINE_CHECK_MS);
  };
  handle = timer.set(check, ONLINE_CHECK_MS);
  return () => {
    stopped = true;
    powerMonitor.removeListener('suspend', pause);
    powerMonitor.removeListener('resume', resume);
    powerMonitor.removeListener('unlock-screen', resume);
    if (handle !== null) timer.clear(handle);
  };
}

/** The desk's page: the bundled renderer, or (unpackaged builds only) a loopback Vite dev server. */
export function deskPage(appPath: string, packaged: boolean, devUrl: string | undefined): AppPage {
  const dev = packaged ? null : devServerUrl(devUrl);
  return dev
    ? { kind: 'dev', url: dev }
    : { kind: 'file', indexPath: path.join(appPath, 'dist', 'renderer', 'index.html') };
}

/**
 * Unpackaged builds keep their own data and log folders (data-folders.ts). Called before the
 * single-instance lock, which lives in the data folder, and before anything reads a path.
 */
export function useDeskDataFolders(): void {
  const folders = developmentDataFolders(app.isPackaged, app.getPath('appData'));
  if (!folders) return;
  app.setPath('userData', folders.userData);
  app.setAppLogsPath(folders.logs);
}

/**
 * Names Electron's own build of better-sqlite3 for every database this process opens, the import
 * worker's included (it inherits process.env): see store/native-binding.ts.
 */
export function useElectronSqlite(resourcesPath: string = process.resourcesPath): string {
  const file = electronSqlitePath({
    packaged: app.isPackaged,
    appPath: app.getAppPath(),
    resourcesPath,
    platform: process.platform,
    arch: process.arch,
  });
  process.env[SQLITE_BINDING_ENV] = file;
  return file;
}

export interface QuitState {
  /** True from the moment the desk is quitting: closing the window then really closes it. */
  quitting: boolean;
}

/**
 * The clean stop: `stop` (tear the shell down, then core.stop(), which finishes the write in flight and
 * closes the database) runs once, and the process ends after it. Quit from the tray holds 'will-quit'
 * until then. A Windows logoff or shutdown sends 'session-end' instead, and no 'before-quit' or
 * 'will-quit'; the process is ended soon after, so the stop starts right there (a commit cut short is
 * rolled back by SQLite's WAL, never half-applied).
 */
export function stopOnQuit(
  window: BrowserWindow,
  stop: () => Promise<void>,
  logger: Logger,
  state: QuitState = { quitting: false },
): QuitState {
  let stopping = false;
  let stopped = false;
  const stopDesk = (): void => {
    state.quitting = true;
    if (stopping) return;
    stopping = true;
    stop()
      .catch(() => logger.error('the core did not stop cleanly'))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  };
  app.on('before-quit', () => {
    state.quitting = true;
  });
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopDesk();
  });
  window.on('session-end', stopDesk);
  return state;
}

async function boot(): Promise<void> {
  useElectronSqlite();
  const page = deskPage(app.getAppPath(), app.isPackaged, process.env.RESDESK_DEV_URL);
  const resources = app.isPackaged
    ? path.join(process.resourcesPath, 'resources')
    : path.join(app.getAppPath(), 'resources');
  const icon = path.join(resources, process.platform === 'win32' ? 'icon.ico' : 'icon.png');
  let window: BrowserWindow | null = null;
  const quit: QuitState = { quitting: false };
  const logger: Logger = createFileLogger({
    file: path.join(app.getPath('logs'), 'resdesk.log'),
    echo: !app.isPackaged,
  });

  // Before anything else can throw: the log, and the receptionist told once in their language.
  const crashWords = createMessages('tr');
  catchProcessCrashes({ logger, tell: crashDialog(crashWords) });
  watchProcessesGone({
    app,
    logger,
    desk: () => (window && !window.isDestroyed() ? window.webContents : null),
  });

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, page, logger));
  app.on('second-instance', () => showDeskWindow(window));
  app.on('activate', () => showDeskWindow(window));
  // Staying alive with no window is the point: the tray keeps polling and notifying.
  app.on('window-all-closed', () => undefined);
  if (process.platform === 'win32') app.setAppUserModelId('com.resdesk.app');

  await app.whenReady();
  const dataDir = app.getPath('userData');
  hardenSession(session.defaultSession, page);
  const uncleanStopAt = noticeUncleanStop(dataDir, logger, new Date());

  // safeStorage answers only after 'ready', so the store is chosen here.
  const credentials = await chooseCredentialStore({
    safeStorage,
    safeStorageFile: path.join(dataDir, 'credentials.json'),
    logger,
  });
  // One copy of the notification preferences for the settings screen, the tray menu and the notifier.
  const preferences = preferencesFile(path.join(dataDir, 'notifications.json'));
  const startAtLogin = loginItem();
  let settingsSaved = (): void => undefined;
  const feed = resolveFeed({
    packaged: app.isPackaged,
    overrideFile: path.join(dataDir, FEED_OVERRIDE_FILE),
    appUpdateYml: path.join(process.resourcesPath, 'app-update.yml'),
    warn: (message) => logger.warn(message),
  });
  let stopForUpdate = async (): Promise<void> => undefined;
  let answerInFlight = (): boolean => false;
  const updates: Updates = createUpdates({
    feed,
    updater: feed.kind === 'set' ? electronUpdaterPort(logger) : null,
    stateFile: path.join(dataDir, 'updates.json'),
    answerInFlight: () => answerInFlight(),
    beforeInstall: () => stopForUpdate(),
    logger,
    timer: realTimer,
  });
  const core = createCore({
    notificationSettings: notificationSettings(preferences, startAtLogin, () => settingsSaved()),
    dataDir,
    credentials,
    logger,
    openPath: dataFileOpener(dataDir, logger),
    // Imports run in a worker thread so a big file never stalls the window's requests.
    importWorker: { path: path.join(app.getAppPath(), 'dist', 'main', 'import-worker.cjs') },
    resourcesDir: resources,
    app: { version: app.getVersion(), logDir: app.getPath('logs'), updates, uncleanStopAt },
  });
  answerInFlight = () => core.answerInFlight?.() ?? false;
  crashWords.setLanguage((await core.handlers.getSetup({}).catch(() => null))?.language ?? 'tr');
  const language = async (): Promise<UiLanguage> => (await core.handlers.getSetup({})).language;

  window = createDeskWindow({
    page,
    preloadPath: path.join(app.getAppPath(), 'dist', 'preload', 'index.cjs'),
    stateFile: path.join(dataDir, 'window-state.json'),
    showWhenReady: !startedAtLogin(),
    devTools: !app.isPackaged,
    icon,
    logger,
  });
  keepRunningWhenClosed(window, () => quit.quitting);
  const desk = (): Electron.WebContents | null =>
    window && !window.isDestroyed() ? window.webContents : null;
  const openDesk = (): void => showDeskWindow(window);
  const saveDiagnostics = (): void =>
    void core.handlers.saveDiagnostics({}).then(
      (saved) => shell.showItemInFolder(saved.file),
      () => logger.error('diagnostics could not be saved'),
    );
  installAppMenu(process.platform, !app.isPackaged, {
    saveDiagnostics,
    saveDiagnosticsLabel: crashWords.t('menu.saveDiagnostics'),
  });

  const unregister = registerRequestHandlers({
    handlers: core.handlers,
    messages: core.messages,
    deskContentsId: () => desk()?.id ?? null,
    page,
    logger,
  });
  const unforward = forwardCoreEvents(core, desk);
  const notifier = startDeskNotifications({
    core,
    language,
    preferences: () => preferences.get(),
    openDesk,
    openReservation: (keyField) => sendDeskEvent(desk(), 'openReservation', { keyField }),
    openInbox: () => sendDeskEvent(desk(), 'openInbox', {}),
    playSound: createSoundPlayer(path.join(resources, 'sounds'), logger),
    icon,
    logger,
  });
  const tray = createDeskTray({
    iconPath: path.join(resources, trayIconName(process.platform)),
    openDesk,
    syncNow: () => void core.handlers.syncNow({}).catch(() => logger.warn('sync from the tray failed')),
    quit: () => app.quit(),
    preferences,
    startAtLogin,
    logger,
  });
  const refreshTray = (): void => {
    void language()
      .catch((): UiLanguage => 'tr')
      .then((lang) => tray.update(core.waitingCount(), lang));
  };
  // The tray menu's check marks follow a change made on the settings screen.
  settingsSaved = refreshTray;
  const stopTrayEvents = [
    core.on('reservationsChanged', refreshTray),
    core.on('decisionChanged', refreshTray),
    core.on('syncStatus', refreshTray),
  ];
  const unwatch = watchPowerAndNetwork(core);

  // One stop, whoever asks first: the quit, a Windows logoff, or an update about to install.
  let stopping: Promise<void> | null = null;
  const stopEverything = (): Promise<void> =>
    (stopping ??= (async () => {
      updates.stop();
      unwatch();
      for (const stop of stopTrayEvents) stop();
      notifier.dispose();
      unforward();
      unregister();
      tray.destroy();
      await core.stop();
      // A clean stop: the next start finds no marker.
      markRunStopped(dataDir);
    })());
  stopForUpdate = stopEverything;
  stopOnQuit(window, stopEverything, logger, quit);

  try {
    await core.start();
    refreshTray();
    updates.start();
  } catch (error) {
    logger.error('the core could not start', { error });
  }
}

// Only inside Electron: the unit tests import this module for its exported hooks without booting a desk.
if (process.versions.electron) {
  useDeskDataFolders();
  if (!app.requestSingleInstanceLock()) {
    // Another desk is already running: 'second-instance' brings its window forward; this one leaves.
    app.quit();
  } else {
    boot().catch((error: unknown) => {
      console.error('Resdesk could not start:', error instanceof Error ? error.message : 'unknown error');
      app.exit(1);
    });
  }
}
