// Everything one running practice service holds, handed to every operation.
import type { IncomingHttpHeaders } from 'node:http';
import type { AnswerShape } from './answer-shape';
import type { TokenBook } from './auth';
import type { CharsetOddities } from './charset-oddities';
import type { DialectWords } from './dialect';
import type { Faults } from './faults';
import type { NextAnswerOddities } from './oddities';
import type { ServiceConfig } from './options';
import type { Query } from './query';
import type { Reply } from './reply';
import type { ReservationFiles } from './reservation-files';
import type { HotelIdentity } from './reservation-wire';
import type { VoucherRequest, Vouchers } from './vouchers';
import type { WireFormat } from './wire';
import type { World } from './world';

/** A request of the log in /_sandbox/state, with the hotel-number parameters it carried (names as sent). */
export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  hotelParameters: string[];
}

export interface ServiceState {
  config: ServiceConfig;
  /** How this service spells the brand-bearing names (config.dialect). */
  words: DialectWords;
  /** How this service shapes its answers beyond the names (by dialect). */
  shape: AnswerShape;
  world: World;
  tokens: TokenBook;
  files: ReservationFiles;
  vouchers: Vouchers;
  faults: Faults;
  /** Oddities to put into the next reservation answer (POST /_sandbox/oddities). */
  oddities: NextAnswerOddities;
  /** XML answers in another charset (charset faults, or seeded with the charsets oddity on). */
  charsets: CharsetOddities;
  /** The last 500 non-control requests, oldest first. */
  requests: LoggedRequest[];
  /** The last 500 requests to the voucher host, oldest first. */
  voucherRequests: VoucherRequest[];
  /** http://127.0.0.1:<port>, known once listening. */
  baseUrl: string;
  /** The voucher host's origin, another port on 127.0.0.1, known once listening. */
  voucherBaseUrl: string;
}

export const LOG_SIZE = 500;

/** Appends to a bounded log, dropping the oldest entries. */
export function appendBounded<T>(log: T[], entry: T): void {
  log.push(entry);
  if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
}

export function hotelIdentity(state: ServiceState): HotelIdentity {
  return {
    hotelId: state.world.hotelId,
    partnerId: state.config.partnerId,
    agencyIds: state.world.agencyIds,
    words: state.words,
  };
}

export interface OperationRequest {
  state: ServiceState;
  query: Query;
  format: WireFormat;
  headers: IncomingHttpHeaders;
  /** The request body, read (up to 1 MiB) only for operations that take one. */
  body: Buffer | null;
  /** The path as sent, without the query. */
  path: string;
}

export interface Operation {
  method: 'GET' | 'POST';
  /** Lower-case path; matching is case-insensitive. */
  path: string;
  /** Item type of the envelope, used for failure envelopes too. */
  itemType: string;
  auth: 'none' | 'token' | 'bearer';
  readsBody?: boolean;
  handle(request: OperationRequest): Reply | Promise<Reply>;
}
