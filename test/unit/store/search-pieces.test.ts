import { describe, expect, it } from 'vitest';
import { searchEntryOfParts, type SearchParts } from '../../../main/store/search';
import { foldText, foldingsOf } from '../../../shared/text-fold';

// The definition the pieces must keep: the whole text folded at once, its words, then each non-ASCII word's
// other spellings not already there, then the voucher's digit runs (with and without leading zeros).
function wholeTextEntry(parts: SearchParts): { text: string; words: string } {
  const written = [...parts.names, parts.voucherNo, parts.tourOpCode, parts.tourOpName, parts.keyField].join(
    ' ',
  );
  const folded = foldText(written);
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set(words);
  const extra: string[] = [];
  const add = (word: string): void => {
    if (word !== '' && !seen.has(word)) {
      seen.add(word);
      extra.push(word);
    }
  };
  for (const raw of written.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    if (!/^[\t\n\r -~]*$/.test(raw))
      for (const form of foldingsOf(raw).slice(1))
        for (const word of form.match(/[\p{L}\p{N}]+/gu) ?? []) add(word);
  for (const run of parts.voucherNo.match(/\d+/g) ?? [])
    for (const d of [run, run.replace(/^0+/, '')]) add(d);
  return {
    text: extra.length === 0 ? folded : `${folded} ${extra.join(' ')}`,
    words: [...words, ...extra].join(' '),
  };
}

const names = [
  'IŞIK Ayşe',
  'Schäfer Jörg',
  'Scha\u0308fer JO\u0308RG', // decomposed umlauts
  'Krauß GROẞ',
  'ИВАНОВ Юрий',
  'ОДΥΣΣΕΥΣ ΟΔΥΣΣΕΥΣ Σ', // Greek capital sigma: its lowercase depends on the letters around it
  'MÜLLER\u00a0Hans', // a no-break space folds to a space inside one piece
  'Ana\tMaría  López', // a tab and a double space
  '½ ﬁne Ⅻ ℡', // compatibility forms that fold into other letters and digits
  'İbrahim ışık İ\u0307',
  ' leading and trailing ',
  '',
];

describe('the search entry folded a piece at a time', () => {
  it.each(names)('is the whole text folded at once: %j', (name) => {
    for (const voucherNo of ['SKR400064', 'TRV-0012345', 'Ä-007']) {
      const parts: SearchParts = {
        names: [name, 'TAYLOR EMMA'],
        voucherNo,
        tourOpCode: 'SKR',
        tourOpName: 'Sonnenklar Reisen GmbH',
        keyField: '1001|10d4e8eb|SKR400064|1',
      };
      // Twice: the second reads the pieces remembered by the first.
      expect(searchEntryOfParts(parts)).toEqual(wholeTextEntry(parts));
      expect(searchEntryOfParts(parts)).toEqual(wholeTextEntry(parts));
    }
  });

  it('every name of the list together, in one entry', () => {
    const parts: SearchParts = {
      names,
      voucherNo: '0042',
      tourOpCode: 'ÖGER',
      tourOpName: 'Öger Tours',
      keyField: 'k',
    };
    expect(searchEntryOfParts(parts)).toEqual(wholeTextEntry(parts));
  });
});
