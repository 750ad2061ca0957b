// The client's XML reader: the same items and summary for every document whether it comes whole or cut
// into pieces anywhere, a syntax error wherever it is broken (and wherever it is cut), each item's JSON
// text reading back as the item, and on the fixtures the values of an independent reader.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createXmlReader, parseXml, XmlSyntaxError } from '../../../main/exchange/xml-reader';
import { isWireObject, limits, type WireValue } from '../../../main/exchange/wire-value';
import { itemJson } from '../../../main/exchange/item-text';
import { fixture } from './fixtures';
import { independentRoot } from './independent-xml';
import { propertyRuns } from '../../harness/property-runs';

type Outcome = { ok: true; shown: string } | { ok: false; error: unknown };

/** Runs the reader over the text cut at the given sizes (cycled), items streamed or kept in the tree. */
function outcome(text: string, sizes: readonly number[], stream = true): Outcome {
  const items: WireValue[] = [];
  try {
    const reader = createXmlReader(stream ? { onItem: (item) => void items.push(item) } : null);
    let at = 0;
    for (let n = 0; at < text.length; n++) {
      const size = sizes.length === 0 ? text.length : (sizes[n % sizes.length] ?? 1);
      reader.write(text.slice(at, at + size));
      at += size;
    }
    const summary = reader.close();
    // Each item's JSON text, kept for the store, must read back as the item itself.
    const wrongText = items.find(
      (item) => isWireObject(item) && JSON.stringify(JSON.parse(itemJson(item))) !== JSON.stringify(item),
    );
    if (wrongText !== undefined)
      return { ok: true, shown: `item text: ${isWireObject(wrongText) ? itemJson(wrongText) : ''}` };
    // JSON text compares key order too (an array in the place of a repeated element's first use).
    return { ok: true, shown: JSON.stringify({ items, summary }) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The text cut at `sizes` reads as it reads whole: the same values, or a syntax error both ways. */
function expectSame(text: string, sizes: readonly number[] = [], stream = true): Outcome {
  const expected = outcome(text, [], stream);
  const actual = outcome(text, sizes, stream);
  if (!expected.ok) expect(expected.error).toBeInstanceOf(XmlSyntaxError);
  if (!actual.ok) expect(actual.error).toBeInstanceOf(XmlSyntaxError);
  expect({ ok: actual.ok, shown: actual.ok ? actual.shown : '' }).toEqual({
    ok: expected.ok,
    shown: expected.ok ? expected.shown : '',
  });
  return actual;
}

// ---- generated DataContract-like documents ----

const names = fc.constantFrom(
  'KeyField',
  'LogId',
  'Note',
  'Name',
  'Customers',
  'CustomerPms',
  'ReservationPms',
  'Data',
  'Error',
  'Code',
  'Message',
  'string',
  'constructor',
  '__proto__',
  'toString',
  'x-1.y',
  'Ünal',
  'İsim',
  '名前',
);
const prefixes = fc.constantFrom('', '', 'a:', 'b:', 'i:');
const qname = fc.tuple(prefixes, names).map(([prefix, name]) => prefix + name);

const textPiece = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => s.replace(/[<&\]]/g, '')),
  fc.constantFrom(
    'Kumsal Beach Resort ',
    'Işık Ayşe',
    'Бäcker',
    '😀',
    ' ',
    '\n  ',
    '\r\n',
    '\r',
    '\t',
    ']',
    ']]',
    '>',
    '"',
    "'",
    '&amp;',
    '&lt;',
    '&gt;',
    '&quot;',
    '&apos;',
    '&#xD;',
    '&#13;',
    '&#x41;',
    '&#65;',
    '&#x1F600;',
    '&#x1;',
    '&#xB;',
    '&#11;',
    '&#xFFFE;',
    '\u0001',
    '\u000B',
    '\uFFFF',
    '<![CDATA[a<b&c]]]>',
    '<![CDATA[]]>',
    '<!-- a comment -->',
    '<?pi body?>',
  ),
);
const text = fc.array(textPiece, { maxLength: 5 }).map((pieces) => pieces.join(''));
const space = fc.constantFrom('', '', ' ', '\n  ', '\r\n\t', '<!---->', '<?x?>');

