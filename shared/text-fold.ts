// The desk's one text folding: how names, vouchers and codes are compared whatever their
// case, Turkish letters and accents. Its own layer (`fold` in eslint.config.js), importing nothing, so the
// store (search), the checks (same guest), the domain (hotel-code keys) and the renderer share it. The
// practice service (main/sandbox) keeps its own copy on purpose: it shares no code with the client.
//
// Unicode's default lowercasing treats dotted İ and dotless ı as letters of their own ("IŞIK" would never
// meet "ışık"), so the Turkish letters are replaced first, then any other accent is dropped.

const special: Readonly<Record<string, string>> = {
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
// Printable ASCII and the usual whitespace: folding comes down to lowercasing.
const plainAscii = /^[\t\n\r -~]*$/;

/**
 * Lowercase, without Turkish / German special letters and without any other accent: "IŞIK Ayşe" →
 * "isik ayse", "SCHÄFER" → "schafer", "GROẞ" → "gross". Other scripts (Cyrillic) are only lowercased.
 */
export function foldText(text: string): string {
  if (plainAscii.test(text)) return text.toLowerCase();
  return text
    .replace(specialPattern, (c) => special[c] ?? c)
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase();
}

const german: Readonly<Record<string, string>> = {
  ä: 'ae',
  Ä: 'Ae',
  ö: 'oe',
  Ö: 'Oe',
  ü: 'ue',
  Ü: 'Ue',
};
const germanPattern = /[äÄöÖüÜ]|[aAoOuU]\u0308/g;
const germanOf = (c: string): string => german[c] ?? german[c.normalize('NFC')] ?? c;

/**
 * The German way of writing umlauts without them, then folded: "SCHÄFER" → "schaefer", "Müller" →
 * "mueller", "Krauß" → "krauss". Equal to foldText when the text has no umlaut.
 */
export function foldTextGerman(text: string): string {
  return foldText(text.replace(germanPattern, germanOf));
}

// Cyrillic (Russian, Ukrainian, Bulgarian letters) in Latin letters, two ways: as names are usually
// written in Latin (й y, ю yu, я ya: "Юрий" → "yuriy"), and as passports write them (ICAO 9303: й i, ю iu,
// я ia, ъ ie: "Юрий" → "iurii"). Lowercase in, lowercase out; other characters pass through.
const cyrillicCommon: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
const cyrillicPassport: Readonly<Record<string, string>> = {
  ...cyrillicCommon,
  є: 'ie',
  ї: 'i',
  й: 'i',
  ъ: 'ie',
  ю: 'iu',
  я: 'ia',
};
const cyrillicLetter = /[\u0400-\u04ff]/g;
const hasCyrillic = /[\u0400-\u04ff]/;

export type CyrillicStyle = 'common' | 'passport';

/** Cyrillic letters of a lowercase text in Latin ones; null when it has none. */
export function latinOfCyrillic(lower: string, style: CyrillicStyle = 'common'): string | null {
  if (!hasCyrillic.test(lower)) return null;
  const table = style === 'common' ? cyrillicCommon : cyrillicPassport;
  return lower.replace(cyrillicLetter, (c) => table[c] ?? c);
}

/**
 * Every way a text may be searched for, each folded: itself, its German spelling and its Latin
 * spellings when it has umlauts or Cyrillic letters. The first is always foldText(text).
 */
export function foldingsOf(text: string): string[] {
  const base = foldText(text);
  const all = [base];
  const add = (value: string | null): void => {
    if (value !== null && !all.includes(value)) all.push(value);
  };
  add(foldTextGerman(text));
  // From the text only lowercased: folding would take the breve off й and the dots off ё first.
  const lower = text.normalize('NFC').toLowerCase();
  for (const style of ['common', 'passport'] as const) {
    const latin = latinOfCyrillic(lower, style);
    add(latin === null ? null : foldText(latin));
  }
  return all;
}

/**
 * A code compared whatever its case, in Turkish and in English: trimmed, lowercase, with "İ", "I" and "ı"
 * all "i" (a Turkish keyboard's "i" upper-cases to "İ", an English one's to "I"). Accents are kept: it is
 * a key, not a search.
 */
export const caseKey = (code: string): string =>
  code
    .trim()
    .normalize('NFC')
    .replace(/[İIı]/g, 'i')
    .toLowerCase()
    .replace(/i\u0307/g, 'i');
