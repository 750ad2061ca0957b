// Hand-written streaming extractor for the service's XML answers (.NET DataContract documents): the desk's
// XML reader since issue 15. It gives exactly the values of the saxes reader (xml-reader.ts) for every
// document, fails where saxes fails, and is checked against it by property tests on generated documents
// cut into random chunks, the fixtures, the practice service's answers in both dialects and broken inputs.
//
// Why hand-written: XML is the format the live service is known to speak, and the target is an XML import
// within 1.2x of the JSON one (whose items JSON.parse builds natively) and faster in CPU than Python's
// ElementTree iterparse merely reading the same file. On a 20k-reservation file (58 MB) saxes took
// ≈1.6 s of CPU for what JSON's splitter and JSON.parse do in ≈0.34 s; saxes walks the text one code
// point at a time through a state table and hands every tag to callbacks as a fresh object with an
// attribute map. This reader jumps from '<' to '<' with indexOf, compares the next element name with the
// one that followed the same sibling last time (every item has the same members in the same order, so
// the guess is almost always right and no name is cut out of the text), and slices text only where it
// becomes a value: ≈0.8 s for the same file, 0.66-0.73x the CPU of saxes measured in the same run
// (`npm run bench -- decode` prints the ratio). A CPU-bound, GC-heavy hot path with a measured target is
// where a hand-written parser earns its keep; everywhere else a general parser would be the choice.
// Nine in ten elements of an item are members with text alone (`<a:Name>text</a:Name>`, `<a:Name/>`,
// `<a:Name i:nil="true"/>`): `member` and `emptyMember` take each in one step, without a frame opened and
// closed for it; the rest goes the general way. Measured A/B in one process on the 20k file, the extractor
// alone: 0.76-0.89x its CPU before (0.79x the saxes reader in `npm run bench -- decode`).
//
// Inside a result item it builds no value: it writes the item's JSON text as it reads, and JSON.parse
// makes the item from that text, as for a JSON answer; the store keeps the text, so the item is never
// serialized again. Items filled one name at a time (40+ names) were hash tables in V8, slow to fill, to
// JSON.stringify and to collect. Measured with the same bench code, run after each other on this machine
// (`npm run bench -- import decode`, 20k file, CPU): XML streaming decode 2.31 s before, 1.75 s after
// (3.64x, then 2.86x the JSON decode); XML import 1.96x, then 1.60x the JSON import; 3.51x, then 2.89x
// Python's iterparse reading the same file.
//
// What it leaves to saxes: anything unusual before the root element (a DOCTYPE, an XML declaration other
// than version 1.0, text before the root, a malformed declaration). Nothing has been handed out by then,
// so the whole document goes to the saxes reader instead and behaves exactly as before. Inside the root
// it checks what saxes checks: names, attributes (quotes, duplicates, '<'), entity and character
// references, ']]>' in text, comments, processing instructions, CDATA, matching end tags, one root,
// nothing but space, comments and PIs after it, and characters XML cannot carry (the forbidden ones are
// dropped before, as xml-chars.ts always did). One deliberate difference: a lone surrogate is refused,
// where saxes pairs a high surrogate with whatever follows and lets it through; text decoded from bytes
// never holds one (the TextDecoder gives U+FFFD), so only a string handed in directly can tell.
import { envelopeField, isWireObject, limits, type WireObject, type WireValue } from './wire-value';
import { rememberItemText } from './item-text';
import { createXmlCharFilter } from './xml-chars';
import {
  LT,
  GT,
  SLASH,
  BANG,
  QUESTION,
  EQUAL,
  QUOTE,
  APOSTROPHE,
  CR,
  CLOSE_BRACKET,
  DECODE,
  ESCAPE,
  BRACKET,
  TEXT_CLASS,
  isS,
  isNameStartCode,
  isNameCode,
  codeAt,
  resolveReference,
  lineBreaks,
  attributeSpaces,
  XML_DECLARATION,
} from './xml-syntax';
import {
  attach,
  createXmlReader,
  XmlSyntaxError,
  type XmlListener,
  type XmlReader,
  type XmlSummary,
} from './xml-reader';

/** An element name met in this answer: its local part, and which name followed it last time. */
interface Name {
  raw: string;
  local: string;
  /** The name of the next sibling after an element of this name, as last seen. */
  next: Name | null;
  /** The name of the first child of an element of this name, as last seen. */
  firstChild: Name | null;
  key: Key;
}

