// Taking a backup: VACUUM INTO, not the online backup API. VACUUM INTO reads inside one read transaction,
// so the copy is exactly the database as of its start, and in WAL mode the sync's connection keeps
// committing meanwhile; the backup API restarts whenever another connection writes, and a sync writing
// batch after batch could keep it from ever finishing. The copy is written under a temporary name,
// switched out of WAL (one self-contained file), checked read-only, and only then given its real name.
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';
import { checkDatabaseFile } from './backup-check';
import { backupName, pruneBackups, type BackupEntry, type BackupKind } from './backup-files';

/** A backup could not be written or did not check out; nothing of it is left behind. */
export class BackupFailedError extends Error {
  readonly code = 'backup-failed';
  constructor(
    readonly folder: string,
    readonly detail: string,
  ) {
    super(
      `Resdesk could not write a backup into ${folder} (${detail}). Check that the folder exists, is writable and has free space.`,
    );
    this.name = 'BackupFailedError';
  }
}

const userVersion = (db: Database): number => Number(db.pragma('user_version', { simple: true }));

function removeWithJournals(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    try {
      rmSync(`${file}${suffix}`, { force: true });
    } catch {
      // The folder itself is unusable (a file in its place): there is nothing to remove.
    }
  }
}

/**
 * Writes a checked copy of `db` to `target` (which must not exist yet). Throws BackupFailedError, leaving
 * nothing at `target`, when the copy cannot be written or fails its check.
 */
export function writeBackup(db: Database, target: string): void {
  const folder = path.dirname(target);
  const partial = path.join(folder, `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    mkdirSync(folder, { recursive: true });
    const version = userVersion(db);
    db.prepare('VACUUM INTO ?').run(partial);
    // The copy inherits WAL mode from the header; DELETE makes it one file that opens read-only anywhere.
    const copy = new BetterSqlite3(partial, { fileMustExist: true, ...sqliteBindingOption() });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const check = checkDatabaseFile(partial, version);
    if (!check.ok) throw new Error(`the copy failed its check: ${check.detail}`);
    renameSync(partial, target);
  } catch (error) {
    removeWithJournals(partial);
    if (error instanceof BackupFailedError) throw error;
    throw new BackupFailedError(folder, error instanceof Error ? error.message : String(error));
  }
}

export interface TakeBackupOptions {
  kind: BackupKind;
  /** The first folder must succeed; the others (the hotel's second folder) are tried and reported. */
  folders: readonly string[];
  now: Date;
}

export interface TakenBackup {
  written: BackupEntry[];
  /** Folders after the first that could not be written, with why. */
  failed: { folder: string; error: BackupFailedError }[];
}

/** Backs `db` up into each folder and prunes each folder's copies of that kind to the documented number. */
export function takeBackup(db: Database, options: TakeBackupOptions): TakenBackup {
  const version = userVersion(db);
  const name = backupName(options.kind, options.now, version);
  const written: BackupEntry[] = [];
  const failed: TakenBackup['failed'] = [];
  options.folders.forEach((folder, index) => {
    const file = path.join(folder, name);
    try {
      writeBackup(db, file);
    } catch (error) {
      if (index === 0 || !(error instanceof BackupFailedError)) throw error;
      failed.push({ folder, error });
      return;
    }
    pruneBackups(folder, options.kind);
    written.push({
      file,
      kind: options.kind,
      takenAt: options.now.toISOString(),
      version,
      size: statSync(file).size,
    });
  });
  return { written, failed };
}

/**
 * Backs up the database at `dbFile` through a read-only connection of its own (so the desk may keep
 * running beside it). Refuses a damaged file: its copy would be damaged too, and would push a good
 * older copy out of the kept number.
 */
export function backupFile(dbFile: string, options: TakeBackupOptions): TakenBackup {
  const check = checkDatabaseFile(dbFile);
  if (!check.ok)
    throw new BackupFailedError(
      options.folders[0] ?? path.dirname(dbFile),
      `${dbFile} is not a whole Resdesk database: ${check.detail}`,
    );
  const db = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    db.pragma('busy_timeout = 5000');
    return takeBackup(db, options);
  } finally {
    db.close();
  }
}
