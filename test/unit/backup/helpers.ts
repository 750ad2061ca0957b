// Databases for the backup tests: a desk database with reservations in a fresh folder.
import { mkdtempSync, openSync, closeSync, writeSync, statSync, truncateSync } from 'node:fs';
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

/** The ways a desk's file is met damaged years in, each done to the file as it happens. */
export const damages = {
  'a zeroed middle page': damageMiddle,
  'cut in half': (file: string) => truncateSync(file, Math.floor(statSync(file).size / 2)),
  'a garbled page near the start': (file: string) => {
    const fd = openSync(file, 'r+');
    try {
      // Page 2 (32 KB pages): the first table's root, whatever the schema's order.
      writeSync(fd, Buffer.alloc(4096, 0xa7), 0, 4096, 32_768 + 16);
    } finally {
      closeSync(fd);
    }
  },
  'its header overwritten': (file: string) => {
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.from('this file was overwritten by another program....'), 0, 48, 0);
    } finally {
      closeSync(fd);
    }
  },
  'emptied to 0 bytes': (file: string) => truncateSync(file, 0),
} as const;
