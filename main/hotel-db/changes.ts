// Change notification between desks: a write sends a typed NOTIFY on one channel in the transaction
// that makes the change, so it is delivered at commit and never for a rolled-back write; each desk keeps one
// LISTENing connection (ChangeFeed) that reconnects by itself. Desks never poll the database for changes.
// NOTIFY is not stored: what is sent while a desk is disconnected is lost to it, so after every reconnect the
// feed says `resync` and the desk re-reads what it shows, once.
import pg from 'pg';
import { announcedTables } from '../store/engines/op';
import { clientConfig, type HotelDbConnection, type Queryable } from './pool';

export const CHANGE_CHANNEL = 'resdesk_changes';

/**
 * The shared tables whose changes other desks show, and besides the tables: `desk_lease` (who talks to the
 * service changed), `answering` (who has an answer form open) and `pulled` (what the desk talking to the service
 * just brought, ids "new:K", "changed:K", "cancelled:K", so every desk announces and notifies arrivals as it does).
 */
export const changeTables = [...announcedTables, 'desk_lease', 'answering', 'pulled'] as const;
export type ChangeTable = (typeof changeTables)[number];

export const changeKinds = ['added', 'changed', 'removed'] as const;
export type ChangeKind = (typeof changeKinds)[number];

export interface HotelChange {
  table: ChangeTable;
  kind: ChangeKind;
  /** The rows' keys (a reservation's KeyField, a decision's id…); null: too many to list, re-read the table. */
  ids: string[] | null;
  /** The desk that made the change (its lease desk id), so it may skip its own echo; null when not known. */
  origin: string | null;
}

/** PostgreSQL refuses a payload of 8000 bytes or more; past this the ids are left out (ids: null). */
export const MAX_PAYLOAD_BYTES = 7_900;

/** The wire form, short keys, version 1: {"v":1,"t":"decisions","k":"changed","i":["K1"],"o":"desk"}. */
export function encodeChange(change: HotelChange): string {
  const full = JSON.stringify({ v: 1, t: change.table, k: change.kind, i: change.ids, o: change.origin });
  if (Buffer.byteLength(full, 'utf8') <= MAX_PAYLOAD_BYTES) return full;
  return JSON.stringify({ v: 1, t: change.table, k: change.kind, i: null, o: change.origin });
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A payload read back, or null for anything this desk does not understand (a newer version, junk). */
export function decodeChange(payload: string | undefined): HotelChange | null {
  if (payload === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (o.v !== 1 || !isOneOf(changeTables, o.t) || !isOneOf(changeKinds, o.k)) return null;
  const ids = o.i;
  if (ids !== null && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string'))) return null;
  const origin = o.o === undefined || o.o === null ? null : typeof o.o === 'string' ? o.o : undefined;
  if (origin === undefined) return null;
  return { table: o.t, kind: o.k, ids: ids as string[] | null, origin };
}

/**
 * Announces a change. Call it on the client of the transaction that writes: PostgreSQL delivers at commit,
 * in commit order, and drops it on rollback. Identical payloads within one transaction are sent once.
 */
export async function notifyChange(db: Queryable, change: HotelChange): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, encodeChange(change)]);
}

export type FeedStatus = 'connecting' | 'connected' | 'disconnected' | 'stopped';

export interface ChangeFeedOptions {
  /** A liveness query this often (not a read of changes): a dead socket is found in seconds. Default 5 s. */
  heartbeatMs?: number;
  /** First wait before reconnecting, doubled up to maxBackoffMs. Defaults 100 ms and 2 s. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Connection problems, for the desk's log (never the URL). */
  onError?: (error: Error) => void;
}

type Listener<T> = (value: T) => void;

/**
 * One LISTENing connection per desk. Listeners get every change committed while it is connected; after a lost
 * connection it reconnects with backoff (100 ms doubling to 2 s), LISTENs again and tells `onResync` listeners,
 * because changes sent in between were not delivered. A heartbeat that fires far later than scheduled (the PC
 * slept) also asks for a resync.
 */
export class ChangeFeed {
  private readonly changeListeners = new Set<Listener<HotelChange>>();
  private readonly resyncListeners = new Set<Listener<string>>();
  private readonly statusListeners = new Set<Listener<FeedStatus>>();
  private client: pg.Client | null = null;
  private attempt = 0;
  private connects = 0;
  private stopping = false;
  private running = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastBeat = 0;
  private statusNow: FeedStatus = 'disconnected';
  private pid: number | null = null;
  private readonly heartbeatMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly onError: (error: Error) => void;

