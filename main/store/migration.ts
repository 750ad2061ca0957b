import type { Database } from 'better-sqlite3';

/** One schema step. Applied in order, all pending ones in one transaction, recorded in PRAGMA user_version. */
export interface Migration {
  version: number;
  name: string;
  /**
   * Rebuilds a table others point at. Foreign keys are off while it runs (a DROP would otherwise cascade
   * into the child tables) and every key is checked before the transaction commits.
   */
  needsForeignKeysOff?: boolean;
  up(db: Database): void;
}
