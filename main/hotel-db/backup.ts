// The hotel's shared database backed up as a checked desk database file (copy-out.ts), named, checked and pruned
// as a desk's own copies are (main/store/backup-take.ts): the PC that keeps the database takes one a day into
// `backups/hotel-database` beside its own file, and `resdesk backup --db postgres://… --out DIR` takes one now.
// It is restored by moving it into a new (or emptied) hotel database: `resdesk move-data --from COPY --to URL`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { BackupFailedError, backupFile, type TakeBackupOptions, type TakenBackup } from '../store/backup';
import { copyHotelDatabase } from './copy-out';

/** The folder, inside a desk's backups folder, that holds the hotel database's copies. */
export const HOTEL_BACKUPS = 'hotel-database';

/** A checked copy of the hotel database in each folder; throws BackupFailedError when the first cannot be written. */
export async function backupHotelDatabase(pool: pg.Pool, options: TakeBackupOptions): Promise<TakenBackup> {
  const first = options.folders[0];
  if (!first) throw new BackupFailedError('(no folder)', 'no folder was given');
  const copy = path.join(first, `.hotel-copy-${randomBytes(4).toString('hex')}.db`);
  try {
    mkdirSync(first, { recursive: true });
    await copyHotelDatabase(pool, copy);
    return backupFile(copy, options);
  } catch (error) {
    if (error instanceof BackupFailedError) throw error;
    throw new BackupFailedError(first, error instanceof Error ? error.message : String(error));
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${copy}${suffix}`, { force: true });
  }
}
