// JSON writer for the exchange service's wire values. Yields one chunk per Data item so a big
// reservation file can be streamed without ever building one large string.
import type { AnswerShape } from './answer-shape';
import { fieldNames, type Envelope, type WireValue } from './wire';

const quotedNames = new Map<string, string>();

/** `"Name":`, quoted once per member name rather than once per item. */
function memberPrefix(name: string): string {
  let prefix = quotedNames.get(name);
  if (prefix === undefined) {
    prefix = `${JSON.stringify(name)}:`;
    quotedNames.set(name, prefix);
  }
  return prefix;
}

// Built by concatenation: this runs for every member of every item of a big file, and the
// intermediate arrays of map/join were most of the garbage collector's work.
export function jsonValue(value: WireValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  // JSON can carry every character (as \u0001 escapes), so forbidden-in-XML text is just a string here.
  if (value.kind === 'dateTime' || value.kind === 'unsafeText') return JSON.stringify(value.text);
  if (value.kind === 'list') {
    let text = '[';
    for (let i = 0; i < value.items.length; i += 1)
      text += (i > 0 ? ',' : '') + jsonValue(value.items[i] ?? null);
    return `${text}]`;
  }
  let text = '{';
  const names = fieldNames(value);
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] ?? '';
    text += (i > 0 ? ',' : '') + memberPrefix(name) + jsonValue(value.fields[name] ?? null);
  }
  return `${text}}`;
}

function* items(values: Iterable<WireValue>): Generator<string> {
  let first = true;
  for (const value of values) {
    yield (first ? '' : ',') + jsonValue(value);
    first = false;
  }
}

function* dataMember(data: Envelope['data']): Generator<string> {
  if (data === null) {
    yield '"Data":null';
    return;
  }
  yield '"Data":[';
  yield* items(data);
  yield ']';
}

function errorMember(envelope: Envelope, shape: AnswerShape): string {
  const { errorCode: code, errorMessage: message } = envelope;
  // The reference's success answer has "Error":null, not an object of empty strings.
  if (code === '' && message === '' && shape.emptyError === 'null') return '"Error":null';
  return `"Error":{"Code":${JSON.stringify(code)},"Message":${JSON.stringify(message)}}`;
}

export function* jsonEnvelopeChunks(envelope: Envelope, shape: AnswerShape): Generator<string> {
  const info = `"InfoMessage":${JSON.stringify(envelope.infoMessage)}`;
  const success = `"IsSuccessful":${envelope.isSuccessful}`;
  if (shape.jsonEnvelopeOrder === 'published') {
    // The reference's own sample: {"IsSuccessful":…,"InfoMessage":…,"Error":…,"Data":…} (JSON.NET writes
    // members in declaration order; only the XML writer sorts them).
    yield `{${success},${info},${errorMember(envelope, shape)},`;
    yield* dataMember(envelope.data);
    yield '}';
    return;
  }
  yield '{';
  yield* dataMember(envelope.data);
  yield `,${errorMember(envelope, shape)},${info},${success}}`;
}

/** The bare-list file shape: `[item,item,...]`. */
export function* jsonListChunks(values: Iterable<WireValue>): Generator<string> {
  yield '[';
  yield* items(values);
  yield ']';
}
