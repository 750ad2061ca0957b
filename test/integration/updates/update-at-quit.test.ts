// "Installed at the next quit": a version found on a feed served on 127.0.0.1 downloads in the
// background; nothing is installed while the desk runs; when the desk quits (Electron's 'quit', exit code
// 0), electron-updater's own AppImage updater replaces the AppImage and runs it to finish silently. Its
// real code runs against the fake Electron, as in update-feed.test.ts; a separate file because
// electron-updater's autoUpdater is one per process and installs once.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../main/shell/log';
import { electronUpdaterPort } from '../../../main/shell/updater';
import { FEED_OVERRIDE_FILE, resolveFeed } from '../../../main/updates/feed';
import { createUpdates } from '../../../main/updates/updates';
import { fake } from '../../harness/fake-electron';
import { fakeElectronForNodeRequire } from '../../harness/fake-electron-require';
import { startFeedServer } from '../../harness/update-feed-server';
import { manualTimer } from '../../unit/shell/manual-timer';

const root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-update-quit-'));
const savedEnv = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };

afterAll(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fake.reset();
  rmSync(root, { recursive: true, force: true });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('an update found while the desk runs', () => {
  it('is installed when the desk quits, not before', async () => {
    const marker = path.join(root, 'installer-ran');
    const newVersion = Buffer.from(
      `#!/bin/sh\necho "$APPIMAGE_SILENT_INSTALL $APPIMAGE_EXIT_AFTER_INSTALL" > '${marker}'\n`,
    );
    const feedServer = await startFeedServer({
      version: '0.3.0',
      file: 'Resdesk-0.3.0.AppImage',
      bytes: newVersion,
    });
    try {
      const resources = path.join(root, 'resources');
      const dataDir = path.join(root, 'data');
      const appImage = path.join(root, 'Resdesk.AppImage');
      mkdirSync(resources, { recursive: true });
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(appImage, '#!/bin/sh\necho "the old version"\n', { mode: 0o755 });
      writeFileSync(
        path.join(resources, 'app-update.yml'),
        `provider: generic\nurl: ${feedServer.url}\nupdaterCacheDirName: resdesk-updater\n`,
      );
      fakeElectronForNodeRequire();
      Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
      process.env.APPIMAGE = appImage;
      process.env.XDG_CACHE_HOME = path.join(root, 'cache');
      fake.app.isPackaged = true;
      fake.app.userData = dataDir;

      const logger = createFileLogger({ file: path.join(root, 'resdesk.log') });
      const feed = resolveFeed({
        packaged: true,
        overrideFile: path.join(dataDir, FEED_OVERRIDE_FILE),
        appUpdateYml: path.join(process.resourcesPath, 'app-update.yml'),
        warn: (message) => logger.warn(message),
      });
      const updates = createUpdates({
        feed,
        updater: electronUpdaterPort(logger),
        stateFile: path.join(dataDir, 'updates.json'),
        answerInFlight: () => false,
        beforeInstall: async () => undefined,
        logger,
        timer: manualTimer().timer,
      });

      await updates.checkNow();
      await until(() => updates.state().downloaded === '0.3.0');
      // Downloaded, and the desk keeps running on the old version.
      expect(readFileSync(appImage, 'utf8')).toContain('the old version');
      expect(existsSync(marker)).toBe(false);

      // The desk's clean stop is done and Electron quits with exit code 0.
      fake.app.emit('quit', {}, 0);
      expect(readFileSync(appImage)).toEqual(newVersion);
      // Run to finish the install silently, then exit (not to start the desk again).
      expect(readFileSync(marker, 'utf8').trim()).toBe('true true');
      expect(fake.app.quitCalls).toBe(0);
    } finally {
      await feedServer.close();
    }
  });
});
