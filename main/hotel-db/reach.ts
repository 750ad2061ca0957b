// "Is the hotel's database there?": a real `SELECT 1` over a fresh connection with the pool's limits (5 s to
// connect, 10 s a query), and why not, as a reason the screen words. Used before a choice is saved and when
// Settings shows whether the chosen database answers.
import pg from 'pg';
import { StoreUnavailable } from '../store/engines/unavailable';
import { foreignTables } from './migrate';
import { clientConfig } from './pool';

export type UnreachableReason =
  /** The server refused the user name or password (28P01). */
  | 'wrong-password'
  /** Nothing listens there: the keeping PC is off, its Resdesk not started, or the address is old. */
  | 'refused'
  /** No answer in time: a firewall, another network, a PC asleep. */
  | 'timeout'
  /** The name in the URL is not known on this network. */
  | 'unknown-host'
  /** The server has no such database (3D000). */
  | 'no-database'
  /** The server's rules do not let this PC or user in (28000), or it wants SSL the URL did not ask for. */
  | 'not-allowed'
  /** The database answers, but holds another program's tables: Resdesk needs one of its own. */
  | 'another-program'
  | 'failed';

export class HotelDbUnreachable extends Error {
  constructor(
    readonly reason: UnreachableReason,
    /** A driver or server code for the log (never the address or a password). */
    readonly detail: string,
  ) {
    super(`the hotel's database did not answer: ${reason} (${detail})`);
    this.name = 'HotelDbUnreachable';
  }
}

export function unreachableReason(error: unknown): HotelDbUnreachable {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  const reason: UnreachableReason =
    code === '28P01'
      ? 'wrong-password'
      : code === '3D000'
        ? 'no-database'
        : code === '28000'
          ? 'not-allowed'
          : code === 'ECONNREFUSED'
            ? 'refused'
            : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
              ? 'unknown-host'
              : code === 'ETIMEDOUT' ||
                  code === 'EHOSTUNREACH' ||
                  code === 'ENETUNREACH' ||
                  /timeout/i.test(message)
                ? 'timeout'
                : 'failed';
  return new HotelDbUnreachable(reason, code || 'no code');
}

/** Resolves when the database answers `SELECT 1`; throws HotelDbUnreachable saying why not. */
export async function checkHotelDatabase(url: string): Promise<void> {
  const client = new pg.Client(clientConfig({ url, applicationName: 'resdesk connection test' }));
  client.on('error', () => undefined);
  try {
    await client.connect();
    const r = await client.query<{ one: number }>('SELECT 1 AS one');
    if (r.rows[0]?.one !== 1) throw new HotelDbUnreachable('failed', 'SELECT 1 gave no 1');
    const foreign = await foreignTables(client);
    if (foreign.length > 0) throw new HotelDbUnreachable('another-program', `${foreign.length} tables`);
  } catch (error) {
    throw error instanceof HotelDbUnreachable ? error : unreachableReason(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Driver and socket codes that mean the connection, not the statement, failed. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The database could not be reached or went away mid-statement (as opposed to refusing the statement): a socket
 * error, the driver's connection timeouts and ends, or the server's connection and shutdown SQLSTATEs (class 08,
 * 57P01–57P03).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (connectionCodes.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
    error.message,
  );
}

/** The driver's connection failures become the store's own StoreUnavailable; anything else is left as it is. */
export const unavailableOr = (error: unknown): unknown =>
  isConnectionFailure(error) && error instanceof Error
    ? new StoreUnavailable('code' in error ? String(error.code) : error.message.slice(0, 60))
    : error;
