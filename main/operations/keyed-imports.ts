// The pre-confirm checks find other reservations by keys kept in the store (store/check-keys.ts). An import keys
// the rows it writes in its own transaction when it is handed the checks' key function, which the store cannot
// import (it knows no check): this hands it to every batch, so the first inbox page after a sync finds nothing left
// to key, as after a restart. Rows other writers mark (the CLI beside the desk, a move) are keyed when the checks
// next ask (checks.ts).
import { reservationKeys } from '../checks';
import type { ImportOptions } from '../store/reservations';
import type { Reservation } from '../../shared/domain';

interface Importing {
  importBatch(items: readonly Reservation[], receivedAt: string, options?: ImportOptions): Promise<unknown>;
}

/** `store`, whose imports key what they store; every other member is the store's own. */
export function keyingImports<S extends Importing>(store: S): S {
  const importBatch = (items: readonly Reservation[], receivedAt: string, options?: ImportOptions) =>
    store.importBatch(items, receivedAt, { ...options, checkKeys: reservationKeys });
  return new Proxy(store, {
    get(target, name) {
      if (name === 'importBatch') return importBatch;
      const value: unknown = Reflect.get(target, name, target);
      // Bound to the store itself: a class's private members are not reachable through the proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
