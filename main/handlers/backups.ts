// Settings → Backups: the copies of the desk's database (newest first), a copy now, the hotel's second
// folder, and Restore, which says first what would be lost. Also the daily copy: checked every hour, taken
// when the newest daily one is 23 hours old. Only the real desk's database is backed up: the practice one
// starts empty at every start. On the PC that keeps the hotel's shared database the same hourly check
// takes the hotel database's daily copy too, into backups/hotel-database (and the second folder's), a desk database
// file of the whole hotel that `resdesk move-data` restores (main/hotel-db/backup.ts).
import path from 'node:path';
import { markReadWhole } from '../store/integrity-schedule';
import { statSync, accessSync, constants } from 'node:fs';
import type { BackupItem, BackupsView, Handlers } from '../../shared/ipc';
import {
  BACKUP_KEEP,
  BackupFailedError,
  DatabaseDamagedError,
  NotAGoodBackupError,
  SECOND_FOLDER_SETTING,
  backupFolderOf,
  listBackups,
  restoreBackup,
  restorePreview,
} from '../store/backup';
import type { Store } from '../store';
import { HOTEL_BACKUPS } from '../hotel-db/backup';
import { DeskError } from '../kernel/ipc-dispatch';
import type { DeskContext } from './context';

type BackupRequests = 'listBackups' | 'backupNow' | 'previewRestore' | 'restoreBackup' | 'setBackupFolder';

/** The daily check's period, and how old the newest daily copy may be before another is taken. */
export const DAILY_CHECK_MS = 60 * 60 * 1000;
const DAILY_AGE_MS = 23 * 60 * 60 * 1000;
/** The first check waits a little: the start of the desk (and its first sync) goes first. */
const FIRST_CHECK_MS = 2 * 60 * 1000;

export interface DeskBackups {
  handlers: Pick<Handlers, BackupRequests>;
  /** Starts the daily copies. */
  start(): void;
  stop(): void;
  /** One daily check now (tests, and the timer). */
  dailyCheck(): void;
  /** The hotel database's daily check now, on the PC that keeps it (tests, and the timer); nothing elsewhere. */
  hotelDailyCheck(): Promise<void>;
}

/** The desk's database; the same name core.ts opens. */
const databaseOf = (ctx: DeskContext): string => path.join(ctx.ports.dataDir, 'resdesk.db');

