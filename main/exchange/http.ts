// The one door to the network. Connections are pooled and reused, every phase has a timeout, and only
// reads are retried here: a confirmation or an acknowledgement that failed half-way may have reached the
// service, so those are retried by the sync engine's outbox, which knows whether it already succeeded.
import { setTimeout as wait } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import {
  abortedBy,
  retryAfterMs,
  ServiceBusyError,
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  isExchangeError,
  type ExchangeError,
} from './errors';
import { decoded, defaultRateFloor, rateGuarded, type RateFloor, type ResponseBody } from './body';
import { bodyLimits, limited, type BodyLimit, type BodyLimitOptions } from './body-limits';
import { decodeBody } from './body-text';
import { UnreadableEncodingError } from './body-errors';

export interface HttpTimeouts {
  connectMs: number;
  /** Until the status line and headers arrive. */
  headersMs: number;
  /** Longest silence while the body streams. */
  bodyMs: number;
  /** The least a body must average once it has had time to start (see body.ts). */
  rate: RateFloor;
}

export interface RetryPolicy {
  /** Total tries for a read, first one included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Same shape as the core's Logger, so the core can hand its own in. */
export interface ExchangeLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export const defaultTimeouts: HttpTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 60_000,
  rate: defaultRateFloor,
};
export const defaultRetries: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 5_000 };

export interface HttpRequest {
  /** Name of the operation, for logs and errors. */
  operation: string;
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** True for reads only: they may be repeated after a network error or a 5xx answer. */
  retry: boolean;
  signal?: AbortSignal;
}

export interface HttpStream {
  status: number;
  /** The Content-Type header, for the charset its text is in (body-text.ts). */
  contentType: string | undefined;
  /** Decompressed; iterate it through `guarded` so a trickling or endless body ends in time. */
  body: ResponseBody;
  /** The body with the minimum-rate watch of these timeouts and the size and time limits (body-limits.ts). */
  guarded(): AsyncGenerator<Uint8Array>;
}

export interface HttpText {
  status: number;
  text: string;
}

export interface Http {
  /**
   * Status and a body to stream, under the file limits; retries (reads only) cover everything up to the
   * headers.
   */
  open(req: HttpRequest): Promise<HttpStream>;
  /**
   * Status and the whole body as text, under the answer limits (`maxBytes` may lower the size); retries
   * (reads only) cover the body too, but not a body refused for its limits or its encoding.
   */
  fetchText(req: HttpRequest, maxBytes?: number): Promise<HttpText>;
  close(): Promise<void>;
}

/** What one HTTP exchange came to: for reports, never with the query string. */
export interface ResponseSeen {
  operation: string;
  method: string;
  path: string;
  status: number;
  /** Until the headers arrived. */
  ms: number;
}

