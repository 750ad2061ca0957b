// Folding for search. SQLite's unicode61 tokenizer removes diacritics, but it lowercases by Unicode's
// default rules, where dotless ı and dotted İ are letters of their own: "IŞIK" would never meet "ışık".
// So the same folding runs over the indexed text and over what the receptionist types, and both end up
// in plain ASCII-ish lowercase before FTS5 sees them.

const special: Record<string, string> = {
  ı: 'i',
  İ: 'i',
  I: 'i',
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ç: 'c',
  Ç: 'c',
  ö: 'o',
  Ö: 'o',
  ü: 'u',
  Ü: 'u',
  ä: 'a',
  Ä: 'a',
  ß: 'ss',
  ẞ: 'ss',
};
const specialPattern = /[ıİIşŞğĞçÇöÖüÜäÄßẞ]/g;
const combiningMarks = /\p{M}/gu;
// Printable ASCII and the usual whitespace; anything else takes the full path.
const plainAscii = /^[\t\n\r -~]*$/;

/** Lowercase, without Turkish / German special letters and without any other accents. */
export function foldForSearch(text: string): string {
  // Most names and vouchers are plain ASCII, where all of the below comes down to lowercasing (an
  // import folds every guest name: this halves the search text's share of it).
  if (plainAscii.test(text)) return text.toLowerCase();
  return text
    .replace(specialPattern, (c) => special[c] ?? c)
    .toLowerCase()
    .normalize('NFKD')
    .replace(combiningMarks, '');
}

/** The words of a folded text, as the unicode61 tokenizer would split them (letters and digits). */
export function searchWords(text: string): string[] {
  return foldForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
