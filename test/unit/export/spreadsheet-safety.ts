// What "safe in a spreadsheet" means for a cell, written down independently of main/export/neutralise.ts
// so the tests hold the code to the rule rather than to itself, and text built to break it.
import fc from 'fast-check';

/** Every character whose compatibility form (NFKC) starts with = + - @, found by asking Unicode. */
export const FORMULA_CHARS: ReadonlySet<string> = (() => {
  const found = new Set(['=', '+', '-', '@']);
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const first = ch.normalize('NFKC').charAt(0);
    if (first !== '' && '=+-@'.includes(first)) found.add(ch);
  }
  return found;
})();

/** The tab and every character some reader ends a line at (Unicode's line terminators, Python's splitlines). */
export const BREAK_CHARS: ReadonlySet<string> = new Set([
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\x1c',
  '\x1d',
  '\x1e',
  '\x85',
  '\u2028',
  '\u2029',
]);

/** Where a formula could start in `text`: its first character, and each character after a break. */
function riskyPositions(text: string): number[] {
  const chars = [...text];
  const out: number[] = [];
  chars.forEach((ch, i) => {
    if (
      i === 0
        ? FORMULA_CHARS.has(ch) || BREAK_CHARS.has(ch)
        : FORMULA_CHARS.has(ch) && BREAK_CHARS.has(chars[i - 1] ?? '')
    )
      out.push(i);
  });
  return out;
}

/**
 * A cell no spreadsheet runs: it does not start with = + - @ (or a compatibility form) nor with a tab or
 * line break, and no = + - @ follows a tab or line break inside it. (A leading apostrophe is what makes
 * a risky cell safe, and it is what the export adds.)
 */
export const isSafeCell = (cell: string): boolean => riskyPositions(cell).length === 0;

/**
 * `cell` is `original` with exactly one apostrophe added at each place a formula could start, and
 * nothing else changed: no character lost, none added elsewhere.
 */
export function onlyApostrophesAdded(cell: string, original: string): boolean {
  const c = [...cell];
  const o = [...original];
  let j = 0;
  let added = 0;
  for (const ch of c) {
    if (j < o.length && ch === o[j]) j++;
    else if (ch === "'") added++;
    else return false;
  }
  return j === o.length && added === riskyPositions(original).length;
}

/** A number as numberCell writes it: what every spreadsheet reads as a number and none as a formula. */
export const isPlainNumber = (cell: string): boolean => /^(-?\d+([.,]\d+)?(e[+-]\d+)?)?$/.test(cell);

/** Text built from what breaks CSV and spreadsheets, among any other characters. */
export const hostileText = (maxLength = 10): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            '=',
            '+',
            '-',
            '@',
            '\t',
            '\r',
            '\n',
            '\r\n',
            '"',
            ';',
            ',',
            "'",
            ' ',
            '\uFF1D',
            '\uFE63',
            '\u207A',
            '\u2028',
            '\x85',
            '\v',
            '\f',
            '\x1e',
          ),
        },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
        { weight: 2, arbitrary: fc.constantFrom('a', 'Ş', '1', 'SUM(A1)', 'cmd|calc') },
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));
