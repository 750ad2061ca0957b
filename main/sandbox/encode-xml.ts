// XML writer in the style of .NET's DataContractSerializer: a default namespace on the root, items
// under a prefix declared on their list element, some nested items resetting the namespace
// (xmlns="") or switching to another one, nulls as i:nil, \r written as &#xD;. The namespaces that
// carry the brand word differ per dialect, and so does where items sit: the answer shape says which.
import type { AnswerShape } from './answer-shape';
import { fieldNames, type Envelope, type WireRecord, type WireUnsafeText, type WireValue } from './wire';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const ARRAYS_NS = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays';
export const SERIALIZATION_NS = 'http://schemas.microsoft.com/2003/10/Serialization/';
const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

type ItemStyle =
  { kind: 'prefix'; prefix: string; uri: string } | { kind: 'default'; uri: string } | { kind: 'inherit' };

type ItemPlace = 'entity' | 'definition' | 'reset' | 'arrays';

const ITEM_PLACES: Readonly<Record<string, ItemPlace>> = {
  ReservationPms: 'entity',
  PmsResListExceed: 'entity',
  CheckReservationFile: 'entity',
  SendConfirmation: 'entity',
  DefinitionHotelAgency: 'entity',
  NotConfirmMessage: 'entity',
  StayCodesForMapping: 'entity',
  SejourCodesForMapping: 'entity',
  CustomerPms: 'reset',
  StayBoard: 'definition',
  StayRoomType: 'definition',
  StayRoom: 'definition',
  StayNational: 'definition',
  SejourBoard: 'definition',
  SejourRoomType: 'definition',
  SejourRoom: 'definition',
  SejourNational: 'definition',
  string: 'arrays',
};

/**
 * Where an item of this type is written. In the unqualified shape (the live service's published one)
 * contract items reset to no namespace where they leave the envelope (`top`) and stay there below it,
 * so nothing under Data is qualified; only .NET's own string arrays keep their namespace.
 */
function styleOf(itemType: string, shape: AnswerShape, top: boolean): ItemStyle {
  const place: ItemPlace | undefined = ITEM_PLACES[itemType];
  if (shape.xmlItems === 'unqualified' && place !== 'arrays') {
    if (place === undefined) return { kind: 'inherit' };
    return top ? { kind: 'default', uri: '' } : { kind: 'inherit' };
  }
  const ns = shape.namespaces;
  switch (place) {
    case 'entity':
      return { kind: 'prefix', prefix: 'a', uri: ns.entity };
    case 'definition':
      return { kind: 'default', uri: ns.definition };
    case 'reset':
      return { kind: 'default', uri: '' };
    case 'arrays':
      return { kind: 'prefix', prefix: 'b', uri: ARRAYS_NS };
    case undefined:
      return { kind: 'inherit' };
  }
}

// XML 1.0 cannot carry most control characters at all; they are dropped rather than sent broken.
const INVALID_XML = /[^\t\n\r\u0020-\ufffd]/g;

const NEEDS_ESCAPE = /[^\t\n\u0020-\u0025\u0027-\u003b\u003d\u003f-\ufffd]/;

export function escapeXml(text: string): string {
  // Almost every value is plain text: one test instead of five replaces per member.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#xD;');
}

/** Escapes as usual but keeps the characters XML 1.0 forbids, raw or as &#x..; references. */
function unsafeText(value: WireUnsafeText): string {
  let text = '';
  let last = 0;
  for (const match of value.text.matchAll(INVALID_XML)) {
    const character = match[0];
    text += escapeXml(value.text.slice(last, match.index));
    text +=
      value.style === 'raw' ? character : `&#x${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()};`;
    last = match.index + character.length;
  }
  return text + escapeXml(value.text.slice(last));
}

const qualified = (prefix: string, name: string): string => (prefix ? `${prefix}:${name}` : name);

function declarationFor(style: ItemStyle): string {
  return style.kind === 'prefix' ? ` xmlns:${style.prefix}="${style.uri}"` : '';
}

