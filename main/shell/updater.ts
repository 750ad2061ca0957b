// The update adapter: electron-updater's autoUpdater behind the UpdaterPort that main/updates drives.
// autoUpdater is read on first use (electron-updater makes the platform's updater then: NSIS, AppImage,
// deb, dmg), and downloads on its own once a check finds a newer version; installAtQuit leaves
// autoInstallOnAppQuit on, which runs the installer after the desk's clean stop (stopOnQuit in index.ts).
import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { Logger } from '../kernel/core-types';
import { channelFile, refuseOversizedFeedFile } from '../updates/feed-size';
import type { UpdaterPort } from '../updates/port';

/** electron-updater's own lines, quietened: its errors carry whole URLs, so only their first line goes on. */
function updaterLog(logger: Logger): AppUpdater['logger'] {
  const first = (message: unknown): string => String(message ?? '').split('\n')[0] ?? '';
  return {
    info: () => undefined,
    warn: (message: unknown) => logger.warn('updater', { detail: first(message) }),
    error: (message: unknown) => logger.warn('updater error', { detail: first(message) }),
  };
}

export function electronUpdaterPort(
  logger: Logger,
  updater: AppUpdater = electronUpdater.autoUpdater,
): UpdaterPort {
  updater.logger = updaterLog(logger);
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // A failed background download is reported here as well as through the check's promise.
  updater.on('error', () => undefined);
  let feed: string | null = null;
  return {
    useFeed: (url) => {
      feed = url;
      updater.setFeedURL({ provider: 'generic', url });
    },
    async check() {
      // The list is read here first, with a limit: electron-updater would take any size into memory.
      if (feed) await refuseOversizedFeedFile(new URL(channelFile(), feed).href);
      const result = await updater.checkForUpdates();
      if (!result?.isUpdateAvailable) return null;
      // The download runs on; a failure of it is logged, and the next check tries again.
      result.downloadPromise?.catch(() => logger.warn('the update could not be downloaded'));
      return result.updateInfo.version;
    },
    onDownloaded: (listener) => {
      updater.on('update-downloaded', (event) => listener(event.version));
    },
    // Silent: the receptionist asked for it; run after: the desk comes back by itself.
    install: () => updater.quitAndInstall(true, true),
  };
}