const attributes = fc
  .tuple(
    fc.constantFrom('', ' xmlns=""', ' xmlns="urn:x"', ' xmlns:a="urn:a"', " xmlns:b='urn:b'"),
    fc.constantFrom(
      '',
      '',
      ' i:nil="true"',
      ' i:nil="false"',
      " xsi:nil='true'",
      ' i:nil=" true "',
      ' i:nil="&#x20;true"',
      ' nil = "true"',
    ),
    fc.constantFrom('', ' z="a&amp;b"', " z='x\"y'", ' z="1\t2\r\n3"'),
  )
  .map((parts) => parts.join(''));

interface Element {
  xml: string;
}

const leaf: fc.Arbitrary<Element> = fc.oneof(
  fc.tuple(qname, attributes).map(([name, attrs]) => ({ xml: `<${name}${attrs}/>` })),
  fc
    .tuple(qname, attributes, text, fc.constantFrom('', ' ', '\n'))
    .map(([name, attrs, content, gap]) => ({ xml: `<${name}${attrs}>${content}</${name}${gap}>` })),
);

const element: fc.Memo<Element> = fc.memo((n) =>
  n <= 0
    ? leaf
    : fc.oneof(
        leaf,
        fc
          .tuple(qname, attributes, fc.array(fc.tuple(space, element(n - 1)), { maxLength: 4 }), space)
          .map(([name, attrs, children, tail]) => ({
            xml: `<${name}${attrs}>${children.map(([gap, child]) => gap + child.xml).join('')}${tail}</${name}>`,
          })),
      ),
);

const rootNames = fc.constantFrom(
  'ServiceResultOfArrayOfReservationPms',
  'ArrayOfReservationPms',
  'ArrayOfstring',
  'Response',
  'html',
  'HTML',
  'string',
);
const envelopeParts = fc.constantFrom(
  '<Error><Code></Code><Message></Message></Error>',
  '<InfoMessage>2 record(s) found.</InfoMessage>',
  '<IsSuccessful>true</IsSuccessful>',
  '<isSuccessful>false</isSuccessful>',
  '<Data i:nil="true"/>',
);

const prolog = fc.tuple(
  fc.constantFrom('', '', '\uFEFF'),
  fc.constantFrom(
    '',
    '',
    '<?xml version="1.0" encoding="utf-8"?>',
    "<?xml version='1.0' standalone='yes'?>",
    '<?xml version="1.1"?>',
    '<!DOCTYPE html>',
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]>',
  ),
  space,
);

const documents = fc
  .tuple(
    prolog,
    rootNames,
    fc.constantFrom('', ' xmlns="urn:m" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"'),
    fc.array(
      fc.tuple(
        space,
        fc.oneof(
          element(3),
          envelopeParts.map((xml) => ({ xml })),
        ),
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
    fc.array(fc.tuple(space, element(3)), { maxLength: 5 }),
    space,
    space,
  )
  .map(([[bom, declaration, before], root, rootAttrs, parts, withData, items, inner, after]) => {
    const data = withData
      ? `<Data xmlns:a="urn:a">${items.map(([gap, item]) => gap + item.xml).join('')}${inner}</Data>`
      : items.map(([gap, item]) => gap + item.xml).join('');
    const body = parts.map(([gap, part]) => gap + part.xml).join('');
    return `${bom}${declaration}${before}<${root}${rootAttrs}>${data}${body}${inner}</${root}>${after}`;
  });

const chunkSizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 6 });

