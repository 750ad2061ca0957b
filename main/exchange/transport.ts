// Authenticated requests to the service: the token in a raw cookie header and a Token header (Bearer for
// the hotel search), a 401 turned into one fresh login and one repeat, and the wire format asked for.
import { MalformedResponseError, ServiceError } from './errors';
import { readAnswer, type Answer } from './answer';
import { TokenRejected, type Session } from './session';
import { toExchangeError, type Http, type HttpStream } from './http';
import { saveVoucher } from './voucher-file';
import type { WireFormat } from '../../shared/domain';

export interface PmsRequest {
  operation: string;
  method?: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: string;
  /** Reads only; a confirmation or acknowledgement is never repeated blindly. */
  retry: boolean;
  acceptFailure?: boolean;
  signal?: AbortSignal;
}

export interface Transport {
  pms(req: PmsRequest): Promise<Answer>;
  /** Opens a GET on an absolute address with the token, for files; the caller consumes the body. */
  openWithToken<T>(
    operation: string,
    url: URL,
    use: (res: HttpStream) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
  bearerJson(operation: string, path: string, body: unknown, signal?: AbortSignal): Promise<string>;
  /** The token only to the service's own origin; anywhere else the PDF is fetched bare. */
  downloadVoucher(url: URL, destinationPath: string, signal?: AbortSignal): Promise<void>;
}

export interface TransportOptions {
  http: Http;
  session: Session;
  baseUrl: URL;
  format: WireFormat;
  onAnswerText?: (operation: string, text: string) => void;
}

const accepts: Record<WireFormat, string> = {
  json: 'application/json, application/xml;q=0.5',
  xml: 'application/xml, text/xml, application/json;q=0.5',
};

const tokenHeaders = (token: string): Record<string, string> => ({ cookie: token, Token: token });

export function createTransport({
  http,
  session,
  baseUrl,
  format,
  onAnswerText,
}: TransportOptions): Transport {
  const endpoint = (path: string, query: Record<string, string | undefined> = {}) => {
    const url = new URL(path.replace(/^\//, ''), baseUrl);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, value);
    url.searchParams.set('format', format);
    return url;
  };

  async function openWithToken<T>(
    operation: string,
    url: URL,
    use: (res: HttpStream) => Promise<T>,
    signal?: AbortSignal,
  ) {
    return session.withToken(async (token) => {
      const res = await http.open({
        operation,
        method: 'GET',
        url,
        retry: true,
        signal,
        headers: tokenHeaders(token),
      });
      if (res.status === 401) {
        await res.body.dump().catch(() => undefined);
        throw new TokenRejected();
      }
      try {
        return await use(res);
      } catch (error) {
        res.body.destroy();
        throw toExchangeError(error, operation, signal);
      }
    }, signal);
  }

  return {
    pms: (req) =>
      session.withToken(async (token) => {
        const res = await http.fetchText({
          operation: req.operation,
          method: req.method ?? 'GET',
          url: endpoint(req.path, req.query),
          headers: {
            ...tokenHeaders(token),
            accept: accepts[format],
            ...(req.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
          },
          body: req.body,
          retry: req.retry,
          signal: req.signal,
        });
        if (res.status === 401) throw new TokenRejected();
        onAnswerText?.(req.operation, res.text);
        return readAnswer(res.status, res.text, req.operation, session.secrets(), req.acceptFailure);
      }, req.signal),

    openWithToken,

    bearerJson: (operation, path, body, signal) =>
      session.withToken(async (token) => {
        const res = await http.fetchText({
          operation,
          method: 'POST',
          url: new URL(path.replace(/^\//, ''), baseUrl),
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            'content-type': 'application/json; charset=utf-8',
          },
          body: JSON.stringify(body),
          // A search changes nothing on the service, so it may be repeated.
          retry: true,
          signal,
        });
        if (res.status === 401) throw new TokenRejected();
        if (res.status < 200 || res.status >= 300)
          throw new ServiceError(`HTTP ${res.status}`, '', operation, res.status);
        return res.text;
      }, signal),

    async downloadVoucher(url, destinationPath, signal) {
      const operation = 'voucher download';
      const save = async (res: HttpStream) => {
        if (res.status < 200 || res.status >= 300) {
          await res.body.dump().catch(() => undefined);
          throw new ServiceError(`HTTP ${res.status}`, '', operation, res.status);
        }
        await saveVoucher(res.guarded(), destinationPath, operation, signal);
      };
      // The live service's PDF links point at another host: the token is the service's, not theirs.
      if (url.origin === baseUrl.origin) return openWithToken(operation, url, save, signal);
      const res = await http.open({ operation, method: 'GET', url, retry: true, signal });
      try {
        await save(res);
      } catch (error) {
        res.body.destroy();
        throw toExchangeError(error, operation, signal);
      }
    },
  };
}

/** Addresses handed out by the service (file, voucher) must be plain web addresses. */
export function webAddress(value: string, operation: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MalformedResponseError('a web address', '', operation);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new MalformedResponseError('a web address', '', operation);
  return url;
}
