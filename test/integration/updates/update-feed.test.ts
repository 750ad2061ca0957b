// The update check against a feed served on 127.0.0.1: electron-updater's own code (the
// Linux AppImage updater, its generic provider, ElectronHttpExecutor and its download with sha512 check)
// runs against the fake Electron, whose net.request goes through Node's http. Around it, the desk's
// code as main/index.ts wires it: the feed address from app-update.yml or update-feed.json
// (resolveFeed), the adapter (electronUpdaterPort) and the update logic (createUpdates). Electron's
// binary cannot run here, so what is not proven is Electron's real net stack and a real AppImage.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../main/shell/log';
import { electronUpdaterPort } from '../../../main/shell/updater';
import { FEED_OVERRIDE_FILE, resolveFeed } from '../../../main/updates/feed';
import { createUpdates, INSTALL_RETRY_MS, type Updates } from '../../../main/updates/updates';
import { fake } from '../../harness/fake-electron';
import { fakeElectronForNodeRequire } from '../../harness/fake-electron-require';
import { startFeedServer, type FeedServer } from '../../harness/update-feed-server';
import { manualTimer } from '../../unit/shell/manual-timer';

const root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-update-feed-'));
const resources = path.join(root, 'resources');
const dataDir = path.join(root, 'data');
const appImage = path.join(root, 'apps', 'Resdesk.AppImage');
const logFile = path.join(root, 'logs', 'resdesk.log');
const installedMarker = path.join(root, 'installed-ran');
const savedEnv = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
const servers: FeedServer[] = [];

/** The "new version": a script that, run by the updater after it replaced the AppImage, leaves a mark. */
const newVersion = Buffer.from(`#!/bin/sh\necho "$APPIMAGE_SILENT_INSTALL" > '${installedMarker}'\n`, 'utf8');

const logText = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

/** Waits for something the updater does in the background (a download, a spawned installer). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function serve(...args: Parameters<typeof startFeedServer>): Promise<FeedServer> {
  const server = await startFeedServer(...args);
  servers.push(server);
  return server;
}

/** The desk's update logic as boot() in main/index.ts builds it. */
function deskUpdates(answerInFlight: () => boolean = () => false) {
  const logger = createFileLogger({ file: logFile });
  const feed = resolveFeed({
    packaged: app.isPackaged,
    overrideFile: path.join(dataDir, FEED_OVERRIDE_FILE),
    appUpdateYml: path.join(process.resourcesPath, 'app-update.yml'),
    warn: (message) => logger.warn(message),
  });
  const time = manualTimer();
  let stopped = 0;
  const updates: Updates = createUpdates({
    feed,
    updater: feed.kind === 'set' ? electronUpdaterPort(logger) : null,
    stateFile: path.join(dataDir, 'updates.json'),
    answerInFlight,
    beforeInstall: async () => {
      stopped += 1;
    },
    logger,
    timer: time.timer,
  });
  return { feed, updates, time, stopped: () => stopped };
}

const app = fake.app;
let builtIn: FeedServer;

