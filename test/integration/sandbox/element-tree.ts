// Reads XML the way the live service's Python client does with ElementTree: every element is known by its
// namespace and local name ('{uri}local'), and a lookup by a plain tag name finds only elements in no
// namespace. So an item in the entities namespace (`<a:DefinitionHotelAgency>`) is invisible to it, and
// one written `<DefinitionHotelAgency xmlns="">` with unprefixed members is found. The test's own reader
// (saxes with namespaces on), not the app's decoder.
import { SaxesParser } from 'saxes';

export interface Element {
  /** ElementTree's tag: 'local' in no namespace, '{uri}local' otherwise. */
  tag: string;
  /** The name as written, prefix included. */
  qualifiedName: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
}

export function fromString(text: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const open: Element[] = [];
  let root: Element | null = null;
  parser.on('opentag', (node) => {
    const uri = node.uri ?? '';
    const local = node.local ?? node.name;
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(node.attributes)) attributes[name] = attribute.value;
    const element: Element = {
      tag: uri === '' ? local : `{${uri}}${local}`,
      qualifiedName: node.name,
      attributes,
      text: '',
      children: [],
    };
    open.at(-1)?.children.push(element);
    root ??= element;
    open.push(element);
  });
  parser.on('text', (value) => {
    const current = open.at(-1);
    if (current) current.text += value;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(text).close();
  if (root === null) throw new Error('no root element');
  return root;
}

/** ElementTree's iter(tag): every element below (and including) this one with exactly this tag. */
export function iter(element: Element, tag: string): Element[] {
  const found: Element[] = element.tag === tag ? [element] : [];
  for (const child of element.children) found.push(...iter(child, tag));
  return found;
}

/** ElementTree's find(tag) on direct children. */
export function find(element: Element, tag: string): Element | undefined {
  return element.children.find((child) => child.tag === tag);
}

/** ElementTree's findall(tag) on direct children. */
export function findAll(element: Element, tag: string): Element[] {
  return element.children.filter((child) => child.tag === tag);
}

/** An item's members as the Python client reads them: {child.tag: child.text}. */
export function members(element: Element): Record<string, string> {
  return Object.fromEntries(element.children.map((child) => [child.tag, child.text]));
}