/** A member of an object in an item's JSON text: a local name (a:X and b:X are the same member). */
interface Key {
  /** `"local":` and `,"local":`. */
  json: string;
  nextJson: string;
  /** Per depth, the serial number of the last element there that had a member of this name. */
  seenIn: number[];
  /** Made past the cap on remembered names: its seenIn is its own, so a repeat is looked for by hand. */
  transient: boolean;
}

interface Frame {
  name: Name;
  nil: boolean;
  object: WireObject | null;
  text: string;
  /** Its children are result items. */
  holdsItems: boolean;
  /** The last child opened, to guess the next one's name. */
  lastChild: Name | null;
  /** Inside a result item: its JSON text is written as it is read, no value is built (see `jsonOpen`). */
  inItem: boolean;
  /** Tells this element from the earlier ones at its depth (Key.seenIn). */
  serial: number;
  /** Where this element's value starts in `parts`. */
  jsonStart: number;
  /** Where each member starts in `parts` (its key), for `regroup`. */
  memberStarts: number[];
  /**
   * Where the last member's value starts in `parts`, and its local name: null before the first one (not
   * '': a name like `i:` has an empty local part, and is a member like any other).
   */
  jsonValueStart: number;
  jsonLast: string | null;
  /** The last member's name repeats: `parts` has an array open for it. */
  jsonArray: boolean;
  /** A member's name came back after another one: `regroup` puts its values together at the close. */
  grouped: boolean;
  /** The text needs JSON escaping (it holds a quote, a backslash, a line break, a tab, or was decoded). */
  escape: boolean;
}

/** Text without a '<' in sight is handed on in pieces once this long, so a huge text needs no huge buffer. */
const TEXT_PIECE = 64 * 1024;
/** How the service marks an empty value null, after the element's name (see `emptyMember`). */
const NIL_TAIL = ' i:nil="true"/>';
/** Element names remembered per answer; a hostile answer with endless distinct names cannot grow it. */
const NAMES_MAX = 1024;

const PROLOG = 0;
const ROOT = 1;
const EPILOG = 2;
const FALLBACK = 3;

/** An element inside an item that has members: its members are in the item's text, not in an object. */
const HAS_MEMBERS: WireObject = Object.freeze({});
const fail = (why: string): never => {
  throw new XmlSyntaxError(why);
};

