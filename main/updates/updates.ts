// The update logic, in plain Node: when to check (shortly after start, then once a day), what Settings
// shows, and when a downloaded update may be installed: at the next quit (electron-updater installs it
// after the desk's clean stop), or when the receptionist asks, but never while an answer is held in its
// grace period or being sent: then the install waits, checking again every few seconds.
import type { UpdateState } from '../../shared/ipc';
import type { Logger, UpdatesPort } from '../kernel/core-types';
import type { Feed } from './feed';
import { readLastCheck, writeLastCheck, type LastCheck } from './last-check';
import type { UpdaterPort, UpdateTimer } from './port';

/** The first check waits for the desk to settle after its start (first sync, backups). */
export const FIRST_CHECK_MS = 60_000;
/** How often the desk asks itself whether a day has passed since the last check (the PC may sleep). */
export const TICK_MS = 60 * 60_000;
export const CHECK_EVERY_MS = 24 * 60 * 60_000;
/** While an answer is in flight, an asked-for install looks again this often. */
export const INSTALL_RETRY_MS = 3_000;

export interface UpdatesOptions {
  feed: Feed;
  /** Null where there is no updater (the feed is then development or not set). */
  updater: UpdaterPort | null;
  /** updates.json in the data folder. */
  stateFile: string;
  /** An answer is held in its grace period or being sent (Core.answerInFlight). */
  answerInFlight: () => boolean;
  /** The desk's clean stop (core.stop), run before the installer takes over. */
  beforeInstall: () => Promise<void>;
  logger: Logger;
  timer: UpdateTimer;
  now?: () => Date;
}

export interface Updates extends UpdatesPort {
  /** Schedules the first check and the daily ones. */
  start(): void;
  stop(): void;
}

export function createUpdates(options: UpdatesOptions): Updates {
  const now = options.now ?? (() => new Date());
  const { feed, updater, logger, timer } = options;
  let last: LastCheck = readLastCheck(options.stateFile);
  let available: string | null = null;
  let downloaded: string | null = null;
  let installPending = false;
  let installing = false;
  let checking: Promise<void> | null = null;
  const handles = new Set<unknown>();

  const later = (run: () => void, ms: number): void => {
    const handle = timer.set(() => {
      handles.delete(handle);
      run();
    }, ms);
    handles.add(handle);
  };

  const state = (): UpdateState => ({
    feed: feed.kind === 'set' && !updater ? 'unavailable' : feed.kind,
    ...last,
    available,
    downloaded,
    installPending,
  });

  if (feed.kind === 'set' && updater) {
    if (feed.fromDataFolder) updater.useFeed(feed.url);
    updater.onDownloaded((version) => {
      downloaded = version;
      logger.info('an update was downloaded: it is installed at the next quit', { version });
    });
  }

  const record = (result: NonNullable<LastCheck['lastCheck']>): void => {
    last = { lastCheckAt: now().toISOString(), lastCheck: result };
    try {
      writeLastCheck(options.stateFile, last);
    } catch {
      logger.warn('the last update check could not be saved');
    }
  };

  const check = (): Promise<void> => {
    if (feed.kind !== 'set' || !updater) return Promise.resolve();
    checking ??= (async () => {
      try {
        const found = await updater.check();
        available = found;
        record(found ? 'found' : 'up-to-date');
        // The feed's origin only: an address may carry a query with a key in it.
        logger.info('update check done', { feed: new URL(feed.url).origin, found });
      } catch (error) {
        record('failed');
        logger.warn('the update check failed', { feed: new URL(feed.url).origin, error });
      }
    })().finally(() => {
      checking = null;
    });
    return checking;
  };

  const tick = (): void => {
    const lastAt = last.lastCheckAt ? Date.parse(last.lastCheckAt) : 0;
    if (now().getTime() - lastAt >= CHECK_EVERY_MS) void check();
    later(tick, TICK_MS);
  };

  const installSoon = (): void => {
    if (installing || !downloaded || !updater) return;
    if (options.answerInFlight()) {
      later(installSoon, INSTALL_RETRY_MS);
      return;
    }
    installing = true;
    logger.info('installing the update the receptionist asked for', { version: downloaded });
    options
      .beforeInstall()
      .catch(() => logger.error('the desk did not stop cleanly before the update'))
      .finally(() => updater.install());
  };

  return {
    start() {
      if (feed.kind !== 'set' || !updater) return;
      later(() => {
        void check();
        later(tick, TICK_MS);
      }, FIRST_CHECK_MS);
    },
    stop() {
      for (const handle of handles) timer.clear(handle);
      handles.clear();
    },
    state,
    async checkNow() {
      await check();
      return state();
    },
    installWhenIdle() {
      if (downloaded && !installPending) {
        installPending = true;
        installSoon();
      }
      return state();
    },
  };
}
