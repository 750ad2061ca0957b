// Streaming splitter for big JSON answers: a bare list `[item, ...]` or an envelope `{"Data": [item, ...],
// "Error": ..., "IsSuccessful": ...}` in any key order. It only finds where each top-level item begins and
// ends (strings and escapes respected, across chunk boundaries) and hands the item's text to JSON.parse.
// Hand-written rather than a general streaming JSON parser because the target is to stay within 1.5x of
// JSON.parse on the whole file: the native parser still does all real parsing, this loop only skips
// strings and counts brackets. Memory stays bounded by one item plus one chunk.
import { rememberItemText } from './item-text';
import { envelopeField, limits, type WireObject, type WireValue } from './wire-value';

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

export interface JsonSummary {
  /** The document is an object (an envelope, or another object answer), not a bare list. */
  isObject: boolean;
  /** It had a Data member holding a list, whose elements were handed out as items. */
  hadDataList: boolean;
  /** Envelope parts other than a Data list (Error, InfoMessage, IsSuccessful, a non-list Data, extras). */
  fields: WireObject;
}

export interface JsonItemSplitter {
  /** Feeds more text; returns the items completed by it, parsed. */
  write(text: string): WireValue[];
  end(): JsonSummary;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

/**
 * A run of text inside an item that holds no bracket outside a string and no string with an escape: stepped over in
 * one native match (about a fifth of the splitting's time on a large file), since only those matter here. Its
 * parts never overlap (a quote begins a string, never the text between strings), so it takes linear time whatever
 * the text. At most 64 strings a match: the regular expression engine keeps a place to go back to per string, and
 * an item of two million short strings overflowed its stack.
 */
const PLAIN = /[^"{}[\]]*(?:"[^"\\]*"[^"{}[\]]*){0,64}/y;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

const parse = (text: string): WireValue => {
  try {
    return JSON.parse(text) as WireValue;
  } catch (error) {
    throw new JsonSyntaxError(error instanceof Error ? error.message : 'invalid JSON');
  }
};

export function createJsonItemSplitter(): JsonItemSplitter {
  let buffer = '';
  let pos = 0;
  let depth = 0;
  let started = false;
  let finished = false;
  let isEnvelope = false;
  let hadDataList = false;
  /** Depth of the array whose values are items: 1 for a bare list, 2 inside an envelope's Data. */
  let itemDepth = 0;
  /** In the envelope object: waiting for a key, for its colon, or for its value. */
  let expect: 'key' | 'colon' | 'value' | 'comma' = 'key';
  let key = '';
  /** Where the value being captured began in buffer, or -1. */
  let captureStart = -1;
  let captureDepth = 0;
  let captureIsItem = false;
  /** Inside a string that began at stringStart; -1 when not in a string. */
  let stringStart = -1;
  /** Where to look for its closing quote next, so a long string split over many chunks is searched once. */
  let stringFrom = 0;
  const fields: WireObject = {};

  const fail = (why: string): never => {
    throw new JsonSyntaxError(why);
  };

  function finishCapture(end: number, out: WireValue[]): void {
    // The same limit as while streaming (compact), for an item that arrived whole in one piece.
    if (end - captureStart > limits.maxItemChars) fail('one item is too large');
    const text = buffer.slice(captureStart, end);
    const value = parse(text);
    if (captureIsItem) {
      rememberItemText(value, text);
      out.push(value);
    } else
      Object.defineProperty(fields, key, { value, enumerable: true, writable: true, configurable: true });
    captureStart = -1;
  }

  /** Returns the index just after the closing quote of the string opened at `open`, or -1 if not in buffer. */
  function stringEnd(open: number): number {
    let from = Math.max(open + 1, stringFrom);
    for (;;) {
      const close = buffer.indexOf('"', from);
      if (close < 0) {
        stringFrom = buffer.length;
        return -1;
      }
      let slashes = 0;
      for (let k = close - 1; k > open && buffer.charCodeAt(k) === BACKSLASH; k--) slashes++;
      if ((slashes & 1) === 0) return close + 1;
      from = close + 1;
    }
  }

  /**
   * The hot loop: inside a captured object or array only quotes and brackets matter, so everything else
   * is stepped over without the top-level bookkeeping. Returns where to go on; stops at the end of the
   * value, at the end of the buffer, or inside an unfinished string (stringStart set).
   */
  function skipInsideValue(from: number, out: WireValue[]): number {
    const length = buffer.length;
    let i = from;
    while (i < length) {
      PLAIN.lastIndex = i;
      PLAIN.test(buffer);
      i = PLAIN.lastIndex;
      if (i === length) break;
      // A bracket, a string with an escape (or not closed yet in this buffer), or where the match stopped counting.
      const c = buffer.charCodeAt(i);
      if (c === QUOTE) {
        const close = buffer.indexOf('"', i + 1);
        if (close > 0 && buffer.charCodeAt(close - 1) !== BACKSLASH) {
          i = close + 1;
          continue;
        }
        stringStart = i;
        stringFrom = 0;
        const end = stringEnd(i);
        if (end < 0) return length;
        stringStart = -1;
        i = end;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > limits.maxDepth) fail('nested too deeply');
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === captureDepth) {
          finishCapture(i + 1, out);
          return i + 1;
        }
      }
      i++;
    }
    return i;
  }

  function scan(out: WireValue[]): void {
    const length = buffer.length;
    let i = pos;
    while (i < length) {
      if (stringStart >= 0) {
        const end = stringEnd(stringStart);
        if (end < 0) {
          i = length;
          break;
        }
        if (isEnvelope && depth === 1 && expect === 'key') {
          key = parse(buffer.slice(stringStart, end)) as string;
          expect = 'colon';
        }
        stringStart = -1;
        i = end;
        continue;
      }
      if (captureStart >= 0 && depth > captureDepth) {
        i = skipInsideValue(i, out);
        continue;
      }
      const c = buffer.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (!started) {
        started = true;
        if (c === OPEN_BRACKET) itemDepth = 1;
        else if (c === OPEN_BRACE) isEnvelope = true;
        else fail('expected a list or an envelope');
        depth = 1;
        i++;
        continue;
      }
      if (finished) fail('text after the end of the document');

      const atItemStart = captureStart < 0 && depth === itemDepth;
      const atFieldValue = captureStart < 0 && isEnvelope && depth === 1 && expect === 'value';
      if (atItemStart || atFieldValue) {
        if (atFieldValue && c === OPEN_BRACKET && envelopeField(key) === 'data') {
          itemDepth = 2;
          hadDataList = true;
          expect = 'comma';
          depth = 2;
          i++;
          continue;
        }
        if (atItemStart && c === CLOSE_BRACKET) {
          // An empty list, or the end of the list.
        } else if (c === COMMA || c === CLOSE_BRACE || c === COLON) {
          if (!(atItemStart && c === COMMA)) fail('a value is missing');
        } else {
          captureStart = i;
          captureDepth = depth;
          captureIsItem = atItemStart;
          if (atFieldValue) expect = 'comma';
        }
      }

      if (c === QUOTE) {
        stringStart = i;
        stringFrom = 0;
        i++;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > limits.maxDepth) fail('nested too deeply');
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (captureStart >= 0 && depth === captureDepth) finishCapture(i, out);
        depth--;
        if (captureStart >= 0 && depth === captureDepth) finishCapture(i + 1, out);
        if (depth === itemDepth - 1 && itemDepth === 2) itemDepth = 0;
        if (depth === 0) finished = true;
        if (depth < 0) fail('unbalanced brackets');
      } else if (c === COMMA) {
        if (captureStart >= 0 && depth === captureDepth) finishCapture(i, out);
        if (isEnvelope && depth === 1) expect = 'key';
      } else if (c === COLON) {
        if (isEnvelope && depth === 1) {
          if (expect !== 'colon') fail('unexpected colon');
          expect = 'value';
        }
      } else if (captureStart < 0 && depth <= 2) {
        fail('unexpected character');
      }
      i++;
    }
    pos = i;
    compact();
  }

  /** Drops text already handled so the buffer holds at most the item in progress. */
  function compact(): void {
    const keep = captureStart >= 0 ? captureStart : stringStart >= 0 ? stringStart : pos;
    if (pos - keep > limits.maxItemChars) fail('one item is too large');
    if (keep === 0) return;
    buffer = buffer.slice(keep);
    pos -= keep;
    if (captureStart >= 0) captureStart -= keep;
    if (stringStart >= 0) stringStart -= keep;
    stringFrom = Math.max(0, stringFrom - keep);
  }

  return {
    write(text) {
      const out: WireValue[] = [];
      buffer += text;
      scan(out);
      return out;
    },
    end() {
      if (!started) fail('the answer is empty');
      if (!finished || stringStart >= 0) fail('the answer ends too early');
      return { isObject: isEnvelope, hadDataList, fields };
    },
  };
}
