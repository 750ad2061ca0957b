// A guest name folded to compare people across reservations: "IŞIK AYŞE", "Işık Ayşe" and "ISIK AYSE" are
// one name. The letters are folded by the desk's one folding (shared/text-fold.ts, which search uses too);
// this adds what identity needs beyond search (punctuation and spacing never make two people).
//
// Every guest name of the hotel is folded when the checks are indexed, so the usual case (Latin letters,
// Turkish and Western European ones included) goes through a per-character table built from the
// reference folding below; anything beyond (Cyrillic, decomposed accents) takes the reference path.
// A test holds the two equal.
import { foldText } from '../../shared/text-fold';

// "O'NEIL" and "ONEIL", "ST. JOHN" and "ST JOHN": marks inside a word vanish; anything else between
// letters ("AYŞE-NUR", tabs, double spaces) is one space.
const inWordMarks = /['’`´.]/g;
const separators = /[^\p{L}\p{N}]+/gu;

function foldCharacters(text: string): string {
  return foldText(text).replace(inWordMarks, '').replace(separators, ' ');
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
 * The longest folded name that can tell a person. A longer text is nobody's name, and the stores index the key:
 * PostgreSQL refuses an index entry over some 2.7 KB, and the whole page with it.
 */
const LONGEST_PERSON = 200;

/**
 * The folded name if it can tell a person (a surname and a given name at least), else null: a lone
 * word, or a placeholder agencies type before names are known, would make strangers "the same guest".
 */
export function personKey(name: string): string | null {
  const folded = foldName(name);
  const space = folded.indexOf(' ');
  if (space < 1 || folded.length > LONGEST_PERSON) return null;
  return placeholders.has(folded) ? null : folded;
}

const placeholders: ReadonlySet<string> = new Set(['n n', 'nn nn', 'tba tba', 'x x', 'xx xx', 'guest guest']);