  constructor(
    private readonly connection: HotelDbConnection,
    options: ChangeFeedOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 2_000;
    this.onError = options.onError ?? (() => {});
  }

  onChange(listener: Listener<HotelChange>): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** After a reconnect or a sleep: changes may have been missed; re-read what is shown. The reason is for logs. */
  onResync(listener: Listener<string>): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  onStatus(listener: Listener<FeedStatus>): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  get status(): FeedStatus {
    return this.statusNow;
  }

  /** The server process of the LISTENing session (for tests and diagnostics), null while disconnected. */
  get backendPid(): number | null {
    return this.pid;
  }

  /** How many times it has connected (1 after the first connect). */
  get connectCount(): number {
    return this.connects;
  }

  /** Starts connecting; resolves once LISTENing for the first time (it keeps trying until then, or stop()). */
  start(): Promise<void> {
    if (this.running) return this.whenConnected();
    this.running = true;
    this.stopping = false;
    void this.connect();
    return this.whenConnected();
  }

  /** Resolves when the feed is LISTENing (now, or after the next successful connect). */
  whenConnected(): Promise<void> {
    if (this.statusNow === 'connected') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onStatus((s) => {
        if (s === 'connected') {
          off();
          resolve();
        } else if (s === 'stopped') {
          off();
          reject(new Error('the change feed was stopped'));
        }
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.retryTimer = null;
    this.heartbeatTimer = null;
    const client = this.client;
    this.client = null;
    this.pid = null;
    this.setStatus('stopped');
    if (client) await client.end().catch(() => {});
  }

  private setStatus(status: FeedStatus): void {
    if (this.statusNow === status) return;
    this.statusNow = status;
    for (const l of [...this.statusListeners]) l(status);
  }

  private async connect(): Promise<void> {
    if (this.stopping) return;
    this.setStatus('connecting');
    const client = new pg.Client(clientConfig(this.connection));
    let dropped = false;
    const drop = (error: Error | null): void => {
      if (dropped) return;
      dropped = true;
      if (error) this.onError(error);
      if (this.client === client) this.lost(client);
    };
    client.on('error', (error) => drop(error));
    client.on('end', () => drop(null));
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || this.client !== client) return;
      const change = decodeChange(message.payload);
      if (change === null) {
        this.onError(new Error('a change notification this desk cannot read was ignored'));
        return;
      }
      for (const l of [...this.changeListeners]) {
        try {
          l(change);
        } catch (error) {
          this.onError(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      const pid = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.stopping || dropped) {
        await client.end().catch(() => {});
        if (!this.stopping && dropped) this.scheduleRetry();
        return;
      }
      this.client = client;
      this.pid = pid.rows[0]?.pid ?? null;
      this.attempt = 0;
      this.connects++;
      this.setStatus('connected');
      this.scheduleHeartbeat();
      if (this.connects > 1) this.resync('reconnected');
    } catch (error) {
      dropped = true;
      this.onError(error instanceof Error ? error : new Error(String(error)));
      await client.end().catch(() => {});
      this.scheduleRetry();
    }
  }

  private lost(client: pg.Client): void {
    this.client = null;
    this.pid = null;
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    void client.end().catch(() => {});
    if (this.stopping) return;
    this.setStatus('disconnected');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopping || this.retryTimer) return;
    this.setStatus('disconnected');
    const wait = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** this.attempt);
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  private resync(reason: string): void {
    for (const l of [...this.resyncListeners]) {
      try {
        l(reason);
      } catch (error) {
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private scheduleHeartbeat(): void {
    this.lastBeat = Date.now();
    this.heartbeatTimer = setTimeout(() => void this.beat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private async beat(): Promise<void> {
    const client = this.client;
    if (!client) return;
    // Wall-clock time runs on through a sleep (a monotonic timer may not): a beat this late means the PC slept.
    const late = Date.now() - this.lastBeat > this.heartbeatMs * 3;
    try {
      await client.query('SELECT 1');
    } catch (error) {
      // The query failed or timed out: the socket is dead or the server gone. Drop it and reconnect.
      if (this.client === client) {
        this.onError(error instanceof Error ? error : new Error(String(error)));
        this.lost(client);
      }
      return;
    }
    if (this.client !== client) return;
    if (late) this.resync('slept');
    this.scheduleHeartbeat();
  }
}
