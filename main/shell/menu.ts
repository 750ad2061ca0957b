// The application menu. Windows and Linux get none (Chromium keeps copy/paste without it, and there is no
// menu bar to confuse the desk); macOS needs the standard app and Edit menus for its shortcuts to work.
// Reload and developer tools exist only in an unpackaged development build. Help → Save diagnostics is in
// the macOS menu and the development menu; on Windows and Linux the same button is in Settings → This desk.
import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  saveDiagnostics: () => void;
  /** The item's words in the desk's language (main/kernel/i18n, menu.saveDiagnostics). */
  saveDiagnosticsLabel: string;
}

export function appMenuTemplate(
  platform: NodeJS.Platform,
  developer: boolean,
  actions?: MenuActions,
): MenuItemConstructorOptions[] | null {
  const helpMenu: MenuItemConstructorOptions[] = actions
    ? [
        {
          role: 'help',
          submenu: [{ label: actions.saveDiagnosticsLabel, click: () => actions.saveDiagnostics() }],
        },
      ]
    : [];
  const developerMenu: MenuItemConstructorOptions[] = developer
    ? [
        {
          label: 'Developer',
          submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
        },
      ]
    : [];
  if (platform === 'darwin')
    return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }, ...developerMenu, ...helpMenu];
  return developerMenu.length > 0 ? [...developerMenu, ...helpMenu] : null;
}

export function installAppMenu(platform: NodeJS.Platform, developer: boolean, actions?: MenuActions): void {
  const template = appMenuTemplate(platform, developer, actions);
  Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
}
