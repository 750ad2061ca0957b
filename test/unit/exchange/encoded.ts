// Text to bytes in the encodings a service may answer in, for the encoding tests. Node encodes only UTF-8
// and UTF-16LE itself; a one-byte code page is encoded by inverting TextDecoder over its 256 bytes, so the
// table is the decoder's own and no test carries a hand-written one.

export type TestEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1254';

/** The letters the issue names: every Turkish letter outside ASCII, both cases. */
export const TURKISH = 'ĞÜŞİÖÇğüşıöç';

const codePageCache = new Map<string, Map<string, number>>();

/** Each character of a one-byte encoding and its byte. */
export function codePage(encoding: string): Map<string, number> {
  let table = codePageCache.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding);
    for (let byte = 255; byte >= 0; byte--) table.set(decoder.decode(Uint8Array.of(byte)), byte);
    codePageCache.set(encoding, table);
  }
  return table;
}

const swapPairs = (bytes: Uint8Array): Uint8Array => {
  const out = new Uint8Array(bytes.length);
  for (let at = 0; at + 1 < bytes.length; at += 2) {
    out[at] = bytes[at + 1] as number;
    out[at + 1] = bytes[at] as number;
  }
  return out;
};

/**
 * `text` in `encoding`; a character a code page cannot hold is written as an XML character reference when
 * `xmlReferences` (what an XML writer does), and refused otherwise.
 */
export function encode(
  text: string,
  encoding: TestEncoding,
  options: { bom?: boolean; xmlReferences?: boolean } = {},
): Uint8Array {
  const withMark = options.bom ? `\uFEFF${text}` : text;
  switch (encoding) {
    case 'utf-8':
      return new TextEncoder().encode(withMark);
    case 'utf-16le':
      return new Uint8Array(Buffer.from(withMark, 'utf16le'));
    case 'utf-16be':
      return swapPairs(new Uint8Array(Buffer.from(withMark, 'utf16le')));
    case 'windows-1254': {
      if (options.bom) throw new Error('a code page has no byte order mark');
      const table = codePage(encoding);
      const bytes: number[] = [];
      for (const char of text) {
        const byte = table.get(char);
        if (byte !== undefined) bytes.push(byte);
        else if (options.xmlReferences)
          for (const c of `&#x${(char.codePointAt(0) as number).toString(16)};`) bytes.push(c.charCodeAt(0));
        else throw new Error(`windows-1254 cannot hold ${JSON.stringify(char)}`);
      }
      return Uint8Array.from(bytes);
    }
  }
}

/** The bytes cut at the given sizes (cycled), each piece at least one byte. */
export async function* inPieces(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  for (let at = 0, index = 0; at < bytes.length; index++) {
    const size = Math.max(1, sizes[index % sizes.length] ?? 1);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}