describe('XML reader: the same values whole and in pieces', () => {
  it('on generated DataContract-like documents cut into random pieces', () => {
    fc.assert(
      fc.property(documents, chunkSizes, fc.boolean(), (doc, sizes, stream) => {
        expectSame(doc, sizes, stream);
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it('reads the generated documents (most of them are well formed)', () => {
    const samples = fc.sample(documents, { numRuns: propertyRuns(300), seed: 15 });
    const read = samples.filter((doc) => outcome(doc, []).ok).length;
    expect(read).toBeGreaterThan(samples.length / 2);
  });

  it('on every XML fixture, whole and cut at every size up to 40 and into single characters', () => {
    const folder = fileURLToPath(new URL('../../fixtures/exchange/', import.meta.url));
    const files = readdirSync(folder).filter((name) => !name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(8);
    for (const name of files) {
      const doc = fixture(name);
      const whole = expectSame(doc, [], false);
      const independent = independentRoot(doc);
      const summary = parseXml(doc);
      expect(whole.ok).toBe(true);
      expect(JSON.stringify([summary.rootName, summary.root])).toBe(
        JSON.stringify([independent.name, independent.value]),
      );
      for (let size = 1; size <= 40; size++) expectSame(doc, [size]);
      expectSame(doc, [1, 7, 2, 64, 3]);
    }
  });
});

// ---- broken documents ----

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('delete', 'insert', 'duplicate', 'truncate'),
  what: fc.constantFrom('<', '>', '&', '/', '"', "'", '!', '?', '-', ']', '=', ' ', 'x', ';', '#', ':', '1'),
  length: fc.integer({ min: 1, max: 12 }),
});

function mutate(doc: string, m: { at: number; kind: string; what: string; length: number }): string {
  const at = m.at % (doc.length + 1);
  switch (m.kind) {
    case 'delete':
      return doc.slice(0, at) + doc.slice(at + m.length);
    case 'insert':
      return doc.slice(0, at) + m.what + doc.slice(at);
    case 'duplicate':
      return doc.slice(0, at + m.length) + doc.slice(at);
    default:
      return doc.slice(0, at);
  }
}

describe('XML reader: broken documents refused, wherever they are cut', () => {
  it('on generated documents with a character deleted, inserted or repeated, or cut short', () => {
    fc.assert(
      fc.property(
        documents,
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        chunkSizes,
        (doc, ms, sizes) => {
          const broken = ms.reduce((text, m) => mutate(text, m), doc);
          // A cut through a surrogate pair leaves a lone half: refused whole, and tested below.
          fc.pre(broken.isWellFormed());
          expectSame(broken, sizes);
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it.each([
    ['mismatched end tag', '<R><a:A>1</a:B></R>'],
    ['end tag of another prefix', '<R><a:A>1</b:A></R>'],
    ['unclosed document', '<ArrayOfX><X><A>1</A></X>'],
    ['unclosed in the middle of a tag', '<ArrayOfX><X><A'],
    ['text outside the root', '<R/>junk'],
    ['text before the root', 'junk<R/>'],
    ['a second root', '<R/><S/>'],
    ['an unknown entity', '<R><A>&nbsp;</A></R>'],
    // Nine digits: longer than the forbidden-character filter looks at, so the parser judges it.
    ['a reference to a character XML cannot carry', '<R><A>&#x000000001;</A></R>'],
    ['a bare ampersand', '<R><A>a & b</A></R>'],
    ['a reference without its semicolon', '<R><A>&amp</A></R>'],
    ['an upper-case X in a reference', '<R><A>&#X41;</A></R>'],
    ['"]]>" in text', '<R><A>a]]>b</A></R>'],
    ['an unquoted attribute', '<R><A i:nil=true/></R>'],
    ['a duplicate attribute', '<R><A i:nil="true" i:nil="true"/></R>'],
    ['no space between attributes', '<R><A x="1"y="2"/></R>'],
    ['"<" in an attribute', '<R><A x="<"/></R>'],
    ['a name starting with a digit', '<R><1A/></R>'],
    ['"--" in a comment', '<R><!-- a -- b --></R>'],
    ['a DOCTYPE inside the root', '<R><!DOCTYPE x></R>'],
    ['an XML declaration later on', '<R><?xml version="1.0"?></R>'],
    ['CDATA after the root', '<R/><![CDATA[x]]>'],
    ['an empty document', ''],
    ['only white space', '  \n'],
  ])('%s', (_why, doc) => {
    const result = expectSame(doc);
    expect(result.ok).toBe(false);
    for (let size = 1; size <= 4; size++) expectSame(doc, [size]);
  });
});

describe('XML reader: details', () => {
  const saved = { ...limits };
  afterEach(() => Object.assign(limits, saved));

  it('keeps the depth and text limits', () => {
    limits.maxDepth = 4;
    expect(expectSame('<R><a><b><c>1</c></b></a></R>').ok).toBe(true);
    expect(expectSame('<R><a><b><c><d/></c></b></a></R>').ok).toBe(false);
    limits.maxItemChars = 10;
    expect(expectSame('<R><A>0123456789</A></R>').ok).toBe(true);
    expect(expectSame('<R><A>0123456789X</A></R>', [3]).ok).toBe(false);
    expect(expectSame('<R><A>01234<![CDATA[56789X]]></A></R>', [3]).ok).toBe(false);
    // An item's texts together, and its names together, are bounded as one text is; each item afresh.
    expect(expectSame('<R><A><B>01234</B><C>56789</C></A><A><B>0123456789</B></A></R>').ok).toBe(true);
    expect(expectSame('<R><A><B>01234</B><C>56789X</C></A></R>', [5]).ok).toBe(false);
    expect(expectSame('<R><A><Bbbb/><Ccccc/></A></R>').ok).toBe(true);
    expect(expectSame('<R><A><Bbbb/><Cccccc/></A></R>', [5]).ok).toBe(false);
  });

  it('reads a long text arriving in many pieces without keeping it as markup', () => {
    const long = 'ab&amp;c\r\n]'.repeat(30_000);
    expectSame(`<ArrayOfX><X><Note>${long}</Note></X></ArrayOfX>`, [4096, 777]);
  });

  it('puts a repeated name into one array in the place of its first use, inside items too', () => {
    for (const body of [
      '<A>1</A><B>2</B><A>3</A>',
      '<A>1</A><A>2</A><B>x</B><A>3</A><A>4</A>',
      '<B>x</B><A>1</A><C/><A i:nil="true"/><B><D>1</D><E>2</E><D>3</D></B>',
      '<a:A>1</a:A><b:A>2</b:A><C><A>1</A><A><A>2</A></A></C><A>3</A>',
      '<A>"q"\\ \t</A><B>&amp;&#10;</B><A><![CDATA[<x>]]></A>',
    ])
      for (const sizes of [[], [1], [7]]) {
        const list = `<ArrayOfX xmlns:i="n"><X>${body}</X><X>${body}</X></ArrayOfX>`;
        expect(expectSame(list, sizes).ok).toBe(true);
      }
    expect(parseXml('<R><A>1</A><B>2</B><A>3</A><C><A>x</A><A i:nil="true"/></C></R>').root).toEqual({
      A: ['1', '3'],
      B: '2',
      C: { A: ['x', null] },
    });
    expect(Object.keys(parseXml('<R><B/><A>1</A><B>2</B></R>').root ?? {})).toEqual(['B', 'A']);
  });

  // Members with text alone are nine in ten elements of an item: every spelling of one, and the broken
  // ones, read the same whole and cut anywhere.
  it('reads members with text alone, empty, nil or broken, the same whole and in pieces', () => {
    const members = [
      '<A>plain</A>',
      '<A></A>',
      '<A/>',
      '<A>q"\\\t\nx</A>',
      '<A>Kumsal &amp; Spa&#xD;&#10;</A>',
      '<A>a\r\nb\rc</A>',
      '<A>a]b</A>',
      '<A>a]]b</A>',
      '<A>a]]>b</A>',
      '<A>x</A >',
      '<A>x</B>',
      '<A>x</Ab>',
      '<A>x</A',
      '<A>&bogus;</A>',
      '<A>&amp</A>',
      '<A>x<!--c--></A>',
      '<A>x<B>y</B></A>',
      '<A i:nil="true"/>',
      '<A i:nil="true" />',
      '<A i:nil="true"></A>',
      '<A i:nil="false"/>',
      '<A b:nil="true"/>',
      '<A i:nil="true" i:nil="true"/>',
      '<A i:nil="true"/ >',
      '<A / >',
      '<A>ü€😀</A>',
    ];
    for (const member of members)
      for (const sizes of [[], [1], [3], [11]]) {
        const list = `<ArrayOfX xmlns:i="n"><X><K>1</K>${member}<K>2</K></X><X>${member}</X></ArrayOfX>`;
        expectSame(list, sizes);
      }
  });

  // Found by the mutation property (seed -325446652): a name whose local part is empty (`i:` once its
  // local part was cut away) is a member named "".
  it('reads a member whose local name is empty, first, repeated or later in an item', () => {
    for (const body of [
      '<i: z="1"/><B>2</B>',
      '<i:>1</i:><i:>2</i:><B/>',
      '<B>2</B><i:/>',
      '<i:><C>1</C></i:>',
    ])
      for (const sizes of [[], [1], [5]]) {
        const list = `<ArrayOfX xmlns:i="n"><X>${body}</X><X>${body}</X></ArrayOfX>`;
        expect(expectSame(list, sizes).ok).toBe(true);
      }
    expect(parseXml('<R xmlns:i="n"><X><i:>1</i:><i:>2</i:><B/></X></R>').root).toEqual({
      X: { '': ['1', '2'], B: '' },
    });
  });

  // The reader remembers the local names of prefixed names up to a cap; past it names are cut each time.
  it('finds a repeated name past the cap on remembered names', () => {
    const plain = Array.from({ length: 1100 }, (_, i) => `<N${i}>${i}</N${i}>`).join('');
    expect(expectSame(`<ArrayOfX><X>${plain}<N1050>x</N1050></X></ArrayOfX>`).ok).toBe(true);
    const many = Array.from({ length: 1100 }, (_, i) => `<a:N${i}>${i}</a:N${i}>`).join('');
    const doc = `<ArrayOfX><X>${many}<a:N1050>x</a:N1050></X></ArrayOfX>`;
    expect(expectSame(doc).ok).toBe(true);
    const items: WireValue[] = [];
    const reader = createXmlReader({ onItem: (item) => void items.push(item) });
    reader.write(doc);
    reader.close();
    const item = items[0];
    expect(isWireObject(item) ? item.N1050 : undefined).toEqual(['1050', 'x']);
  });

  it('hands the items out as they complete', () => {
    const items: WireValue[] = [];
    const reader = createXmlReader({ onItem: (item) => void items.push(item) });
    reader.write('<ArrayOfX><X><A>1</A></X><X><A>2');
    expect(items).toEqual([{ A: '1' }]);
    reader.write('</A></X></ArrayOfX>');
    expect(items).toEqual([{ A: '1' }, { A: '2' }]);
    expect(reader.close().shape).toBe('list');
  });

  // saxes pairs a high surrogate with whatever follows it (and swallows that), so it lets a lone one
  // through; XML says it is no character. Answers are decoded from bytes, where a TextDecoder turns any
  // broken sequence into U+FFFD, so only text handed in as a string can hold one: refused.
  it('refuses a lone surrogate, even cut between pieces', () => {
    for (const doc of ['<R><A>\uDC00</A></R>', '<R><A>\uD800</A></R>', '<R><A>\uD800 x</A></R>', '<R>\uD800'])
      for (const sizes of [[], [1], [5], [6], [7]]) {
        const result = outcome(doc, sizes);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toBeInstanceOf(XmlSyntaxError);
      }
    expect(expectSame('<R><A>\uD83D\uDE00</A></R>', [6, 1]).ok).toBe(true);
    expect(parseXml('<R><A>\uD83D\uDE00</A></R>').root).toEqual({ A: '\uD83D\uDE00' });
  });

  it('keeps failing once broken', () => {
    const reader = createXmlReader(null);
    expect(() => reader.write('<R></S>')).toThrow(XmlSyntaxError);
    expect(() => reader.write('<R/>')).toThrow(XmlSyntaxError);
    expect(() => reader.close()).toThrow(XmlSyntaxError);
  });

  it('parses a whole small answer (the login token)', () => {
    expect(
      parseXml('<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">ab12</string>'),
    ).toEqual({
      rootName: 'string',
      root: 'ab12',
      shape: 'other',
    });
  });
});
