// Putting a backup back. The database it replaces is kept beside it (F.replaced-<time>, with its WAL), so
// a restore can itself be undone; a file that is not a good Resdesk backup is refused before anything
// moves; and what the restore will lose is said first: what the current database received and answered
// after the backup's newest entries.
import { copyFileSync, existsSync, lstatSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';
import { checkDatabaseFile, type BackupProblem } from './backup-check';

/** The file offered for a restore is not a good Resdesk backup; nothing was changed. */
export class NotAGoodBackupError extends Error {
  readonly code = 'not-a-good-backup';
  constructor(
    readonly file: string,
    readonly problem: BackupProblem,
    detail: string,
  ) {
    super(
      `${file} is not a good Resdesk backup (${detail}); nothing was changed. Choose another backup: the newest good one is listed first.`,
    );
    this.name = 'NotAGoodBackupError';
  }
}

export interface NewestTimes {
  /** When the newest reservation version was received (ISO), or null when there is none. */
  reservation: string | null;
  /** When the newest answer was given (ISO), or null. */
  decision: string | null;
}

export interface RestorePreview {
  backupVersion: number;
  backupNewest: NewestTimes;
  /** The current database's newest entries; null when it cannot be read (missing or damaged). */
  currentNewest: NewestTimes | null;
  /** What the current database holds beyond the backup; null when it cannot be read. */
  lost: { reservationVersions: number; decisions: number } | null;
}

function readOnly<T>(file: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

const newestOf = (db: BetterSqlite3.Database): NewestTimes => ({
  reservation:
    db.prepare<[], string | null>('SELECT max(received_at) FROM reservation_versions').pluck().get() ?? null,
  decision: db.prepare<[], string | null>('SELECT max(decided_at) FROM decisions').pluck().get() ?? null,
});

/** What restoring `backupFile` over `dbFile` would lose. Throws NotAGoodBackupError for a bad backup. */
export function restorePreview(dbFile: string, backupFile: string): RestorePreview {
  const check = checkDatabaseFile(backupFile);
  if (!check.ok) throw new NotAGoodBackupError(backupFile, check.problem, check.detail);
  const backupNewest = readOnly(backupFile, newestOf);
  let currentNewest: NewestTimes | null = null;
  let lost: RestorePreview['lost'] = null;
  try {
    if (existsSync(dbFile))
      readOnly(dbFile, (db) => {
        currentNewest = newestOf(db);
        lost = {
          reservationVersions: db
            .prepare<[string], number>('SELECT count(*) FROM reservation_versions WHERE received_at > ?')
            .pluck()
            .get(backupNewest.reservation ?? '') as number,
          decisions: db
            .prepare<[string], number>('SELECT count(*) FROM decisions WHERE decided_at > ?')
            .pluck()
            .get(backupNewest.decision ?? '') as number,
        };
      });
  } catch {
    // A damaged current database cannot say what it holds: the preview says "unknown" instead.
    currentNewest = null;
    lost = null;
  }
  return { backupVersion: check.userVersion, backupNewest, currentNewest, lost };
}

export interface RestoreResult {
  preview: RestorePreview;
  /** Where the replaced database now is, or null when there was none. */
  replacedBy: string | null;
}

const stampOf = (at: Date): string => at.toISOString().replace(/[:.]/g, '-');

/**
 * Restores `backupFile` as `dbFile`. Every connection to `dbFile` must be closed first (the desk closes its
 * own; the command line asks for the desk to be quit). The replaced file and its WAL move to
 * `dbFile.replaced-<time>` (-wal, -shm), where SQLite still opens them together.
 */
/** Where a backup would be put back is no place for a database. */
export class RestoreTargetError extends Error {
  override readonly name = 'RestoreTargetError';
}

export function restoreBackup(dbFile: string, backupFile: string, now: Date): RestoreResult {
  if (path.resolve(dbFile) === path.resolve(backupFile))
    throw new NotAGoodBackupError(backupFile, 'not-resdesk', 'it is the database itself');
  // The database is put back where a file is or may be, never over a folder (a data folder given by mistake would
  // be moved aside whole) nor into a folder that is not there.
  const place = lstatSync(dbFile, { throwIfNoEntry: false });
  if (place !== undefined && !place.isFile())
    throw new RestoreTargetError(
      `${dbFile} is ${place.isDirectory() ? 'a folder' : 'not a regular file'}, not a database; nothing was changed. Give the database file itself (resdesk.db in the data folder).`,
    );
  if (!existsSync(path.dirname(path.resolve(dbFile))))
    throw new RestoreTargetError(
      `There is no folder ${path.dirname(path.resolve(dbFile))} for ${dbFile}; nothing was changed. Give the database file in the desk's data folder.`,
    );
  const preview = restorePreview(dbFile, backupFile);
  const staging = `${dbFile}.restoring-${stampOf(now)}`;
  copyFileSync(backupFile, staging);
  const again = checkDatabaseFile(staging, preview.backupVersion);
  if (!again.ok) {
    rmSync(staging, { force: true });
    throw new NotAGoodBackupError(backupFile, again.problem, `its copy ${again.detail}`);
  }
  let replacedBy: string | null = null;
  if (existsSync(dbFile)) {
    replacedBy = `${dbFile}.replaced-${stampOf(now)}`;
    renameSync(dbFile, replacedBy);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(`${dbFile}${suffix}`)) renameSync(`${dbFile}${suffix}`, `${replacedBy}${suffix}`);
  }
  renameSync(staging, dbFile);
  return { preview, replacedBy };
}
