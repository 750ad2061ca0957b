// The export writes where it is told, but never over Resdesk's own files: `--out desk.db` used to replace
// the database with the CSV and exit 0. Paths are compared after resolving links, so another spelling of
// the same file is caught too. And only into a regular file or a new one (main/export/target-kind.ts):
// never through a link, into a pipe, a device or a folder.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ExportTargetError, targetKind, type RefusedKind } from '../export/target-kind';
import { writeStaged } from '../export/staged-file';
import type { DbTarget } from './open-store';

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
export function checkExportTarget(
  out: string,
  dbFile: string,
  example = 'reservations.csv',
  option = '--out',
): void {
  const target = real(out);
  const db = real(dbFile);
  const refuse = (): never => {
    throw new Error(
      `${out} is one of Resdesk's own files; nothing was written. Give ${option} a new file name, e.g. ${example}.`,
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

const what: Record<Exclude<RefusedKind, 'no-folder'>, string> = {
  symlink: 'a symbolic link',
  fifo: 'a named pipe (FIFO)',
  device: 'a device',
  directory: 'a folder',
  socket: 'a socket',
  other: 'not a regular file',
};

/**
 * The sentence for a refused target. `file` is where the export would have gone: --out itself, or the
 * printable list beside it (named so the person knows which of the two is in the way).
 */
export function targetRefusal(
  error: ExportTargetError,
  out: string,
  example = 'reservations.csv',
  option = '--out',
): string {
  const name =
    path.resolve(error.file) === path.resolve(out)
      ? `${option} ${out}`
      : `${error.file} (the printable list beside ${option})`;
  switch (error.kind) {
    case 'no-folder':
      return `There is no folder ${path.dirname(path.resolve(error.file))} for ${name}; nothing was written. Create the folder or give ${option} a file in an existing one.`;
    case 'directory':
      return `${name} is a folder, not a file; it was left as it is and nothing was written. Give ${option} a file name, e.g. ${path.join(out, example)}.`;
    case 'file':
      return `${name} appeared while the export was written; nothing was written. Run the export again.`;
    default:
      return `${name} is ${what[error.kind]}; Resdesk writes only to regular files, so it left it as it is and wrote nothing. Give ${option} a new file name, e.g. ${example}.`;
  }
}

/**
 * Writes a file the command line was asked for (--csv, a FILE argument) as an export is written: never over
 * Resdesk's own files (those beside `db`, the desk's file when the command works on one), only into a regular file
 * or a new one, and whole or not at all. Anything refused or failed is one sentence naming `option`.
 */
export async function writeAskedFile(
  out: string,
  content: string,
  where: { db: DbTarget | null; option: string; example: string },
): Promise<void> {
  if (where.db?.kind === 'file') checkExportTarget(out, where.db.file, where.example, where.option);
  try {
    await writeStaged(out, content, { replace: true });
  } catch (error) {
    if (error instanceof ExportTargetError)
      throw new Error(targetRefusal(error, out, where.example, where.option));
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'an error';
    throw new Error(
      `${out} could not be written (${code}); nothing was written there. Check that the folder is writable and the disk has free space.`,
    );
  }
}

/** Throws ExportTargetError when --out (or the .html beside it) is anything but a regular file or free. */
export async function checkTargetKinds(targets: readonly string[]): Promise<void> {
  for (const target of targets) {
    const kind = await targetKind(target);
    if (kind !== 'absent' && kind !== 'file') throw new ExportTargetError(target, kind);
  }
}
