// An export file is written beside its final name and put in place only when complete, so a failed
// export never leaves a half file that looks whole, and whatever sits at the target is judged before any
// byte is written and again just before the file is put in place (targetKind: only a regular file, or
// nothing, may be there).
//
// The temporary file gets a random name and is created with O_EXCL (and O_NOFOLLOW where the system has
// it), so a link or pipe planted under a name Resdesk would use is never opened, let alone written through.
// Putting the file in place: where nothing is at the target, a hard link, which fails if something
// appeared there meanwhile (Node has no rename that refuses to replace); where the target is a regular
// file the person named, a rename over it, which replaces the directory entry and never writes through.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ExportTargetError, errorCode, targetKind } from './target-kind';

export interface StagedFile {
  readonly target: string;
  /** The temporary file being written; it is gone after commit or discard. */
  readonly temp: string;
  /** Open for writing; a stream made from it closes it when it ends. */
  readonly handle: FileHandle;
  /** Puts the file at `target`, or throws ExportTargetError when something else is there by now. */
  commit(): Promise<void>;
  /** Removes the temporary file; never throws. */
  discard(): Promise<void>;
}

export interface StageOptions {
  /** Whether an existing regular file at the target may be replaced (the CLI's --out) or not (the desk). */
  replace: boolean;
}

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

// Where the file system has no hard links (FAT and exFAT sticks, some network shares), rename instead,
// just after seeing nothing at the target. EISDIR: how libuv reports Windows' ERROR_INVALID_FUNCTION.
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EISDIR']);

/** Throws ExportTargetError unless the target may be written under `options`. */
export async function checkTarget(target: string, options: StageOptions): Promise<void> {
  const kind = await targetKind(target);
  if (kind === 'absent' || (kind === 'file' && options.replace)) return;
  throw new ExportTargetError(target, kind);
}

/** Writes `content` to `target` staged: whole, or (after any failure) not there and no temp file left. */
export async function writeStaged(
  target: string,
  content: string | Uint8Array,
  options: StageOptions,
): Promise<void> {
  const staged = await stageFile(target, options);
  try {
    await staged.handle.writeFile(content);
    await staged.commit();
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

export async function stageFile(target: string, options: StageOptions): Promise<StagedFile> {
  await checkTarget(target, options);
  // Named after the target so a leftover (the process killed mid-export) says whose it is; cut to 40
  // characters so a long target name still leaves room under the 255-byte limit of a name.
  const stem = [...path.basename(target)].slice(0, 40).join('');
  const temp = path.join(path.dirname(target), `.${stem}.${randomBytes(6).toString('hex')}.partial`);
  const handle = await open(temp, CREATE_NEW, 0o666);

  // Once: a second attempt after a hard link was refused because something appeared at the target.
  const place = async (again: boolean): Promise<void> => {
    const kind = await targetKind(target);
    if (kind === 'file' && options.replace) return rename(temp, target);
    if (kind !== 'absent') throw new ExportTargetError(target, kind);
    try {
      await link(temp, target);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST' && !again) return place(true);
      if (code !== undefined && NO_HARD_LINKS.has(code)) return rename(temp, target);
      throw error;
    }
    await unlink(temp);
  };

  return {
    target,
    temp,
    handle,
    commit: async () => {
      // Closing twice is harmless: a stream made from the handle may have closed it already.
      await handle.close();
      await place(false);
    },
    discard: async () => {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true }).catch(() => undefined);
    },
  };
}
