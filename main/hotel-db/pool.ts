// Connections to the hotel's shared PostgreSQL database. Every connection is made here, with the same
// limits: a connect gives up after 5 s, a query after 10 s, TCP keepalive on, so a PC whose network went away
// finds out in seconds instead of hanging on a dead socket.
import pg from 'pg';

/** What runs a query: a pool, a pooled client, or a plain client (in or out of a transaction). */
export type Queryable = Pick<pg.ClientBase, 'query'>;

export interface HotelDbConnection {
  /** A postgres:// URL. Never logged: it holds the password; `describeDatabase` says where without it. */
  url: string;
  /** Shown in pg_stat_activity, e.g. "resdesk RECEPTION-1". */
  applicationName?: string;
}

export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 10_000;

export function clientConfig(connection: HotelDbConnection): pg.ClientConfig {
  return {
    connectionString: connection.url,
    application_name: (connection.applicationName ?? 'resdesk').slice(0, 63),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  };
}

/**
 * A small pool for a desk's reads and writes. A pooled connection that the server ends while idle (a restart, a
 * terminated session) emits 'error' on the pool, which without a listener ends the process: it goes to `onError`.
 * So does a connection lost while checked out between two statements (a transaction's JS between its queries): the
 * pool listens only to idle ones, and that 'error' would otherwise end the process; the next statement on it fails
 * and the caller sees that (StoreUnavailable).
 */
export function openHotelPool(
  connection: HotelDbConnection,
  onError: (error: Error) => void = () => {},
  max = 4,
): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(connection), max, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => client.on('error', (error) => onError(error)));
  return pool;
}

/** Where a URL points, for logs and screens: "host:port/database", no user, password or query string. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'an unreadable database address';
  }
}

/**
 * Runs `work` in a transaction on one pooled connection: committed when it resolves, rolled back when it throws (a
 * connection that cannot even roll back is dropped from the pool rather than reused).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const tx = await pool.connect();
  let broken = false;
  try {
    await tx.query('BEGIN');
    const value = await work(tx);
    await tx.query('COMMIT');
    return value;
  } catch (error) {
    try {
      await tx.query('ROLLBACK');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    tx.release(broken);
  }
}
