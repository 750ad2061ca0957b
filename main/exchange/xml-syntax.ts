// The XML 1.0 syntax the hand-written extractor (xml-extractor.ts) checks, as saxes checks it: character
// codes, which characters text asks to look at twice, name characters (fifth edition), references and the
// declarations read as XML 1.0. Pure functions and tables, apart from the reader's state, so the reader's
// file holds only the reading.
import { XmlSyntaxError } from './xml-reader';

export const LT = 60;
export const GT = 62;
export const SLASH = 47;
export const BANG = 33;
export const QUESTION = 63;
export const EQUAL = 61;
export const QUOTE = 34;
export const APOSTROPHE = 39;
export const CR = 13;
const AMP = 38;
export const CLOSE_BRACKET = 93;

// What a character of text asks for: 1, XML decoding (a reference, a \r); 2, JSON escaping in the item's
// text (a quote, a backslash, a line break, a tab; other control characters are forbidden); 4, a look for
// ']]>', which text may not hold (a ']').
export const DECODE = 1;
export const ESCAPE = 2;
export const BRACKET = 4;
export const TEXT_CLASS = new Uint8Array(128);
for (const c of [AMP, CR]) TEXT_CLASS[c] = DECODE;
for (const c of [QUOTE, 92, 10, 9]) TEXT_CLASS[c] = ESCAPE;
TEXT_CLASS[CLOSE_BRACKET] = BRACKET;

export const isS = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

// XML 1.0 fifth edition name characters, as saxes checks them (xmlchars/xml/1.0/ed5).
export function isNameStartCode(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 58 || c === 95;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

export function isNameCode(c: number): boolean {
  if (c < 0x80)
    return (
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 58) ||
      c === 95 ||
      c === 45 ||
      c === 46
    );
  return isNameStartCode(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || (c >= 0x203f && c <= 0x2040);
}

/** The code point at `at` (a surrogate pair read as one), or -1 when the text ends inside it. */
export function codeAt(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c < 0xd800 || c > 0xdbff) return c;
  if (at + 1 >= text.length) return -1;
  const low = text.charCodeAt(at + 1);
  return low >= 0xdc00 && low <= 0xdfff ? 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00) : c;
}

const isChar10 = (c: number): boolean =>
  (c >= 0x20 && c <= 0xd7ff) ||
  c === 10 ||
  c === 13 ||
  c === 9 ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

const PREDEFINED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const HEX_REFERENCE = /^#x[0-9a-fA-F]+$/;
const DECIMAL_REFERENCE = /^#[0-9]+$/;

/** What a reference (the text between '&' and ';') stands for, as saxes resolves it. */
export function resolveReference(entity: string): string {
  if (entity.charCodeAt(0) !== 35) {
    const defined = Object.prototype.hasOwnProperty.call(PREDEFINED, entity) ? PREDEFINED[entity] : undefined;
    if (defined === undefined) throw new XmlSyntaxError('undefined entity.');
    return defined;
  }
  let code = NaN;
  if (entity.charCodeAt(1) === 120 && HEX_REFERENCE.test(entity)) code = parseInt(entity.slice(2), 16);
  else if (DECIMAL_REFERENCE.test(entity)) code = parseInt(entity.slice(1), 10);
  if (!isChar10(code)) throw new XmlSyntaxError('malformed character entity.');
  return String.fromCodePoint(code);
}

/** Raw text as XML reads it: a line break is "\n" however it was written (\r\n, \r). */
export const lineBreaks = (text: string): string =>
  text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');

/** An attribute value as XML reads it: tabs and line breaks are spaces (those written as references stay). */
export const attributeSpaces = (text: string): string => text.replace(/\r\n|[\r\n\t]/g, ' ');

/** `version="1.0"`, an optional encoding and standalone: the declarations saxes reads as XML 1.0. */
export const XML_DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>$/;
