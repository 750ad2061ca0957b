// A file that is not a Resdesk database (a text file, random bytes, another program's
// SQLite) is refused with a plain sentence before anything is written to it: same bytes, no WAL switched
// on, no file created beside it. Missing, empty and Resdesk's own files (old and new) open as before.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, migrate, NotResdeskDatabaseError, openDatabase } from '../../../main/store/db';
import { RESDESK_APPLICATION_ID } from '../../../main/store/migrations/008-set-aside-reasons';
import { migrations } from '../../../main/store/migrations/index';
import { Store } from '../../../main/store';
import { describeFailure } from '../../../main/kernel/describe-error';
import { createMessages } from '../../../main/kernel/messages';
import { propertyRuns } from '../../harness/property-runs';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'resdesk-marks-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hash = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const refusal = (file: string): unknown => {
  try {
    openDatabase(file).close();
  } catch (error) {
    return error;
  }
  return null;
};

/** Refused as `kind`, the file exactly as it was and nothing beside it. */
function expectRefusedUntouched(file: string, kind: 'not-sqlite' | 'other-application'): void {
  const before = hash(file);
  const beside = readdirSync(dir).sort();
  const error = refusal(file);
  expect(error).toBeInstanceOf(NotResdeskDatabaseError);
  expect(error).toMatchObject({ kind, code: 'not-resdesk-database' });
  expect((error as Error).message).toContain('Resdesk left it as it was');
  expect(hash(file)).toBe(before);
  expect(readdirSync(dir).sort()).toEqual(beside);
}

describe('a file that is not a Resdesk database', () => {
  it('a text file', () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'Room 12: towels\n'.repeat(300));
    expectRefusedUntouched(file, 'not-sqlite');
  });

  it('a file shorter than the header, and one that starts like it but is not', () => {
    writeFileSync(join(dir, 'short.db'), 'SQLite');
    expectRefusedUntouched(join(dir, 'short.db'), 'not-sqlite');
    writeFileSync(join(dir, 'almost.db'), `SQLite format 2\0${'x'.repeat(5000)}`);
    expectRefusedUntouched(join(dir, 'almost.db'), 'not-sqlite');
  });

  it('random bytes, whatever they are', () => {
    let n = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 9000 }), (bytes) => {
        const file = join(dir, `random-${n++}.bin`);
        writeFileSync(file, bytes);
        expectRefusedUntouched(file, 'not-sqlite');
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it.each([
    ['with tables and no version', (db: BetterSqlite3.Database) => db.exec('CREATE TABLE places (url TEXT)')],
    [
      'with tables and a version of its own',
      (db: BetterSqlite3.Database) => {
        db.exec('CREATE TABLE reservations (id INTEGER PRIMARY KEY, guest TEXT)');
        db.pragma('user_version = 3');
      },
    ],
    ['with its own application id', (db: BetterSqlite3.Database) => db.pragma('application_id = 1598903374')],
    [
      'in WAL mode',
      (db: BetterSqlite3.Database) => {
        db.pragma('journal_mode = WAL');
        db.exec('CREATE TABLE t (x)');
      },
    ],
  ])("another program's SQLite %s", (_name, make) => {
    const file = join(dir, 'other.sqlite');
    const other = new BetterSqlite3(file);
    make(other);
    other.close();
    const journal = (): unknown => {
      const db = new BetterSqlite3(file, { readonly: true });
      try {
        return db.pragma('journal_mode', { simple: true });
      } finally {
        db.close();
      }
    };
    const mode = journal();
    const before = hash(file);
    expect(refusal(file)).toMatchObject({ kind: 'other-application' });
    expect(hash(file)).toBe(before);
    expect(journal()).toBe(mode);
  });

  it('is worded for people in the desk language, and Store.open refuses it the same way', () => {
    const file = join(dir, 'resdesk.db');
    writeFileSync(file, 'not a database');
    let error: unknown = null;
    try {
      Store.open(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NotResdeskDatabaseError);
    expect(describeFailure(error, createMessages('en'), null)).toBe(
      createMessages('en').t('error.notResdeskDatabase'),
    );
    expect(describeFailure(error, createMessages('tr'), null)).toMatch(/Resdesk veritabanı değil/);
  });
});

describe('what still opens', () => {
  it('a missing file and an empty one become Resdesk databases, marked as such', () => {
    writeFileSync(join(dir, 'empty.db'), '');
    for (const name of ['new.db', 'empty.db']) {
      const db = openDatabase(join(dir, name));
      expect(db.pragma('application_id', { simple: true })).toBe(RESDESK_APPLICATION_ID);
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      db.close();
    }
  });

  it('an empty SQLite database, and a Resdesk database from before the mark', () => {
    const empty = join(dir, 'empty.sqlite');
    new BetterSqlite3(empty).close();
    writeFileSync(empty, readFileSync(empty));
    openDatabase(empty).close();

    const old = join(dir, 'old.db');
    const before = new BetterSqlite3(old);
    migrate(before, migrations.slice(0, 7));
    before.close();
    const db = openDatabase(old);
    expect(db.pragma('application_id', { simple: true })).toBe(RESDESK_APPLICATION_ID);
    db.close();
    // And again, now by its mark.
    openDatabase(old).close();
  });

  it('a newer Resdesk database is refused before the file is switched to WAL', () => {
    const file = join(dir, 'newer.db');
    const newer = new BetterSqlite3(file);
    migrate(newer, migrations);
    newer.pragma(`user_version = ${migrations.length + 1}`);
    newer.close();
    const before = hash(file);
    expect(refusal(file)).toBeInstanceOf(DatabaseTooNewError);
    expect(hash(file)).toBe(before);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
