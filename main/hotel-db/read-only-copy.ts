// A desk's copy of the hotel's data (local-copy.ts) as the store the desk reads while the hotel's database does not
// answer: every read the screens make (the inbox, a reservation, its history, the lists to print and export, the
// checks), and nothing that would change the hotel's data. Any other call is refused with StoreUnavailable, which
// every screen words as "the hotel's database does not answer, so this was not saved": an answer, a mapping or a
// PMS mark waits for the database, it is never kept in the copy to be lost.
import type { DeskStore } from '../store/engines/desk-store';
import { StoreUnavailable } from '../store/engines/unavailable';
import { storeOperations } from '../store/operations';

/**
 * What may be asked of the copy: every operation the table (main/store/operations.ts) does not mark as a write, the
 * export's rows, and the check keys (the desk's own derived data, computed on reading).
 */
const alsoReads: (keyof DeskStore)[] = ['openExportRows', 'refreshCheckKeys'];
const READS: ReadonlySet<string> = new Set([
  ...Object.entries(storeOperations)
    .filter(([, operation]) => operation.access !== 'write')
    .map(([name]) => name),
  ...alsoReads,
]);

/** The copy's store with only its reads: the rest reject with StoreUnavailable and change nothing. */
export function readOnlyCopy(store: DeskStore): DeskStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string' || READS.has(name)) return value;
      return () => Promise.reject(new StoreUnavailable('read-only copy'));
    },
  });
}
