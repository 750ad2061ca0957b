// The exchange client's public surface.
export { createExchangeClient, serviceDate, NOTE_MAX_LENGTH } from './api';
export type {
  ExchangeClient,
  ExchangeClientOptions,
  ReservationQuery,
  ReservationListResult,
  ConfirmationRequest,
  ConfirmationResult,
  StreamFileOptions,
  FetchOptions,
} from './api';
export type { FileCheck, FilePolling } from './file-polling';
export type { HotelMatch } from './decode-setup';
export { decodeReservationStream } from './reservation-file';
export type { OnBatch, StreamOptions } from './reservation-file';
export type { ExchangeLogger, HttpTimeouts, RetryPolicy, Sleep } from './http';
export {
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  ServiceBusyError,
  ServiceError,
  UnauthorizedError,
  UnconfirmedAnswerError,
  isExchangeError,
} from './errors';
export type { ExchangeError, ExchangeErrorKind, NetworkReason } from './errors';
export type { Dialect } from './dialect';
export { isNoSuchOperation } from './dialect';
export type { ResponseSeen } from './http';
export type { UnreadableItem, OnUnreadable } from './unreadable';
export { readDocument } from './document';
export type { WireValue, WireObject } from './wire-value';
export { isWireObject } from './wire-value';
