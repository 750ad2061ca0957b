import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Store } from '../../../main/store';
import {
  BACKUP_KEEP,
  backupFolderOf,
  backupName,
  checkDatabaseFile,
  listBackups,
} from '../../../main/store/backup';
import { migrations } from '../../../main/store/migrations/index';
import { openDatabase } from '../../../main/store/db';
import { deskDatabase, reservationCount, tempFolder } from './helpers';

describe('a backup', () => {
  it('is a checked copy: same schema version and application, quick_check ok, one file (no WAL)', () => {
    const dir = tempFolder();
    const file = path.join(dir, 'resdesk.db');
    deskDatabase(file, 50);
    const store = Store.open(file);
    const taken = store.backup({ kind: 'daily', folders: [backupFolderOf(file)], now: new Date() });
    store.close();
    expect(taken.written).toHaveLength(1);
    const copy = taken.written[0]!;
    expect(copy.version).toBe(migrations.length);
    expect(copy.size).toBeGreaterThan(0);
    expect(checkDatabaseFile(copy.file, migrations.length)).toEqual({
      ok: true,
      userVersion: migrations.length,
    });
    expect(reservationCount(copy.file)).toBe(50);
    const reader = new BetterSqlite3(copy.file, { readonly: true });
    expect(reader.pragma('journal_mode', { simple: true })).toBe('delete');
    reader.close();
    // Only the finished copy is left: no temporary name, no journal.
    expect(readdirSync(backupFolderOf(file))).toEqual([path.basename(copy.file)]);
  });

  it('keeps the documented number of each kind, newest first, and never removes manual copies', () => {
    const dir = tempFolder();
    const file = path.join(dir, 'resdesk.db');
    deskDatabase(file, 3);
    const store = Store.open(file);
    const folder = backupFolderOf(file);
    const day = (n: number) => new Date(Date.UTC(2026, 5, 1 + n, 3));
    for (let n = 0; n < 10; n++) store.backup({ kind: 'daily', folders: [folder], now: day(n) });
    for (let n = 0; n < 5; n++) store.backup({ kind: 'pre-migration', folders: [folder], now: day(n) });
    for (let n = 0; n < 2; n++) store.backup({ kind: 'manual', folders: [folder], now: day(n) });
    store.close();
    const all = listBackups([folder]);
    expect(all.filter((e) => e.kind === 'daily')).toHaveLength(BACKUP_KEEP.daily);
    expect(all.filter((e) => e.kind === 'pre-migration')).toHaveLength(BACKUP_KEEP['pre-migration']);
    expect(all.filter((e) => e.kind === 'manual')).toHaveLength(2);
    expect(all[0]?.takenAt).toBe(day(9).toISOString());
    expect(all.filter((e) => e.kind === 'daily').at(-1)?.takenAt).toBe(day(3).toISOString());
  });

  it('goes to the second folder too; a second folder that cannot be written is reported, not fatal', () => {
    const dir = tempFolder();
    const file = path.join(dir, 'resdesk.db');
    deskDatabase(file, 3);
    const blocked = path.join(dir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    const second = path.join(dir, 'usb');
    const store = Store.open(file);
    const ok = store.backup({ kind: 'manual', folders: [backupFolderOf(file), second], now: new Date() });
    const partly = store.backup({
      kind: 'manual',
      folders: [backupFolderOf(file), blocked],
      now: new Date(1),
    });
    expect(() => store.backup({ kind: 'manual', folders: [blocked], now: new Date(2) })).toThrow(
      /could not write a backup into .*not-a-folder/,
    );
    store.close();
    expect(ok.written.map((e) => path.dirname(e.file))).toEqual([backupFolderOf(file), second]);
    expect(partly.written).toHaveLength(1);
    expect(partly.failed.map((f) => f.folder)).toEqual([blocked]);
  });

  it('is listed from its name; other files in the folder are ignored', () => {
    const folder = path.join(tempFolder(), 'backups');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.txt'), 'x');
    writeFileSync(path.join(folder, backupName('daily', new Date('2026-07-01T02:03:04.005Z'), 10)), 'x');
    expect(listBackups([folder, path.join(folder, 'missing')])).toEqual([
      expect.objectContaining({ kind: 'daily', takenAt: '2026-07-01T02:03:04.005Z', version: 10, size: 1 }),
    ]);
  });
});

describe('before a migration', () => {
  it('a database with a schema is copied first, at its old version; a new or current one is not', () => {
    const dir = tempFolder();
    const file = path.join(dir, 'resdesk.db');
    // The schema of the Resdesk before the last migration; a new file (version 0) gets no copy.
    openDatabase(file, migrations.slice(0, -1)).close();
    expect(existsSync(backupFolderOf(file))).toBe(false);
    Store.open(file).close();
    const copies = listBackups([backupFolderOf(file)]);
    expect(copies.map((c) => [c.kind, c.version])).toEqual([['pre-migration', migrations.length - 1]]);
    expect(checkDatabaseFile(copies[0]!.file, migrations.length - 1).ok).toBe(true);
    // Already current: nothing more.
    Store.open(file).close();
    expect(listBackups([backupFolderOf(file)])).toHaveLength(1);
  });

  it('a copy that cannot be written leaves the database at its old version', () => {
    const dir = tempFolder();
    const file = path.join(dir, 'resdesk.db');
    openDatabase(file, migrations.slice(0, -1)).close();
    writeFileSync(backupFolderOf(file), 'a file where the backups folder should be');
    expect(() => Store.open(file)).toThrow(/not updated to this Resdesk's version/);
    const reader = new BetterSqlite3(file, { readonly: true });
    expect(Number(reader.pragma('user_version', { simple: true }))).toBe(migrations.length - 1);
    reader.close();
  });
});