export function deskBackups(ctx: DeskContext): DeskBackups {
  const folder = backupFolderOf(databaseOf(ctx));
  let secondFolderProblem: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** The real desk's store, or null when it failed its check at start. */
  const store = (): Store | null => {
    try {
      return ctx.settingsStore;
    } catch (error) {
      if (error instanceof DatabaseDamagedError) return null;
      throw error;
    }
  };
  const secondFolder = (): string | null =>
    store()?.getSetting<string | null>(SECOND_FOLDER_SETTING, null) ?? null;
  const folders = (): string[] => {
    const second = secondFolder();
    return second ? [folder, second] : [folder];
  };

  const view = (): BackupsView => {
    const second = secondFolder();
    const damaged = store() === null;
    return {
      folder,
      secondFolder: second,
      backups: listBackups(folders()).map((e): BackupItem => ({
        ...e,
        inSecondFolder: path.dirname(e.file) !== folder,
      })),
      keep: { daily: BACKUP_KEEP.daily, preMigration: BACKUP_KEEP['pre-migration'] },
      databaseDamaged: damaged,
      secondFolderProblem,
    };
  };

  const take = (kind: 'daily' | 'manual'): void => {
    const current = store();
    if (!current) return;
    const taken = current.backup({ kind, folders: folders(), now: ctx.now() });
    // The copy read every page of the file and checked out: the desk's scheduled whole read is done.
    if (taken.written.length > 0) markReadWhole(current.file, ctx.now());
    secondFolderProblem = taken.failed[0] ? ctx.messages.t('backups.folderMissing') : null;
    if (taken.failed.length > 0) ctx.ports.logger.warn('a backup could not be written to the second folder');
    ctx.ports.logger.info('backup written', { kind, copies: taken.written.length });
  };

  const dailyCheck = (): void => {
    const newest = listBackups([folder]).find((e) => e.kind === 'daily');
    if (newest && ctx.now().getTime() - Date.parse(newest.takenAt) < DAILY_AGE_MS) return;
    try {
      take('daily');
    } catch (error) {
      ctx.ports.logger.error('the daily backup failed', {
        reason:
          error instanceof BackupFailedError ? error.detail : error instanceof Error ? error.name : 'unknown',
      });
    }
  };

  let hotelCopying = false;
  const hotelDailyCheck = async (): Promise<void> => {
    const kept = ctx.keptHotelDatabase();
    if (!kept || hotelCopying) return;
    hotelCopying = true;
    try {
      const hotelFolders = folders().map((f) => path.join(f, HOTEL_BACKUPS));
      const newest = listBackups(hotelFolders.slice(0, 1)).find((e) => e.kind === 'daily');
      if (newest && ctx.now().getTime() - Date.parse(newest.takenAt) < DAILY_AGE_MS) return;
      const taken = await kept.backup({ kind: 'daily', folders: hotelFolders, now: ctx.now() });
      if (taken.failed.length > 0)
        ctx.ports.logger.warn("the hotel database's copy could not be written to the second folder");
      ctx.ports.logger.info("the hotel database's daily copy written", { copies: taken.written.length });
    } catch (error) {
      ctx.ports.logger.error("the hotel database's daily copy failed", {
        reason:
          error instanceof BackupFailedError ? error.detail : error instanceof Error ? error.name : 'unknown',
      });
    } finally {
      hotelCopying = false;
    }
  };

  /** A file the list shows, or a refusal: the page never names an arbitrary path to restore from. */
  const listed = (file: string) => {
    const entry = listBackups(folders()).find((e) => e.file === file);
    if (!entry) throw new DeskError('not-found', ctx.messages.t('backups.notListed'));
    return entry;
  };

  const handlers: DeskBackups['handlers'] = {
    listBackups: async () => view(),
    backupNow: async () => {
      // A damaged desk has nothing to copy: said, rather than answering as if a copy were taken.
      if (!store()) throw new DeskError('conflict', ctx.messages.t('backups.damagedAtStart'));
      try {
        take('manual');
      } catch (error) {
        ctx.ports.logger.error('a backup failed', {
          reason: error instanceof Error ? error.name : 'unknown',
        });
        throw new DeskError('internal', ctx.messages.t('backups.failed'));
      }
      return view();
    },
    previewRestore: async ({ file }) => {
      const entry = listed(file);
      try {
        const preview = restorePreview(databaseOf(ctx), entry.file);
        return {
          file: entry.file,
          takenAt: entry.takenAt,
          lost: preview.lost,
          currentNewestReservation: preview.currentNewest?.reservation ?? null,
          backupNewestReservation: preview.backupNewest.reservation,
        };
      } catch (error) {
        if (error instanceof NotAGoodBackupError)
          throw new DeskError('conflict', ctx.messages.t('backups.notGood'));
        throw error;
      }
    },
    restoreBackup: async ({ file }) => {
      const entry = listed(file);
      try {
        restorePreview(databaseOf(ctx), entry.file);
      } catch (error) {
        if (error instanceof NotAGoodBackupError)
          throw new DeskError('conflict', ctx.messages.t('backups.notGood'));
        throw error;
      }
      // Every connection to the file closes first: a desk writing on would write into the replaced file.
      await ctx.releaseDatabase();
      try {
        const result = restoreBackup(databaseOf(ctx), entry.file, ctx.now());
        ctx.ports.logger.info('a backup was restored', { takenAt: entry.takenAt, kind: entry.kind });
        return { replacedBy: result.replacedBy };
      } catch (error) {
        ctx.ports.logger.error('a restore failed', {
          reason: error instanceof Error ? error.name : 'unknown',
        });
        throw new DeskError('internal', ctx.messages.t('backups.restoreFailed'));
      } finally {
        await ctx.reconnect();
      }
    },
    setBackupFolder: async ({ folder: chosen }) => {
      const current = store();
      if (!current) throw new DeskError('conflict', ctx.messages.t('backups.damagedAtStart'));
      if (chosen === '') {
        current.setSetting(SECOND_FOLDER_SETTING, undefined);
        secondFolderProblem = null;
        return view();
      }
      if (!path.isAbsolute(chosen) || !isWritableFolder(chosen))
        throw new DeskError('invalid-request', ctx.messages.t('backups.folderMissing'));
      current.setSetting(SECOND_FOLDER_SETTING, path.resolve(chosen));
      secondFolderProblem = null;
      return view();
    },
  };

  return {
    handlers,
    dailyCheck,
    hotelDailyCheck,
    start: () => {
      const tick = (): void => {
        dailyCheck();
        void hotelDailyCheck();
        timer = setTimeout(tick, DAILY_CHECK_MS);
        timer.unref?.();
      };
      timer = setTimeout(tick, FIRST_CHECK_MS);
      timer.unref?.();
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

function isWritableFolder(folder: string): boolean {
  try {
    if (!statSync(folder).isDirectory()) return false;
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
