// The HTTP front of the practice service: request log, injected faults, control API, routing with
// case-insensitive paths, format negotiation, token checks, and turning ServiceErrors into envelopes.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, tokenCandidates, type TokenCheck } from './auth';
import { readBody } from './body';
import { hotelDateTime } from './calendar';
import { isXmlReply } from './charset-oddities';
import { handleControl } from './control';
import { ServiceError } from './errors';
import type { FaultRule } from './faults';
import { downloadReservationFile } from './operations/reservation-file';
import { Query } from './query';
import { HOTEL_PARAMETERS } from './dialect';
import { notFound, STATIC_NOT_FOUND } from './not-found';
import { CONTENT_TYPE, errorReply, textReply, type Reply } from './reply';
import { findOperation } from './routes';
import { sendReply } from './send';
import { appendBounded, type Operation, type ServiceState } from './state';
import type { WireFormat } from './wire';

const CONTROL_PREFIX = '/_sandbox/';
const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head><body><h1>Welcome to the hotel network</h1>' +
  '<p>Please accept the terms of use to continue.</p><form method="post"><button>Accept</button></form></body></html>';

function negotiate(query: Query, headers: IncomingHttpHeaders): WireFormat {
  const asked = query.get('format')?.trim().toLowerCase();
  if (asked === 'json' || asked === 'xml') return asked;
  const accept = (headers.accept ?? '').toLowerCase();
  return accept.includes('application/json') || accept.includes('text/json') ? 'json' : 'xml';
}

function serverError(format: WireFormat): Reply {
  const body =
    format === 'json'
      ? '{"Message":"An error has occurred."}'
      : '<Error><Message>An error has occurred.</Message></Error>';
  return { status: 500, contentType: CONTENT_TYPE[format], body };
}

const UNAUTHORIZED_TEXT: Readonly<Record<Exclude<TokenCheck, 'valid'>, string>> = {
  missing: 'Authorization has been denied for this request.',
  unknown: 'The token is not valid. Please log in again.',
  expired: 'The token has expired. Please log in again.',
};

function authorize(
  state: ServiceState,
  kind: Operation['auth'],
  headers: IncomingHttpHeaders,
  format: WireFormat,
  itemType: string,
): Reply | null {
  if (kind === 'none') return null;
  const bearer = bearerToken(headers);
  const { result } = state.tokens.check(
    kind === 'bearer' ? (bearer ? [bearer] : []) : tokenCandidates(headers),
  );
  if (result === 'valid') return null;
  return errorReply(
    format,
    state.shape,
    itemType,
    new ServiceError('Unauthorized', UNAUTHORIZED_TEXT[result]),
  );
}

async function runOperation(
  state: ServiceState,
  operation: Operation,
  request: IncomingMessage,
  path: string,
  query: Query,
  format: WireFormat,
): Promise<Reply> {
  const denied = authorize(state, operation.auth, request.headers, format, operation.itemType);
  if (denied) return denied;
  let body: Buffer | null = null;
  if (operation.readsBody) {
    const read = await readBody(request);
    if (read.kind === 'tooLarge')
      return errorReply(
        format,
        state.shape,
        operation.itemType,
        new ServiceError(
          'BodyTooLarge',
          'The request body is larger than 1 MiB.',
          'Maximum request length exceeded.',
        ),
      );
    body = read.body;
  }
  try {
    return await operation.handle({ state, query, format, headers: request.headers, body, path });
  } catch (error) {
    if (error instanceof ServiceError) return errorReply(format, state.shape, operation.itemType, error);
    return serverError(format);
  }
}

/** Reservation files under /upload/reservations/ (voucher PDFs live on the voucher host). */
function upload(state: ServiceState, request: IncomingMessage, path: string, format: WireFormat): Reply {
  const [, , folder, name, ...rest] = path.split('/');
  if (request.method !== 'GET' || !name || rest.length > 0) return STATIC_NOT_FOUND;
  if (folder?.toLowerCase() !== 'reservations') return STATIC_NOT_FOUND;
  const denied = authorize(state, 'token', request.headers, format, 'ReservationPms');
  return denied ?? downloadReservationFile(state, path, name) ?? STATIC_NOT_FOUND;
}

