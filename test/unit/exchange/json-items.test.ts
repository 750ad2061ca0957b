import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonItemSplitter, JsonSyntaxError } from '../../../main/exchange/json-items';
import { limits, type WireValue } from '../../../main/exchange/wire-value';
import { propertyRuns } from '../../harness/property-runs';

function split(text: string, pieceSize = text.length) {
  const splitter = createJsonItemSplitter();
  const items: WireValue[] = [];
  for (let at = 0; at < text.length; at += pieceSize)
    items.push(...splitter.write(text.slice(at, at + pieceSize)));
  return { items, summary: splitter.end() };
}

describe('JSON item splitter', () => {
  it('splits a bare list of objects, arrays and plain values', () => {
    const text = ' [ {"a":[1,{"b":"]"}]} , [2,3], "x\\"]", 4.5e1 , null, true ] \n';
    for (const size of [1, 2, 3, 5, text.length]) {
      expect(split(text, size).items).toEqual([{ a: [1, { b: ']' }] }, [2, 3], 'x"]', 45, null, true]);
    }
  });

  it('finds Data among the envelope parts in any order, and keeps the other parts', () => {
    const text =
      '{"IsSuccessful":true,"InfoMessage":"2 \\\\ items","Data":[{"k":"a\\\\"},{"k":"}"}],"Error":{"Code":"","Message":""},"Extra":[1]}';
    for (const size of [1, 4, text.length]) {
      const { items, summary } = split(text, size);
      expect(items).toEqual([{ k: 'a\\' }, { k: '}' }]);
      expect(summary).toEqual({
        isObject: true,
        hadDataList: true,
        fields: {
          IsSuccessful: true,
          InfoMessage: '2 \\ items',
          Error: { Code: '', Message: '' },
          Extra: [1],
        },
      });
    }
  });

  it('keeps a Data that is null or a single object as an envelope part', () => {
    expect(split('{"Data":null,"IsSuccessful":false}').summary.fields).toEqual({
      Data: null,
      IsSuccessful: false,
    });
    const single = split('{"Data":{"FileCode":"x"}}');
    expect(single.items).toEqual([]);
    expect(single.summary.fields).toEqual({ Data: { FileCode: 'x' } });
  });

  it('handles escapes split across chunks, and unicode escapes', () => {
    const text = '[{"n":"a\\\\\\"b\\u00e7\\\\"}]';
    for (let size = 1; size <= text.length; size++)
      expect(split(text, size).items).toEqual([{ n: 'a\\"bç\\' }]);
  });

  it.each([
    ['an empty body', ''],
    ['a bare string', '"token"'],
    ['a missing bracket', '[{"a":1}'],
    ['a missing value', '{"Data":}'],
    ['text after the end', '[]x'],
    ['a key without quotes', '{Data:[]}'],
    ['an unterminated string', '["abc'],
    ['mismatched brackets', '[{"a":1]]'],
    ['two values without a comma', '[1 2]'],
    ['nesting too deep', `[${'['.repeat(100)}${']'.repeat(100)}]`],
  ])('refuses %s', (_why, text) => {
    expect(() => split(text)).toThrow(JsonSyntaxError);
  });

  it('gives the items JSON.parse gives, strings holding brackets, quotes and escapes, laid out any way, in pieces of any size', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'ş', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\u001e'),
    });
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(null, true, false),
        fc.array(tie('value'), { maxLength: 5 }),
        fc.dictionary(text, tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        // Compact, or laid out with spaces, tabs or line breaks between the tokens.
        fc.constantFrom(undefined, 1, '\t', '\r\n'),
        (list, pieceSize, layout) => {
          const json = JSON.stringify({ Data: list, IsSuccessful: true }, null, layout);
          expect(split(json, pieceSize).items).toEqual(JSON.parse(json).Data);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('splits an item of two million short strings, or one of a single long run, like any other item', () => {
    const strings = Math.floor(limits.maxItemChars / 4) - 4;
    const many = `[${'"a",'.repeat(strings)}"z"]`;
    // In one piece, as an answer read whole arrives.
    const { items } = split(`{"Data":[${many},{"KeyField":"x"}]}`);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveLength(strings + 1);
    const digits = `[${'1'.repeat(limits.maxItemChars - 10)}]`;
    expect(split(`[${digits},"after"]`, 64 * 1024).items).toEqual([[Infinity], 'after']);
  });
});
