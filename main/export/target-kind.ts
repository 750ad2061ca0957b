// What is at the path an export is about to take. An export writes only regular files: through a link it
// would write (or replace) a file nobody chose, a named pipe stalls it until something reads the other
// end, a device swallows or rejects it, and a folder is not a file. lstat, never stat: a link is judged as
// a link, whatever it points at.
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';

/** Kinds an export refuses to write to; 'no-folder': the folder the file would go in does not exist. */
export type RefusedKind = 'symlink' | 'fifo' | 'device' | 'directory' | 'socket' | 'other' | 'no-folder';
export type TargetKind = 'absent' | 'file' | RefusedKind;

/** A refused target: `kind` says what is there ('file' only where an existing file must not be replaced). */
export class ExportTargetError extends Error {
  constructor(
    readonly file: string,
    readonly kind: Exclude<TargetKind, 'absent'>,
  ) {
    // Callers word it for people (the CLI in English, the desk from its catalogs); this is for the log.
    super(`export target refused (${kind}); nothing was written: ${file}`);
    this.name = 'ExportTargetError';
  }
}

// Windows opens these names as devices in any folder and with any extension (NUL.csv is the null device).
const windowsDevice = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/** The system's error code (ENOENT…) of a failed file operation. */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

async function folderExists(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

export async function targetKind(
  file: string,
  platform: NodeJS.Platform = process.platform,
): Promise<TargetKind> {
  if (platform === 'win32' && windowsDevice.test((path.win32.basename(file).split('.')[0] ?? '').trimEnd()))
    return 'device';
  let found;
  try {
    found = await lstat(file);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR') return 'no-folder';
    if (code !== 'ENOENT') throw error;
    // The folder is followed like any path the person typed; only the last name must not be a link.
    return (await folderExists(path.dirname(path.resolve(file)))) ? 'absent' : 'no-folder';
  }
  if (found.isFile()) return 'file';
  if (found.isSymbolicLink()) return 'symlink';
  if (found.isDirectory()) return 'directory';
  if (found.isFIFO()) return 'fifo';
  if (found.isCharacterDevice() || found.isBlockDevice()) return 'device';
  if (found.isSocket()) return 'socket';
  return 'other';
}
