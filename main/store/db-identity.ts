// Which file an open connection writes to, and whether that file is still the one on disk. SQLite keeps
// writing through its open descriptors when the file is deleted, replaced by another file (another inode)
// or made read-only: the commits succeed, but into a file nobody will open again. An acknowledgement
// tells the service to stop offering a reservation, so before each one the sync asks here whether the
// database it stored into is still the one at its path, writable, and holds what is about to be reported.
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import type { Database } from 'better-sqlite3';

interface FileIdentity {
  dev: number;
  ino: number;
}

interface OpenedFile {
  file: string;
  database: FileIdentity;
  /** The WAL beside it: the newest commits live there until a checkpoint. */
  wal: FileIdentity | null;
}

/** deleted or replaced: the path no longer leads to the file written; unwritable: its write bits are gone. */
export type DatabaseFileProblem = 'deleted' | 'replaced' | 'unwritable' | 'not-on-disk';

/** The database file is no longer the one this connection stored into (or it lacks what was stored). */
export class DatabaseFileChangedError extends Error {
  readonly code = 'database-file-changed';
  constructor(
    readonly file: string,
    readonly problem: DatabaseFileProblem,
  ) {
    super(
      problem === 'unwritable'
        ? `The database file ${file} became read-only while reservations were being stored; nothing more was acknowledged.`
        : problem === 'not-on-disk'
          ? `The database file ${file} does not hold what was just stored; nothing more was acknowledged.`
          : `The database file ${file} was ${problem} while reservations were being stored; nothing more was acknowledged.`,
    );
    this.name = 'DatabaseFileChangedError';
  }
}

const opened = new WeakMap<Database, OpenedFile>();

const statOrNull = (file: string): Stats | null => {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const identity = (stats: Stats): FileIdentity => ({ dev: stats.dev, ino: stats.ino });

/** Remembers the files `db` writes to (call once the journal mode is set). Nothing for ':memory:'. */
export function rememberDatabaseFile(db: Database, file: string): void {
  if (db.memory || file === '' || file === ':memory:') return;
  const database = statOrNull(file);
  if (!database) return;
  const wal = statOrNull(`${file}-wal`);
  opened.set(db, { file, database: identity(database), wal: wal ? identity(wal) : null });
}

/** The file a connection was opened on, when it is a file on disk. */
export const databaseFileOf = (db: Database): string | null => opened.get(db)?.file ?? null;

// Root may write whatever its mode says, so access() alone cannot tell that someone took the write
// permission away: a file without any write bit counts as made read-only for everyone.
function writable(file: string, stats: Stats): boolean {
  if ((stats.mode & 0o222) === 0) return false;
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function problemOf(file: string, expected: FileIdentity): DatabaseFileProblem | null {
  const now = statOrNull(file);
  if (!now) return 'deleted';
  if (now.dev !== expected.dev || now.ino !== expected.ino) return 'replaced';
  return writable(file, now) ? null : 'unwritable';
}

/** What is wrong with the files `db` writes to, or null when they are still the ones it opened. */
export function databaseFileProblem(db: Database): DatabaseFileProblem | null {
  const known = opened.get(db);
  if (!known) return null;
  return (
    problemOf(known.file, known.database) ?? (known.wal ? problemOf(`${known.file}-wal`, known.wal) : null)
  );
}

/** Throws DatabaseFileChangedError when the files `db` writes to are not the ones it opened. */
export function assertDatabaseFile(db: Database): void {
  const problem = databaseFileProblem(db);
  if (problem) throw new DatabaseFileChangedError(opened.get(db)?.file ?? db.name, problem);
}
