// What the exchange client offers: its options, the requests and results of each operation.
import type { Dispatcher } from 'undici';
import type { ExchangeLogger, HttpTimeouts, RetryPolicy, Sleep } from './http';
import type { BodyLimitOptions } from './body-limits';
import type { HotelMatch } from './decode-setup';
import type { OnBatch } from './reservation-file';
import type { FileCheck, FilePolling } from './file-polling';
import type { Dialect } from './dialect';
import type { OnUnreadable } from './unreadable';
import type { ResponseSeen } from './http';
import type {
  Agency,
  CalendarDate,
  NotConfirmMessage,
  Reservation,
  ServiceLanguage,
  StayCode,
  WireFormat,
} from '../../shared/domain';

export interface ExchangeClientOptions {
  baseUrl: string;
  user: string;
  /** Asked at each login and not kept: the password stays in the keychain. */
  getPassword: () => Promise<string>;
  partnerId: number;
  format?: WireFormat;
  dispatcher?: Dispatcher;
  timeouts?: Partial<HttpTimeouts>;
  /**
   * The most one answer body may bring (bytes) and take (ms), for answers read whole and for the streamed
   * large-result file; past either the request is aborted with an AnswerLimitError. Defaults in
   * body-limits.ts: answers 64 MB and 3 minutes, the file 1 GB and 30 minutes.
   */
  limits?: BodyLimitOptions;
  retries?: Partial<RetryPolicy>;
  logger?: ExchangeLogger;
  sleep?: Sleep;
  /** Reservations per batch handed to fetchReservations' onBatch (default defaultBatchSize, 2000). */
  batchSize?: number;
  /** The dialect this service was last seen to speak; unknown: learnt from the mapping operation. */
  dialect?: Dialect;
  /** Told when the client learns which dialect the service speaks (to remember it with the connection). */
  onDialect?: (dialect: Dialect) => void;
  /** A token the desk already holds (see session.ts): the client logs in only once it is refused. */
  token?: string;
  /** Every HTTP answer's status and time, per operation (the connection probe's report). */
  onResponse?: (seen: ResponseSeen) => void;
  /** The text of every answer, per operation (the probe's sample). Never called for login. */
  onAnswerText?: (operation: string, text: string) => void;
}

export interface ReservationQuery {
  checkInStart: CalendarDate;
  checkInEnd: CalendarDate;
  agencyId?: string;
  status?: 'W' | 'E' | 'H';
  isSendRequired?: boolean;
  signal?: AbortSignal;
  /** Takes the items that cannot be read; without it one such item fails the whole list. */
  onUnreadable?: OnUnreadable;
}

export type ReservationListResult =
  { kind: 'list'; reservations: Reservation[] } | { kind: 'file'; fileCode: string };

export interface ConfirmationRequest {
  keyField: string;
  agencyId: string;
  /** E confirm, H decline. */
  status: 'E' | 'H';
  note?: string;
  /** Id of a not-confirm message; required to decline. */
  reasonId?: string;
  pmsUser?: string;
  signal?: AbortSignal;
}

export interface ConfirmationResult {
  keyField: string;
  status: string;
  pdfUrl: string | null;
}

export interface StreamFileOptions {
  batchSize?: number;
  signal?: AbortSignal;
  onUnreadable?: OnUnreadable;
}

export interface FetchOptions extends StreamFileOptions {
  pollFile?: Partial<FilePolling>;
}

export interface ExchangeClient {
  login(): Promise<void>;
  getHotelAgencies(): Promise<Agency[]>;
  getNotConfirmMessages(lang: ServiceLanguage): Promise<NotConfirmMessage[]>;
  /** Tries this dialect's mapping path first, and the other's when the service has no such path. */
  getStayForMapping(agencyId: string): Promise<StayCode[]>;
  /** The dialect the service was seen to speak, or null before the mapping operation was asked. */
  dialect(): Dialect | null;
  getReservationList(query: ReservationQuery): Promise<ReservationListResult>;
  checkReservationFile(fileCode: string, signal?: AbortSignal): Promise<FileCheck>;
  streamReservationFile(
    fileUrl: string,
    onBatch: OnBatch,
    options?: StreamFileOptions,
  ): Promise<{ count: number }>;
  /** The list or the large-result file, both delivered through onBatch. */
  fetchReservations(
    query: ReservationQuery,
    onBatch: OnBatch,
    options?: FetchOptions,
  ): Promise<{ count: number; source: 'list' | 'file' }>;
  /** Acknowledges LogIds of one ServiceId. Never repeated automatically. */
  postSentLogIds(serviceId: string, logIds: number[]): Promise<string[]>;
  /** sendconfirmationv2. Never repeated automatically: the sync engine's outbox does that. */
  sendConfirmation(request: ConfirmationRequest): Promise<ConfirmationResult>;
  /**
   * The confirmation PDF. The token goes only to the service's own address; a PDF on another host is
   * fetched without it. At most 20 MB, and only a PDF is kept.
   */
  downloadFile(url: string, destinationPath: string, options?: { signal?: AbortSignal }): Promise<void>;
  searchHotels(name: string): Promise<HotelMatch[]>;
  /** The text with this session's token blanked out (for samples a hotel sends to whoever helps them). */
  redact(text: string): string;
  /** The session's token now, if any: handed to a worker thread of the same desk, never logged. */
  sessionToken(): string | null;
  /** Closes pooled connections (only those of a dispatcher the client made itself). */
  close(): Promise<void>;
}
