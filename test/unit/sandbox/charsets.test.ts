// The practice service's code-page tables against an independent decoder: every byte windows-1254 assigns
// round-trips, ISO-8859-9 shares its upper half, and what a code page cannot hold becomes a reference.
import { describe, expect, it } from 'vitest';
import { encodeText } from '../../../main/sandbox/charsets';

const decoder = new TextDecoder('windows-1254');
const C1 = /[\u0080-\u009f]/;

describe('code pages', () => {
  it('encodes every character windows-1254 assigns to its byte', () => {
    let checked = 0;
    for (let byte = 0x80; byte <= 0xff; byte += 1) {
      const character = decoder.decode(Uint8Array.of(byte));
      // WHATWG decodes windows-1254's unassigned bytes as C1 controls: those have no character to encode.
      if (C1.test(character)) continue;
      expect([...encodeText(character, 'windows-1254')]).toEqual([byte]);
      checked += 1;
    }
    expect(checked).toBe(121);
  });

  it('gives ISO-8859-9 the same upper half and the C1 controls below it', () => {
    for (let byte = 0xa0; byte <= 0xff; byte += 1) {
      const character = decoder.decode(Uint8Array.of(byte));
      expect([...encodeText(character, 'iso-8859-9')]).toEqual([byte]);
    }
    expect([...encodeText('\u0085', 'iso-8859-9')]).toEqual([0x85]);
    expect(encodeText('€', 'iso-8859-9').toString('latin1')).toBe('&#x20AC;');
  });

  it('puts the Turkish letters where both code pages have them', () => {
    expect([...encodeText('ĞİŞğış', 'windows-1254')]).toEqual([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);
    expect([...encodeText('ĞİŞğış', 'iso-8859-9')]).toEqual([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);
  });

  it('writes what a code page cannot hold as a character reference, astral ones whole', () => {
    expect(encodeText('Лёша ł 😀', 'windows-1254').toString('latin1')).toBe(
      '&#x41B;&#x451;&#x448;&#x430; &#x142; &#x1F600;',
    );
  });

  it('writes UTF-16 in both byte orders, U+FEFF first as the byte order mark', () => {
    expect([...encodeText('\uFEFF<ş', 'utf-16')]).toEqual([0xff, 0xfe, 0x3c, 0x00, 0x5f, 0x01]);
    expect([...encodeText('\uFEFF<ş', 'utf-16be')]).toEqual([0xfe, 0xff, 0x00, 0x3c, 0x01, 0x5f]);
  });
});
