// The formula guard on its own: which cells get an apostrophe and where, against the rule written in
// spreadsheet-safety.ts (derived from Unicode, not copied from the code).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutraliseFormula } from '../../../main/export/neutralise';
import { textCell } from '../../../main/export/format';
import {
  BREAK_CHARS,
  FORMULA_CHARS,
  hostileText,
  isSafeCell,
  onlyApostrophesAdded,
} from './spreadsheet-safety';
import { propertyRuns } from '../../harness/property-runs';

describe('neutraliseFormula', () => {
  it('knows the whole = + - @ family: every character whose NFKC form starts with one of them', () => {
    expect(FORMULA_CHARS.size).toBeGreaterThan(4);
    for (const ch of FORMULA_CHARS) expect(neutraliseFormula(`${ch}1`), ch).toBe(`'${ch}1`);
    // And nothing outside it: every other character at the start is left alone (breaks aside).
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (FORMULA_CHARS.has(ch) || BREAK_CHARS.has(ch)) continue;
      if (neutraliseFormula(`${ch}1`) !== `${ch}1`) throw new Error(`U+${cp.toString(16)} was changed`);
    }
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['-2+3', "'-2+3"],
    ['\uFF1DSUM(A1)', "'\uFF1DSUM(A1)"],
    ['\u207A1', "'\u207A1"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['\nx', "'\nx"],
    ['\u2028x', "'\u2028x"],
    // A formula behind a break, at the start or inside: each gets its own apostrophe.
    ['\t=1', "'\t'=1"],
    ['Geç giriş\n=HYPERLINK("x")', 'Geç giriş\n\'=HYPERLINK("x")'],
    ['a\r\n@b', "a\r\n'@b"],
    ['a\r=b', "a\r'=b"],
    ['a\t+b\t-c', "a\t'+b\t'-c"],
    ['a\n\t=b', "a\n\t'=b"],
    ['=a\n=b', "'=a\n'=b"],
    ['a\u2029\uFF20b', "a\u2029'\uFF20b"],
  ])('%j → %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each([
    'ŞAHİN',
    'a=b',
    '12',
    '',
    ' =x is kept as typed',
    'e-mail',
    "O'NEIL",
    '?DBL',
    'a\n b',
    "a\n'=b",
    '1-2',
  ])('%j is left as it is', (value) => expect(neutraliseFormula(value)).toBe(value));

  it('a note of a hundred thousand line breaks: an apostrophe only before the formula behind them', () => {
    const breaks = '\n'.repeat(100_000);
    expect(neutraliseFormula(`a${breaks}=b`)).toBe(`a${breaks}'=b`);
    expect(neutraliseFormula(`=${breaks}b`)).toBe(`'=${breaks}b`);
  });

  it('for any text: the result is safe, and only the needed apostrophes were added', () => {
    fc.assert(
      fc.property(hostileText(24), (value) => {
        const cell = textCell(value);
        expect(isSafeCell(cell), JSON.stringify(cell)).toBe(true);
        expect(onlyApostrophesAdded(cell, value), JSON.stringify([value, cell])).toBe(true);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
