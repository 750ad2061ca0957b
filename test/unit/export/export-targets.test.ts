// At the writer: an export is written only as a regular file. A symbolic link (to a file or to
// nothing), a named pipe, a device or a folder at the target is refused before anything is written,
// left exactly as it was, and no temporary file stays behind; the same when one appears while the
// export is being written. A regular file is replaced only when the caller allows it.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExport, type ExportRequest } from '../../../main/export/run-export';
import { stageFile } from '../../../main/export/staged-file';
import { ExportTargetError, targetKind } from '../../../main/export/target-kind';
import { makeReservation } from '../store/fixtures';
import { openExportDesk, readCsv, type ExportDesk } from './export-fixture';

let desk: ExportDesk;
let out: string;
beforeEach(() => {
  desk = openExportDesk();
  desk.store.importBatch(
    [makeReservation({ keyField: 'K1', checkIn: '2026-07-10' })],
    '2026-06-01T08:00:00.000Z',
  );
  out = join(desk.dir, 'out');
  mkdirSync(out);
});
afterEach(() => desk.close());

const exportTo = (
  file: string,
  request: ExportRequest = { kind: 'reservations', scope: 'all' },
  replace = true,
) =>
  runExport({
    store: sqliteDeskStore(desk.store),
    request,
    language: 'en',
    file,
    user: 'test',
    at: new Date(),
    replace,
  });

/** What a folder holds, and what each entry is, to prove nothing was added, removed or changed. */
function snapshot(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .map((name) => {
      const file = join(folder, name);
      const stat = lstatSync(file);
      const what = stat.isSymbolicLink()
        ? `link→${readlinkSync(file)}`
        : stat.isFile()
          ? `file:${readFileSync(file, 'utf8')}`
          : stat.isFIFO()
            ? 'fifo'
            : stat.isDirectory()
              ? `dir:${readdirSync(file).join(',')}`
              : 'other';
      return `${name} ${what}`;
    });
}

async function refused(promise: Promise<unknown>, kind: string): Promise<void> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExportTargetError);
  expect((error as ExportTargetError).kind).toBe(kind);
}

const mkfifo = (file: string): void => void execFileSync('mkfifo', [file]);

describe('an export refuses every target that is not a regular file', () => {
  it.each([
    [
      'a symbolic link to a regular file',
      'symlink',
      (target: string) => {
        writeFileSync(join(out, 'precious.txt'), 'keep me');
        symlinkSync(join(out, 'precious.txt'), target);
      },
    ],
    [
      'a symbolic link to nothing',
      'symlink',
      (target: string) => symlinkSync(join(out, 'nowhere.csv'), target),
    ],
    ['a symbolic link to /dev/null', 'symlink', (target: string) => symlinkSync('/dev/null', target)],
    ['a named pipe', 'fifo', (target: string) => mkfifo(target)],
    [
      'a folder',
      'directory',
      (target: string) => {
        mkdirSync(target);
        writeFileSync(join(target, 'inside.txt'), 'x');
      },
    ],
  ])('%s', async (_what, kind, plant) => {
    const target = join(out, 'r.csv');
    plant(target);
    const before = snapshot(out);
    await refused(exportTo(target), kind);
    expect(snapshot(out)).toEqual(before);
    expect(desk.store.listActivity(0, 10)).toEqual([]);
  });

  it.each(['/dev/null', '/dev/zero'])('the device %s, and nothing is left in /dev', async (device) => {
    const before = readdirSync('/dev').filter((name) => name.includes('.partial'));
    await refused(exportTo(device), 'device');
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync('/dev').filter((name) => name.includes('.partial'))).toEqual(before);
  });

  it('the printable list of an arrivals export too: a pipe at its .html stops the CSV as well', async () => {
    mkfifo(join(out, 'a.html'));
    const before = snapshot(out);
    await refused(exportTo(join(out, 'a.csv'), { kind: 'arrivals', date: '2026-07-10' }), 'fifo');
    expect(snapshot(out)).toEqual(before);
  });

  it('a folder that does not exist', async () => {
    await refused(exportTo(join(out, 'missing', 'r.csv')), 'no-folder');
    expect(snapshot(out)).toEqual([]);
  });

  it('a regular file is replaced when allowed (never written through), refused when not', async () => {
    const target = join(out, 'r.csv');
    writeFileSync(target, 'old');
    await refused(exportTo(target, { kind: 'reservations', scope: 'all' }, false), 'file');
    expect(snapshot(out)).toEqual(['r.csv file:old']);
    // A second name of the old file (a hard link) keeps the old bytes: the new file took the name only.
    execFileSync('ln', [target, join(out, 'other-name.csv')]);
    await exportTo(target);
    expect(readCsv(target, ',').rows).toHaveLength(1);
    expect(readFileSync(join(out, 'other-name.csv'), 'utf8')).toBe('old');
    expect(readdirSync(out).sort()).toEqual(['other-name.csv', 'r.csv']);
  });
});

describe('something appearing at the target while the export is written is refused too', () => {
  it.each([
    ['a symbolic link', 'symlink', (target: string) => symlinkSync('/dev/null', target)],
    ['a named pipe', 'fifo', (target: string) => mkfifo(target)],
    ['a folder', 'directory', (target: string) => mkdirSync(target)],
    [
      'a regular file, where none may be replaced',
      'file',
      (target: string) => writeFileSync(target, 'theirs'),
    ],
  ])('%s', async (_what, kind, plant) => {
    const target = join(out, 'r.csv');
    const staged = await stageFile(target, { replace: false });
    await staged.handle.writeFile('ours');
    plant(target);
    const before = snapshot(out).filter((line) => !line.startsWith('.r.csv.'));
    await refused(staged.commit(), kind);
    await staged.discard();
    expect(snapshot(out)).toEqual(before);
  });

  it('the temporary file has a fresh random name beside the target, never one known in advance', async () => {
    const target = join(out, 'r.csv');
    const [a, b] = [await stageFile(target, { replace: false }), await stageFile(target, { replace: false })];
    expect(a.temp).not.toBe(b.temp);
    expect(a.temp.startsWith(join(out, '.r.csv.'))).toBe(true);
    await Promise.all([a.discard(), b.discard()]);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('targetKind', () => {
  it('names what is there without following a link', async () => {
    writeFileSync(join(out, 'f'), '');
    symlinkSync(join(out, 'f'), join(out, 'l'));
    mkfifo(join(out, 'p'));
    expect(
      await Promise.all(['f', 'l', 'p', 'none'].map((name) => targetKind(join(out, name)))).then((k) => k),
    ).toEqual(['file', 'symlink', 'fifo', 'absent']);
    expect(await targetKind(out)).toBe('directory');
    expect(await targetKind('/dev/null')).toBe('device');
    expect(await targetKind(join(out, 'f', 'under-a-file.csv'))).toBe('no-folder');
  });

  it('on Windows, the names Windows opens as devices in any folder (NUL.csv is the null device)', async () => {
    for (const name of ['NUL.csv', 'nul', 'con.tar.gz', 'COM1.csv', 'lpt9', 'AUX .csv'])
      expect(await targetKind(`C:\\Users\\desk\\${name}`, 'win32'), name).toBe('device');
    expect(await targetKind(join(out, 'nullify.csv'), 'win32')).toBe('absent');
  });
});
