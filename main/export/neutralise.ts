// Text from the service (a guest's name, a note, an agency, a code) must never run as a formula in the
// spreadsheet the receptionist opens the export in (OWASP "CSV injection"). A spreadsheet reads a cell as
// a formula when it starts with = + - or @; a reader that strips a leading tab or line break sees the
// formula behind it; and a line break or tab inside a cell starts a new line or cell for a reader that
// ignores quotes, or when the cell is copied and pasted. So a leading apostrophe, which spreadsheets take
// as "this is text", goes in front of the cell when it starts with any of these, and in front of each
// = + - @ that follows a tab or line break inside it. Nothing else is changed.

/**
 * = + - @ and every character Unicode's compatibility folding (NFKC) turns into one of them first: the
 * fullwidth ＝ ＋ － ＠ an East Asian keyboard types, the small forms ﹦ ﹢ ﹣ ﹫, super- and subscript
 * ⁺ ⁼ ₊ ₌, ⩵ ⩶ and Hebrew's alternative plus. The whole family is listed (test/unit/export/neutralise.test.ts
 * derives it from NFKC over all of Unicode), since some spreadsheets fold these when they read a cell.
 */
const FORMULA =
  '=+\\-@\\u207A\\u207C\\u208A\\u208C\\u2A75\\u2A76\\uFB29\\uFE62\\uFE63\\uFE66\\uFE6B\\uFF0B\\uFF0D\\uFF1D\\uFF20';

/**
 * The tab, and every character some reader ends a line at: LF, CR, Unicode's VT, FF, NEL, LINE and
 * PARAGRAPH SEPARATOR, and the three separators Python's splitlines() also splits on.
 */
export const BREAKS = '\\t\\n\\v\\f\\r\\x1C-\\x1E\\x85\\u2028\\u2029';

const risky = new RegExp(`^[${FORMULA}${BREAKS}]|[${BREAKS}][${FORMULA}]`, 'u');
const startsRisky = new RegExp(`^[${FORMULA}${BREAKS}]`, 'u');
// The break just before the formula character, not the run of breaks before it: a run not followed by one was
// read again from each of its characters, and a note of 80,000 line breaks took an export 11 seconds.
const formulaAfterBreak = new RegExp(`([${BREAKS}])(?=[${FORMULA}])`, 'gu');

/** `value` made harmless to a spreadsheet: apostrophes where a formula could start, nothing else. */
export function neutraliseFormula(value: string): string {
  if (!risky.test(value)) return value;
  const inside = value.replace(formulaAfterBreak, "$1'");
  return startsRisky.test(value) ? `'${inside}` : inside;
}
