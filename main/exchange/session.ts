// Login and the token. The token lives in memory only; the password is asked from its port for each login
// and dropped right after, so neither is ever stored or logged here.
import { MalformedResponseError, ServiceError, UnauthorizedError } from './errors';
import { notTheService } from './answer';
import { parseXml, XmlSyntaxError } from './xml-reader';
import type { Http } from './http';

/** Thrown by a call that got 401 with the current token: the session logs in again and repeats it once. */
export class TokenRejected extends Error {
  override name = 'TokenRejected';
}

// Printable ASCII without spaces: it goes raw into cookie and Token headers.
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** The token out of login's body: a JSON-quoted string, a bare string, or an XML <string> element. */
export function parseToken(body: string): string | null {
  const text = body.replace(/^\uFEFF/, '').trim();
  let token: unknown = text;
  if (text.startsWith('"')) {
    try {
      token = JSON.parse(text);
    } catch {
      return null;
    }
  } else if (text.startsWith('<')) {
    try {
      token = parseXml(text).root;
    } catch (error) {
      if (error instanceof XmlSyntaxError) return null;
      throw error;
    }
  } else if (text.startsWith('{') || text.startsWith('[')) {
    return null;
  }
  if (typeof token !== 'string') return null;
  const trimmed = token.trim();
  return TOKEN_SHAPE.test(trimmed) ? trimmed : null;
}

export interface SessionOptions {
  http: Http;
  baseUrl: URL;
  user: string;
  getPassword: () => Promise<string>;
  /**
   * A token this desk already holds (a worker thread gets the main thread's): used until the service
   * refuses it, so handing work to a worker costs no login.
   */
  token?: string;
}

export interface Session {
  login(signal?: AbortSignal): Promise<void>;
  /** Runs `call` with a token; if it throws TokenRejected, logs in again once and repeats it once. */
  withToken<T>(call: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Values that must never reach a log or an error text. */
  secrets(): string[];
  /** The token held now, if any: only to hand to a worker of the same desk, never to a log. */
  current(): string | null;
}

export function createSession(options: SessionOptions): Session {
  let token: string | null = options.token ?? null;
  let loggingIn: Promise<string> | null = null;

  async function login(signal?: AbortSignal): Promise<string> {
    const password = await options.getPassword();
    const url = new URL('api/system/login', options.baseUrl);
    url.searchParams.set('user', options.user);
    url.searchParams.set('pass', password);
    const operation = 'login';
    const res = await options.http.fetchText(
      { operation, method: 'GET', url, retry: true, signal },
      1024 * 1024,
    );
    if (res.status === 401 || res.status === 403) throw new UnauthorizedError();
    // A hotel Wi-Fi's sign-in page or a proxy answering the login is "not connected", not a bad token.
    const stranger = notTheService(res.status, res.text, operation);
    if (stranger) throw stranger;
    if (res.status >= 200 && res.status < 300) {
      const parsed = parseToken(res.text);
      // No excerpt: whatever came back might be the token in a shape we did not expect.
      if (!parsed) throw new MalformedResponseError('a token', '', operation);
      return parsed;
    }
    // The body is left out: a failing login page may echo the query, password included.
    throw new ServiceError(`HTTP ${res.status}`, '', operation, res.status);
  }

  function fresh(signal?: AbortSignal): Promise<string> {
    loggingIn ??= login(signal)
      .then((value) => (token = value))
      .finally(() => (loggingIn = null));
    return loggingIn;
  }

  const current = (signal?: AbortSignal) => (token ? Promise.resolve(token) : fresh(signal));

  return {
    login: async (signal) => {
      token = null;
      await fresh(signal);
    },

    async withToken(call, signal) {
      const first = await current(signal);
      try {
        return await call(first);
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
      }
      if (token === first) token = null;
      const second = await current(signal);
      try {
        return await call(second);
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        if (token === second) token = null;
        // The login itself went through (a refused one throws above, as 'credentials'): the service
        // keeps refusing what it just granted, which no password typed again in Setup can mend.
        throw new UnauthorizedError('token-refused');
      }
    },

    secrets: () => (token ? [token] : []),

    current: () => token,
  };
}
