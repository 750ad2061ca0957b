// One family of typed failures for everything the exchange client does. The sync engine decides what to
// retry by `kind`; the UI maps `kind` to its own translated sentence. `message` is a plain English sentence
// for the log and never carries a password, a token or a URL query.

/**
 * `login-page`: a web page answered where the service should (a hotel Wi-Fi sign-in page, a redirect);
 * `not-service`: something else answered (a proxy's error page, another program's answer). Either way the
 * desk is not talking to the service: nothing was delivered, and work waits as when the line is down.
 */
export type NetworkReason = 'unreachable' | 'reset' | 'timeout' | 'login-page' | 'not-service';

abstract class ExchangeFailure extends Error {
  abstract readonly kind: string;
}

/** The service could not be reached, the connection broke, or it did not answer in time. */
export class NetworkError extends ExchangeFailure {
  readonly kind = 'network' as const;
  constructor(
    readonly reason: NetworkReason,
    readonly operation: string,
  ) {
    super(networkSentence(reason, operation));
    this.name = 'NetworkError';
  }
}

function networkSentence(reason: NetworkReason, operation: string): string {
  switch (reason) {
    case 'timeout':
      return `The exchange service did not answer in time (${operation}).`;
    case 'reset':
      return `The connection to the exchange service broke during ${operation}.`;
    case 'unreachable':
      return `The exchange service could not be reached (${operation}).`;
    case 'login-page':
      return `A web page (an internet sign-in page or a redirect) answered instead of the exchange service (${operation}).`;
    case 'not-service':
      return `Something other than the exchange service answered (${operation}).`;
  }
}

/**
 * credentials: the login itself was refused (wrong user name or password). token-refused: the login went
 * through, but the service refused the fresh token too (it keeps refusing the login): Setup is not where
 * that is fixed.
 */
export type UnauthorizedReason = 'credentials' | 'token-refused';

/** Wrong user name or password, or the service kept refusing a fresh token. */
export class UnauthorizedError extends ExchangeFailure {
  readonly kind = 'unauthorized' as const;
  constructor(readonly reason: UnauthorizedReason = 'credentials') {
    super(
      reason === 'token-refused'
        ? 'The exchange service accepted the login but keeps refusing it: every request after it was refused.'
        : 'The exchange service refused the user name or password.',
    );
    this.name = 'UnauthorizedError';
  }
}

/** The service answered and said no: its envelope had IsSuccessful false, or an HTTP error without one. */
export class ServiceError extends ExchangeFailure {
  readonly kind = 'service' as const;
  constructor(
    readonly code: string,
    readonly serviceMessage: string,
    readonly operation: string,
    readonly httpStatus: number | null = null,
    /** The answer was a web server's HTML error page (IIS 500, 404), not the service's envelope. */
    readonly htmlPage = false,
  ) {
    super(
      `The exchange service reported an error during ${operation}` +
        (code ? ` (code ${code})` : '') +
        (serviceMessage ? `: ${serviceMessage}` : '.'),
    );
    this.name = 'ServiceError';
  }
}

/** The answer could not be understood: not XML or JSON, cut short, or missing what the operation needs. */
export class MalformedResponseError extends ExchangeFailure {
  readonly kind = 'malformed' as const;
  constructor(
    readonly expected: string,
    readonly excerpt: string,
    readonly operation: string,
  ) {
    super(
      `The exchange service sent an answer that could not be read during ${operation}: expected ${expected}` +
        (excerpt ? ` (starts with "${excerpt}")` : '') +
        '.',
    );
    this.name = 'MalformedResponseError';
  }
}

/**
 * A confirmation or decline whose answer does not echo the request (another KeyField, another status, or
 * no item at all): not a delivery. `got` is what came back, null fields for an empty answer.
 */
export class UnconfirmedAnswerError extends ExchangeFailure {
  readonly kind = 'unconfirmed' as const;
  constructor(
    readonly asked: { keyField: string; status: 'E' | 'H' },
    readonly got: { keyField: string | null; status: string | null },
    readonly operation: string,
  ) {
    super(
      got.keyField === null && got.status === null
        ? `The exchange service answered the ${operation} with nothing: it was not taken as delivered.`
        : `The exchange service answered the ${operation} with KeyField "${got.keyField ?? ''}" and status "${got.status ?? ''}" (asked "${asked.keyField}", "${asked.status}"): it was not taken as delivered.`,
    );
    this.name = 'UnconfirmedAnswerError';
  }
}

/** The caller cancelled (window closed, app quitting, newer poll). */
export class CancelledError extends ExchangeFailure {
  readonly kind = 'cancelled' as const;
  constructor(readonly operation: string) {
    super(`The request to the exchange service was cancelled (${operation}).`);
    this.name = 'CancelledError';
  }
}

/**
 * What an aborted request came to: a deadline (`AbortSignal.timeout`, an answer's claim running out) is a timeout,
 * whose request may have reached the service; anything else aborting it is a cancellation.
 */
export function abortedBy(signal: AbortSignal, operation: string): NetworkError | CancelledError {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'TimeoutError'
    ? new NetworkError('timeout', operation)
    : new CancelledError(operation);
}

/** The request was refused before sending because it would break a rule of the service (note too long...). */
export class InvalidRequestError extends ExchangeFailure {
  readonly kind = 'invalid-request' as const;
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`The request was not sent: ${field} ${rule}.`);
    this.name = 'InvalidRequestError';
  }
}

/**
 * The service answered 429 (too many requests), or 503 with Retry-After: it is busy and did not carry the request
 * out. Nothing is wrong with the line or the setup; wait as long as it asked (`retryAfterMs`, null when it did not
 * say) and try again.
 */
export class ServiceBusyError extends ExchangeFailure {
  readonly kind = 'busy' as const;
  constructor(
    readonly operation: string,
    readonly retryAfterMs: number | null,
  ) {
    super(
      `The exchange service is busy and asked to wait${retryAfterMs === null ? '' : ` ${Math.ceil(retryAfterMs / 1000)} s`} (${operation}).`,
    );
    this.name = 'ServiceBusyError';
  }
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number = Date.now()): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value), 86_400) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.min(at - now, 86_400_000));
}

export type ExchangeError =
  | ServiceBusyError
  | NetworkError
  | UnauthorizedError
  | ServiceError
  | MalformedResponseError
  | UnconfirmedAnswerError
  | CancelledError
  | InvalidRequestError;

export type ExchangeErrorKind = ExchangeError['kind'];

export const isExchangeError = (error: unknown): error is ExchangeError => error instanceof ExchangeFailure;

const EXCERPT_LENGTH = 80;

/**
 * A short excerpt of a response that is safe to log: control characters flattened, cut to a few words,
 * and any secret the caller knows about (the token) blanked out.
 */
export function safeExcerpt(text: string, secrets: readonly string[] = []): string {
  // Cut generously first, so a secret lying across the cut is still found whole and blanked.
  const longest = Math.max(0, ...secrets.map((secret) => secret.length));
  let head = text.slice(0, EXCERPT_LENGTH * 4 + longest);
  for (const secret of secrets) if (secret) head = head.split(secret).join('[hidden]');
  head = head
    .slice(0, EXCERPT_LENGTH * 4)
    .replace(/^\uFEFF/, '')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return head.length > EXCERPT_LENGTH ? `${head.slice(0, EXCERPT_LENGTH)}…` : head;
}

/** .NET exception text can run to a full stack trace: keep the first line, short. */
export function firstLine(text: string, max = 300): string {
  const line = (text.split(/\r?\n/, 1)[0] ?? '').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
