import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { Migration } from './migration';
import { migrations as appMigrations } from './migrations/index';
import { sqliteBindingOption } from './native-binding';
import { DatabaseTooNewError, refuseForeignFile } from './db-marks';
import { rememberDatabaseFile } from './db-identity';
import { refuseDamagedDatabase } from './backup-check';
import { backupBeforeMigration } from './backup-before-migration';
import { applyWalPolicy } from './wal-policy';

export { DatabaseTooNewError, NotResdeskDatabaseError } from './db-marks';
export { DatabaseFileChangedError } from './db-identity';
export { DatabaseDamagedError } from './backup-check';

export interface OpenOptions {
  /**
   * Run PRAGMA quick_check (read-only) before opening for writing, and throw DatabaseDamagedError for a
   * damaged file: what the desk does at start (a few seconds for a large file, so not every CLI command).
   */
  checkFirst?: boolean;
  /** A checked copy in backups/ beside the file before migrating one that holds data (default true). */
  backupBeforeMigration?: boolean;
}

/** The list of migrations itself is wrong: a programming error, caught before touching the schema. */
export class MigrationListError extends Error {
  readonly code = 'migration-list';
  constructor(message: string) {
    super(message);
    this.name = 'MigrationListError';
  }
}

export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
}

/**
 * Opens (creating if needed) the desk's database and brings its schema up to date.
 *
 * Durability: WAL with synchronous=FULL. A commit is fsynced to the WAL before `commit` returns, so it
 * survives the app being killed and the power going out alike, which is what "never acknowledge a LogId
 * (or report a decision) before it is durably stored" needs: acknowledgements are sent only after the
 * import transaction commits. With imports committed 2000 reservations at a time this is one fsync per
 * batch; measured, a 20k import took no longer than with synchronous=NORMAL (which only syncs at
 * checkpoints and could roll the last commits back on a power cut).
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[] = appMigrations,
  options: OpenOptions = {},
): Database {
  // Another program's file (or no database at all) is refused before anything is written to it.
  refuseForeignFile(file, migrations.length);
  if (options.checkFirst) refuseDamagedDatabase(file);
  const db = new BetterSqlite3(file, sqliteBindingOption());
  try {
    // First: another connection (the CLI beside the app) may hold a lock for a moment, even while the
    // schema is read just below.
    db.pragma('busy_timeout = 5000');
    // 32 KB pages for a new database (SQLite's default is 4 KB): a version row holds the service's item,
    // about 2 KB, so two never fitted a 4 KB page and every row took a page of its own; larger pages also
    // mean fewer to balance and checkpoint (docs/store.md, "The desk's file"). Only possible before
    // the first table exists (and before WAL), so older databases keep their page size.
    if (isEmpty(db)) db.pragma('page_size = 32768');
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    applyWalPolicy(db);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // 64 MB of page cache (the default is 2 MB): the inbox indexes of 100k reservations stay in memory.
    db.pragma('cache_size = -65536');
    // The tally triggers make every reservations write a statement with its own statement journal;
    // kept in memory it costs a copy instead of a temp-file write per page.
    db.pragma('temp_store = MEMORY');
    const onDisk = file !== '' && file !== ':memory:';
    migrate(
      db,
      migrations,
      onDisk && options.backupBeforeMigration !== false ? () => backupBeforeMigration(db, file) : undefined,
    );
    // What the sync checks before each acknowledgement: that this is still the file at `file`.
    rememberDatabaseFile(db, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const isEmpty = (db: Database): boolean =>
  db.prepare<[], number>('SELECT count(*) FROM sqlite_schema').pluck().get() === 0;

const userVersion = (db: Database): number => Number(db.pragma('user_version', { simple: true }));

/**
 * Applies every migration newer than PRAGMA user_version, all in one transaction: either the schema
 * reaches the newest version or it stays exactly as it was. `beforeMigrate` runs first when a database
 * that already has a schema (version > 0) is about to change: the pre-migration backup.
 */
export function migrate(
  db: Database,
  migrations: readonly Migration[],
  beforeMigrate?: () => void,
): MigrationOutcome {
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new MigrationListError(
        `Migration "${m.name}" has version ${m.version} at position ${index + 1}: the list must be 1, 2, 3, ... in order.`,
      );
    }
  });
  const latest = migrations.length;
  const from = userVersion(db);
  if (from > latest) throw new DatabaseTooNewError(from, latest);
  const pending = migrations.slice(from);
  if (pending.length === 0) return { from, to: from, applied: [] };
  if (from > 0) beforeMigrate?.();

  // PRAGMA foreign_keys is a no-op inside a transaction: it is switched around it, as SQLite's own
  // procedure for rebuilding a table says, and the keys are checked before the commit instead.
  const keysOff =
    pending.some((m) => m.needsForeignKeysOff) && Boolean(db.pragma('foreign_keys', { simple: true }));
  if (keysOff) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const m of pending) {
        m.up(db);
        // user_version lives in the database header, which is part of the transaction.
        db.pragma(`user_version = ${m.version}`);
      }
      if (keysOff && (db.pragma('foreign_key_check') as unknown[]).length > 0)
        throw new MigrationListError(
          'A migration left rows pointing at rows that do not exist; nothing was changed.',
        );
    }).immediate();
  } finally {
    if (keysOff) db.pragma('foreign_keys = ON');
  }
  return { from, to: latest, applied: pending.map((m) => m.name) };
}
