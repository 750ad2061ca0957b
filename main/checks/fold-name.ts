// A guest name folded to compare people across reservations: "IŞIK AYŞE", "Işık Ayşe" and "ISIK AYSE" are
// one name. Unicode's default lowercasing treats dotted İ and dotless ı as letters of their own, so the
// Turkish letters are replaced first, then any other accent is dropped. main/store/turkish-fold.ts does the
// same for search, but the checks may import only the domain (the layering lint): this is its own copy,
// with what identity needs beyond search (punctuation and spacing never make two people).
//
// Every guest name of the hotel is folded when the checks are indexed, so the usual case (Latin letters,
// Turkish and Western European ones included) goes through a per-character table built from the
// reference folding below; anything beyond (Cyrillic, decomposed accents) takes the reference path.
// A test holds the two equal.

const special: Readonly<Record<string, string>> = {
  ı: 'i',
  İ: 'i',
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
  ß: 'ss',
  ẞ: 'ss',
};
const specialPattern = /[ıİşŞğĞçÇöÖüÜßẞ]/g;
const combiningMarks = /\p{M}/gu;
// "O'NEIL" and "ONEIL", "ST. JOHN" and "ST JOHN": marks inside a word vanish; anything else between
// letters ("AYŞE-NUR", tabs, double spaces) is one space.
const inWordMarks = /['’`´.]/g;
const separators = /[^\p{L}\p{N}]+/gu;

function foldCharacters(text: string): string {
  return text
    .replace(specialPattern, (c) => special[c] ?? c)
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase()
    .replace(inWordMarks, '')
    .replace(separators, ' ');
}

/** The folding by definition (the fast path must give the same): regular expressions over the text. */
export function foldNameReference(name: string): string {
  return foldCharacters(name).trim();
}

// Characters below U+0250 (Basic Latin to Latin Extended-B): what each folds to, as a separator (' '),
// nothing (''), or letters and digits. Null: folds to something mixed, left to the reference path.
const TABLE_END = 0x250;
const SEPARATOR = ' ';
const table: (string | null)[] = [];
for (let code = 0; code < TABLE_END; code += 1) {
  const folded = foldCharacters(String.fromCharCode(code));
  table.push(folded === SEPARATOR || folded === '' || /^[\p{L}\p{N}]+$/u.test(folded) ? folded : null);
}

/** Lowercase words of plain letters, single-spaced, in the order written (SURNAME GIVEN). */
export function foldName(name: string): string {
  let out = '';
  let space = false;
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    const folded = code < TABLE_END ? table[code] : null;
    if (folded === null || folded === undefined) return foldNameReference(name);
    if (folded === SEPARATOR) space = out.length > 0;
    else if (folded !== '') {
      if (space) out += SEPARATOR;
      out += folded;
      space = false;
    }
  }
  return out;
}

/**
 * The folded name if it can tell a person (a surname and a given name at least), else null: a lone
 * word, or a placeholder agencies type before names are known, would make strangers "the same guest".
 */
export function personKey(name: string): string | null {
  const folded = foldName(name);
  const space = folded.indexOf(' ');
  if (space < 1) return null;
  return placeholders.has(folded) ? null : folded;
}

const placeholders: ReadonlySet<string> = new Set(['n n', 'nn nn', 'tba tba', 'x x', 'xx xx', 'guest guest']);
