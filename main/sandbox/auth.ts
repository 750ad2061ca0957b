// Tokens issued by login, with their lifetime on the service's clock, and where clients put them:
// a raw `cookie` header (the token itself, or inside name=value pairs), a `Token` header, or Bearer.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type TokenCheck = 'valid' | 'expired' | 'unknown' | 'missing';

export class TokenBook {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
    /** 48 hex characters, or a lower-case GUID as the live service's reference shows. */
    private readonly shape: 'hex' | 'guid' = 'hex',
  ) {}

  issue(): string {
    const token = this.shape === 'guid' ? randomUUID() : randomBytes(24).toString('hex');
    this.expiries.set(token, this.now().getTime() + this.ttlMs);
    return token;
  }

  /** Ends a token at once (the expireToken fault): the next use answers "expired". */
  expire(token: string): void {
    if (this.expiries.has(token)) this.expiries.set(token, 0);
  }

  /** The first candidate that is a known token decides; a known but stale one is "expired". */
  check(candidates: readonly string[]): { result: TokenCheck; token: string | null } {
    if (candidates.length === 0) return { result: 'missing', token: null };
    for (const candidate of candidates) {
      const expiry = this.expiries.get(candidate);
      if (expiry === undefined) continue;
      return { result: expiry > this.now().getTime() ? 'valid' : 'expired', token: candidate };
    }
    return { result: 'unknown', token: null };
  }
}

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  if (Array.isArray(value)) return value.join('; ');
  return value ?? null;
};

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header(headers, 'authorization') ?? '');
  return match?.[1] ?? null;
}

/** Every place a PMS client may have put its token, in the order they are tried. */
export function tokenCandidates(headers: IncomingHttpHeaders): string[] {
  const candidates: string[] = [];
  const token = header(headers, 'token');
  if (token) candidates.push(token.trim());
  const bearer = bearerToken(headers);
  if (bearer) candidates.push(bearer);
  const cookie = header(headers, 'cookie');
  if (cookie) {
    candidates.push(cookie.trim());
    for (const part of cookie.split(';')) {
      const piece = part.trim();
      if (!piece) continue;
      const equals = piece.indexOf('=');
      candidates.push(equals >= 0 ? piece.slice(equals + 1).trim() : piece);
    }
  }
  return candidates.filter((candidate) => candidate.length > 0);
}
