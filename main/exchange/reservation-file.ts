// Decodes a stream of reservations (the large-result file, XML or JSON, envelope or bare list) while it
// downloads: bytes → text → items → Reservation batches. Batches are stored one at a time, in order; while one is
// being stored the next is read and decoded, and reading waits there until the store is done, so a slow database
// write slows the download instead of filling memory (two batches at most). On the hotel's database, where a
// batch's writes are round trips and the server's work, the desk decodes the next page meanwhile.
import { CancelledError, MalformedResponseError, safeExcerpt } from './errors';
import { createDocumentReader, DocumentSyntaxError } from './document';
import { dataItems, envelopeParts } from './envelope';
import { serviceError } from './answer';
import { readReservation, type OnUnreadable } from './unreadable';
import { createBodyTextDecoder } from './body-text';
import type { WireValue } from './wire-value';
import type { Reservation } from '../../shared/domain';

export interface StreamOptions {
  batchSize?: number;
  signal?: AbortSignal;
  operation?: string;
  /** Blanked out of any excerpt. */
  secrets?: readonly string[];
  /** Takes a reservation that cannot be read, so the rest of the file is still stored. */
  onUnreadable?: OnUnreadable;
  /** The answer's Content-Type header: its charset is one of the ways the file names its encoding. */
  contentType?: string;
}

/**
 * Reservations per stored batch (one transaction each). 2000 rather than 500: each commit flushes the
 * search index as a new segment and writes the WAL, and fewer, larger commits made a 20k import about a
 * tenth faster. A batch of 2000 is some 20 MB of decoded items and under 0.2 s of writing.
 */
export const defaultBatchSize = 2000;

export type OnBatch = (batch: Reservation[]) => Promise<void>;

export async function decodeReservationStream(
  chunks: AsyncIterable<Uint8Array | string>,
  onBatch: OnBatch,
  options: StreamOptions = {},
): Promise<{ count: number }> {
  const batchSize = Math.max(1, options.batchSize ?? defaultBatchSize);
  const operation = options.operation ?? 'reservation file';
  const reader = createDocumentReader();
  // Byte chunks are decoded in the file's own encoding (a mark, the charset, the XML declaration), strictly,
  // joining characters split between chunks; string chunks were decoded already.
  const decoder = createBodyTextDecoder(options.contentType, operation);
  let batch: Reservation[] = [];
  let count = 0;
  /** The batch being stored, if any: observed (awaited) before the next is handed out and at the end. */
  let storing: Promise<void> | undefined;
  /** Set when the batch being stored failed: reading stops at the next item, setting nothing more aside. */
  let storeFailed = false;

  const take = async (items: WireValue[]) => {
    for (const item of items) {
      if (storeFailed) await storing;
      const reservation = readReservation(item, operation, options.onUnreadable);
      if (reservation === null) continue;
      batch.push(reservation);
      count++;
      if (batch.length >= batchSize) await flush();
    }
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const full = batch;
    batch = [];
    await storing;
    if (options.signal?.aborted) throw new CancelledError(operation);
    storing = onBatch(full);
    // A failure is thrown where it is awaited (here, in take, or at the end), not reported as unhandled meanwhile.
    storing.catch(() => {
      storeFailed = true;
    });
  };

  let head = '';
  try {
    for await (const chunk of chunks) {
      if (storeFailed) await storing;
      if (options.signal?.aborted) throw new CancelledError(operation);
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (head.length < 200) head += text.slice(0, 200);
      await take(reader.write(text));
    }
    await take(reader.write(decoder.end()));
    const summary = reader.end();
    if (summary.shape === 'other')
      throw new MalformedResponseError(
        'a list of reservations',
        safeExcerpt(head, options.secrets),
        operation,
      );
    if (summary.shape === 'envelope') {
      const parts = envelopeParts(summary);
      if (!parts.isSuccessful) throw serviceError(parts, operation, null, options.secrets ?? []);
      await take(dataItems([], summary));
    }
    await flush();
    await storing;
  } catch (error) {
    // Nothing runs on after this returns: the batch in flight is finished first, and its failure came first.
    const stored = await storing?.then(
      () => null,
      (failure: unknown) => ({ failure }),
    );
    if (stored) throw stored.failure;
    if (error instanceof DocumentSyntaxError)
      throw new MalformedResponseError(
        `a list of reservations (${error.why})`,
        safeExcerpt(error.start, options.secrets),
        operation,
      );
    throw error;
  }
  return { count };
}
