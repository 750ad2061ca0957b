// Faults of this computer are named as such, in the desk's language, never as "the service sent an answer
// Resdesk cannot read". Real SQLite errors, provoked the way they happen: a full database (max_page_count
// stands in for a full disk: SQLite answers SQLITE_FULL either way), a lock held by another connection, a
// read-only connection, a damaged file; and a service address that is not a web address.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeFailure, localFault } from '../../../main/kernel/describe-error';
import { createMessages } from '../../../main/kernel/messages';
import { createExchangeClient } from '../../../main/exchange';

const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-faults-'));
const open: Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const connect = (file: string, options?: BetterSqlite3.Options): Database => {
  const db = new BetterSqlite3(file, options);
  open.push(db);
  return db;
};
const failureOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

const en = createMessages('en');
const tr = createMessages('tr');

describe('local faults', () => {
  it('a full disk', () => {
    const db = connect(path.join(dir, 'full.db'));
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma('max_page_count = 8');
    const error = failureOf(() => {
      for (let i = 0; i < 1000; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
    });
    expect(localFault(error)).toBe('diskFull');
    expect(describeFailure(error, en, null)).toMatch(/disk of this computer is full/);
    expect(describeFailure(error, tr, null)).toMatch(/diski dolu/);
  });

  it('a database another program holds', () => {
    const file = path.join(dir, 'busy.db');
    const holder = connect(file);
    holder.exec('CREATE TABLE t (x)');
    holder.exec('BEGIN EXCLUSIVE');
    const other = connect(file, { timeout: 0 });
    const error = failureOf(() => other.prepare('INSERT INTO t VALUES (1)').run());
    holder.exec('ROLLBACK');
    expect(localFault(error)).toBe('databaseBusy');
    expect(describeFailure(error, en, null)).toMatch(/Another program is holding/);
  });

  it('a read-only database', () => {
    const file = path.join(dir, 'ro.db');
    connect(file).exec('CREATE TABLE t (x)');
    const error = failureOf(() =>
      connect(file, { readonly: true }).prepare('INSERT INTO t VALUES (1)').run(),
    );
    expect(localFault(error)).toBe('databaseReadOnly');
    expect(describeFailure(error, en, null)).toMatch(/read-only/);
  });

  it('a damaged database file', () => {
    const file = path.join(dir, 'damaged.db');
    writeFileSync(file, 'this is not a database '.repeat(200));
    const error = failureOf(() => connect(file).prepare('SELECT * FROM sqlite_schema').all());
    expect(localFault(error)).toBe('databaseDamaged');
    expect(describeFailure(error, tr, null)).toMatch(/bozulmuş/);
  });

  it('a file:// service address', async () => {
    const client = createExchangeClient({
      baseUrl: 'file:///etc/',
      user: 'u',
      partnerId: 1,
      getPassword: async () => 'p',
    });
    const error = await client.login().catch((e: unknown) => e);
    await client.close();
    expect(describeFailure(error, en, null)).toBe(en.t('error.badAddress'));
  });

  it('the service is still blamed for what really is the service', () => {
    expect(describeFailure(new Error('something odd'), en, null)).toBe(en.t('error.malformed'));
  });
});
