import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { migrations } from '../../../main/store/migrations';

/** A fresh in-memory database with every migration applied, as the app opens its file. */
export function openDeskDatabase(): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.transaction(() => {
    for (const migration of migrations) migration.up(db);
    db.pragma(`user_version = ${migrations.length}`);
  })();
  return db;
}