/** With `listener` null, items stay in the tree instead of going to onItem (for small whole answers). */
export function createXmlExtractor(listener: XmlListener | null): XmlReader {
  const chars = createXmlCharFilter();
  let phase = PROLOG;
  let fallback: XmlReader | null = null;
  let failure: Error | null = null;
  /** Text not yet consumed starts at `pos`. */
  let buf = '';
  let pos = 0;
  /** A high surrogate held back from the end of the last piece. */
  let heldSurrogate = '';

  const names = new Map<string, Name>();
  const keys = new Map<string, Key>();
  /** The JSON text of the item being read, in pieces, and the count of elements opened. */
  const parts: string[] = [];
  let serials = 0;
  const stack: Frame[] = [];
  let depth = 0;
  let rootName = '';
  let root: WireValue = null;
  let mode: 'unknown' | 'envelope' | 'list' | 'other' = 'unknown';

  function keyOf(local: string): Key {
    let key = keys.get(local);
    if (key === undefined) {
      const json = `${JSON.stringify(local)}:`;
      key = { json, nextJson: `,${json}`, seenIn: [], transient: keys.size >= NAMES_MAX };
      if (!key.transient) keys.set(local, key);
    }
    return key;
  }

  function nameOf(raw: string): Name {
    let name = names.get(raw);
    if (name === undefined) {
      const colon = raw.indexOf(':');
      const local = colon < 0 ? raw : raw.slice(colon + 1);
      name = { raw, local, next: null, firstChild: null, key: keyOf(local) };
      if (names.size < NAMES_MAX) names.set(raw, name);
    }
    return name;
  }

  /** End of the name starting at `at` (its first character already known to be a start character), or -1. */
  function nameEnd(at: number): number {
    const length = buf.length;
    let k = at;
    while (k < length) {
      const c = buf.charCodeAt(k);
      if (c < 0x80) {
        if (
          (c >= 97 && c <= 122) ||
          (c >= 65 && c <= 90) ||
          (c >= 48 && c <= 58) ||
          c === 95 ||
          c === 45 ||
          c === 46
        ) {
          k++;
          continue;
        }
        return k;
      }
      const code = codeAt(buf, k);
      if (code < 0) return -1;
      if (!isNameCode(code)) return k;
      k += code > 0xffff ? 2 : 1;
    }
    return -1;
  }

  /** Whether buf holds `name` at `at` (compared by hand: startsWith with a position is far slower here). */
  function sameAt(name: string, at: number): boolean {
    const n = name.length;
    if (at + n > buf.length) return false;
    for (let k = 0; k < n; k++) if (buf.charCodeAt(at + k) !== name.charCodeAt(k)) return false;
    return true;
  }

  function skipSpaces(at: number): number {
    let k = at;
    while (k < buf.length && isS(buf.charCodeAt(k))) k++;
    return k;
  }

  /** Text with its references resolved and line breaks read; throws on a broken reference. */
  function decodeText(start: number, end: number, attribute: boolean): string {
    let out = '';
    let k = start;
    for (;;) {
      const amp = buf.indexOf('&', k);
      const rawEnd = amp < 0 || amp >= end ? end : amp;
      const raw = buf.slice(k, rawEnd);
      out += attribute ? attributeSpaces(raw) : lineBreaks(raw);
      if (rawEnd === end) return out;
      const semicolon = buf.indexOf(';', amp + 1);
      if (semicolon < 0 || semicolon >= end) fail('malformed entity.');
      if (semicolon === amp + 1) fail('empty entity name.');
      out += resolveReference(buf.slice(amp + 1, semicolon));
      k = semicolon + 1;
    }
  }

  /** The TEXT_CLASS bits of the text `textEnd` last stepped over. */
  let textClasses = 0;

  /**
   * Where the text from `from` ends: the next '<', or the buffer's end. Found by hand: most texts are a
   * few characters long, shorter than what a call to indexOf costs, and the same pass tells what the text
   * needs (left in `textClasses`).
   */
  function textEnd(from: number): number {
    const length = buf.length;
    let lt = from;
    let classes = 0;
    while (lt < length) {
      const c = buf.charCodeAt(lt);
      if (c === LT) break;
      if (c < 128) classes |= TEXT_CLASS[c] as number;
      lt++;
    }
    textClasses = classes;
    return lt;
  }

  function refuseCdataEnd(start: number, end: number): void {
    const cdataEnd = buf.indexOf(']]>', start);
    if (cdataEnd >= 0 && cdataEnd + 3 <= end) fail('the string "]]>" is disallowed in char data.');
  }

  /**
   * Character data of the open element, [start, end) of buf. `classes`: the TEXT_CLASS bits of its
   * characters; without DECODE it is its own value.
   */
  function text(start: number, end: number, classes: number): void {
    const frame = stack[depth - 1] as Frame;
    if ((classes & BRACKET) !== 0) refuseCdataEnd(start, end);
    if ((classes & DECODE) === 0) {
      if (frame.object === null) addText(frame, buf.slice(start, end), (classes & ESCAPE) !== 0);
      return;
    }
    // Text beside child elements is not kept, but it must still be well formed.
    const value = decodeText(start, end, false);
    if (frame.object === null) addText(frame, value, true);
  }

  function addText(frame: Frame, value: string, escape: boolean): void {
    if (frame.object !== null) return;
    if (frame.text.length + value.length > limits.maxItemChars) fail('text too long');
    frame.text = frame.text === '' ? value : frame.text + value;
    if (escape) frame.escape = true;
  }

  /** Text after the root: only white space may be there. */
  function textAfterRoot(start: number, end: number): void {
    for (let k = start; k < end; k++) if (!isS(buf.charCodeAt(k))) fail('text data outside of root node.');
  }

  function open(name: Name, nil: boolean): void {
    if (depth >= limits.maxDepth) fail('nested too deeply');
    let holdsItems = false;
    if (depth === 0) {
      rootName = name.local;
      // An HTML page (a proxy's or a server's error page) is never data, whatever its children.
      if (rootName.toLowerCase() === 'html') mode = 'other';
      else
        mode = rootName.startsWith('ArrayOf')
          ? 'list'
          : rootName.startsWith('ServiceResult')
            ? 'envelope'
            : 'unknown';
    } else if (depth === 1) {
      // A root with unknown name is an envelope if its first child is an envelope part, else a bare list.
      const part = envelopeField(name.local);
      if (mode === 'unknown') mode = part ? 'envelope' : 'list';
      holdsItems = mode === 'envelope' && part === 'data';
      if (mode === 'list' && stack[0]) stack[0].holdsItems = true;
    }
    const parent = depth > 0 ? (stack[depth - 1] as Frame) : null;
    const inItem = parent !== null && ((parent.holdsItems && listener !== null) || parent.inItem);
    let frame = stack[depth];
    if (frame) {
      frame.name = name;
      frame.nil = nil;
      frame.object = null;
      frame.text = '';
      frame.holdsItems = holdsItems;
      frame.lastChild = null;
    } else {
      frame = {
        name,
        nil,
        object: null,
        text: '',
        holdsItems,
        lastChild: null,
        inItem,
        serial: 0,
        jsonStart: 0,
        memberStarts: [],
        jsonValueStart: 0,
        jsonLast: null,
        jsonArray: false,
        grouped: false,
        escape: false,
      };
      stack.push(frame);
    }
    frame.inItem = inItem;
    if (inItem) {
      frame.serial = ++serials;
      frame.escape = false;
      frame.jsonLast = null;
      frame.jsonArray = false;
      frame.grouped = false;
      // Setting an array's length is a call into the runtime: only when there is something to drop.
      if (frame.memberStarts.length !== 0) frame.memberStarts.length = 0;
      frame.jsonStart = jsonOpen(parent as Frame, frame.name, depth - 1);
    }
    depth++;
  }

  /**
   * The commonest element inside an item, `<name>text</name>` with text alone, taken in
   * one step: its member is written at once, with no frame opened and closed for it, and its text is
   * scanned once. The start tag (no attributes) ends at `from`. Returns where the end tag ends, or -1 to
   * take the general way (a ']', a child, a comment, space in the end tag, the buffer ending first).
   * Issue 15: about nine in ten elements of a reservation file are such members.
   */
  function member(parent: Frame, name: Name, from: number): number {
    const length = buf.length;
    const lt = textEnd(from);
    const classes = textClasses;
    const raw = name.raw;
    const after = lt + 2 + raw.length;
    if (
      (classes & BRACKET) !== 0 ||
      after >= length ||
      buf.charCodeAt(lt + 1) !== SLASH ||
      buf.charCodeAt(after) !== GT ||
      !sameAt(raw, lt + 2)
    )
      return -1;
    if (depth >= limits.maxDepth) fail('nested too deeply');
    if (lt - from > limits.maxItemChars) fail('text too long');
    parent.lastChild = name;
    jsonOpen(parent, name, depth - 1);
    if (classes === 0) parts.push('"', buf.slice(from, lt), '"');
    else if ((classes & DECODE) === 0) parts.push(JSON.stringify(buf.slice(from, lt)));
    else parts.push(JSON.stringify(decodeText(from, lt, false)));
    parent.object = HAS_MEMBERS;
    return after + 1;
  }

  /**
   * An empty element inside an item with no attributes (`<name/>`, an empty text) or with just the nil
   * mark as the service writes it (`<name i:nil="true"/>`, null): what the general way makes of them.
   */
  function emptyMember(parent: Frame, name: Name, value: '""' | 'null'): void {
    if (depth >= limits.maxDepth) fail('nested too deeply');
    parent.lastChild = name;
    jsonOpen(parent, name, depth - 1);
    parts.push(value);
    parent.object = HAS_MEMBERS;
  }

  // Inside an item no value is built: its JSON text is written as it is read, and JSON.parse makes the
  // item from it, as for a JSON answer, and the store keeps that very text (item-text.ts). Values built
  // element by element were slower to make, to serialize for the store and to collect: objects given 40+
  // names one at a time become hash tables in V8, and their strings kept the 64 KB pieces of text they
  // were cut from alive. The text goes into `parts` in document order, which is the text's order, and is
  // joined once per item. A repeated name becomes an array in the place of its first use, as `attach`
  // makes it: a run of one name (a list of guests) is written as it comes, a name that comes back after
  // another one makes the element `grouped`, put right at its close.
  function jsonOpen(parent: Frame, name: Name, parentDepth: number): number {
    if (!parent.inItem) {
      if (parts.length !== 0) parts.length = 0;
    } else if (name.local === parent.jsonLast) {
      if (!parent.jsonArray) {
        parts[parent.jsonValueStart] = `[${parts[parent.jsonValueStart] as string}`;
        parent.jsonArray = true;
      }
      parts.push(',');
    } else {
      if (parent.jsonArray) {
        parts.push(']');
        parent.jsonArray = false;
      }
      const key = name.key;
      if (key.seenIn[parentDepth] === parent.serial || (key.transient && hasMember(parent, key))) {
        parent.grouped = true;
      }
      key.seenIn[parentDepth] = parent.serial;
      parent.memberStarts.push(parts.length);
      parts.push(parent.jsonLast === null ? key.json : key.nextJson);
      parent.jsonLast = name.local;
      parent.jsonValueStart = parts.length;
    }
    return parts.length;
  }

  const keyPiece = (piece: string): string => (piece.charCodeAt(0) === 44 ? piece.slice(1) : piece);

  /** Whether `frame` has a member `key` already (for keys past the cap only: a linear search). */
  function hasMember(frame: Frame, key: Key): boolean {
    return frame.memberStarts.some((start) => keyPiece(parts[start] as string) === key.json);
  }

  /**
   * Puts the values of each name of a `grouped` element together, in the place of its first use: a
   * run written as an array ([a,b]) counts as its values. Rare: only a name coming back after another.
   */
  function regroup(frame: Frame): void {
    if (frame.jsonArray) parts.push(']');
    const groups = new Map<string, { values: string[]; count: number }>();
    const starts = frame.memberStarts;
    for (let i = 0; i < starts.length; i++) {
      const from = starts[i] as number;
      const key = keyPiece(parts[from] as string);
      const value = parts.slice(from + 1, starts[i + 1] ?? parts.length).join('');
      const run = value.charCodeAt(0) === 91;
      const group = groups.get(key) ?? { values: [], count: 0 };
      group.values.push(run ? value.slice(1, -1) : value);
      group.count += run ? 2 : 1; // a run holds two values at least: only more than one counts
      groups.set(key, group);
    }
    parts.length = frame.jsonStart;
    for (const [key, { values, count }] of groups) {
      parts.push(parts.length === frame.jsonStart ? key : `,${key}`);
      parts.push(count > 1 ? `[${values.join(',')}]` : (values[0] as string));
    }
    frame.jsonArray = false;
  }

  /** The closing element's value in `parts`: its members are there already when it has any. */
  function jsonClose(frame: Frame): void {
    if (frame.nil) {
      if (parts.length !== frame.jsonStart) parts.length = frame.jsonStart;
      parts.push('null');
    } else if (frame.object !== null) {
      if (frame.grouped) regroup(frame);
      parts[frame.jsonStart] = `{${parts[frame.jsonStart] as string}`;
      parts.push(frame.jsonArray ? ']}' : '}');
    } else if (frame.escape) {
      parts.push(JSON.stringify(frame.text));
    } else {
      parts.push('"', frame.text, '"');
    }
  }

  function close(): void {
    const frame = stack[--depth] as Frame;
    if (frame.inItem) {
      jsonClose(frame);
      frame.text = '';
      const parent = stack[depth - 1] as Frame;
      if (parent.holdsItems) {
        const text = parts.join('');
        parts.length = 0;
        const item = JSON.parse(text) as WireValue;
        // The store keeps the item as this text, so it is never serialized again (item-text.ts).
        if (isWireObject(item)) rememberItemText(item, text);
        (listener as XmlListener).onItem(item);
      } else {
        parent.object = HAS_MEMBERS;
      }
      frame.object = null;
      return;
    }
    const value: WireValue = frame.nil ? null : (frame.object ?? frame.text);
    frame.object = null;
    frame.text = '';
    if (depth === 0) {
      root = value;
      phase = EPILOG;
      return;
    }
    const parent = stack[depth - 1] as Frame;
    if (parent.holdsItems && listener) listener.onItem(value);
    else attach(parent, frame.name.local, value);
  }

  /**
   * The start tag at `lt`: its element opened (and closed when empty). Returns where it ends, or -1 when
   * the buffer ends inside it.
   */
  function startTag(lt: number): number {
    const length = buf.length;
    const parent = depth > 0 ? (stack[depth - 1] as Frame) : null;
    // Members come in the same order in every item: the name that followed this one last time is tried
    // first, compared in place, so no string is cut for it.
    const guess =
      parent === null ? null : parent.lastChild === null ? parent.name.firstChild : parent.lastChild.next;
    let name: Name | null = null;
    let k = lt + 1;
    if (guess !== null && sameAt(guess.raw, k)) {
      const after = k + guess.raw.length;
      if (after >= length) return -1;
      const c = buf.charCodeAt(after);
      if (c === GT || c === SLASH || isS(c)) {
        name = guess;
        k = after;
      }
    }
    if (name === null) {
      const end = nameEnd(k);
      if (end < 0) return -1;
      name = nameOf(buf.slice(k, end));
      if (parent !== null) {
        if (parent.lastChild === null) parent.name.firstChild = name;
        else parent.lastChild.next = name;
      }
      k = end;
    }
    let c = buf.charCodeAt(k);
    if (parent !== null && parent.inItem) {
      if (c === GT) {
        const end = member(parent, name, k + 1);
        if (end >= 0) return end;
      } else if (c === SLASH && buf.charCodeAt(k + 1) === GT) {
        emptyMember(parent, name, '""');
        return k + 2;
      } else if (c === 32 && sameAt(NIL_TAIL, k)) {
        emptyMember(parent, name, 'null');
        return k + NIL_TAIL.length;
      }
    }
    let nil = false;
    if (c !== GT && c !== SLASH) {
      if (!isS(c)) fail('disallowed character in tag name.');
      // Attributes: only i:nil (any prefix) means anything; the others are checked and passed over.
      let seen: string[] | null = null;
      let nilSeen = false;
      for (;;) {
        k = skipSpaces(k);
        if (k >= length) return -1;
        c = buf.charCodeAt(k);
        if (c === GT || c === SLASH) break;
        const code = codeAt(buf, k);
        if (code < 0) return -1;
        if (!isNameStartCode(code)) fail('disallowed character in attribute name.');
        const end = nameEnd(k);
        if (end < 0) return -1;
        const attribute = buf.slice(k, end);
        k = skipSpaces(end);
        if (k >= length) return -1;
        c = buf.charCodeAt(k);
        if (c !== EQUAL)
          fail(c === GT ? 'attribute without value.' : 'disallowed character in attribute name.');
        k = skipSpaces(k + 1);
        if (k >= length) return -1;
        const quote = buf.charCodeAt(k);
        if (quote !== QUOTE && quote !== APOSTROPHE) fail('unquoted attribute value.');
        const closing = buf.indexOf(quote === QUOTE ? '"' : "'", k + 1);
        if (closing < 0) return -1;
        const lessThan = buf.indexOf('<', k + 1);
        if (lessThan >= 0 && lessThan < closing) fail('disallowed character.');
        const local = attribute.slice(attribute.indexOf(':') + 1);
        const value = decodeText(k + 1, closing, true);
        if (seen === null) seen = [attribute];
        else if (seen.includes(attribute)) fail(`duplicate attribute: ${attribute}.`);
        else seen.push(attribute);
        if (!nilSeen && local === 'nil') {
          nilSeen = true;
          nil = value.trim() === 'true';
        }
        k = closing + 1;
        if (k >= length) return -1;
        c = buf.charCodeAt(k);
        if (c === GT || c === SLASH) break;
        if (!isS(c)) {
          const next = codeAt(buf, k);
          if (next < 0) return -1;
          fail(
            isNameStartCode(next)
              ? 'no whitespace between attributes.'
              : 'disallowed character in attribute name.',
          );
        }
      }
    }
    if (c === SLASH) {
      if (k + 1 >= length) return -1;
      if (buf.charCodeAt(k + 1) !== GT) fail('forward-slash in opening tag not followed by >.');
      if (phase === EPILOG) fail('documents may contain only one root.');
      if (parent !== null) parent.lastChild = name;
      open(name, nil);
      close();
      return k + 2;
    }
    if (phase === EPILOG) fail('documents may contain only one root.');
    if (parent !== null) parent.lastChild = name;
    open(name, nil);
    return k + 1;
  }

  /** The end tag at `lt`; returns where it ends, or -1 when the buffer ends inside it. */
  function endTag(lt: number): number {
    const length = buf.length;
    if (depth === 0) {
      if (buf.indexOf('>', lt) < 0) return -1;
      fail('unmatched closing tag.');
    }
    const raw = (stack[depth - 1] as Frame).name.raw;
    let k = lt + 2;
    if (!sameAt(raw, k)) {
      if (length - k < raw.length && raw.startsWith(buf.slice(k))) return -1;
      fail('unexpected close tag.');
    }
    k += raw.length;
    if (k >= length) return -1;
    let c = buf.charCodeAt(k);
    if (c !== GT) {
      if (!isS(c)) {
        const code = codeAt(buf, k);
        if (code < 0) return -1;
        fail(isNameCode(code) ? 'unexpected close tag.' : 'disallowed character in closing tag.');
      }
      k = skipSpaces(k);
      if (k >= length) return -1;
      c = buf.charCodeAt(k);
      if (c !== GT) fail('disallowed character in closing tag.');
    }
    close();
    return k + 1;
  }

  /** A comment, CDATA section or processing instruction at `lt`; returns where it ends, or -1. */
  function markup(lt: number): number {
    const length = buf.length;
    if (buf.charCodeAt(lt + 1) === QUESTION) {
      const start = lt + 2;
      if (start >= length) return -1;
      const first = codeAt(buf, start);
      if (first < 0) return -1;
      if (!isNameStartCode(first)) fail('disallowed character in processing instruction name.');
      const end = nameEnd(start);
      if (end < 0) return -1;
      const c = buf.charCodeAt(end);
      if (c !== QUESTION && !isS(c)) fail('disallowed character in processing instruction name.');
      if (buf.slice(start, end).toLowerCase() === 'xml')
        fail('the XML declaration must appear at the start of the document.');
      const close = buf.indexOf('?>', end);
      return close < 0 ? -1 : close + 2;
    }
    // '<!': a comment, a CDATA section, or nothing well-formed here.
    if (length - lt < 9 && buf.indexOf('>', lt) < 0) {
      const seen = buf.slice(lt);
      if ('<!--'.startsWith(seen) || '<![CDATA['.startsWith(seen) || '<!DOCTYPE'.startsWith(seen)) return -1;
    }
    if (buf.startsWith('<!--', lt)) {
      const dashes = buf.indexOf('--', lt + 4);
      if (dashes < 0 || dashes + 2 >= length) return -1;
      if (buf.charCodeAt(dashes + 2) !== GT) fail('malformed comment.');
      return dashes + 3;
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      if (phase !== ROOT) fail('text data outside of root node.');
      const end = buf.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      addText(stack[depth - 1] as Frame, lineBreaks(buf.slice(lt + 9, end)), true);
      return end + 3;
    }
    if (buf.startsWith('<!DOCTYPE', lt)) fail('inappropriately located doctype declaration.');
    return fail('incorrect syntax.');
  }

  /** Reads what the buffer holds from `pos` in the root and after it. `end`: no more text comes. */
  function parse(end: boolean): void {
    const length = buf.length;
    let i = pos;
    for (;;) {
      const lt = textEnd(i);
      const classes = textClasses;
      if (lt !== i) {
        if (phase !== ROOT) textAfterRoot(i, lt);
        else if (lt < length || end) text(i, lt, classes);
        else {
          // No '<' yet: keep the text for the next piece unless it is long, then hand on all of it
          // but what may be cut (a reference, a \r before its \n, ']]' before its '>').
          if (lt - i < TEXT_PIECE) break;
          let cut = lt;
          const amp = buf.lastIndexOf('&', lt);
          if (amp >= i && buf.indexOf(';', amp) < 0) cut = amp;
          for (let n = 0; n < 2 && cut > i && buf.charCodeAt(cut - 1) === CLOSE_BRACKET; n++) cut--;
          if (cut > i && buf.charCodeAt(cut - 1) === CR) cut--;
          text(i, cut, DECODE | ESCAPE | BRACKET);
          i = cut;
          break;
        }
        i = lt;
      }
      if (lt + 1 >= length) break;
      const c = buf.charCodeAt(lt + 1);
      let next: number;
      if (c === SLASH) next = endTag(lt);
      else if (c === BANG || c === QUESTION) next = markup(lt);
      else {
        const code = codeAt(buf, lt + 1);
        if (code < 0) break;
        if (!isNameStartCode(code)) fail('disallowed character in tag name');
        next = startTag(lt);
      }
      if (next < 0) break;
      i = next;
    }
    pos = i;
    if (length - pos > limits.maxItemChars) fail('markup too long');
  }

  /**
   * Before the root: an XML 1.0 declaration, space, comments and processing instructions are read here;
   * anything else hands the document to saxes. Returns the root's '<', or -1 while more text is needed.
   */
  function prolog(end: boolean): number {
    let k = buf.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (
      buf.startsWith('<?xml', k) &&
      (k + 5 >= buf.length || isS(buf.charCodeAt(k + 5)) || buf.charCodeAt(k + 5) === QUESTION)
    ) {
      const close = buf.indexOf('?>', k);
      if (close < 0) return end ? toSaxes() : -1;
      if (!XML_DECLARATION.test(buf.slice(k, close + 2))) return toSaxes();
      k = close + 2;
    } else if (k + 5 > buf.length && '<?xml'.startsWith(buf.slice(k)) && !end) {
      return -1;
    }
    for (;;) {
      k = skipSpaces(k);
      if (k + 1 >= buf.length) return end ? toSaxes() : -1;
      if (buf.charCodeAt(k) !== LT) return toSaxes();
      const c = buf.charCodeAt(k + 1);
      if (c === BANG) {
        if (buf.length - k < 4) return end ? toSaxes() : -1;
        if (!buf.startsWith('<!--', k)) return toSaxes();
        const dashes = buf.indexOf('--', k + 4);
        if (dashes < 0 || dashes + 2 >= buf.length) return end ? toSaxes() : -1;
        if (buf.charCodeAt(dashes + 2) !== GT) return toSaxes();
        k = dashes + 3;
      } else if (c === QUESTION) {
        const first = codeAt(buf, k + 2);
        if (k + 2 >= buf.length || first < 0) return end ? toSaxes() : -1;
        if (!isNameStartCode(first)) return toSaxes();
        const nameStop = nameEnd(k + 2);
        if (nameStop < 0) return end ? toSaxes() : -1;
        const after = buf.charCodeAt(nameStop);
        if (after !== QUESTION && !isS(after)) return toSaxes();
        if (buf.slice(k + 2, nameStop).toLowerCase() === 'xml') return toSaxes();
        const close = buf.indexOf('?>', nameStop);
        if (close < 0) return end ? toSaxes() : -1;
        k = close + 2;
      } else {
        const code = codeAt(buf, k + 1);
        if (code < 0) return end ? toSaxes() : -1;
        return isNameStartCode(code) ? k : toSaxes();
      }
    }
  }

  /** Hands the whole document so far to the saxes reader, which reads the rest too. */
  function toSaxes(): number {
    phase = FALLBACK;
    fallback = createXmlReader(listener, { prefiltered: true });
    const text = buf;
    buf = '';
    fallback.write(text);
    return -1;
  }

  function feed(piece: string, end: boolean): void {
    // A high surrogate at the end of a piece waits for the next piece, where its other half may be.
    let text = heldSurrogate + piece;
    heldSurrogate = '';
    const last = text.charCodeAt(text.length - 1);
    if (!end && last >= 0xd800 && last <= 0xdbff) {
      heldSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (phase === FALLBACK) {
      (fallback as XmlReader).write(text);
      return;
    }
    // A lone surrogate is not a character: saxes refuses it, so does this reader (the native check is
    // about ten times faster than a regular expression with a look-behind).
    if (!text.isWellFormed()) fail('disallowed character.');
    buf = pos === 0 ? buf + text : pos >= buf.length ? text : buf.slice(pos) + text;
    pos = 0;
    if (phase === PROLOG) {
      const start = prolog(end);
      if (start < 0) {
        if (phase === PROLOG && buf.length > limits.maxItemChars) toSaxes();
        return;
      }
      pos = start;
      phase = ROOT;
    }
    parse(end);
  }

  const guarded = (run: () => void): void => {
    if (failure) throw failure;
    try {
      run();
    } catch (error) {
      if (error instanceof XmlSyntaxError) failure = error;
      throw error;
    }
  };

  return {
    write(text) {
      guarded(() => feed(chars.write(text), false));
    },
    close(): XmlSummary {
      guarded(() => feed(chars.end(), true));
      // At the end the prolog is either read or handed to saxes.
      if (fallback) return fallback.close();
      if (depth > 0) fail(`unclosed tag: ${(stack[depth - 1] as Frame).name.raw}`);
      if (pos < buf.length) fail('unexpected end.');
      return { rootName, root, shape: mode === 'unknown' ? 'other' : mode };
    },
  };
}

/** A whole small answer as one value: the root element's content, and its name. */
export function parseXml(text: string): XmlSummary {
  const reader = createXmlExtractor(null);
  reader.write(text);
  return reader.close();
}
