// The client's one XML reader, for .NET DataContract answers, whole or streamed, on saxes. Namespaces are
// ignored on purpose: the root carries a default namespace, items may reset it with xmlns="", and
// prefixes (i:, xsi:, a:) vary, so only local names count. Items of the result list are handed out one at
// a time and not kept, so a large file is read in bounded memory. Each item's JSON text for the store is
// made from the item when the store asks (item-text.ts).
import { SaxesParser } from 'saxes';
import { envelopeField, limits, type WireObject, type WireValue } from './wire-value';
import { createXmlCharFilter } from './xml-chars';

export interface XmlListener {
  /** One element of the result list (children of Data, or of the root of a bare list). */
  onItem(item: WireValue): void;
}

export interface XmlSummary {
  rootName: string;
  /** The root as a value, without the items handed to onItem. */
  root: WireValue;
  /** envelope: a ServiceResult root or Data/Error/... children; list: ArrayOf root or plain children. */
  shape: 'envelope' | 'list' | 'other';
}

export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
}

interface Frame {
  name: string;
  nil: boolean;
  object: WireObject | null;
  text: string;
  /** Its children are result items. */
  holdsItems: boolean;
}

const baseName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

// Prefixed names (a:KeyField) repeat for every item: their local names are cut once per reader and
// remembered, which spares a string per element. Per reader, not per process: a cut string can keep the
// whole text chunk it came from alive, so the cache must go when the answer is read. Bounded, so a
// hostile answer with endless distinct names cannot grow it.
const LOCAL_NAMES_MAX = 1024;
function localNameCache(): (name: string) => string {
  const localNames = new Map<string, string>();
  return (name) => {
    if (name.indexOf(':') < 0) return name;
    let local = localNames.get(name);
    if (local === undefined) {
      local = baseName(name);
      if (localNames.size < LOCAL_NAMES_MAX) localNames.set(name, local);
    }
    return local;
  };
}

const isNil = (attributes: Record<string, string>) => {
  for (const key in attributes) if (baseName(key) === 'nil') return attributes[key]?.trim() === 'true';
  return false;
};

