// The command line keeps its hands off what it must not touch and ends quietly where a pipe ends: the
// export never writes over the database or Resdesk's own files, read commands refuse a database that does
// not exist instead of creating an empty one, and `list | head -1` ends without a stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { tempDir } from '../sync/helpers';
import { resdeskProgram, runResdesk } from '../../harness/resdesk-cli';

const ROOT = path.resolve(__dirname, '../../..');
const ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  RESDESK_USER: 'demo',
  RESDESK_PASSWORD: 'demo',
};

const resdesk = (args: string[]) => runResdesk(args);

describe('the command line is careful', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 300, seed: 3 });
    temp = tempDir('resdesk-cli-safety-');
    db = path.join(temp.dir, 'desk.db');
    const sync = await resdesk([
      'sync',
      '--db',
      db,
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--once',
    ]);
    expect(sync.code).toBe(0);
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it.each([
    ['the database', () => db],
    ['its write-ahead log', () => `${db}-wal`],
    ['the same database by another spelling', () => path.join(temp.dir, '.', 'sub', '..', 'desk.db')],
    ['another database in the data folder', () => path.join(temp.dir, 'practice.db')],
    ['a voucher', () => path.join(temp.dir, 'vouchers', 'a.pdf')],
  ])('export --out refuses %s and leaves it untouched', async (_what, target) => {
    const before = readFileSync(db);
    const run = await resdesk([
      'export',
      '--db',
      db,
      '--kind',
      'reservations',
      '--scope',
      'all',
      '--out',
      target(),
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/one of Resdesk's own files; nothing was written/);
    expect(readFileSync(db).equals(before)).toBe(true);
    const list = await resdesk(['list', '--db', db, '--json']);
    expect((JSON.parse(list.stdout) as unknown[]).length).toBe(300);
  });

  it('a read command on a database that does not exist creates nothing and says so', async () => {
    const typo = path.join(temp.dir, 'dsek.db');
    for (const command of [['list'], ['codes'], ['unreadable'], ['show', 'K']]) {
      const run = await resdesk([...command, '--db', typo]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/There is no database at/);
    }
    expect(existsSync(typo)).toBe(false);
  });

  it('a folder, an empty file or a cut-short database given as --db: one sentence, nothing made', async () => {
    const empty = path.join(temp.dir, 'empty.db');
    writeFileSync(empty, '');
    const damaged = path.join(temp.dir, 'damaged.db');
    copyFileSync(db, damaged);
    truncateSync(damaged, Math.floor(statSync(damaged).size / 3));
    for (const [file, said] of [
      [temp.dir, /is a folder/],
      [empty, /There is no database at .* \(the file is empty\)/],
      [damaged, /data file is damaged.*restore a backup/],
    ] as const) {
      const run = await resdesk(['list', '--db', file]);
      expect(run.code, String(file)).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(said);
    }
    expect(statSync(empty).size).toBe(0);
    // A file where a folder is asked for, an unknown kind: one sentence each, naming the option.
    for (const [args, said] of [
      [
        ['diagnostics', '--db', db, '--out', path.join(temp.dir, 's.zip'), '--logs', empty],
        /--logs .* is not a folder/,
      ],
      [
        ['export', '--db', db, '--kind', 'bogus', '--out', path.join(temp.dir, 'x.csv')],
        /--kind must be reservations, guests or arrivals/,
      ],
    ] as const) {
      const run = await resdesk([...args]);
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(said);
    }
  });

  it('list | head -1 ends quietly', async () => {
    const program = await resdeskProgram();
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${program}" list --db "${db}" | head -1`], {
      cwd: ROOT,
      env: ENV,
      encoding: 'utf8',
    });
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/EPIPE|Error|at /);
  });
});
