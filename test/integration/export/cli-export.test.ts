// `resdesk export` as a person runs it: a real process over a database filled beforehand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Store } from '../../../main/store';
import { makeGuest, makeReservation } from '../../unit/store/fixtures';
import { byHeader, readCsv } from '../../unit/export/export-fixture';
import { resdeskProgram } from '../../harness/resdesk-cli';

let dir: string;
let db: string;
let program = '';
beforeAll(async () => {
  program = await resdeskProgram();
  dir = mkdtempSync(path.join(tmpdir(), 'resdesk-cli-export-'));
  db = path.join(dir, 'desk.db');
  const store = Store.open(db);
  store.importBatch(
    [
      // Confirmed: the default export holds only work to type.
      makeReservation({
        keyField: 'A',
        logId: 1,
        checkIn: '2026-07-10',
        roomCount: 2,
        confirmationStatus: 'E',
      }),
      makeReservation({
        keyField: 'B',
        logId: 2,
        confirmationStatus: 'E',
        checkIn: '2026-07-12',
        guests: [makeGuest('ÖZ İPEK', 'B', { age: 33 })],
      }),
    ],
    '2026-06-01T08:00:00.000Z',
  );
  store.setMapping({
    agencyId: 'AG1',
    kind: 'roomType',
    channelCode: 'DBL',
    hotelCode: 'DZ',
    user: 't',
    at: 't',
  });
  store.close();
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const resdesk = (...args: string[]) =>
  spawnSync(process.execPath, [program, 'export', '--db', db, ...args], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    env: { ...process.env, RESDESK_USER: 'cli-user' },
  });

describe('resdesk export', () => {
  it('writes the reservations to enter, in English when asked, and marks them with --mark-entered', () => {
    const out = path.join(dir, 'to-enter.csv');
    const run = resdesk('--kind', 'reservations', '--lang', 'en', '--out', out, '--mark-entered');
    expect(run.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Wrote 3 rows (2 reservations) to ${out}`);
    expect(run.stdout).toContain('Marked 2 as entered in the PMS.');
    const { header, rows } = readCsv(out, ',');
    expect(byHeader(header, rows).map((r) => [r.KeyField, r.Room, r['Room type'], r['Check-in']])).toEqual([
      ['A', '1/2', 'DZ', '2026-07-10'],
      ['A', '2/2', 'DZ', '2026-07-10'],
      ['B', '1/1', 'DZ', '2026-07-12'],
    ]);
    // Marked: nothing is left to enter.
    const again = resdesk('--kind', 'reservations', '--out', path.join(dir, 'empty.csv'));
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Wrote 0 rows (0 reservations)');
  }, 60_000);

  it('a check-in range of guests and an arrivals day with its printable list, Turkish by default', () => {
    const guests = path.join(dir, 'guests.csv');
    const range = resdesk('--kind', 'guests', '--from', '2026-07-11', '--to', '2026-07-31', '--out', guests);
    expect(range.status).toBe(0);
    const parsed = readCsv(guests, ';');
    expect(byHeader(parsed.header, parsed.rows).map((r) => r['Ad soyad'])).toEqual(['ÖZ İPEK']);

    const arrivals = path.join(dir, 'arrivals.csv');
    const day = resdesk('--kind', 'arrivals', '--date', '2026-07-10', '--delimiter', ',', '--out', arrivals);
    expect(day.status).toBe(0);
    expect(readCsv(arrivals, ',').rows).toHaveLength(2);
    expect(existsSync(path.join(dir, 'arrivals.html'))).toBe(true);
  }, 60_000);

  it('bad input: one line on stderr and a non-zero exit', () => {
    const cases: string[][] = [
      ['--kind', 'rooms', '--out', path.join(dir, 'x.csv')],
      ['--kind', 'arrivals', '--out', path.join(dir, 'x.csv')],
      ['--kind', 'guests', '--from', '2026-13-01', '--to', '2026-07-01', '--out', path.join(dir, 'x.csv')],
      ['--kind', 'guests', '--delimiter', '|', '--out', path.join(dir, 'x.csv')],
      ['--kind', 'guests'],
      ['--kind', 'guests', '--out', path.join(dir, 'x.csv'), '--bogus'],
      ['--kind', 'arrivals', '--date', '2026-02-30', '--out', path.join(dir, 'x.csv')],
    ];
    for (const args of cases) {
      const run = resdesk(...args);
      const lines = run.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'));
      expect(run.status, args.join(' ')).not.toBe(0);
      expect(lines, args.join(' ')).toHaveLength(1);
      // A sentence from the catalog, never a schema's code.
      expect(lines[0], args.join(' ')).not.toMatch(/: [a-z]+(-[a-z]+)+$/);
    }
    expect(resdesk('--kind', 'arrivals', '--out', path.join(dir, 'x.csv')).stderr).toContain(
      '--date: Choose the day of the arrivals list.',
    );
    expect(existsSync(path.join(dir, 'x.csv'))).toBe(false);
    const missing = spawnSync(
      process.execPath,
      [
        program,
        'export',
        '--db',
        path.join(dir, 'typo.db'),
        '--kind',
        'guests',
        '--out',
        path.join(dir, 'x.csv'),
      ],
      {
        cwd: path.resolve(__dirname, '../../..'),
        encoding: 'utf8',
      },
    );
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('There is no database at');
    expect(existsSync(path.join(dir, 'typo.db'))).toBe(false);
  }, 120_000);
});
