// Which character encoding an answer is in, from its first bytes and its Content-Type header. The rule is
// the usual one for XML over HTTP (RFC 7303 section 3, and XML 1.0 appendix F for reading the declaration):
//
//   1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) decides;
//   2. else the charset parameter of the Content-Type header;
//   3. else the encoding named in the XML declaration (<?xml version="1.0" encoding="windows-1254"?>);
//   4. else UTF-8.
//
// Three refinements, each because the rule alone would garble or refuse a readable answer:
// - JSON (the text starts with '{', '[' or '"') is UTF-8, or UTF-16 when its bytes are: RFC 8259 requires
//   UTF-8, and application/json defines no charset parameter, so a charset on it is ignored (a server
//   labelling UTF-8 JSON iso-8859-1 is common; honouring it would garble every Turkish letter).
// - UTF-16 without a mark is recognised by its bytes ('<' is 3C 00 or 00 3C), which also says which byte
//   comes first; a header naming a one-byte encoding over such bytes is refused, since decoding them would
//   give NULs that the XML character filter drops silently, garbling everything that is not ASCII.
// - A UTF-16 label over one-byte text (.NET writes encoding="utf-16" when it serialises into a string that
//   is then sent as UTF-8) means UTF-8: those bytes cannot be UTF-16, and UTF-8 is read strictly, so a
//   wrong guess is refused, never stored garbled.
//
// Decoding itself is TextDecoder's (Node's, with ICU): the WHATWG encodings, windows-1254 among them;
// iso-8859-9 is read as windows-1254, its superset, as the Encoding Standard says.
import { UnreadableEncodingError } from './body-errors';

export type EncodingSource = 'bom' | 'content-type' | 'declaration' | 'bytes' | 'json' | 'default';

export interface EncodingChoice {
  /** TextDecoder's name for it: 'utf-8', 'utf-16le', 'utf-16be', 'windows-1254'… */
  encoding: string;
  source: EncodingSource;
}

/** How far to look for the start of the text and the end of the XML declaration. */
export const SNIFF_BYTES = 1024;

/** The charset parameter of a Content-Type header, unquoted, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const equals = parameter.indexOf('=');
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** TextDecoder's name for a label, or a refusal naming the label. */
export function encodingFor(label: string, operation: string): string {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    throw new UnreadableEncodingError('unknown', label.slice(0, 40), operation);
  }
}

type Family = 'utf-8' | 'utf-16le' | 'utf-16be';

const isUtf16 = (encoding: string) => encoding === 'utf-16le' || encoding === 'utf-16be';

/**
 * UTF-32, marked or not ('<' is 3C 00 00 00 or 00 00 00 3C). TextDecoder has no UTF-32; read as UTF-16 or
 * UTF-8 its NULs would be dropped by the XML character filter and every letter past ASCII lost with them.
 */
function isUtf32(h: Uint8Array): boolean {
  if (h.length < 4) return false;
  const bigEndian =
    h[0] === 0 && h[1] === 0 && ((h[2] === 0xfe && h[3] === 0xff) || (h[2] === 0 && h[3] !== 0));
  const littleEndian =
    (h[0] === 0xff && h[1] === 0xfe && h[2] === 0 && h[3] === 0) ||
    (h[0] !== 0 && h[1] === 0 && h[2] === 0 && h[3] === 0);
  return bigEndian || littleEndian;
}

function byteOrderMark(head: Uint8Array): Family | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 told by a NUL beside the first character, as XML 1.0 appendix F and RFC 4627 do. */
function familyOfBytes(head: Uint8Array): Family {
  if (head.length >= 2 && head[0] !== 0 && head[1] === 0) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0 && head[1] !== 0) return 'utf-16be';
  return 'utf-8';
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The first character that is not white space, as a code unit, and where it is; null if none yet. */
function firstCharacter(head: Uint8Array, family: Family): { code: number; at: number } | null {
  const width = family === 'utf-8' ? 1 : 2;
  for (let at = 0; at + width <= head.length; at += width) {
    const code =
      family === 'utf-8'
        ? (head[at] as number)
        : family === 'utf-16le'
          ? (head[at] as number) | ((head[at + 1] as number) << 8)
          : ((head[at] as number) << 8) | (head[at + 1] as number);
    if (!isSpace(code)) return { code, at };
  }
  return null;
}

const JSON_START = new Set([0x7b, 0x5b, 0x22]);
const DECLARATION_START = '<?xml';
const DECLARED_ENCODING = /^<\?xml[^>]*?[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*(["'])([^"'<>]*)\1/;

/** What the XML declaration names, read as one-byte text; undefined if none, null if more bytes may tell. */
function declaredEncoding(head: Uint8Array, from: number, complete: boolean): string | undefined | null {
  const end = Math.min(head.length, from + SNIFF_BYTES);
  let text = '';
  for (let at = from; at < end; at++) text += String.fromCharCode(head[at] as number);
  if (!text.startsWith(DECLARATION_START))
    return DECLARATION_START.startsWith(text) && !complete ? null : undefined;
  const close = text.indexOf('?>');
  if (close < 0) return complete || end - from >= SNIFF_BYTES ? undefined : null;
  return DECLARED_ENCODING.exec(text.slice(0, close + 2))?.[2];
}

/**
 * The encoding of an answer that begins with `head`; null while more bytes are needed to tell (never
 * once `complete`, or once SNIFF_BYTES are in). Refuses a label TextDecoder cannot read.
 */
export function chooseEncoding(
  head: Uint8Array,
  charset: string | undefined,
  complete: boolean,
  operation: string,
): EncodingChoice | null {
  const enough = complete || head.length >= SNIFF_BYTES;
  // Nothing to read (a redirect, a 204): no label is looked at, so a strange one cannot hide the status.
  if (complete && head.length === 0) return { encoding: 'utf-8', source: 'default' };
  if (head.length < 4 && !enough) return null;
  if (isUtf32(head)) throw new UnreadableEncodingError('unknown', 'UTF-32', operation);
  const marked = byteOrderMark(head);
  if (marked) return { encoding: marked, source: 'bom' };

  const family = familyOfBytes(head);
  const first = firstCharacter(head, family);
  if (first === null && !enough) return null;
  if (first !== null && JSON_START.has(first.code)) return { encoding: family, source: 'json' };

  if (charset !== undefined) {
    const named = encodingFor(charset, operation);
    if (family !== 'utf-8') {
      if (!isUtf16(named)) throw new UnreadableEncodingError('contradiction', named, operation);
      return { encoding: family, source: 'content-type' };
    }
    return { encoding: isUtf16(named) ? 'utf-8' : named, source: 'content-type' };
  }
  if (family !== 'utf-8') return { encoding: family, source: 'bytes' };

  const declared = first === null ? undefined : declaredEncoding(head, first.at, enough);
  if (declared === null) return null;
  if (declared === undefined) return { encoding: 'utf-8', source: 'default' };
  const named = encodingFor(declared, operation);
  return { encoding: isUtf16(named) ? 'utf-8' : named, source: 'declaration' };
}
