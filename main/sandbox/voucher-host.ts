// The voucher host: a second listener on another 127.0.0.1 port, because the live service hands out
// the confirmation PDF on a different host under a temporary path (…/temp/<guid>.pdf). It needs no
// token (the random link is the secret), and it records whether a request brought one anyway, so a
// client test can prove its token never left the service's own origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hotelDateTime } from './calendar';
import { textReply, type Reply } from './reply';
import { sendReply } from './send';
import { appendBounded, type ServiceState } from './state';

const CREDENTIAL_HEADERS = ['cookie', 'token', 'authorization'] as const;
const VOUCHER_PATH = /^\/temp\/([0-9a-f-]{36})\.pdf$/i;

/** The path of a voucher PDF on the voucher host. */
export const voucherPath = (id: string): string => `/temp/${id}.pdf`;

function answer(state: ServiceState, request: IncomingMessage, path: string): Reply {
  const match = VOUCHER_PATH.exec(path);
  const pdf = request.method === 'GET' && match?.[1] ? state.vouchers.find(match[1]) : null;
  // IIS answers a missing static file with its own 404, not a Web API envelope.
  return pdf ? { status: 200, contentType: 'application/pdf', body: pdf } : textReply(404, 'Not Found');
}

export function createVoucherListener(
  state: ServiceState,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const started = performance.now();
    const raw = request.url ?? '/';
    const path = raw.split('?')[0] ?? '/';
    const credentialHeaders = CREDENTIAL_HEADERS.filter((name) => request.headers[name] !== undefined);
    response.once('close', () => {
      const at = hotelDateTime(state.config.now());
      const method = request.method ?? '';
      const status = response.headersSent ? response.statusCode : 0;
      appendBounded(state.voucherRequests, {
        at,
        method,
        path,
        status,
        hadToken: credentialHeaders.length > 0,
        credentialHeaders: [...credentialHeaders],
      });
      state.config.onRequest?.({ at, method, path, status, ms: Math.round(performance.now() - started) });
    });
    sendReply(response, answer(state, request, path)).catch(() => response.destroy());
  };
}
