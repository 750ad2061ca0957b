// Text copied into a diagnostics archive passes through here: secrets cut out (again: an old log may come
// from a version with fewer rules), then every guest name and note of the database, and each word of a
// guest name, blanked. What support reads says what happened, not who is staying.

const BLANKED = '[blanked]';
const TOO_LONG = '[blanked whole: too long to look for secrets in]';
const SECRET_RULES: [RegExp, string][] = [
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"<>]+@/gi, `$1${BLANKED}@`],
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#'"<>]*)\?[^\s#'"<>]*/gi, `$1?${BLANKED}`],
  [/\b(bearer|basic)\s+[a-z0-9._~+/=-]+/gi, `$1 ${BLANKED}`],
  // A quoted value as runs between escapes, not a character at a time: the engine keeps a place to go back to per
  // repetition, and a value of some ten million characters overflowed its stack (as one of millions of escapes
  // still does: below).
  [
    /(["']?\b(?:password|passwd|secret|[a-z_]*token|authori[sz]ation|cookie|api[-_]?key|pwd)\b["']?\s*[:=]\s*)("[^"\\]*(?:\\.[^"\\]*)*"|'[^'\\]*(?:\\.[^'\\]*)*'|[^\s,;&}\]]+)/gi,
    `$1${BLANKED}`,
  ],
  [/\beyJ[a-z0-9_-]+\.[a-z0-9_-]+\.[a-z0-9_-]*/gi, BLANKED],
  [/\b[a-f0-9]{32,}\b/gi, BLANKED],
];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A blanker for these personal texts (guests' names, notes). */
export function personalBlanker(personal: readonly string[]): (text: string) => string {
  const words = new Set<string>();
  for (const text of personal) {
    words.add(text);
    for (const word of text.split(/[\s,./()-]+/)) if (word.length >= 4) words.add(word);
  }
  // Longest first, so a whole name goes before its parts; one pass, case-insensitive (names are often
  // upper case in one place and not in another).
  const sorted = [...words].sort((a, b) => b.length - a.length).map(escape);
  const chunks: RegExp[] = [];
  for (let i = 0; i < sorted.length; i += 500)
    chunks.push(new RegExp(sorted.slice(i, i + 500).join('|'), 'giu'));
  return (text) => {
    let out = text;
    try {
      for (const [pattern, replacement] of SECRET_RULES) out = out.replace(pattern, replacement);
    } catch (error) {
      // A text the regular expression engine runs out of stack on (a quoted value of millions of escapes): it goes
      // whole rather than the archive failing, or a secret in it staying.
      if (error instanceof RangeError) return TOO_LONG;
      throw error;
    }
    for (const pattern of chunks) out = out.replace(pattern, BLANKED);
    return out;
  };
}

/**
 * The blanker when the database cannot be read, so the guests' names are not known: every word with a capital
 * letter goes (names come in capitals or with one), and every long run of digits (a voucher, a phone), as do the
 * secrets. What is left is the desk's own words (its log messages are lower case), the times and the shape of each
 * line.
 */
export function blindBlanker(): (text: string) => string {
  const base = personalBlanker([]);
  const instant = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;
  return (text) =>
    base(text)
      .replace(/[^\s"'{}[\],=()]*\p{Lu}[^\s"'{}[\],=()]*/gu, (word) => (instant.test(word) ? word : BLANKED))
      .replace(/\d{5,}/g, BLANKED);
}
