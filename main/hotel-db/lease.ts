// Which connected desk talks to the exchange service: a lease row with an expiry on the database's
// clock and a generation number that grows at every change of holder. The holder renews it every ttl/3; a desk
// that sleeps, loses the network or is killed stops renewing, and once the row has expired another desk takes
// it (ttl 15 s, tried every 5 s: taken over ≤ 20 s after the holder's last renewal). The generation is the
// fencing token: a write that must come from the holder (an acknowledgement, a decision handed out for sending)
// checks it in its own transaction with `withFence`, which locks the row so no takeover lands in between.
// Why not an advisory lock: docs/shared-database.md, "The lease".
import type pg from 'pg';
import { notifyChange, type ChangeFeed, type HotelChange } from './changes';
import { inTransaction, type Queryable } from './pool';

export const SERVICE_LEASE = 'service';
export const DEFAULT_TTL_MS = 15_000;

export interface LeaseOptions {
  /** This running desk: a fresh id per process (the CLI beside the app is another desk). */
  deskId: string;
  /** Shown to every desk: "RECEPTION-1 is talking to the service". */
  pcName: string;
  /** Default 'service'. */
  name?: string;
  /** How long a renewal holds, on the database's clock. Default 15 s. */
  ttlMs?: number;
}

/** The holder's proof, passed to `withFence` with every write only the holder may make. */
export interface LeaseToken {
  readonly name: string;
  readonly deskId: string;
  readonly generation: number;
}

export interface LeaseHolder {
  deskId: string;
  pcName: string;
  generation: number;
  acquiredAt: Date;
  renewedAt: Date;
  expiresAt: Date;
  /** True when the row's time is up on the database's clock: nobody is talking to the service right now. */
  expired: boolean;
}

/** A write refused because the desk no longer holds the lease it names (another desk took over, or it expired). */
export class LeaseLostError extends Error {
  constructor(readonly token: LeaseToken) {
    super(`This desk no longer holds the ${token.name} lease (generation ${token.generation}).`);
    this.name = 'LeaseLostError';
  }
}

interface LeaseRow {
  holder_id: string;
  holder_pc: string;
  generation: string;
  acquired_at: Date;
  renewed_at: Date;
  expires_at: Date;
  expired: boolean;
}

const generationOf = (text: string): number => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`lease generation out of range: ${text}`);
  return n;
};

const ms = "($3::double precision * interval '1 millisecond')";

/**
 * One desk's side of one lease. Every time is the database's (`clock_timestamp()`), so the PCs' clocks do not
 * matter; locally the desk counts its own deadline (renewal sent + ttl, on both the monotonic and the wall clock,
 * whichever ran further: the monotonic one may stand still while the PC sleeps), and stops acting as holder
 * before any other desk can take over.
 */
export class Lease {
  readonly name: string;
  readonly ttlMs: number;
  private token: LeaseToken | null = null;
  private deadlineMono = 0;
  private deadlineWall = 0;

  constructor(
    private readonly db: Queryable,
    private readonly options: LeaseOptions,
  ) {
    this.name = options.name ?? SERVICE_LEASE;
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  }

  get deskId(): string {
    return this.options.deskId;
  }

  /** The token while this desk may act as holder by its own clocks; null otherwise. */
  current(): LeaseToken | null {
    if (this.token && (performance.now() >= this.deadlineMono || Date.now() >= this.deadlineWall))
      this.token = null;
    return this.token;
  }

  /** How long this desk may still act as holder by its own clocks (0 when it may not). */
  remainingMs(): number {
    if (!this.current()) return 0;
    return Math.max(0, Math.min(this.deadlineMono - performance.now(), this.deadlineWall - Date.now()));
  }

  /**
   * Takes the lease if nobody holds it or the holder's time is up (generation + 1), or confirms this desk's own
   * if it still holds it. Null: another desk holds it.
   */
  async acquire(): Promise<LeaseToken | null> {
    if (this.current()) return this.renew();
    const sentMono = performance.now();
    const sentWall = Date.now();
    const result = await this.db.query<{ generation: string }>(
      `INSERT INTO desk_lease AS l (name, holder_id, holder_pc, generation, acquired_at, renewed_at, expires_at)
       VALUES ($1, $2, $4, 1, clock_timestamp(), clock_timestamp(), clock_timestamp() + ${ms})
       ON CONFLICT (name) DO UPDATE SET
         holder_id = EXCLUDED.holder_id, holder_pc = EXCLUDED.holder_pc, generation = l.generation + 1,
         acquired_at = EXCLUDED.acquired_at, renewed_at = EXCLUDED.renewed_at, expires_at = EXCLUDED.expires_at
       WHERE l.expires_at <= clock_timestamp()
       RETURNING generation::text AS generation`,
      [this.name, this.options.deskId, this.ttlMs, this.options.pcName],
    );
    const row = result.rows[0];
    if (!row) return null;
    this.hold(
      { name: this.name, deskId: this.options.deskId, generation: generationOf(row.generation) },
      sentMono,
      sentWall,
    );
    await this.announce('added').catch(() => {});
    return this.token;
  }

  /**
   * Extends this desk's lease by ttl. Null: it is lost (expired, even if nobody took it yet: a desk that slept
   * past its time must acquire again, with a new generation, so nothing it decided before counts as current).
   * A failed query leaves the token to its local deadline.
   */
  async renew(): Promise<LeaseToken | null> {
    const token = this.token;
    if (!token) return null;
    const sentMono = performance.now();
    const sentWall = Date.now();
    const result = await this.db.query(
      `UPDATE desk_lease SET renewed_at = clock_timestamp(), expires_at = clock_timestamp() + ${ms}
       WHERE name = $1 AND holder_id = $2 AND generation = $4 AND expires_at > clock_timestamp()`,
      [this.name, token.deskId, this.ttlMs, token.generation],
    );
    if (result.rowCount === 1) {
      if (this.token === token) this.hold(token, sentMono, sentWall);
      return this.current();
    }
    if (this.token === token) this.token = null;
    return null;
  }