export interface HttpOptions {
  onResponse?: (seen: ResponseSeen) => void;
  dispatcher?: Dispatcher;
  timeouts?: Partial<HttpTimeouts>;
  /** The most one answer body may bring and take (body-limits.ts for the defaults). */
  limits?: BodyLimitOptions;
  retries?: Partial<RetryPolicy>;
  logger?: ExchangeLogger;
  sleep?: Sleep;
  random?: () => number;
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const resetCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const errorCode = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Turns whatever undici or Node threw into the typed family; programming errors pass through unchanged. */
export function toExchangeError(
  error: unknown,
  operation: string,
  signal?: AbortSignal,
): ExchangeError | unknown {
  if (signal?.aborted) return abortedBy(signal, operation);
  if (isExchangeError(error)) return error;
  const code = errorCode(error);
  if (code && unreachableCodes.has(code)) return new NetworkError('unreachable', operation);
  if (code && resetCodes.has(code)) return new NetworkError('reset', operation);
  if (code && timeoutCodes.has(code)) return new NetworkError('timeout', operation);
  if (code === 'UND_ERR_INFO' || code === 'HPE_INVALID_CONSTANT' || code?.startsWith('HPE_'))
    return new MalformedResponseError('an HTTP response', '', operation);
  if (error instanceof Error && error.name === 'AbortError') return new CancelledError(operation);
  return error;
}

/**
 * Asked of every request, file downloads included: a list or a large-result file is text that packs
 * 7–14× (test/bench/network.ts), which on a hotel's slow line is minutes. The answer is undone in body.ts,
 * and its limits (body-limits.ts) count the bytes as decompressed.
 */
const KEEP_ALIVE_MS = 110_000;
/** A read the service asks to repeat within this long is repeated at once; a longer wait is the next cycle's. */
const BUSY_WAIT_MAX_MS = 30_000;

export const ACCEPT_ENCODING = 'gzip, deflate, br';

const abortableSleep: Sleep = (ms, signal) => wait(ms, undefined, signal ? { signal } : undefined);

export function createHttp(options: HttpOptions = {}): Http {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const retries = { ...defaultRetries, ...options.retries };
  const limits = bodyLimits(options.limits);
  const ownDispatcher = options.dispatcher
    ? null
    : new Agent({
        connect: { timeout: timeouts.connectMs },
        connections: 4,
        // One desk keeps its connections between polls (a TLS handshake costs more than an idle poll).
        // A server's Keep-Alive hint wins; without one, close a little before IIS's default idle limit
        // (120 s), so the client, not the server, ends an idle connection and no request meets a reset.
        keepAliveTimeout: KEEP_ALIVE_MS,
        keepAliveMaxTimeout: KEEP_ALIVE_MS,
      });
  const dispatcher: Dispatcher = options.dispatcher ?? (ownDispatcher as Agent);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const logger = options.logger;

  // Method and path only: login carries the password in its query string.
  const where = (req: HttpRequest) => `${req.method} ${req.url.pathname}`;

  async function once(req: HttpRequest, limit: BodyLimit): Promise<HttpStream> {
    // A file:// or other address would be read by nobody's rules: the service is a web service.
    if (req.url.protocol !== 'http:' && req.url.protocol !== 'https:')
      throw new InvalidRequestError('serviceUrl', 'must start with http:// or https://');
    const started = Date.now();
    const res = await request(req.url, {
      dispatcher,
      method: req.method,
      headers: { 'accept-encoding': ACCEPT_ENCODING, ...req.headers },
      body: req.body,
      signal: req.signal,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
    });
    const ms = Date.now() - started;
    logger?.info(`${where(req)} → ${res.statusCode}`, { ms });
    options.onResponse?.({
      operation: req.operation,
      method: req.method,
      path: req.url.pathname,
      status: res.statusCode,
      ms,
    });
    // Busy: 429, or 503 with Retry-After (a gateway's bare 503 page is judged by the answer's reader instead).
    const wait = retryAfterMs(res.headers['retry-after']);
    if (res.statusCode === 429 || (res.statusCode === 503 && wait !== null)) {
      await res.body.dump().catch(() => undefined);
      throw new ServiceBusyError(req.operation, wait);
    }
    const encoding = res.headers['content-encoding'];
    const body = decoded(res.body, Array.isArray(encoding) ? encoding.join(',') : encoding, req.operation);
    const contentType = res.headers['content-type'];
    return {
      status: res.statusCode,
      contentType: Array.isArray(contentType) ? contentType[0] : contentType,
      body,
      guarded: () =>
        limited(
          rateGuarded<Uint8Array>(body, timeouts.rate, req.operation),
          (error) => body.destroy(error),
          limit,
          req.operation,
        ),
    };
  }

  async function backoff(req: HttpRequest, attempt: number, why: string, atLeastMs = 0): Promise<void> {
    const ceiling = Math.min(retries.maxDelayMs, retries.baseDelayMs * 2 ** (attempt - 1));
    // Full jitter on the upper half: spreads retries of several desks without ever waiting zero.
    const delay = Math.max(atLeastMs, Math.round(ceiling / 2 + (random() * ceiling) / 2));
    logger?.warn(`${where(req)} failed (${why}); trying again in ${delay} ms`, { attempt });
    try {
      await sleep(delay, req.signal);
    } catch (error) {
      throw toExchangeError(error, req.operation, req.signal);
    }
    if (req.signal?.aborted) throw abortedBy(req.signal, req.operation);
  }

  async function withRetries<T extends { status: number }>(
    req: HttpRequest,
    attemptOnce: () => Promise<T>,
    discard: (result: T) => Promise<void>,
  ): Promise<T> {
    const attempts = req.retry ? Math.max(1, retries.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      if (req.signal?.aborted) throw abortedBy(req.signal, req.operation);
      let result: T;
      try {
        result = await attemptOnce();
      } catch (error) {
        const typed = toExchangeError(error, req.operation, req.signal);
        // A read the service asked to repeat soon waits as asked (a long wait is the poller's to keep).
        if (
          typed instanceof ServiceBusyError &&
          attempt < attempts &&
          (typed.retryAfterMs ?? 0) <= BUSY_WAIT_MAX_MS
        ) {
          await backoff(req, attempt, 'busy', typed.retryAfterMs ?? 0);
          continue;
        }
        if (!isExchangeError(typed) || typed.kind !== 'network' || attempt >= attempts) throw typed;
        await backoff(req, attempt, typed.reason);
        continue;
      }
      if (result.status < 500 || attempt >= attempts) return result;
      await discard(result);
      await backoff(req, attempt, `HTTP ${result.status}`);
    }
  }

  const drain = async (stream: HttpStream) => {
    await stream.body.dump().catch(() => undefined);
  };

  return {
    open: (req) => withRetries(req, () => once(req, limits.file), drain),

    fetchText: (req, maxBytes = limits.answer.maxBytes) =>
      withRetries(
        req,
        async () => {
          const limit = { ...limits.answer, maxBytes: Math.min(maxBytes, limits.answer.maxBytes) };
          const res = await once(req, limit);
          return { status: res.status, text: await readText(res, req.operation) };
        },
        async () => undefined,
      ),

    close: async () => {
      await ownDispatcher?.close();
    },
  };
}

async function readText(res: HttpStream, operation: string): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.guarded()) {
    size += chunk.byteLength;
    parts.push(chunk);
  }
  const bytes = Buffer.concat(parts, size);
  try {
    return decodeBody(bytes, res.contentType, operation);
  } catch (error) {
    // An error page is never stored, and its status is what the caller needs (a 401 is a wrong password,
    // whatever its page is written in): read it leniently rather than hide the status behind its encoding.
    if (!(error instanceof UnreadableEncodingError) || (res.status >= 200 && res.status < 300)) throw error;
    return lenientText(bytes, error.encoding);
  }
}

/** The text with U+FFFD for what does not decode, in `encoding` if it is one, else in UTF-8. */
function lenientText(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
