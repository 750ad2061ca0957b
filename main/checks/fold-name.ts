// A guest name folded to compare people across reservations: "IŞIK AYŞE", "Işık Ayşe" and "ISIK AYSE" are
// one name. Unicode's default lowercasing treats dotted İ and dotless ı as letters of their own, so the
// Turkish letters are replaced first, then any other accent is dropped. main/store/turkish-fold.ts does the
// same for search, but the checks may import only the domain (the layering lint): this is its own copy,
// with what identity needs beyond search (punctuation and spacing never make two people).

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
const plainAscii = /^[ -~]*$/;
// "O'NEIL" and "ONEIL", "ST. JOHN" and "ST JOHN": marks inside a word vanish; anything else between
// letters ("AYŞE-NUR", tabs, double spaces) is one space.
const inWordMarks = /['’`´.]/g;
const separators = /[^\p{L}\p{N}]+/gu;

/** Lowercase words of plain letters, single-spaced, in the order written (SURNAME GIVEN). */
export function foldName(name: string): string {
  let text = name;
  if (!plainAscii.test(text))
    text = text
      .replace(specialPattern, (c) => special[c] ?? c)
      .normalize('NFKD')
      .replace(combiningMarks, '');
  return text.toLowerCase().replace(inWordMarks, '').replace(separators, ' ').trim();
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
