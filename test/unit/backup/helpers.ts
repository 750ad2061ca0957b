// Databases for the backup tests: a desk database with reservations in a fresh folder.
import { mkdtempSync, openSync, closeSync, writeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Store } from '../../../main/store';
import { generateReservations } from '../../unit/store/fixtures';

export const tempFolder = (): string => mkdtempSync(path.join(tmpdir(), 'resdesk-backup-'));

/** A closed desk database holding `count` reservations (received at `receivedAt`). */
export function deskDatabase(file: string, count: number, receivedAt = '2026-06-01T10:00:00.000Z'): void {
  const store = Store.open(file);
  try {
    store.importBatch(generateReservations(count), receivedAt);
  } finally {
    store.close();
  }
}

/** What a file holds, read-only. */
export function reservationCount(file: string): number {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], number>('SELECT count(*) FROM reservations').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Overwrites one whole page in the middle of the file with bytes no page starts with. */
export function damageMiddle(file: string): void {
  const size = statSync(file).size;
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  db.close();
  const pages = Math.floor(size / pageSize);
  const page = Math.floor(pages / 2);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize);
  } finally {
    closeSync(fd);
  }
}
