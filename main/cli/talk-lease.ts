// `resdesk sync` on the hotel's shared database is a desk too: only the desk holding the service lease polls the
// service and sends answers (docs/shared-database.md, "The lease"). The command runs for the lease as the desks do
// (Lease and LeaseKeeper: taken when free or expired, renewed every 5 s, released when the command ends so a desk
// takes over at once) and its fenced writes carry the lease's token.
import type pg from 'pg';
import { Lease, LeaseKeeper, readHolder, type LeaseToken } from '../hotel-db';

export interface TalkLease {
  /** The token while this command talks to the service; what the store's fenced writes are given. */
  current(): LeaseToken | null;
  /** One try now: true when this command holds the lease (then kept renewed until stop). */
  tryTake(): Promise<boolean>;
  /**
   * Keeps running for the lease: renews while held, takes it when it comes free, and calls `onHolding` when
   * this command becomes or stops being the one that talks to the service.
   */
  keep(onHolding: (holding: boolean) => void): void;
  /** Which PC talks to the service now, for the one-line "… is talking to the service"; null: none. */
  talkingPc(): Promise<string | null>;
  /** Stops renewing and releases the lease if held. */
  stop(): Promise<void>;
}

export function talkLease(
  pool: pg.Pool,
  desk: { deskId: string; pcName: string },
  onError: (error: Error) => void,
  ttlMs?: number,
): TalkLease {
  const lease = new Lease(pool, { deskId: desk.deskId, pcName: desk.pcName, ...(ttlMs ? { ttlMs } : {}) });
  let listener: (holding: boolean) => void = () => undefined;
  const keeper = new LeaseKeeper(lease, { onChange: (token) => listener(token !== null), onError });
  let keeping = false;
  const keep = () => {
    if (keeping) return;
    keeping = true;
    keeper.start();
  };
  return {
    current: () => keeper.current(),
    tryTake: async () => {
      const token = await lease.acquire();
      // A long first import outlives the lease's 15 s: the keeper renews it while the cycle runs.
      if (token) keep();
      return token !== null;
    },
    keep: (onHolding) => {
      listener = onHolding;
      // Taken already by tryTake: the keeper said so before anyone listened.
      if (keeper.current()) onHolding(true);
      keep();
    },
    talkingPc: async () => {
      const holder = await readHolder(pool);
      return holder && !holder.expired ? holder.pcName : null;
    },
    stop: () => keeper.stop(),
  };
}
