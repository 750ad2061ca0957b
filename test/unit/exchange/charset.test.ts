// Which encoding an answer is read in (BOM > Content-Type charset > XML declaration > UTF-8; JSON is UTF-8
// or UTF-16), and the streaming decoder: any cut between chunks, strict about bytes that do not decode.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { charsetOf, chooseEncoding, SNIFF_BYTES } from '../../../main/exchange/charset';
import { createBodyTextDecoder, decodeBody } from '../../../main/exchange/body-text';
import { UnreadableEncodingError } from '../../../main/exchange/body-errors';
import { MalformedResponseError } from '../../../main/exchange/errors';
import { codePage, encode, TURKISH, type TestEncoding } from './encoded';
import { propertyRuns } from '../../harness/property-runs';

const bytes = (text: string, encoding: TestEncoding = 'utf-8', bom = false) =>
  encode(text, encoding, { bom });
const choose = (head: Uint8Array, contentType?: string, complete = true) =>
  chooseEncoding(head, charsetOf(contentType), complete, 'test');

const declared = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><a>${TURKISH}</a>`;

function refusal(run: () => unknown): UnreadableEncodingError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnreadableEncodingError);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/character encoding .* could not be read during test/);
    return error as UnreadableEncodingError;
  }
  throw new Error('expected a refusal');
}

describe('the Content-Type charset', () => {
  it.each([
    ['application/xml; charset=windows-1254', 'windows-1254'],
    ['text/xml;charset="ISO-8859-9"', 'ISO-8859-9'],
    ['application/xml; Charset = utf-16 ; q=1', 'utf-16'],
    ['application/xml', undefined],
    ['application/xml; charset=', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, charset) => expect(charsetOf(header)).toBe(charset));
});

describe('choosing the encoding', () => {
  it('goes by the byte order mark first, whatever the header and the declaration say', () => {
    const text = declared('windows-1254');
    for (const encoding of ['utf-8', 'utf-16le', 'utf-16be'] as const)
      expect(choose(bytes(text, encoding, true), 'application/xml; charset=windows-1254')).toEqual({
        encoding,
        source: 'bom',
      });
  });

  it('then by the charset, over the declaration', () => {
    expect(choose(bytes(declared('utf-8')), 'text/xml; charset=iso-8859-9')).toEqual({
      encoding: 'windows-1254',
      source: 'content-type',
    });
  });

  it('then by the declaration, then UTF-8', () => {
    expect(choose(bytes(declared('windows-1254')))).toEqual({
      encoding: 'windows-1254',
      source: 'declaration',
    });
    expect(
      choose(bytes(`  \r\n<?xml version='1.0'   encoding = 'ISO-8859-9' standalone="yes"?><a/>`)),
    ).toEqual({
      encoding: 'windows-1254',
      source: 'declaration',
    });
    expect(choose(bytes('<?xml version="1.0"?><a/>'))).toEqual({ encoding: 'utf-8', source: 'default' });
    expect(choose(bytes('<a/>'))).toEqual({ encoding: 'utf-8', source: 'default' });
    expect(choose(new Uint8Array(0), 'text/xml; charset=x-nothing')).toEqual({
      encoding: 'utf-8',
      source: 'default',
    });
  });

  it('tells UTF-16 without a mark by its bytes, and which byte comes first', () => {
    expect(choose(bytes(declared('utf-16'), 'utf-16le'))).toEqual({ encoding: 'utf-16le', source: 'bytes' });
    expect(choose(bytes(declared('utf-16'), 'utf-16be'))).toEqual({ encoding: 'utf-16be', source: 'bytes' });
    expect(choose(bytes(declared('utf-16'), 'utf-16be'), 'text/xml; charset=utf-16')).toEqual({
      encoding: 'utf-16be',
      source: 'content-type',
    });
  });

  it('reads a UTF-16 label over one-byte text as UTF-8 (what .NET sends after writing XML to a string)', () => {
    expect(choose(bytes(declared('utf-16')))).toEqual({ encoding: 'utf-8', source: 'declaration' });
    expect(choose(bytes('<a/>'), 'application/xml; charset=utf-16')).toEqual({
      encoding: 'utf-8',
      source: 'content-type',
    });
  });

  it('reads JSON as UTF-8 or UTF-16 by its bytes, whatever charset it is labelled with', () => {
    for (const text of ['{"a":1}', '  [1]', '"token"'])
      expect(choose(bytes(text), 'application/json; charset=iso-8859-1')).toEqual({
        encoding: 'utf-8',
        source: 'json',
      });
    expect(choose(bytes('{"a":1}', 'utf-16be'))).toEqual({ encoding: 'utf-16be', source: 'json' });
    expect(choose(bytes(' [1]', 'utf-16le'), 'application/json; charset=utf-8')).toEqual({
      encoding: 'utf-16le',
      source: 'json',
    });
  });

  it('waits for more bytes while it cannot tell, and never past SNIFF_BYTES', () => {
    const whole = bytes(declared('windows-1254'));
    for (let length = 0; length < whole.indexOf(0x3e /* the declaration's '>' */) + 1; length++)
      expect(choose(whole.subarray(0, length), undefined, false)).toBeNull();
    expect(choose(whole, undefined, false)).toEqual({ encoding: 'windows-1254', source: 'declaration' });
    const blank = bytes(' '.repeat(SNIFF_BYTES));
    expect(choose(blank, undefined, false)).toEqual({ encoding: 'utf-8', source: 'default' });
    const endless = bytes(`<?xml version="1.0" ${' '.repeat(SNIFF_BYTES)} encoding="windows-1254"?>`);
    expect(choose(endless, undefined, false)).toEqual({ encoding: 'utf-8', source: 'default' });
  });

  it('refuses labels it cannot read, UTF-32, and a one-byte label over UTF-16 bytes', () => {
    expect(refusal(() => choose(bytes('<a/>'), 'text/xml; charset=x-klingon'))).toMatchObject({
      problem: 'unknown',
      encoding: 'x-klingon',
    });
    expect(refusal(() => choose(bytes(declared('ebcdic-cp-tr'))))).toMatchObject({ problem: 'unknown' });
    for (const head of [
      [0x3c, 0, 0, 0],
      [0, 0, 0, 0x3c],
      [0xff, 0xfe, 0, 0],
      [0, 0, 0xfe, 0xff],
    ])
      expect(refusal(() => choose(Uint8Array.from(head)))).toMatchObject({
        problem: 'unknown',
        encoding: 'UTF-32',
      });
    expect(
      refusal(() => choose(bytes(declared('utf-16'), 'utf-16le'), 'application/xml; charset=windows-1254')),
    ).toMatchObject({ problem: 'contradiction', encoding: 'windows-1254' });
  });

  it('is supported by this runtime: windows-1254 and its ISO name decode the Turkish letters', () => {
    // A Node built without full ICU would refuse these labels; this fails there instead of the desk.
    const table = codePage('windows-1254');
    for (const letter of TURKISH) expect(table.has(letter)).toBe(true);
    expect(new TextDecoder('iso-8859-9').encoding).toBe('windows-1254');
  });
});

describe('decoding a body', () => {
  const pieces = (data: Uint8Array, cuts: number[]) => {
    const at = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
    const out: Uint8Array[] = [];
    let from = 0;
    for (const cut of [...at, data.length]) {
      out.push(data.subarray(from, cut));
      from = cut;
    }
    return out;
  };
  const streamed = (chunks: Uint8Array[], contentType?: string) => {
    const decoder = createBodyTextDecoder(contentType, 'test');
    return chunks.map((chunk) => decoder.write(chunk)).join('') + decoder.end();
  };

  it('gives the same text however the bytes are cut (multi-byte characters split across chunks)', () => {
    const turkishText = fc.string({
      unit: fc.constantFrom(...[...codePage('windows-1254').keys()].filter((c) => c !== '\uFFFD')),
      maxLength: 60,
    });
    const cases = [
      ['utf-8', fc.string({ unit: 'binary', maxLength: 60 })],
      ['utf-16le', fc.string({ unit: 'binary', maxLength: 60 })],
      ['utf-16be', fc.string({ unit: 'binary', maxLength: 60 })],
      ['windows-1254', turkishText],
    ] as const;
    for (const [encoding, text] of cases)
      fc.assert(
        fc.property(text, fc.boolean(), fc.array(fc.nat(), { maxLength: 12 }), (body, bom, cuts) => {
          const document = `<a>${body}${TURKISH}</a>`;
          const useBom = bom && encoding !== 'windows-1254';
          const data = encode(document, encoding, { bom: useBom });
          const contentType = `application/xml; charset=${encoding === 'windows-1254' ? 'iso-8859-9' : encoding}`;
          expect(streamed(pieces(data, cuts), contentType)).toBe(document);
          expect(decodeBody(data, contentType, 'test')).toBe(document);
        }),
        { numRuns: propertyRuns(150) },
      );
  });

  it('refuses bytes that are not valid in the encoding instead of replacing them', () => {
    // windows-1254's Ğ in a document that says UTF-8: the commonest mislabelling.
    const mislabelled = encode(declared('utf-8'), 'windows-1254');
    expect(refusal(() => decodeBody(mislabelled, undefined, 'test'))).toMatchObject({
      problem: 'invalid',
      encoding: 'utf-8',
    });
    const cutUtf8 = bytes(`<a>${TURKISH}</a>`).subarray(0, 4);
    expect(refusal(() => decodeBody(cutUtf8, undefined, 'test'))).toMatchObject({ problem: 'cut' });
    const odd = bytes('<a>x</a>', 'utf-16le', true).subarray(0, 9);
    expect(refusal(() => decodeBody(odd, undefined, 'test'))).toMatchObject({
      problem: 'cut',
      encoding: 'utf-16le',
    });
    // A lone surrogate in UTF-16.
    const lone = Uint8Array.from([0xff, 0xfe, 0x3c, 0, 0x00, 0xd8, 0x3e, 0]);
    expect(refusal(() => decodeBody(lone, undefined, 'test'))).toMatchObject({ problem: 'invalid' });
  });

  it('refuses invalid bytes in a later chunk, having handed out only what came before them', () => {
    const good = bytes(`<a>${TURKISH}`);
    const decoder = createBodyTextDecoder(undefined, 'test');
    expect(decoder.write(good)).toBe(`<a>${TURKISH}`);
    expect(refusal(() => decoder.write(Uint8Array.of(0x41, 0xff, 0x42)))).toMatchObject({
      problem: 'invalid',
    });
  });
});
