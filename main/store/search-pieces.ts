// The search index's text folded a space-separated piece at a time, each piece remembered. An import folds the
// same few hundred guest names, operators and room words over and over: folding the whole text of each
// reservation (Unicode normalization, regular expressions) was about a tenth of a first sync's CPU.
//
// Folding is the same piece by piece as over the whole text: every step of foldText works per character or
// within a word, and a plain space is left alone by all of them and ends every context they look at (the final
// sigma's), so foldText(a + ' ' + b) === foldText(a) + ' ' + foldText(b). test/unit/store/search-pieces.test.ts
// holds the pieces to the whole.
import { foldText, foldingsOf } from '../../shared/text-fold';

/** What one piece of a reservation's search text adds to its entry. */
export interface FoldedPiece {
  /** foldText of the piece. */
  folded: string;
  /** Its words, as the unicode61 tokenizer splits them (letters and digits). */
  words: readonly string[];
  /** The words of its other spellings (German, Latin for Cyrillic) in order, repeats included. */
  others: readonly string[];
}

export const wordPattern = /[\p{L}\p{N}]+/gu;
// What a word is before folding: letters with their marks (a decomposed "a\u0308" is one word) and digits.
export const rawWordPattern = /[\p{L}\p{M}\p{N}]+/gu;
export const plainAscii = /^[\t\n\r -~]*$/;
const asciiWord = /[a-z0-9]+/g;

// Bounded: a hotel's names are a few thousand pieces; a list of strangers' names only refills it.
const PIECES_KEPT = 20_000;
const kept = new Map<string, FoldedPiece>();

function foldAnew(piece: string): FoldedPiece {
  const folded = foldText(piece);
  const others: string[] = [];
  for (const raw of piece.match(rawWordPattern) ?? []) {
    if (plainAscii.test(raw)) continue;
    // A word at a time: one name can fold into hundreds of thousands of words, more than a call takes arguments.
    for (const form of foldingsOf(raw).slice(1))
      for (const word of form.match(wordPattern) ?? []) others.push(word);
  }
  return { folded, words: folded.match(wordPattern) ?? [], others };
}

function foldAscii(piece: string): FoldedPiece {
  const folded = piece.toLowerCase();
  return { folded, words: folded.match(asciiWord) ?? [], others: [] };
}

/** One piece (no plain space inside) of a search text, folded: of a name, kept for the next time. */
export function foldedPiece(piece: string): FoldedPiece {
  let found = kept.get(piece);
  if (found === undefined) {
    // Kept as a copy of its own: the piece may be a slice of a whole chunk of the file (V8 shares the text of a
    // substring), which the memo would otherwise hold in memory for as long as it keeps the piece.
    const own = JSON.parse(JSON.stringify(piece)) as string;
    found = foldedOnce(own);
    if (kept.size >= PIECES_KEPT) kept.clear();
    kept.set(own, found);
  }
  return found;
}

/** One piece of a text unlike any other (a KeyField, a voucher): folded, not kept. */
export function foldedOnce(piece: string): FoldedPiece {
  return plainAscii.test(piece) ? foldAscii(piece) : foldAnew(piece);
}
