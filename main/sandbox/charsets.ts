// Text to bytes in the charsets a Turkish .NET service may answer in besides UTF-8: the Turkish code
// pages (windows-1254, ISO-8859-9) and UTF-16 in either byte order. A character a code page cannot hold
// is written as a character reference (&#x41B;), as .NET's XmlWriter does: every such character in our
// XML is in text content, never in a name.

export const ODD_CHARSETS = ['windows-1254', 'iso-8859-9', 'utf-16', 'utf-16be'] as const;
export type OddCharset = (typeof ODD_CHARSETS)[number];

/** The name written in the declaration and the Content-Type: .NET's Encoding.WebName. */
export const CHARSET_LABEL: Readonly<Record<OddCharset, string>> = {
  'windows-1254': 'windows-1254',
  'iso-8859-9': 'iso-8859-9',
  'utf-16': 'utf-16',
  'utf-16be': 'utf-16BE',
};

/** Where ISO-8859-9 (Latin-5) differs from Latin-1: the Turkish letters. */
const LATIN5: Readonly<Record<number, string>> = {
  0xd0: 'Ğ',
  0xdd: 'İ',
  0xde: 'Ş',
  0xf0: 'ğ',
  0xfd: 'ı',
  0xfe: 'ş',
};

/** windows-1254's 0x80–0x9F (unassigned bytes left out); 0xA0–0xFF are ISO-8859-9's. */
const CP1254_HIGH = '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000\u0000\u0000\u0000‘’“”•–—˜™š›œ\u0000\u0000Ÿ';

function singleByteTable(charset: 'windows-1254' | 'iso-8859-9'): ReadonlyMap<number, number> {
  const table = new Map<number, number>();
  for (let byte = 0x80; byte <= 0xff; byte += 1) {
    let character: string;
    if (byte < 0xa0) {
      // ISO-8859-9 keeps the C1 controls there; windows-1254 has typographic signs.
      character =
        charset === 'iso-8859-9' ? String.fromCharCode(byte) : (CP1254_HIGH[byte - 0x80] ?? '\u0000');
      if (character === '\u0000') continue;
    } else {
      character = LATIN5[byte] ?? String.fromCharCode(byte);
    }
    table.set(character.charCodeAt(0), byte);
  }
  return table;
}

const TABLES = {
  'windows-1254': singleByteTable('windows-1254'),
  'iso-8859-9': singleByteTable('iso-8859-9'),
} as const;

function encodeSingleByte(text: string, table: ReadonlyMap<number, number>): Buffer {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const byte = code < 0x80 ? code : table.get(code);
    if (byte !== undefined) {
      bytes.push(byte);
      continue;
    }
    for (const ascii of `&#x${code.toString(16).toUpperCase()};`) bytes.push(ascii.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/** The text in the charset; a leading U+FEFF becomes UTF-16's byte order mark. */
export function encodeText(text: string, charset: OddCharset): Buffer {
  switch (charset) {
    case 'windows-1254':
    case 'iso-8859-9':
      return encodeSingleByte(text, TABLES[charset]);
    case 'utf-16':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return Buffer.from(text, 'utf16le').swap16();
  }
}
