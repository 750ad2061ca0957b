// JSON writer for the exchange service's wire values. Yields one chunk per Data item so a big
// reservation file can be streamed without ever building one large string.
import { orderedFields, type Envelope, type WireValue } from './wire';

export function jsonValue(value: WireValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (value.kind === 'dateTime') return JSON.stringify(value.text);
  if (value.kind === 'list') return `[${value.items.map(jsonValue).join(',')}]`;
  return `{${orderedFields(value)
    .map(([name, field]) => `${JSON.stringify(name)}:${jsonValue(field)}`)
    .join(',')}}`;
}

function* items(values: Iterable<WireValue>): Generator<string> {
  let first = true;
  for (const value of values) {
    yield (first ? '' : ',') + jsonValue(value);
    first = false;
  }
}

export function* jsonEnvelopeChunks(envelope: Envelope): Generator<string> {
  if (envelope.data === null) {
    yield '{"Data":null';
  } else {
    yield '{"Data":[';
    yield* items(envelope.data);
    yield ']';
  }
  const error = `{"Code":${JSON.stringify(envelope.errorCode)},"Message":${JSON.stringify(envelope.errorMessage)}}`;
  yield `,"Error":${error},"InfoMessage":${JSON.stringify(envelope.infoMessage)},"IsSuccessful":${envelope.isSuccessful}}`;
}

/** The bare-list file shape: `[item,item,...]`. */
export function* jsonListChunks(values: Iterable<WireValue>): Generator<string> {
  yield '[';
  yield* items(values);
  yield ']';
}
