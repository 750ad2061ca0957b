// The export writes where it is told, but never over Resdesk's own files: `--out desk.db` used to replace
// the database with the CSV and exit 0. Paths are compared after resolving links, so another spelling of
// the same file is caught too.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Files Resdesk keeps beside its database (the CLI's data folder is the database's folder). */
const OWNED_NAMES = new Set(['notifications.json', 'credentials.json', 'window-state.json']);
const OWNED_SUFFIXES = ['.db', '.db-wal', '.db-shm', '.db-journal', '.sqlite', '.sqlite-wal', '.sqlite-shm'];
const OWNED_FOLDERS = ['vouchers', 'logs'];

/** The path as the file system sees it, for a file that may not exist yet. */
function real(file: string): string {
  const absolute = path.resolve(file);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = path.dirname(absolute);
  return path.join(existsSync(parent) ? realpathSync(parent) : parent, path.basename(absolute));
}

/** Throws a plain sentence when `out` is the database, one of its companion files, or a file Resdesk owns. */
export function checkExportTarget(out: string, dbFile: string): void {
  const target = real(out);
  const db = real(dbFile);
  const refuse = (): never => {
    throw new Error(
      `${out} is one of Resdesk's own files; nothing was written. Give --out a new file name, e.g. reservations.csv.`,
    );
  };
  if ([db, `${db}-wal`, `${db}-shm`, `${db}-journal`].includes(target)) refuse();
  const folder = path.dirname(db);
  const relative = path.relative(folder, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return;
  const [first] = relative.split(path.sep);
  const name = path.basename(target).toLowerCase();
  if (OWNED_FOLDERS.includes(first ?? '') && relative.includes(path.sep)) refuse();
  if (OWNED_NAMES.has(name) || OWNED_SUFFIXES.some((suffix) => name.endsWith(suffix))) refuse();
}