async function dispatch(
  state: ServiceState,
  request: IncomingMessage,
  path: string,
  search: string,
): Promise<Reply> {
  const query = new Query(new URLSearchParams(search));
  const format = negotiate(query, request.headers);
  const lower = path.toLowerCase();
  if (lower.startsWith('/upload/')) return upload(state, request, path, format);
  const operation = findOperation(state.config.dialect, lower);
  if (!operation) return notFound(state.baseUrl, path, format);
  if (operation.method !== request.method) {
    return {
      ...textReply(405, `The requested resource does not support http method '${request.method ?? ''}'.`),
      headers: { Allow: operation.method },
    };
  }
  return runOperation(state, operation, request, path, query, format);
}

function pause(ms: number, closing: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      closing.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    closing.addEventListener('abort', done, { once: true });
  });
}

/** Applies a fault that replaces the answer; null when the request should go on (maybe delayed). */
async function beforeFault(
  state: ServiceState,
  fault: FaultRule,
  request: IncomingMessage,
  search: string,
  closing: AbortSignal,
): Promise<Reply | 'reset' | null> {
  switch (fault.kind) {
    case 'reset':
      return 'reset';
    case 'delay':
      await pause(fault.delayMs, closing);
      return closing.aborted ? 'reset' : null;
    case 'status500':
      return serverError(negotiate(new Query(new URLSearchParams(search)), request.headers));
    case 'html':
      return textReply(200, HTML_PAGE, 'text/html; charset=utf-8');
    case 'busy':
    case 'unavailable':
      return {
        ...textReply(fault.kind === 'busy' ? 429 : 503, 'The service is busy. Please try again later.'),
        headers: { 'retry-after': String(Math.ceil(fault.delayMs / 1000)) },
      };
    case 'expireToken': {
      const { token } = state.tokens.check(tokenCandidates(request.headers));
      if (token) state.tokens.expire(token);
      return null;
    }
    case 'truncate':
    case 'charset':
      return null;
  }
}

function record(
  state: ServiceState,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  search: string,
  started: number,
): void {
  const entry = {
    at: hotelDateTime(state.config.now()),
    method: request.method ?? '',
    path,
    status: response.headersSent ? response.statusCode : 0,
    ms: Math.round(performance.now() - started),
  };
  if (!path.toLowerCase().startsWith(CONTROL_PREFIX)) {
    const hotelParameters = new Query(new URLSearchParams(search)).present(HOTEL_PARAMETERS);
    const { at, method, status } = entry;
    appendBounded(state.requests, { at, method, path, status, hotelParameters });
  }
  state.config.onRequest?.(entry);
}

async function handle(
  state: ServiceState,
  closing: AbortSignal,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const raw = request.url ?? '/';
  const queryAt = raw.indexOf('?');
  const path = queryAt >= 0 ? raw.slice(0, queryAt) : raw;
  const search = queryAt >= 0 ? raw.slice(queryAt + 1) : '';
  response.once('close', () => record(state, request, response, path, search, started));
  if (path.toLowerCase().startsWith(CONTROL_PREFIX)) {
    const read =
      request.method === 'GET' ? { kind: 'ok' as const, body: Buffer.alloc(0) } : await readBody(request);
    const reply =
      read.kind === 'ok'
        ? handleControl(state, request.method ?? 'GET', path.slice(CONTROL_PREFIX.length), read.body)
        : textReply(413, 'Body too large');
    await sendReply(response, reply);
    return;
  }
  const fault = state.faults.take(path);
  const early = fault ? await beforeFault(state, fault, request, search, closing) : null;
  if (early === 'reset') {
    request.socket.destroy();
    return;
  }
  const reply = early ?? (await dispatch(state, request, path, search));
  if (closing.aborted) return;
  const sent = isXmlReply(reply)
    ? state.charsets.apply(path, reply, state.faults.take(path, true)?.charset ?? null)
    : reply;
  await sendReply(response, sent, fault?.kind === 'truncate');
}

export function createRequestListener(
  state: ServiceState,
  closing: AbortSignal,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    handle(state, closing, request, response).catch(() => {
      // Never a stack trace on the wire: a bare 500, or a dropped connection if the answer had begun.
      if (response.headersSent) response.destroy();
      else sendReply(response, textReply(500, 'An error has occurred.')).catch(() => response.destroy());
    });
  };
}
