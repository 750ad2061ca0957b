// SQLite's store: the desk's own database file, synchronous. Its operations are derived from the one table
// (operations.ts) and run on better-sqlite3 as each entry asks; below are only what a file has and a database
// server has not (its path, backups, the write-ahead log, the file checks the sync makes between its steps, the
// full rebuild of the checks read from a statement) and SQLite's two overrides (search upkeep after an import,
// the PMS counts cached by the file's data version).
import type { Database } from 'better-sqlite3';
import type { Reservation, ToEnterPage } from '../../shared/domain';
import { openDatabase, type OpenOptions } from './db';
import { importBatch, type ImportOptions, type ImportResult } from './reservations';
import { confirmStoredOnDisk, type PendingAcknowledgement } from './acknowledgements';
import { assertDatabaseFile } from './db-identity';
import { takeBackup, type TakeBackupOptions, type TakenBackup } from './backup-take';
import type { InboxFilter, InboxQuery } from './inbox';
import type { DecisionRecord } from './decisions';
import { listToEnter } from './pms-entry';
import type { MarkRequest } from './pms-entry';
import type { ExportCounts } from './export-counts';
import { openExportRows, type ExportGuestRow, type ExportRows, type ExportSelection } from './export-rows';
import type { UnreadableRecord } from './unreadable';
import type { NewStopSale } from './stop-sales';
import type { StoredCheckSettings } from './check-settings';
import { compactWal } from './wal-policy';
import { checksInput, type CheckReference, type ChecksInput } from './checks-input';
import type { StoredCheckKeys } from './check-keys';
import type { CheckLookupAnswers, CheckLookups, StayRow } from './check-lookups';
import { settingsOps } from './settings';
import { storeOperations, type StoreOperations } from './operations';
import { derive, type Synchronous } from './engines/operation-table';
import { runSqlite, runSqliteAs } from './engines/run-sqlite';

export { DECISION_REFUSALS, DecisionRefused, type DecisionRefusal } from './decisions';
export { HotelCodeTaken } from './hotel-codes';
export { DatabaseFileChangedError, DatabaseTooNewError, NotResdeskDatabaseError } from './db';
export { DatabaseDamagedError } from './db';
export type { OpenOptions } from './db';
export type { ImportResult, InboxFilter, InboxQuery, DecisionRecord, PendingAcknowledgement };
export type { MarkRequest, ExportCounts, ExportGuestRow, ExportRows, ExportSelection, UnreadableRecord };
export type { NewStopSale, StoredCheckSettings, ChecksInput, StayRow, StoredCheckKeys };
export type { CheckLookupAnswers, CheckLookups, CheckReference };

/** The table's operations on one connection, as methods of the object (arrow functions: callers may pass them on). */
const SqliteOperations = class {
  constructor(readonly db: Database) {
    Object.assign(
      this,
      derive<StoreOperations, Synchronous<StoreOperations>>(storeOperations, (access, op) =>
        runSqliteAs(db, access, op),
      ),
    );
  }
} as new (db: Database) => { readonly db: Database } & Synchronous<StoreOperations>;

export class Store extends SqliteOperations {
  static open(file: string, options?: OpenOptions): Store {
    return new Store(openDatabase(file, undefined, options));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The database file (':memory:' for one in memory): what another thread opens its own connection to. */
  get file(): string {
    return this.db.name;
  }

  /** A checked copy of this database in each folder (VACUUM INTO: the sync may go on writing meanwhile). */
  backup(options: TakeBackupOptions): TakenBackup {
    return takeBackup(this.db, options);
  }

  /** After a big import: the write-ahead log back into the database and emptied (wal-policy.ts). */
  compactWal(): void {
    compactWal(this.db);
  }

  /** Throws DatabaseFileChangedError when the file at this store's path is not the one it writes to. */
  checkDatabaseFile(): void {
    assertDatabaseFile(this.db);
  }

  /** Throws DatabaseFileChangedError unless the file on disk holds these LogIds (before reporting them). */
  confirmStoredOnDisk(logIds: readonly number[]): void {
    confirmStoredOnDisk(this.db, logIds);
  }

  /** The rows of an export, on a read-only connection of their own so the sync can go on meanwhile. */
  openExportRows(selection: ExportSelection): ExportRows {
    return openExportRows(this.db, selection);
  }

  /** Everything a full rebuild of the checks indexes, every reservation read from the table as it is walked. */
  checksInput(): ChecksInput {
    return checksInput(this.db);
  }

  /** A setting's stored value, typed by its caller (the table's entry cannot carry the type parameter). */
  override readonly getSetting = <T>(key: string, fallback: T): T =>
    runSqlite(this.db, settingsOps.get(key, fallback));

  /** The import, then the search index compacted when enough of it was replaced (FTS5 keeps old segments). */
  override readonly importBatch = (
    items: readonly Reservation[],
    receivedAt: string,
    options?: ImportOptions,
  ): ImportResult => importBatch(this.db, items, receivedAt, options);

  /** The page with its counts cached until the file's data version moves (the PMS badge asks often). */
  override readonly listToEnter = (offset: number, limit: number): ToEnterPage =>
    listToEnter(this.db, offset, limit);
}
