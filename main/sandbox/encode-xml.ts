// XML writer in the style of .NET's DataContractSerializer: a default namespace on the root, items
// under a prefix declared on their list element, some nested items resetting the namespace
// (xmlns="") or switching to another one, nulls as i:nil, \r written as &#xD;.
import { fieldNames, type Envelope, type WireRecord, type WireValue } from './wire';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const ENVELOPE_NS = 'http://schemas.datacontract.org/2004/07/Stay.Pms.Service.Models';
export const ENTITY_NS = 'http://schemas.datacontract.org/2004/07/Stay.Pms.Entities';
export const DEFINITION_NS = 'http://schemas.datacontract.org/2004/07/Stay.Definitions';
export const ARRAYS_NS = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays';
export const SERIALIZATION_NS = 'http://schemas.microsoft.com/2003/10/Serialization/';
const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

type ItemStyle =
  { kind: 'prefix'; prefix: string; uri: string } | { kind: 'default'; uri: string } | { kind: 'inherit' };

const ENTITY: ItemStyle = { kind: 'prefix', prefix: 'a', uri: ENTITY_NS };
const DEFINITION: ItemStyle = { kind: 'default', uri: DEFINITION_NS };
const ITEM_STYLES: Readonly<Record<string, ItemStyle>> = {
  ReservationPms: ENTITY,
  PmsResListExceed: ENTITY,
  CheckReservationFile: ENTITY,
  SendConfirmation: ENTITY,
  DefinitionHotelAgency: ENTITY,
  NotConfirmMessage: ENTITY,
  StayCodesForMapping: ENTITY,
  CustomerPms: { kind: 'default', uri: '' },
  StayBoard: DEFINITION,
  StayRoomType: DEFINITION,
  StayRoom: DEFINITION,
  StayNational: DEFINITION,
  string: { kind: 'prefix', prefix: 'b', uri: ARRAYS_NS },
};

const styleOf = (itemType: string): ItemStyle => ITEM_STYLES[itemType] ?? { kind: 'inherit' };

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

const qualified = (prefix: string, name: string): string => (prefix ? `${prefix}:${name}` : name);

function declarationFor(style: ItemStyle): string {
  return style.kind === 'prefix' ? ` xmlns:${style.prefix}="${style.uri}"` : '';
}

function member(name: string, value: WireValue, prefix: string): string {
  const tag = qualified(prefix, name);
  if (value === null) return `<${tag} i:nil="true"/>`;
  if (typeof value === 'string') return value === '' ? `<${tag}/>` : `<${tag}>${escapeXml(value)}</${tag}>`;
  if (typeof value === 'number') return `<${tag}>${Number.isFinite(value) ? String(value) : '0'}</${tag}>`;
  if (typeof value === 'boolean') return `<${tag}>${value}</${tag}>`;
  if (value.kind === 'dateTime') return `<${tag}>${value.text}</${tag}>`;
  if (value.kind === 'record') return `<${tag}>${fieldsOf(value, prefix)}</${tag}>`;
  const style = styleOf(value.itemType);
  if (value.items.length === 0) return `<${tag}${declarationFor(style)}/>`;
  let items = '';
  for (const item of value.items) items += xmlItem(value.itemType, item, prefix);
  return `<${tag}${declarationFor(style)}>${items}</${tag}>`;
}

function fieldsOf(value: WireRecord, prefix: string): string {
  let text = '';
  for (const name of fieldNames(value)) text += member(name, value.fields[name] ?? null, prefix);
  return text;
}

/** One item of a list, named by its type; its members follow the item's namespace style. */
export function xmlItem(itemType: string, value: WireValue, parentPrefix: string): string {
  const style = styleOf(itemType);
  const prefix = style.kind === 'prefix' ? style.prefix : style.kind === 'default' ? '' : parentPrefix;
  const open = style.kind === 'default' ? `${itemType} xmlns="${style.uri}"` : qualified(prefix, itemType);
  const close = qualified(prefix, itemType);
  if (value !== null && typeof value === 'object' && value.kind === 'record') {
    return `<${open}>${fieldsOf(value, prefix)}</${close}>`;
  }
  return member(itemType, value, prefix).replace(`<${close}`, `<${open}`);
}

export function* xmlEnvelopeChunks(envelope: Envelope, withDeclaration = false): Generator<string> {
  const root = `ServiceResultOfArrayOf${envelope.itemType}`;
  const style = styleOf(envelope.itemType);
  yield `${withDeclaration ? DECLARATION : ''}<${root} xmlns="${ENVELOPE_NS}" xmlns:i="${XSI}">`;
  if (envelope.data === null) {
    yield `<Data i:nil="true"${declarationFor(style)}/>`;
  } else {
    yield `<Data${declarationFor(style)}>`;
    for (const item of envelope.data) yield xmlItem(envelope.itemType, item, '');
    yield '</Data>';
  }
  // Error members are written with explicit end tags, the rest self-close when empty: clients see both.
  yield `<Error><Code>${escapeXml(envelope.errorCode)}</Code><Message>${escapeXml(envelope.errorMessage)}</Message></Error>`;
  yield member('InfoMessage', envelope.infoMessage, '');
  yield `<IsSuccessful>${envelope.isSuccessful}</IsSuccessful></${root}>`;
}

/** The bare-list file shape: `<ArrayOfReservationPms>` in the entity namespace, items unprefixed. */
export function* xmlListChunks(
  itemType: string,
  values: Iterable<WireValue>,
  withDeclaration = false,
): Generator<string> {
  yield `${withDeclaration ? DECLARATION : ''}<ArrayOf${itemType} xmlns="${ENTITY_NS}" xmlns:i="${XSI}">`;
  for (const value of values) {
    const item =
      value !== null && typeof value === 'object' && value.kind === 'record'
        ? `<${itemType}>${fieldsOf(value, '')}</${itemType}>`
        : xmlItem(itemType, value, '');
    yield item;
  }
  yield `</ArrayOf${itemType}>`;
}

export function xmlLoginToken(token: string): string {
  return `<string xmlns="${SERIALIZATION_NS}">${escapeXml(token)}</string>`;
}
