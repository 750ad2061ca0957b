// Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF), raw or written as character references
// (&#x1;, &#11;), are taken out of the text before the XML parser sees it. A strict parser stops at the
// first one and the whole answer would be unreadable; the live service is known to send them (a public
// client of it carries a step that strips control characters before parsing). They carry no meaning in a
// name or a note, so dropping them loses nothing a person could read.
//
// Hand-written because it runs over every byte of a large reservation file: a regular expression test
// per chunk finds the rare chunk that needs cleaning, and only that chunk is rewritten.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_RAW = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_RAW_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const CHAR_REF = /&#(?:x([0-9a-fA-F]{1,8})|([0-9]{1,10}));/g;

const allowedCodePoint = (c: number): boolean =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/** The text without characters XML 1.0 forbids, raw or as references. */
export function withoutForbiddenXmlChars(text: string): string {
  const out = FORBIDDEN_RAW.test(text) ? text.replace(FORBIDDEN_RAW_ALL, '') : text;
  if (!out.includes('&#')) return out;
  // Nearly every chunk of a reservation file has references (a note's \r is written &#xD;) and nearly none
  // a forbidden one: look first, and rebuild the text only when one must go.
  CHAR_REF.lastIndex = 0;
  let kept = '';
  let from = 0;
  for (let match = CHAR_REF.exec(out); match !== null; match = CHAR_REF.exec(out)) {
    const [ref, hex, dec] = match;
    if (allowedCodePoint(hex !== undefined ? parseInt(hex, 16) : Number(dec))) continue;
    kept += out.slice(from, match.index);
    from = match.index + ref.length;
  }
  return from === 0 ? out : kept + out.slice(from);
}

/** Longest reference worth holding back at a chunk's end: "&#x10FFFF;" and a little more. */
const HOLD_BACK = 16;

/**
 * Cleans a stream of text pieces. A reference cut in two by a chunk boundary is held back until its
 * end arrives, so it is judged whole.
 */
export function createXmlCharFilter(): { write(text: string): string; end(): string } {
  let carry = '';
  return {
    write(text) {
      const whole = carry === '' ? text : carry + text;
      carry = '';
      const amp = whole.lastIndexOf('&');
      if (amp >= 0 && whole.length - amp < HOLD_BACK && whole.indexOf(';', amp) < 0) {
        carry = whole.slice(amp);
        return withoutForbiddenXmlChars(whole.slice(0, amp));
      }
      return withoutForbiddenXmlChars(whole);
    },
    end() {
      const rest = carry;
      carry = '';
      return withoutForbiddenXmlChars(rest);
    },
  };
}
