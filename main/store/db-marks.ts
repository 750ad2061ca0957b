// Whether a file may be opened as the desk's database, decided before anything is written to it. Opening
// another program's SQLite file read-write would switch it to WAL and migrate Resdesk's tables into it;
// a text file or random bytes would only fail later, with a sentence about a damaged file. So the header
// is read first, then the schema's marks through a read-only connection, and only then is the file opened
// for writing.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';
import { RESDESK_APPLICATION_ID } from './migrations/008-set-aside-reasons';

/** The database file comes from a newer Resdesk than this one. */
export class DatabaseTooNewError extends Error {
  readonly code = 'database-too-new';
  constructor(
    readonly databaseVersion: number,
    readonly appVersion: number,
  ) {
    super('This database was written by a newer Resdesk. Update Resdesk, or restore a backup.');
    this.name = 'DatabaseTooNewError';
  }
}

/** not-sqlite: not a database at all (a document, random bytes); other-application: another program's. */
export type ForeignFileKind = 'not-sqlite' | 'other-application';

/** The file is not a Resdesk database; nothing was written to it. */
export class NotResdeskDatabaseError extends Error {
  readonly code = 'not-resdesk-database';
  constructor(
    readonly file: string,
    readonly kind: ForeignFileKind,
  ) {
    super(
      kind === 'not-sqlite'
        ? `${file} is not a Resdesk database (it is not a database at all). Resdesk left it as it was: choose Resdesk's own data file, or a new file name.`
        : `${file} is another program's database, not Resdesk's. Resdesk left it as it was: choose Resdesk's own data file, or a new file name.`,
    );
    this.name = 'NotResdeskDatabaseError';
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Tables of migration 001: a Resdesk database from before the header mark (migration 008) has them. */
const FIRST_TABLES = ['reservations', 'reservation_versions', 'pending_acknowledgements'];

function headerOf(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

const sizeOf = (file: string): number | null => {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Throws NotResdeskDatabaseError (or DatabaseTooNewError) unless `file` is missing, empty (SQLite makes a
 * new database of both), an empty SQLite database, or Resdesk's at a version this Resdesk knows
 * (`latest`). Errors of the file itself (damaged, unreadable) come through as SQLite reports them.
 */
export function refuseForeignFile(file: string, latest: number): void {
  if (file === '' || file === ':memory:') return;
  const size = sizeOf(file);
  if (size === null || size === 0) return;
  if (!headerOf(file).equals(SQLITE_HEADER)) throw new NotResdeskDatabaseError(file, 'not-sqlite');

  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    reader.pragma('busy_timeout = 5000');
    const applicationId = Number(reader.pragma('application_id', { simple: true }));
    const version = Number(reader.pragma('user_version', { simple: true }));
    if (applicationId !== 0 && applicationId !== RESDESK_APPLICATION_ID)
      throw new NotResdeskDatabaseError(file, 'other-application');
    const tables = new Set(
      reader.prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'table'`).pluck().all(),
    );
    const empty = tables.size === 0;
    const ours =
      applicationId === RESDESK_APPLICATION_ID || (version > 0 && FIRST_TABLES.every((t) => tables.has(t)));
    // Refused here, before the read-write connection switches the file to WAL. A versioned file without
    // tables is taken for a newer Resdesk's too, as it always was.
    if (version > latest && (ours || empty)) throw new DatabaseTooNewError(version, latest);
    if (!ours && !(empty && version === 0)) throw new NotResdeskDatabaseError(file, 'other-application');
  } finally {
    reader.close();
  }
}