  /** Gives the lease up at once (closing, or handing over): another desk may take it without waiting. */
  async release(): Promise<void> {
    const token = this.token;
    this.token = null;
    if (!token) return;
    const result = await this.db.query(
      `UPDATE desk_lease SET expires_at = clock_timestamp()
       WHERE name = $1 AND holder_id = $2 AND generation = $3 AND expires_at > clock_timestamp()`,
      [this.name, token.deskId, token.generation],
    );
    if (result.rowCount === 1) await this.announce('removed').catch(() => {});
  }

  /** Who holds the lease (which PC is talking to the service), as the database sees it now; null if never held. */
  async holder(): Promise<LeaseHolder | null> {
    return readHolder(this.db, this.name);
  }

  private hold(token: LeaseToken, sentMono: number, sentWall: number): void {
    this.token = token;
    // Counted from when the request left: the database's expiry is later than this, never earlier.
    this.deadlineMono = sentMono + this.ttlMs;
    this.deadlineWall = sentWall + this.ttlMs;
  }

  private announce(kind: HotelChange['kind']): Promise<void> {
    return notifyChange(this.db, {
      table: 'desk_lease',
      kind,
      ids: [this.name],
      origin: this.options.deskId,
    });
  }
}

export async function readHolder(db: Queryable, name = SERVICE_LEASE): Promise<LeaseHolder | null> {
  const result = await db.query<LeaseRow>(
    `SELECT holder_id, holder_pc, generation::text AS generation, acquired_at, renewed_at, expires_at,
            expires_at <= clock_timestamp() AS expired
     FROM desk_lease WHERE name = $1`,
    [name],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    deskId: row.holder_id,
    pcName: row.holder_pc,
    generation: generationOf(row.generation),
    acquiredAt: row.acquired_at,
    renewedAt: row.renewed_at,
    expiresAt: row.expires_at,
    expired: row.expired,
  };
}

/**
 * Inside an open transaction: refuses (LeaseLostError) unless `token` still holds the lease, and locks the lease
 * row FOR SHARE until the transaction ends, so a takeover (an UPDATE of that row) waits for this commit. The write
 * that follows is therefore made by the holder, whichever desk commits first.
 */
export async function checkFence(tx: Queryable, token: LeaseToken): Promise<void> {
  const result = await tx.query(
    `SELECT 1 FROM desk_lease
     WHERE name = $1 AND holder_id = $2 AND generation = $3 AND expires_at > clock_timestamp()
     FOR SHARE`,
    [token.name, token.deskId, token.generation],
  );
  if (result.rowCount !== 1) throw new LeaseLostError(token);
}

/**
 * Runs `write` in a transaction that first checks the fence: committed only if this desk held the lease at the
 * check, and no other desk can take it before the commit. Keep it short: never a request to the service inside.
 */
export function withFence<T>(
  pool: pg.Pool,
  token: LeaseToken,
  write: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(pool, async (tx) => {
    await checkFence(tx, token);
    return write(tx);
  });
}

export interface LeaseKeeperOptions {
  /** Renew and retry this often. Default ttl/3 (5 s): three chances to renew before the time is up. */
  everyMs?: number;
  /** If given, a released lease (another desk closing) is tried for at once instead of at the next round. */
  changes?: ChangeFeed;
  onChange?: (token: LeaseToken | null) => void;
  onError?: (error: Error) => void;
}

/**
 * Keeps a desk in the running: renews while it holds the lease, tries to take it while another desk holds it,
 * and says when this desk becomes or stops being the one that talks to the service.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | null = null;
  private deadline: NodeJS.Timeout | null = null;
  private running = false;
  private busy: Promise<void> | null = null;
  private held: LeaseToken | null = null;
  private offChanges: (() => void) | null = null;
  private readonly everyMs: number;

  constructor(
    readonly lease: Lease,
    private readonly options: LeaseKeeperOptions = {},
  ) {
    this.everyMs = options.everyMs ?? Math.floor(lease.ttlMs / 3);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.offChanges =
      this.options.changes?.onChange((c) => {
        if (c.table === 'desk_lease' && c.kind === 'removed' && c.origin !== this.lease.deskId) this.nudge();
      }) ?? null;
    this.nudge();
  }

  /** One round now (renew or try to take). */
  nudge(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.busy) return;
    this.busy = this.round().finally(() => {
      this.busy = null;
      if (this.running) this.timer = setTimeout(() => this.nudge(), this.everyMs);
    });
  }

  /** Stops, and releases the lease if held so another desk takes over at once. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.offChanges?.();
    await this.busy;
    await this.lease.release().catch((e: unknown) => this.error(e));
    this.set(null);
  }

  private async round(): Promise<void> {
    try {
      const token = this.lease.current() ? await this.lease.renew() : await this.lease.acquire();
      this.set(token);
    } catch (error) {
      this.error(error);
      this.set(this.lease.current());
    }
  }

  /** The token while this desk may act as holder (the lease's own local deadline decides). */
  current(): LeaseToken | null {
    return this.lease.current();
  }

  private set(token: LeaseToken | null): void {
    const before = this.held;
    this.held = token;
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
    // A renewal that hangs must not leave this desk believing it holds the lease past its time.
    if (token && this.running) {
      this.deadline = setTimeout(() => this.set(this.lease.current()), this.lease.remainingMs() + 1);
    }
    if (before?.generation !== token?.generation || (before === null) !== (token === null))
      this.options.onChange?.(token);
  }

  private error(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }
}
