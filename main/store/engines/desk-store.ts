// The store as the desk's code uses it, on either engine: every operation of the table (operations.ts)
// returning a promise, so the sync engine, the handlers, the CLI and the export run on the hotel's shared
// PostgreSQL database (whose driver is asynchronous) as on the desk's own SQLite file.
//
// On SQLite every call resolves at once: a sequence of awaited calls runs in one turn of the event loop, so no
// timer, IPC message or network answer lands between them. On PostgreSQL it does not: what must be read or
// written together is one operation of the table (a snapshot or a write), never a sequence of calls.
import type { Store } from '../index';
import type { ExportRows, ExportSelection } from '../export-rows';
import { storeOperations, type StoreOperations } from '../operations';
import type { Asynchronous } from './operation-table';

/** SQLite's file under the store: what only an embedded database has. */
export interface LocalFile {
  /** The database file's path (':memory:' for one in memory): what a worker thread opens its own connection to. */
  readonly path: string;
  /** Throws DatabaseFileChangedError when the file at the store's path is not the one it writes to. */
  checkDatabaseFile(): void;
  /** Throws DatabaseFileChangedError unless the file on disk holds these LogIds (before reporting them). */
  confirmStoredOnDisk(logIds: readonly number[]): void;
  /** The write-ahead log back into the database and emptied (after a big import: wal-policy.ts). */
  compactWal(): void;
}

export type DeskStore = Omit<Asynchronous<StoreOperations>, 'getSetting'> & {
  /** A setting's stored value, typed by its caller. */
  getSetting<T>(key: string, fallback: T): Promise<T>;
  /** The rows of an export: streamed from a connection of their own on SQLite, read at once on PostgreSQL. */
  openExportRows(selection: ExportSelection): Promise<ExportRows>;
  /** SQLite's file checks; null when the store is not a file of this desk's (PostgreSQL). */
  readonly localFile: LocalFile | null;
};

function sqliteDesk(store: Store): DeskStore {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of Object.keys(storeOperations)) {
    // Store's operations are arrow functions of the instance (index.ts): callable without it.
    const method = Reflect.get(store, name) as (...args: unknown[]) => unknown;
    methods[name] = async (...args) => method(...args);
  }
  const extras: Pick<DeskStore, 'getSetting' | 'openExportRows' | 'localFile'> = {
    getSetting: async (key, fallback) => store.getSetting(key, fallback),
    openExportRows: async (selection) => store.openExportRows(selection),
    localFile: {
      get path() {
        return store.file;
      },
      checkDatabaseFile: () => store.checkDatabaseFile(),
      confirmStoredOnDisk: (logIds) => store.confirmStoredOnDisk(logIds),
      compactWal: () => store.compactWal(),
    },
  };
  // Each method forwards to Store's method of the same name, whose types the table gives both.
  return Object.assign(methods as unknown as Asynchronous<StoreOperations>, extras);
}

const opened = new WeakMap<Store, DeskStore>();

/** The one DeskStore of a Store: the same object each time, so caches keyed by the store (checks.ts) hold. */
export function sqliteDeskStore(store: Store): DeskStore {
  let desk = opened.get(store);
  if (!desk) opened.set(store, (desk = sqliteDesk(store)));
  return desk;
}
