import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, MigrationListError, migrate, openDatabase } from '../../../main/store/db';
import type { Migration } from '../../../main/store/migration';
import { migrations } from '../../../main/store/migrations/index';

const objects = (db: Database): string[] =>
  db
    .prepare<[], string>(
      "SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY 1",
    )
    .pluck()
    .all();
const version = (db: Database): number => Number(db.pragma('user_version', { simple: true }));
/** Every object with its SQL, and the header's application_id: what a migration changes (a column too). */
const schemaOf = (db: Database): string[] => [
  ...db
    .prepare<[], string>(
      "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY 1",
    )
    .pluck()
    .all(),
  `application_id ${String(db.pragma('application_id', { simple: true }))}`,
];

const open: Database[] = [];
const fresh = (): Database => {
  const db = new BetterSqlite3(':memory:');
  open.push(db);
  return db;
};
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

const dataOnly: ReadonlySet<string> = new Set(['search-spellings']);

describe('each migration on an in-memory database', () => {
  migrations.forEach((m, i) => {
    it(`${m.version} ${m.name}: applies on top of the ones before, then is a no-op`, () => {
      const db = fresh();
      migrate(db, migrations.slice(0, i));
      const before = schemaOf(db);
      const outcome = migrate(db, migrations.slice(0, i + 1));
      expect(outcome).toEqual({ from: i, to: i + 1, applied: [m.name] });
      expect(version(db)).toBe(m.version);
      // Every migration changes the schema (004 only drops a trigger, 008 adds a column and the mark),
      // but those that only rebuild derived data (011 re-indexes the search).
      if (dataOnly.has(m.name)) expect(schemaOf(db)).toEqual(before);
      else expect(schemaOf(db)).not.toEqual(before);

      const schema = schemaOf(db);
      const changesBefore = db.prepare<[], number>('SELECT total_changes()').pluck().get();
      expect(migrate(db, migrations.slice(0, i + 1))).toEqual({ from: i + 1, to: i + 1, applied: [] });
      expect(schemaOf(db)).toEqual(schema);
      expect(db.prepare<[], number>('SELECT total_changes()').pluck().get()).toBe(changesBefore);
    });
  });

  it('001 creates the reservation tables, the acknowledgement queue and the search index', () => {
    const db = fresh();
    migrate(db, migrations.slice(0, 1));
    expect(objects(db)).toEqual(
      expect.arrayContaining([
        'table reservations',
        'table reservation_versions',
        'table guests',
        'table pending_acknowledgements',
        'table reservation_search',
        'index reservations_by_check_in',
        'index reservations_by_arrival',
      ]),
    );
  });
});

describe('openDatabase', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it('creates a WAL database with foreign keys on, and reopening it changes nothing', () => {
    dir = mkdtempSync(join(tmpdir(), 'resdesk-store-'));
    const file = join(dir, 'desk.db');
    const first = openDatabase(file);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(first.pragma('synchronous', { simple: true })).toBe(2); // FULL: each commit is fsynced
    expect(first.pragma('page_size', { simple: true })).toBe(32768);
    const schema = objects(first);
    first.close();

    const again = openDatabase(file);
    expect(version(again)).toBe(migrations.length);
    expect(objects(again)).toEqual(schema);
    again.close();
  });

  it.each([4096, 16384])('keeps the page size of a database created with %i-byte pages', (pageSize) => {
    dir = mkdtempSync(join(tmpdir(), 'resdesk-store-'));
    const file = join(dir, 'old.db');
    const old = new BetterSqlite3(file);
    old.pragma(`page_size = ${pageSize}`);
    // An older Resdesk's database (a file with someone else's tables is refused: db-marks.test.ts).
    migrate(old, migrations.slice(0, 1));
    old.close();
    const db = openDatabase(file);
    expect(db.pragma('page_size', { simple: true })).toBe(pageSize);
    expect(version(db)).toBe(migrations.length);
    db.close();
  });

  it('refuses a database written by a newer Resdesk, with a plain sentence, and leaves it alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'resdesk-store-'));
    const file = join(dir, 'desk.db');
    const newer = new BetterSqlite3(file);
    newer.pragma(`user_version = ${migrations.length + 1}`);
    newer.close();

    let caught: unknown;
    try {
      openDatabase(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DatabaseTooNewError);
    expect((caught as Error).message).toBe(
      'This database was written by a newer Resdesk. Update Resdesk, or restore a backup.',
    );
    const check = new BetterSqlite3(file);
    expect(version(check)).toBe(migrations.length + 1);
    expect(objects(check)).toEqual([]);
    check.close();
  });
});

describe('migrate refuses a wrong list before touching the schema', () => {
  const step = (version: number, name: string): Migration => ({
    version,
    name,
    up: (db) => db.exec(`CREATE TABLE ${name} (x)`),
  });

  it('out of order', () => {
    const db = fresh();
    expect(() => migrate(db, [step(2, 'b'), step(1, 'a')])).toThrow(MigrationListError);
    expect(objects(db)).toEqual([]);
    expect(version(db)).toBe(0);
  });

  it('with a gap', () => {
    const db = fresh();
    expect(() => migrate(db, [step(1, 'a'), step(3, 'c')])).toThrow(MigrationListError);
    expect(objects(db)).toEqual([]);
  });

  it('a migration that fails midway leaves user_version and the schema as they were', () => {
    const db = fresh();
    migrate(db, [step(1, 'a')]);
    const failing: Migration = {
      version: 3,
      name: 'fails',
      up: (d) => {
        d.exec('CREATE TABLE half_done (x)');
        throw new Error('disk on fire');
      },
    };
    expect(() => migrate(db, [step(1, 'a'), step(2, 'b'), failing])).toThrow('disk on fire');
    expect(version(db)).toBe(1);
    expect(objects(db)).toEqual(['table a']);
  });

  it('a failing app migration on a fresh database leaves it empty', () => {
    const db = fresh();
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (d) => d.exec('CREATE TABLE reservations (x)'),
    };
    expect(() => migrate(db, [migrations[0] as Migration, broken])).toThrow();
    expect(version(db)).toBe(0);
    expect(objects(db)).toEqual([]);
  });
});
