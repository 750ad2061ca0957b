// Everything one running practice service holds, handed to every operation.
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenBook } from './auth';
import type { Faults } from './faults';
import type { RequestLogEntry, ServiceConfig } from './options';
import type { Query } from './query';
import type { Reply } from './reply';
import type { ReservationFiles } from './reservation-files';
import type { HotelIdentity } from './reservation-wire';
import type { Vouchers } from './vouchers';
import type { WireFormat } from './wire';
import type { World } from './world';

export interface ServiceState {
  config: ServiceConfig;
  world: World;
  tokens: TokenBook;
  files: ReservationFiles;
  vouchers: Vouchers;
  faults: Faults;
  /** The last 500 non-control requests, oldest first. */
  requests: RequestLogEntry[];
  /** http://127.0.0.1:<port>, known once listening. */
  baseUrl: string;
}

export function hotelIdentity(state: ServiceState): HotelIdentity {
  return {
    hotelId: state.world.hotelId,
    partnerId: state.config.partnerId,
    agencyIds: state.world.agencyIds,
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
