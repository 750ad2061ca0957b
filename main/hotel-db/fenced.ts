// The holder's writes on the shared database: an operation of the store (main/store/engines/op.ts) run
// in a transaction fenced by the service lease (lease.ts withFence): committed only if this desk's generation
// still holds the lease, and no other desk can take it before the commit. Used for the steps of sending an answer
// or a report exactly once (main/store/decision-claims.ts, acknowledgement-claims.ts); a desk that lost the lease
// gets LeaseLostError and nothing of the operation is recorded. Changes are announced on the same transaction.
import type pg from 'pg';
import type { Op, StoreChange } from '../store/engines/op';
import { notifyChange } from './changes';
import { withFence, type LeaseToken } from './lease';
import { runPostgres } from './run-postgres';

/** Runs `op` only while `token` holds the lease; LeaseLostError otherwise, with nothing written. */
export function writeFenced<T>(
  pool: pg.Pool,
  origin: string | null,
  token: LeaseToken,
  op: Op<T>,
): Promise<T> {
  return withFence(pool, token, (tx) =>
    runPostgres(tx, op, (change: StoreChange) => notifyChange(tx, { ...change, origin }), 'prepared'),
  );
}
