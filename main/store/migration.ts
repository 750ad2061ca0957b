import type { Database } from 'better-sqlite3';

/** One schema step. Applied in order, all pending ones in one transaction, recorded in PRAGMA user_version. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