/** Adds a child's value to its parent: a repeated name becomes an array, in the place of its first use. */
export function attach(parent: { object: WireObject | null }, name: string, value: WireValue): void {
  const object = (parent.object ??= {});
  // Values are never undefined, so undefined means a new name, unless it is one the prototype has
  // ("constructor", "__proto__"...): those are told apart by hasOwnProperty, and defined as own data.
  const existing = object[name];
  if (existing === undefined) {
    object[name] = value;
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(object, name)) {
    Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  if (Array.isArray(existing)) existing.push(value);
  else object[name] = [existing, value];
}

export interface XmlReader {
  write(text: string): void;
  close(): XmlSummary;
}

/**
 * Refuses a lone surrogate, which XML says is no character: saxes pairs a high surrogate with whatever
 * follows it and lets it through. Text decoded from bytes never holds one (a TextDecoder gives U+FFFD),
 * so only a string handed in directly can. A high surrogate ending a piece waits for the next piece,
 * where its other half may be.
 */
function loneSurrogateGuard(): (piece: string, end: boolean) => string {
  let held = '';
  return (piece, end) => {
    let text = held === '' ? piece : held + piece;
    held = '';
    const last = text.charCodeAt(text.length - 1);
    if (!end && last >= 0xd800 && last <= 0xdbff) {
      held = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (!text.isWellFormed()) throw new XmlSyntaxError('disallowed character.');
    return text;
  };
}

/** With `listener` null, items stay in the tree instead of going to onItem (for small whole answers). */
export function createXmlReader(listener: XmlListener | null): XmlReader {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const localName = localNameCache();
  // Frames are reused from depth to depth: an element is opened and closed some 60 times per
  // reservation, and a new object each time kept the garbage collector busy.
  const stack: Frame[] = [];
  let depthNow = 0;
  let rootName = '';
  let root: WireValue = null;
  let mode: 'unknown' | 'envelope' | 'list' | 'other' = 'unknown';
  let failure: Error | null = null;
  // The item being read (the depth of its element, or -1) and the characters of its texts and of its names so far,
  // each bounded as one text is: an item is kept as JSON text, which V8 caps, and many texts each within their bound
  // made one beyond it.
  let itemDepth = -1;
  const itemChars = { text: 0, names: 0 };
  const countItemChars = (part: 'text' | 'names', n: number): void => {
    if (itemDepth < 0) return;
    itemChars[part] += n;
    if (itemChars[part] > limits.maxItemChars) throw (failure = new XmlSyntaxError('one item is too large'));
  };

  parser.on('error', (error) => {
    failure ??= new XmlSyntaxError(error.message);
    throw failure;
  });

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const depth = depthNow;
    if (depth >= limits.maxDepth) throw (failure = new XmlSyntaxError('nested too deeply'));
    let holdsItems = false;
    if (depth === 0) {
      rootName = name;
      // An HTML page (a proxy's or a server's error page) is never data, whatever its children.
      if (name.toLowerCase() === 'html') mode = 'other';
      else
        mode = name.startsWith('ArrayOf')
          ? 'list'
          : name.startsWith('ServiceResult')
            ? 'envelope'
            : 'unknown';
    } else if (depth === 1) {
      // A root with unknown name is an envelope if its first child is an envelope part, else a bare list.
      if (mode === 'unknown') mode = envelopeField(name) ? 'envelope' : 'list';
      holdsItems = mode === 'envelope' && envelopeField(name) === 'data';
      if (mode === 'list' && stack[0]) stack[0].holdsItems = true;
    }
    if (depth > 0 && stack[depth - 1]?.holdsItems) {
      itemDepth = depth;
      itemChars.text = itemChars.names = 0;
    }
    countItemChars('names', name.length);
    const nil = isNil(tag.attributes as Record<string, string>);
    const frame = stack[depth];
    if (frame) {
      frame.name = name;
      frame.nil = nil;
      frame.object = null;
      frame.text = '';
      frame.holdsItems = holdsItems;
    } else {
      stack.push({ name, nil, object: null, text: '', holdsItems });
    }
    depthNow = depth + 1;
  });

  const onText = (text: string) => {
    const frame = depthNow > 0 ? stack[depthNow - 1] : undefined;
    if (!frame || frame.object) return;
    if (frame.text.length + text.length > limits.maxItemChars)
      throw (failure = new XmlSyntaxError('text too long'));
    countItemChars('text', text.length);
    frame.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    if (depthNow === 0) return;
    const frame = stack[--depthNow] as Frame;
    if (depthNow === itemDepth) itemDepth = -1;
    const value: WireValue = frame.nil ? null : (frame.object ?? frame.text);
    frame.object = null;
    frame.text = '';
    const parent = depthNow > 0 ? stack[depthNow - 1] : undefined;
    if (!parent) {
      root = value;
      return;
    }
    if (parent.holdsItems && listener) listener.onItem(value);
    else attach(parent, frame.name, value);
  });

  // saxes stops at the first character XML forbids; the live service sends some (xml-chars.ts).
  const chars = createXmlCharFilter();
  const surrogates = loneSurrogateGuard();
  const feed = (text: string, end: boolean) => {
    try {
      parser.write(surrogates(text, end));
    } catch (error) {
      if (error instanceof XmlSyntaxError) failure ??= error;
      throw error;
    }
  };
  return {
    write(text) {
      if (failure) throw failure;
      feed(chars.write(text), false);
    },
    close() {
      if (failure) throw failure;
      feed(chars.end(), true);
      parser.close();
      if (!rootName) throw new XmlSyntaxError('no root element');
      return { rootName, root, shape: mode === 'unknown' ? 'other' : mode };
    },
  };
}

/** A whole small answer as one value: the root element's content, and its name. */
export function parseXml(text: string): XmlSummary {
  const reader = createXmlReader(null);
  reader.write(text);
  return reader.close();
}
