// The application menu. Windows and Linux get none (Chromium keeps copy/paste without it, and there is no
// menu bar to confuse the desk); macOS needs the standard app and Edit menus for its shortcuts to work.
// Reload and developer tools exist only in an unpackaged development build.
import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(
  platform: NodeJS.Platform,
  developer: boolean,
): MenuItemConstructorOptions[] | null {
  const developerMenu: MenuItemConstructorOptions[] = developer
    ? [
        {
          label: 'Developer',
          submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
        },
      ]
    : [];
  if (platform === 'darwin')
    return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }, ...developerMenu];
  return developerMenu.length > 0 ? developerMenu : null;
}

export function installAppMenu(platform: NodeJS.Platform, developer: boolean): void {
  const template = appMenuTemplate(platform, developer);
  Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
}
