// The tray icon that keeps the desk reachable while the window is closed: how many reservations wait (tooltip
// and, where the OS has one, the app badge), and a small menu with the desk's own settings (sound, start at
// sign-in) because they belong to this PC, not to the hotel's data.
import { app, Menu, nativeImage, Tray } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UiLanguage, WaitingTally } from '../../shared/domain';
import type { Logger } from '../kernel/core-types';
import { textsFor, trayTooltip } from '../notifications/groups';
import type { PreferencesFile } from '../notifications/preferences';

/** Passed when the OS starts Resdesk at sign-in: go straight to the tray. */
export const START_HIDDEN_ARG = '--hidden';

/**
 * Started by the OS at sign-in, so the desk goes straight to the tray. Windows and Linux pass
 * START_HIDDEN_ARG (written into the login item / autostart entry); macOS login items get no arguments
 * (`args` is Windows-only), but macOS says itself that it opened the app at login.
 */
export function startedAtLogin(
  argv: readonly string[] = process.argv,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (argv.includes(START_HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}

/**
 * The tray image in resources/. macOS gets a template image (black and alpha only), which it recolours
 * for light and dark menu bars; a coloured icon would look foreign there and vanish on dark ones.
 */
export const trayIconName = (platform: NodeJS.Platform): string =>
  platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';

export interface LoginItem {
  get(): boolean;
  set(on: boolean): void;
}

/** Quotes a path for a .desktop Exec= line (freedesktop Desktop Entry spec, "Exec key"). */
export const desktopExecQuote = (value: string): string => `"${value.replace(/(["`$\\])/g, '\\$1')}"`;

/**
 * Start at sign-in. Windows and macOS: app.setLoginItemSettings. Linux has no such API in Electron, so an
 * XDG autostart entry is written (for the AppImage its own path, $APPIMAGE, since the mount point moves).
 */
export function loginItem(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): LoginItem {
  if (platform !== 'linux') {
    return {
      // Windows matches the entry by path and arguments: read it with the arguments it was written with.
      get: () => app.getLoginItemSettings({ args: [START_HIDDEN_ARG] }).openAtLogin,
      set: (on) => app.setLoginItemSettings({ openAtLogin: on, args: [START_HIDDEN_ARG] }),
    };
  }
  const dir = path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'autostart');
  const file = path.join(dir, 'resdesk.desktop');
  return {
    get: () => existsSync(file),
    set(on) {
      if (!on) {
        rmSync(file, { force: true });
        return;
      }
      const executable = env.APPIMAGE || process.execPath;
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        file,
        [
          '[Desktop Entry]',
          'Type=Application',
          'Name=Resdesk',
          `Exec=${desktopExecQuote(executable)} ${START_HIDDEN_ARG}`,
          'X-GNOME-Autostart-enabled=true',
          '',
        ].join('\n'),
        'utf8',
      );
    },
  };
}

export interface DeskTrayOptions {
  iconPath: string;
  openDesk: () => void;
  syncNow: () => void;
  quit: () => void;
  preferences: PreferencesFile;
  startAtLogin: LoginItem;
  logger?: Logger;
}

export interface DeskTray {
  /** Tooltip, badge and menu for this many waiting reservations, in this language. */
  update(waiting: WaitingTally, language: UiLanguage): void;
  destroy(): void;
}

export function createDeskTray(options: DeskTrayOptions): DeskTray {
  const image = nativeImage.createFromPath(options.iconPath);
  // The file name already marks it on macOS; said explicitly so a renamed file keeps working.
  if (path.basename(options.iconPath).startsWith('trayTemplate')) image.setTemplateImage(true);
  const tray = new Tray(image);
  let last: { waiting: WaitingTally; language: UiLanguage } = {
    waiting: { total: 0, cancellations: 0 },
    language: 'tr',
  };
  // Windows opens the window on a click; Linux indicators only ever show the menu, which has "Open".
  tray.on('click', () => options.openDesk());

  const menu = (language: UiLanguage): MenuItemConstructorOptions[] => {
    const t = textsFor(language).menu;
    return [
      { label: t.open, click: () => options.openDesk() },
      { label: t.syncNow, click: () => options.syncNow() },
      { type: 'separator' },
      {
        label: t.sound,
        type: 'checkbox',
        checked: options.preferences.get().sound,
        click: (item) => options.preferences.set({ sound: item.checked }),
      },
      {
        label: t.startAtLogin,
        type: 'checkbox',
        checked: options.startAtLogin.get(),
        click: (item) => {
          try {
            options.startAtLogin.set(item.checked);
          } catch {
            options.logger?.warn('could not change start at sign-in');
          }
        },
      },
      { type: 'separator' },
      { label: t.quit, click: () => options.quit() },
    ];
  };

  const update = (waiting: WaitingTally, language: UiLanguage): void => {
    last = { waiting, language };
    if (tray.isDestroyed()) return;
    tray.setToolTip(trayTooltip(waiting, language));
    tray.setContextMenu(Menu.buildFromTemplate(menu(language)));
    // macOS dock and Linux Unity launchers; a no-op returning false elsewhere.
    app.setBadgeCount(Math.max(0, waiting.total));
  };
  update(last.waiting, last.language);

  return {
    update,
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
