import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import type { Reservation } from '../../../shared/domain';

/** A fresh in-memory database with every migration applied, opened the way the app opens its file. */
export function openDeskDatabase(): Database {
  return openDatabase(':memory:');
}

/** Stores reservations through the same import the pull uses. */
export function receive(db: Database, ...reservations: Reservation[]): void {
  importBatch(db, reservations, '2026-07-01T08:00:00.000Z');
}