beforeAll(async () => {
  fakeElectronForNodeRequire();
  builtIn = await serve({ version: '0.1.0', file: 'Resdesk-0.1.0.AppImage', bytes: Buffer.from('same') });
  mkdirSync(resources, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(path.dirname(appImage), { recursive: true });
  writeFileSync(appImage, '#!/bin/sh\necho "the old version"\n', { mode: 0o755 });
  // What electron-builder writes for `publish: generic` (electron-builder.yml), with the test's address.
  writeFileSync(
    path.join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${builtIn.url}\nupdaterCacheDirName: resdesk-updater\n`,
  );
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
  process.env.APPIMAGE = appImage;
  process.env.XDG_CACHE_HOME = path.join(root, 'cache');
  app.isPackaged = true;
  app.userData = dataDir;
});

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fake.reset();
  rmSync(root, { recursive: true, force: true });
});

describe('the update check against a feed on 127.0.0.1', () => {
  it('reads the built-in feed of app-update.yml: latest-linux.yml says nothing newer', async () => {
    const { feed, updates } = deskUpdates();
    expect(feed).toEqual({ kind: 'set', url: builtIn.url, fromDataFolder: false });

    const state = await updates.checkNow();
    expect(state).toMatchObject({ feed: 'set', lastCheck: 'up-to-date', available: null, downloaded: null });
    expect(state.lastCheckAt).not.toBeNull();
    // electron-updater asked this server for the Linux update info, through Electron's net in its session.
    expect(builtIn.requests.some((r) => r.startsWith('/resdesk/latest-linux.yml'))).toBe(true);
    expect(fake.netRequests.at(-1)).toMatchObject({ method: 'GET', partition: 'electron-updater' });
    expect(logText()).toContain('"message":"update check done"');
    // The check is remembered in the data folder for Settings and the daily schedule.
    expect(JSON.parse(readFileSync(path.join(dataDir, 'updates.json'), 'utf8'))).toMatchObject({
      lastCheck: 'up-to-date',
    });
  });

  it('says the check failed when the feed does not answer, logging the feed’s origin only', async () => {
    await builtIn.close();
    const { updates } = deskUpdates();
    expect(await updates.checkNow()).toMatchObject({ lastCheck: 'failed', available: null });
    const failed = logText()
      .split('\n')
      .filter((line) => line.includes('the update check failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`"feed":"${new URL(builtIn.url).origin}"`);
    // electron-updater adds ?noCache=… to every address; no address with its query reaches the log.
    expect(logText()).not.toMatch(/noCache=[^[]/);
    expect(logText()).not.toContain('latest-linux.yml?');
  });

  it('refuses a download whose sha512 does not match the feed’s (the hotel’s own feed, update-feed.json)', async () => {
    const hotel = await serve(
      { version: '0.2.0', file: 'Resdesk-0.2.0.AppImage', bytes: newVersion, wrongChecksum: true },
      '/hotel-feed/',
    );
    writeFileSync(path.join(dataDir, FEED_OVERRIDE_FILE), JSON.stringify({ url: hotel.url }));
    const { feed, updates } = deskUpdates();
    expect(feed).toEqual({ kind: 'set', url: hotel.url, fromDataFolder: true });

    expect(await updates.checkNow()).toMatchObject({ lastCheck: 'found', available: '0.2.0' });
    await until(() => logText().includes('the update could not be downloaded'));
    expect(hotel.requests.some((r) => r.startsWith('/hotel-feed/Resdesk-0.2.0.AppImage'))).toBe(true);
    expect(updates.state().downloaded).toBeNull();
    // Nothing to install: the receptionist's button does nothing, the desk keeps running.
    expect(updates.installWhenIdle()).toMatchObject({ installPending: false });
    expect(app.quitCalls).toBe(0);
  });

  it('downloads a newer version in the background and installs it when asked, once no answer is in flight', async () => {
    const hotel = await serve(
      { version: '0.2.0', file: 'Resdesk-0.2.0.AppImage', bytes: newVersion },
      '/hotel/',
    );
    writeFileSync(path.join(dataDir, FEED_OVERRIDE_FILE), JSON.stringify({ url: hotel.url }));
    let answering = true;
    const { updates, time, stopped } = deskUpdates(() => answering);

    expect(await updates.checkNow()).toMatchObject({ lastCheck: 'found', available: '0.2.0' });
    await until(() => updates.state().downloaded === '0.2.0');
    const cached = path.join(root, 'cache', 'resdesk-updater', 'pending', 'Resdesk-0.2.0.AppImage');
    expect(readFileSync(cached)).toEqual(newVersion);

    // An answer is held in its grace period: the install waits, the desk is not stopped.
    expect(updates.installWhenIdle()).toMatchObject({ installPending: true });
    time.advance(INSTALL_RETRY_MS * 3);
    expect(stopped()).toBe(0);
    expect(readFileSync(appImage, 'utf8')).toContain('the old version');

    answering = false;
    time.advance(INSTALL_RETRY_MS);
    // The desk stops cleanly, then electron-updater replaces the AppImage, runs it, and quits.
    // The new version's shell creates the marker before it writes its line: wait for the whole line.
    await until(
      () =>
        existsSync(installedMarker) &&
        readFileSync(installedMarker, 'utf8').endsWith('\n') &&
        app.quitCalls > 0,
    );
    expect(stopped()).toBe(1);
    expect(readFileSync(appImage)).toEqual(newVersion);
    expect(readFileSync(installedMarker, 'utf8').trim()).toBe('true');
  });
});