function member(name: string, value: WireValue, prefix: string, shape: AnswerShape): string {
  const tag = qualified(prefix, name);
  if (value === null) return `<${tag} i:nil="true"/>`;
  if (typeof value === 'string') return value === '' ? `<${tag}/>` : `<${tag}>${escapeXml(value)}</${tag}>`;
  if (typeof value === 'number') return `<${tag}>${Number.isFinite(value) ? String(value) : '0'}</${tag}>`;
  if (typeof value === 'boolean') return `<${tag}>${value}</${tag}>`;
  if (value.kind === 'dateTime') return `<${tag}>${value.text}</${tag}>`;
  if (value.kind === 'unsafeText')
    return value.text === '' ? `<${tag}/>` : `<${tag}>${unsafeText(value)}</${tag}>`;
  if (value.kind === 'record') return `<${tag}>${fieldsOf(value, prefix, shape)}</${tag}>`;
  const style = styleOf(value.itemType, shape, false);
  if (value.items.length === 0) return `<${tag}${declarationFor(style)}/>`;
  let items = '';
  for (const item of value.items) items += xmlItem(value.itemType, item, prefix, shape, false);
  return `<${tag}${declarationFor(style)}>${items}</${tag}>`;
}

function fieldsOf(value: WireRecord, prefix: string, shape: AnswerShape): string {
  let text = '';
  for (const name of fieldNames(value)) text += member(name, value.fields[name] ?? null, prefix, shape);
  return text;
}

/** One item of a list, named by its type; its members follow the item's namespace style. */
export function xmlItem(
  itemType: string,
  value: WireValue,
  parentPrefix: string,
  shape: AnswerShape,
  top: boolean,
): string {
  const style = styleOf(itemType, shape, top);
  const prefix = style.kind === 'prefix' ? style.prefix : style.kind === 'default' ? '' : parentPrefix;
  const open = style.kind === 'default' ? `${itemType} xmlns="${style.uri}"` : qualified(prefix, itemType);
  const close = qualified(prefix, itemType);
  if (value !== null && typeof value === 'object' && value.kind === 'record') {
    return `<${open}>${fieldsOf(value, prefix, shape)}</${close}>`;
  }
  return member(itemType, value, prefix, shape).replace(`<${close}`, `<${open}`);
}

/** The Error element: filled, or empty with end tags (spec) or self-closed (the reference's `<Code/>`). */
function errorElement(envelope: Envelope, shape: AnswerShape): string {
  const { errorCode: code, errorMessage: message } = envelope;
  if (code === '' && message === '' && shape.emptyError === 'null') return '<Error><Code/><Message/></Error>';
  return `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`;
}

export function* xmlEnvelopeChunks(
  envelope: Envelope,
  shape: AnswerShape,
  withDeclaration = false,
): Generator<string> {
  const root = `ServiceResultOfArrayOf${envelope.itemType}`;
  // Data's own declaration is what its items need: none when they reset to no namespace themselves.
  const style = styleOf(envelope.itemType, shape, false);
  yield `${withDeclaration ? DECLARATION : ''}<${root} xmlns="${shape.namespaces.envelope}" xmlns:i="${XSI}">`;
  if (envelope.data === null) {
    yield `<Data i:nil="true"${declarationFor(style)}/>`;
  } else {
    yield `<Data${declarationFor(style)}>`;
    for (const item of envelope.data) yield xmlItem(envelope.itemType, item, '', shape, true);
    yield '</Data>';
  }
  // In the spec shape Error members are written with explicit end tags, the rest self-close when empty:
  // clients see both.
  yield errorElement(envelope, shape);
  yield member('InfoMessage', envelope.infoMessage, '', shape);
  yield `<IsSuccessful>${envelope.isSuccessful}</IsSuccessful></${root}>`;
}

/**
 * The bare-list file shape: `<ArrayOfReservationPms>` in the entity namespace, items unprefixed; in the
 * unqualified shape the list and its items are in no namespace at all.
 */
export function* xmlListChunks(
  itemType: string,
  values: Iterable<WireValue>,
  shape: AnswerShape,
  withDeclaration = false,
): Generator<string> {
  const ns = shape.xmlItems === 'unqualified' ? '' : ` xmlns="${shape.namespaces.entity}"`;
  yield `${withDeclaration ? DECLARATION : ''}<ArrayOf${itemType}${ns} xmlns:i="${XSI}">`;
  for (const value of values) {
    const item =
      value !== null && typeof value === 'object' && value.kind === 'record'
        ? `<${itemType}>${fieldsOf(value, '', shape)}</${itemType}>`
        : xmlItem(itemType, value, '', shape, false);
    yield item;
  }
  yield `</ArrayOf${itemType}>`;
}

export function xmlLoginToken(token: string): string {
  return `<string xmlns="${SERIALIZATION_NS}">${escapeXml(token)}</string>`;
}
