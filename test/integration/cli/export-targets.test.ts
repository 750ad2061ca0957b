// On the command line: `resdesk export --out PATH` writes only a regular file (a new one, or
// one it replaces by a rename). A symbolic link (to a file or to nothing), a named pipe, a device or a
// folder, at --out or at the printable list beside it, ends in one plain sentence and a non-zero exit,
// is left exactly as it was, and no temporary file stays behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Store } from '../../../main/store';
import { makeReservation } from '../../unit/store/fixtures';
import { runResdesk, type CliRun } from '../../harness/resdesk-cli';

let dir: string;
let db: string;
let out: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'resdesk-cli-targets-'));
  db = path.join(dir, 'desk.db');
  const store = Store.open(db);
  store.importBatch([makeReservation({ keyField: 'K1', checkIn: '2026-07-10' })], '2026-06-01T08:00:00.000Z');
  store.close();
  out = path.join(dir, 'out');
  mkdirSync(out);
  writeFileSync(path.join(dir, 'precious.txt'), 'keep me');
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI, killed if it has not ended in 60 s (a pipe opened for writing would block it for ever). */
function exportTo(target: string, ...args: string[]): Promise<CliRun> {
  let timer: NodeJS.Timeout | undefined;
  return runResdesk(
    ['export', '--db', db, '--kind', 'reservations', '--scope', 'all', '--out', target, ...args],
    {
      env: {},
      onStart: (child) => (timer = setTimeout(() => child.kill('SIGKILL'), 60_000)),
    },
  ).finally(() => clearTimeout(timer));
}

/** What a folder holds, entry by entry. */
function snapshot(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const stat = lstatSync(file);
      if (stat.isSymbolicLink()) return `${name} → ${readlinkSync(file)}`;
      if (stat.isFile()) return `${name} file ${readFileSync(file, 'utf8')}`;
      return `${name} ${stat.isFIFO() ? 'fifo' : stat.isDirectory() ? `folder ${readdirSync(file).join(',')}` : 'other'}`;
    });
}

const notRegular = (name: string, what: string): string =>
  `${name} is ${what}; Resdesk writes only to regular files, so it left it as it is and wrote nothing. Give --out a new file name, e.g. reservations.csv.`;

function expectRefused(run: CliRun, sentence: string): void {
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull(); // null: it hung and was killed
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe(`${sentence}\n`);
}

describe('resdesk export --out refuses what is not a regular file', () => {
  it.each([
    [
      'a symbolic link to a regular file',
      'a symbolic link',
      (t: string) => symlinkSync(path.join(dir, 'precious.txt'), t),
    ],
    [
      'a symbolic link to nothing',
      'a symbolic link',
      (t: string) => symlinkSync(path.join(dir, 'nowhere.csv'), t),
    ],
    ['a named pipe', 'a named pipe (FIFO)', (t: string) => void execFileSync('mkfifo', [t])],
  ])(
    '%s',
    async (_case, what, plant) => {
      const target = path.join(out, 'r.csv');
      plant(target);
      const before = snapshot(out);
      expectRefused(await exportTo(target), notRegular(`--out ${target}`, what));
      expect(snapshot(out)).toEqual(before);
      expect(readFileSync(path.join(dir, 'precious.txt'), 'utf8')).toBe('keep me');
      expect(readdirSync(dir)).not.toContain('nowhere.csv');
      rmSync(target);
    },
    90_000,
  );

  it('a folder', async () => {
    const target = path.join(out, 'folder.csv');
    mkdirSync(target);
    writeFileSync(path.join(target, 'inside.txt'), 'x');
    const before = snapshot(out);
    expectRefused(
      await exportTo(target),
      `--out ${target} is a folder, not a file; it was left as it is and nothing was written. Give --out a file name, e.g. ${path.join(target, 'reservations.csv')}.`,
    );
    expect(snapshot(out)).toEqual(before);
    rmSync(target, { recursive: true });
  }, 90_000);

  it.each(['/dev/null', '/dev/zero'])(
    'the device %s',
    async (device) => {
      const before = readdirSync('/dev').filter((name) => name.includes('.partial'));
      expectRefused(await exportTo(device), notRegular(`--out ${device}`, 'a device'));
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
      expect(readdirSync('/dev').filter((name) => name.includes('.partial'))).toEqual(before);
    },
    90_000,
  );

  it('a named pipe where the printable list of an arrivals export goes: nothing is written', async () => {
    const html = path.join(out, 'arrivals.html');
    execFileSync('mkfifo', [html]);
    const before = snapshot(out);
    const run = await runResdesk(
      [
        'export',
        '--db',
        db,
        '--kind',
        'arrivals',
        '--date',
        '2026-07-10',
        '--out',
        path.join(out, 'arrivals.csv'),
      ],
      { env: {} },
    );
    expectRefused(run, notRegular(`${html} (the printable list beside --out)`, 'a named pipe (FIFO)'));
    expect(snapshot(out)).toEqual(before);
    rmSync(html);
  }, 90_000);

  it('a folder that does not exist', async () => {
    const target = path.join(out, 'missing', 'r.csv');
    expectRefused(
      await exportTo(target),
      `There is no folder ${path.join(out, 'missing')} for --out ${target}; nothing was written. Create the folder or give --out a file in an existing one.`,
    );
    expect(snapshot(out)).toEqual([]);
  }, 90_000);

  it('a regular file is replaced by the new export, and nothing else is left', async () => {
    const target = path.join(out, 'r.csv');
    writeFileSync(target, 'old');
    // A second name of the old file keeps the old bytes: the export took the name, it did not write into it.
    execFileSync('ln', [target, path.join(out, 'same-file.csv')]);
    const run = await exportTo(target);
    expect(run.code).toBe(0);
    expect(readFileSync(target, 'utf8')).toContain('K1');
    expect(readFileSync(path.join(out, 'same-file.csv'), 'utf8')).toBe('old');
    expect(readdirSync(out).sort()).toEqual(['r.csv', 'same-file.csv']);
    rmSync(target);
    rmSync(path.join(out, 'same-file.csv'));
  }, 90_000);
});
