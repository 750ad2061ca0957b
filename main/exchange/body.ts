// What arrives after the headers: decompressed when the service compressed it, and watched so that a
// service sending a few bytes now and then cannot keep a sync running forever. undici only times silence
// (bodyTimeout); a body trickling one byte every 20 s never trips it. After a grace period the body must
// average a minimum rate — low enough for a large reservation file on a slow line.
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { MalformedResponseError, NetworkError } from './errors';

export interface RateFloor {
  /** No judgement before this. */
  graceMs: number;
  /** Average bytes per second since the body began, after the grace period. */
  minBytesPerSecond: number;
}

export const defaultRateFloor: RateFloor = { graceMs: 30_000, minBytesPerSecond: 512 };

/** A response body: readable, and able to be thrown away. */
export type ResponseBody = Readable & { dump(): Promise<unknown> };

const withDump = (stream: Readable): ResponseBody =>
  Object.assign(stream, {
    dump: async () => {
      stream.destroy();
    },
  });

/**
 * The body as text bytes: gzip, deflate and br are undone (Resdesk asks for all three, http.ts); any other
 * encoding cannot be read and is refused plainly.
 */
export function decoded(body: ResponseBody, encoding: string | undefined, operation: string): ResponseBody {
  const kind = (encoding ?? '').trim().toLowerCase();
  if (kind === '' || kind === 'identity') return body;
  const inflater =
    kind === 'gzip' || kind === 'x-gzip'
      ? createGunzip()
      : kind === 'deflate'
        ? createInflate()
        : kind === 'br'
          ? createBrotliDecompress()
          : null;
  if (inflater === null) {
    // dump() reads the rest away quietly; destroy() would raise an error nobody listens to.
    void body.dump().catch(() => undefined);
    throw new MalformedResponseError(`an answer Resdesk can read (it was sent as "${kind}")`, '', operation);
  }
  pipeline(body, inflater, () => undefined);
  return withDump(inflater);
}

/**
 * Counts what the body delivers and ends it with a timeout once, after the grace period, the average rate
 * falls under the floor. Checked on a timer, so a body that sends nothing more is caught too.
 */
export async function* rateGuarded<T extends Uint8Array | string>(
  body: AsyncIterable<T> & { destroy(error?: Error): void },
  floor: RateFloor,
  operation: string,
  now: () => number = Date.now,
): AsyncGenerator<T> {
  const started = now();
  let bytes = 0;
  let tooSlow = false;
  const timer = setInterval(
    () => {
      const elapsed = now() - started;
      if (elapsed < floor.graceMs) return;
      if (bytes / (elapsed / 1000) < floor.minBytesPerSecond) {
        tooSlow = true;
        body.destroy(new NetworkError('timeout', operation));
      }
    },
    Math.max(10, Math.min(1000, floor.graceMs / 4)),
  );
  timer.unref();
  try {
    for await (const chunk of body) {
      bytes += chunk.length;
      yield chunk;
    }
  } catch (error) {
    if (tooSlow) throw new NetworkError('timeout', operation);
    throw error;
  } finally {
    clearInterval(timer);
  }
  if (tooSlow) throw new NetworkError('timeout', operation);
}
