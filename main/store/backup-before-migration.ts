// The copy taken before a new Resdesk changes the schema of a database that already holds data: if the
// new version's migration or code turns out wrong, the hotel can go back to the old Resdesk with this.
import type { Database } from 'better-sqlite3';
import { BackupFailedError, takeBackup } from './backup-take';
import { backupFolderOf, SECOND_FOLDER_SETTING } from './backup-files';

/** The hotel's second folder, read without the settings module: the schema may be an old one here. */
export function secondBackupFolder(db: Database): string | null {
  try {
    const text = db
      .prepare<[string], string>('SELECT value FROM settings WHERE key = ?')
      .pluck()
      .get(SECOND_FOLDER_SETTING);
    const value: unknown = text === undefined ? null : JSON.parse(text);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  } catch {
    // No settings table yet, or a value that is not a folder: only the folder beside the database.
    return null;
  }
}

/** Throws BackupFailedError (and the caller migrates nothing) when the copy beside the database fails. */
export function backupBeforeMigration(db: Database, file: string, now: Date = new Date()): void {
  const second = secondBackupFolder(db);
  try {
    takeBackup(db, {
      kind: 'pre-migration',
      folders: [backupFolderOf(file), ...(second ? [second] : [])],
      now,
    });
  } catch (error) {
    if (!(error instanceof BackupFailedError)) throw error;
    throw new BackupFailedError(
      error.folder,
      `${error.detail}; the database was left as it was, not updated to this Resdesk's version`,
    );
  }
}
