// An answer's bytes to text, in the encoding charset.ts chooses, strictly: bytes that are not valid in that
// encoding (a windows-1254 file sent as UTF-8, a UTF-16 answer of odd length) refuse the answer instead of
// becoming U+FFFD. A replacement character in a stored guest name is a garbled name nobody notices, and
// invalid UTF-8 is the usual sign of a mislabelled Turkish code page, where every Ğ, Ş and İ would go.
// The price: one bad byte in a large file stops its import at that point, every cycle, until the service
// sends it right (batches before it are stored, nothing of the bad part is).
//
// Streaming: the first bytes are held until the encoding is known (at most SNIFF_BYTES, usually none past
// the first chunk), then each chunk goes through one TextDecoder with {stream: true}, which keeps a
// character split between chunks until its end arrives.
import { charsetOf, chooseEncoding, type EncodingChoice } from './charset';
import { UnreadableEncodingError } from './body-errors';

export interface BodyTextDecoder {
  /** The text these bytes complete (possibly ''). */
  write(bytes: Uint8Array): string;
  /** The rest; refuses a character left unfinished. */
  end(): string;
  /** Known once enough bytes were written (or at the end). */
  choice(): EncodingChoice | null;
}

type Decoder = InstanceType<typeof TextDecoder>;

const isDecodeFailure = (error: unknown): boolean =>
  error instanceof TypeError &&
  (error as TypeError & { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA';

export function createBodyTextDecoder(contentType: string | undefined, operation: string): BodyTextDecoder {
  const charset = charsetOf(contentType);
  let chosen: EncodingChoice | null = null;
  let decoder: Decoder | null = null;
  let held: Uint8Array = new Uint8Array(0);

  const run = (decode: () => string, atEnd: boolean): string => {
    try {
      return decode();
    } catch (error) {
      if (!isDecodeFailure(error)) throw error;
      throw new UnreadableEncodingError(atEnd ? 'cut' : 'invalid', chosen?.encoding ?? '', operation);
    }
  };

  const start = (bytes: Uint8Array, complete: boolean): string => {
    const head = held.length === 0 ? bytes : concat(held, bytes);
    chosen = chooseEncoding(head, charset, complete, operation);
    if (chosen === null) {
      held = head;
      return '';
    }
    held = new Uint8Array(0);
    // fatal: refuse, never replace. The default ignoreBOM false drops a mark of this encoding.
    decoder = new TextDecoder(chosen.encoding, { fatal: true });
    const active = decoder;
    return run(() => active.decode(head, { stream: true }), false);
  };

  return {
    write(bytes) {
      if (decoder === null) return start(bytes, false);
      const active = decoder;
      return run(() => active.decode(bytes, { stream: true }), false);
    },
    end() {
      const text = decoder === null ? start(new Uint8Array(0), true) : '';
      const active = decoder as Decoder | null;
      return text + (active ? run(() => active.decode(), true) : '');
    },
    choice: () => chosen,
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A whole answer's bytes as text. */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, operation: string): string {
  const decoder = createBodyTextDecoder(contentType, operation);
  return decoder.write(bytes) + decoder.end();
}

/** A streamed body as text; strings pass unchanged (already decoded, as in tests and the probe's tee). */
export async function* bodyText(
  chunks: AsyncIterable<Uint8Array | string>,
  contentType: string | undefined,
  operation: string,
): AsyncGenerator<string> {
  const decoder = createBodyTextDecoder(contentType, operation);
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text !== '') yield text;
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}
