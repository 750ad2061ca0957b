import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { DatabaseDamagedError, Store } from '../../../main/store';
import {
  backupFolderOf,
  checkDatabaseFile,
  NotAGoodBackupError,
  restoreBackup,
  restorePreview,
} from '../../../main/store/backup';
import { generateReservations } from '../../unit/store/fixtures';
import { damageMiddle, deskDatabase, reservationCount, tempFolder } from './helpers';

const hashOf = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

function backedUp(count: number): { file: string; backup: string } {
  const file = path.join(tempFolder(), 'resdesk.db');
  deskDatabase(file, count);
  const store = Store.open(file);
  const taken = store.backup({ kind: 'manual', folders: [backupFolderOf(file)], now: new Date() });
  store.close();
  return { file, backup: taken.written[0]!.file };
}

describe('restore', () => {
  it('round-trips: says what will be lost, puts the backup back, keeps the replaced database beside it', () => {
    const { file, backup } = backedUp(40);
    const store = Store.open(file);
    store.importBatch(generateReservations(10, 2, 500), '2026-06-02T09:00:00.000Z');
    store.close();
    expect(reservationCount(file)).toBe(50);

    const preview = restorePreview(file, backup);
    expect(preview.backupNewest.reservation).toBe('2026-06-01T10:00:00.000Z');
    expect(preview.currentNewest?.reservation).toBe('2026-06-02T09:00:00.000Z');
    expect(preview.lost).toEqual({ reservationVersions: 10, decisions: 0 });

    const result = restoreBackup(file, backup, new Date('2026-06-03T08:00:00.000Z'));
    expect(result.replacedBy).toBe(`${file}.replaced-2026-06-03T08-00-00-000Z`);
    expect(reservationCount(file)).toBe(40);
    expect(reservationCount(result.replacedBy!)).toBe(50);
    // The restored file opens as the desk's database again, and the backup itself is untouched.
    Store.open(file).close();
    expect(checkDatabaseFile(backup).ok).toBe(true);
  });

  it('refuses a file that is not a good Resdesk backup and changes nothing', () => {
    const { file, backup } = backedUp(30);
    const before = hashOf(file);
    const text = path.join(path.dirname(file), 'notes.db');
    writeFileSync(text, 'not a database');
    expect(() => restoreBackup(file, text, new Date())).toThrow(NotAGoodBackupError);
    damageMiddle(backup);
    expect(() => restoreBackup(file, backup, new Date())).toThrow(/is not a good Resdesk backup/);
    expect(() => restoreBackup(file, path.join(path.dirname(file), 'missing.db'), new Date())).toThrow(
      NotAGoodBackupError,
    );
    expect(() => restoreBackup(file, file, new Date())).toThrow(NotAGoodBackupError);
    expect(hashOf(file)).toBe(before);
  });
});

describe('a damaged database', () => {
  it('is detected by quick_check and never written: the desk refuses to open it', () => {
    const file = path.join(tempFolder(), 'resdesk.db');
    deskDatabase(file, 400);
    damageMiddle(file);
    const before = hashOf(file);
    const check = checkDatabaseFile(file);
    expect(check).toMatchObject({ ok: false, problem: 'damaged' });
    expect(() => Store.open(file, { checkFirst: true })).toThrow(DatabaseDamagedError);
    expect(() => Store.open(file, { checkFirst: true })).toThrow(/Resdesk did not write to it/);
    expect(hashOf(file)).toBe(before);
    // A read-only look may leave an empty WAL beside a WAL-mode file; nothing is ever in it.
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
  });

  it('can still be replaced by a restore, which says it cannot tell what is lost', () => {
    const { file, backup } = backedUp(400);
    damageMiddle(file);
    const preview = restorePreview(file, backup);
    expect(preview.lost === null || preview.lost.reservationVersions >= 0).toBe(true);
    const result = restoreBackup(file, backup, new Date());
    expect(checkDatabaseFile(file).ok).toBe(true);
    expect(checkDatabaseFile(result.replacedBy!)).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('refuses a backup whose schema version was edited, and a named pipe, at once and changing nothing', () => {
    const { file, backup } = backedUp(20);
    const before = hashOf(file);
    // Told it is one version older than its tables are: its tables no longer match the version it claims.
    const edited = path.join(path.dirname(backup), 'edited.db');
    copyFileSync(backup, edited);
    const raw = new BetterSqlite3(edited);
    const version = Number(raw.pragma('user_version', { simple: true }));
    raw.pragma(`user_version = ${version - 1}`);
    raw.close();
    expect(checkDatabaseFile(edited)).toMatchObject({ ok: false, problem: 'damaged' });
    expect(() => restoreBackup(file, edited, new Date())).toThrow(
      new RegExp(`its tables do not match schema version ${version - 1}`),
    );
    // A named pipe would block a read for ever: refused before anything reads it.
    const pipe = path.join(path.dirname(backup), 'pipe.db');
    execFileSync('mkfifo', [pipe]);
    expect(checkDatabaseFile(pipe)).toMatchObject({ ok: false, problem: 'not-resdesk' });
    expect(() => restoreBackup(file, pipe, new Date())).toThrow(/not a regular file/);
    expect(hashOf(file)).toBe(before);
    // A good backup still passes its shape check at its own version.
    expect(checkDatabaseFile(backup)).toEqual({ ok: true, userVersion: version });
  });
});
