// How large the write-ahead log may grow. SQLite's defaults checkpoint at 1000 pages (32 MB
// with our 32 KB pages) and never shrink the file, so a first sync left a WAL the size of its largest
// stretch of commits on disk for good, and every reader searched it.
//
// - wal_autocheckpoint every WAL_CHECKPOINT_BYTES (in pages of this file's size): the log is copied back
//   into the database after each commit that takes it past 8 MB, so it is reused from the start;
// - journal_size_limit WAL_LIMIT_BYTES: when SQLite restarts the log it truncates the file to this. One
//   transaction can still be larger (a list page of 2000 reservations is ~10 MB of pages), never between;
// - after a read that stored a list page or more (main/sync/pull.ts), a TRUNCATE checkpoint empties the
//   file (compactWal), so a big import leaves nothing behind.
import type { Database } from 'better-sqlite3';

export const WAL_CHECKPOINT_BYTES = 8 * 1024 * 1024;
export const WAL_LIMIT_BYTES = 32 * 1024 * 1024;

export function applyWalPolicy(db: Database): void {
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.ceil(WAL_CHECKPOINT_BYTES / pageSize))}`);
  db.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
}

/**
 * Copies the log into the database and truncates it to nothing. A reader in the middle of a read (the
 * window, while a worker imports) is waited for up to busy_timeout; if it is still there the checkpoint
 * does what it can and the next one finishes: never an error.
 */
export function compactWal(db: Database): void {
  if (!db.open || db.name === ':memory:') return;
  db.pragma('wal_checkpoint(TRUNCATE)');
}
