// An XML reader independent of the client's (fast-xml-parser, not saxes), turned into the values the
// client promises: local names only, `i:nil="true"` is null, an empty element is '', text beside child
// elements is dropped, a repeated name is an array in the place of its first use, characters XML
// forbids are gone. Tests hold the client's reader to it on the fixtures and the practice service.
import { XMLParser } from 'fast-xml-parser';
import type { WireObject, WireValue } from '../../../main/exchange/wire-value';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  alwaysCreateTextNode: true,
});

// Written by hand on purpose: the test's own list of what XML 1.0 cannot carry.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (text: string) => text.replace(FORBIDDEN, '');

function toWire(node: unknown): WireValue {
  if (typeof node === 'string') return clean(node);
  if (typeof node !== 'object' || node === null) return '';
  const record = node as Record<string, unknown>;
  if (String(record['@nil'] ?? '').trim() === 'true') return null;
  const object: WireObject = {};
  let members = 0;
  for (const [name, value] of Object.entries(record)) {
    if (name.startsWith('@') || name === '#text') continue;
    members++;
    object[name] = Array.isArray(value) ? value.map(toWire) : toWire(value);
  }
  if (members > 0) return object;
  return clean(typeof record['#text'] === 'string' ? record['#text'] : '');
}

/** The document's root element as a value, by the independent reader. */
export function independentRoot(text: string): { name: string; value: WireValue } {
  const document = parser.parse(text.replace(FORBIDDEN, '')) as Record<string, unknown>;
  const name = Object.keys(document).find((key) => !key.startsWith('?') && key !== '#text') ?? '';
  return { name, value: toWire(document[name]) };
}
