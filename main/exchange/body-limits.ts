// The most one answer body may bring and the longest it may take, so that a service writing forever,
// however fast, cannot keep a sync cycle running: the rate floor (body.ts) ends a body that trickles, these
// end one that streams. On either limit the body is destroyed, which aborts the request and closes its
// connection, and an AnswerLimitError is thrown; the bytes that crossed the limit are never handed on.
//
// Defaults, measured on 25 November 2026 with the practice service (seed 1, test/bench/files.ts): its
// large-result file for 20 000 reservations is 60.7 MB in XML (41.5 MB JSON), for 100 000 304 MB in XML
// (208 MB JSON), about 3 KB per reservation. A file may bring 1 GB (3.5 times the 100k XML, room for the
// live service's longer items) and take 30 minutes: the 100k XML at 1.4 Mbit/s, with its batches stored
// on the way (the clock runs while a batch is stored, since the download waits for it). Any other answer
// (an inline list is at most 1000 reservations, about 3 MB) may bring 64 MB and take 3 minutes.
import { AnswerLimitError } from './body-errors';

export interface BodyLimit {
  /** Bytes of the body as read (after any decompression, so a small gzip cannot unfold without end). */
  maxBytes: number;
  /** From the first read of the body to its end, in milliseconds. */
  maxMs: number;
}

export interface BodyLimits {
  /** Every answer read whole: lists, envelopes, login, acknowledgements. */
  answer: BodyLimit;
  /** Streamed bodies: the large-result file (and the voucher, which has its own 20 MB cap too). */
  file: BodyLimit;
}

/** As the client options take them: any part may be left out. */
export type BodyLimitOptions = { [K in keyof BodyLimits]?: Partial<BodyLimit> };

const MB = 1024 * 1024;
const MINUTE = 60_000;

export const defaultBodyLimits: BodyLimits = {
  answer: { maxBytes: 64 * MB, maxMs: 3 * MINUTE },
  file: { maxBytes: 1024 * MB, maxMs: 30 * MINUTE },
};

export function bodyLimits(options: BodyLimitOptions = {}): BodyLimits {
  return {
    answer: { ...defaultBodyLimits.answer, ...options.answer },
    file: { ...defaultBodyLimits.file, ...options.file },
  };
}

/**
 * Hands on `source` while it stays within `limit`; `destroy` ends the underlying body (and its socket).
 * The clock starts at the first read. Checked on a timer too, so a body that stalls is caught in time.
 */
export async function* limited<T extends Uint8Array>(
  source: AsyncIterable<T>,
  destroy: (error: Error) => void,
  limit: BodyLimit,
  operation: string,
): AsyncGenerator<T> {
  let bytes = 0;
  let failure: AnswerLimitError | null = null;
  const stop = (error: AnswerLimitError) => {
    failure ??= error;
    destroy(failure);
    return failure;
  };
  const timer = setTimeout(
    () => stop(new AnswerLimitError('time', limit.maxMs, bytes, operation)),
    limit.maxMs,
  );
  // The body itself keeps the process alive while it is read; the timer must not once it is not.
  timer.unref();
  try {
    for await (const chunk of source) {
      if (failure) throw failure;
      if (bytes + chunk.byteLength > limit.maxBytes)
        throw stop(new AnswerLimitError('size', limit.maxBytes, bytes, operation));
      bytes += chunk.byteLength;
      yield chunk;
    }
  } catch (error) {
    throw failure ?? error;
  } finally {
    clearTimeout(timer);
  }
  if (failure) throw failure;
}
