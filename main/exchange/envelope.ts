// The common envelope of every PMS answer: Data, Error{Code, Message}, InfoMessage, IsSuccessful.
import { boolOrNull, field } from './fields';
import { envelopeField, isWireObject, type WireObject, type WireValue } from './wire-value';
import type { DocumentSummary } from './document';

export interface EnvelopeParts {
  isSuccessful: boolean;
  errorCode: string;
  errorMessage: string;
  infoMessage: string;
}

const part = (
  fields: WireObject,
  name: 'data' | 'error' | 'infomessage' | 'issuccessful',
): WireValue | undefined => {
  for (const key of Object.keys(fields)) if (envelopeField(key) === name) return fields[key];
  return undefined;
};

/** Text of a leaf; anything else (a nested structure where text belongs) reads as empty. */
const plain = (value: WireValue | undefined): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).trim()
    : '';

export function envelopeParts(summary: DocumentSummary): EnvelopeParts {
  const error = part(summary.fields, 'error');
  let errorCode = '';
  let errorMessage = '';
  if (isWireObject(error)) {
    errorCode = plain(field(error, 'Code'));
    errorMessage = plain(field(error, 'Message'));
  } else if (typeof error === 'string') {
    errorMessage = error.trim();
  }
  const info = part(summary.fields, 'infomessage');
  const infoMessage = plain(info);
  // Without IsSuccessful, an empty Error means success.
  const isSuccessful =
    boolOrNull(part(summary.fields, 'issuccessful')) ?? (errorCode === '' && errorMessage === '');
  return { isSuccessful, errorCode, errorMessage, infoMessage };
}

/**
 * The result list: items streamed out of a Data list, plus a Data that came as a single JSON object
 * instead of a list (XML Data children are always streamed out).
 */
export function dataItems(items: WireValue[], summary: DocumentSummary): WireValue[] {
  const data = part(summary.fields, 'data');
  if (summary.format === 'json' && isWireObject(data)) return [...items, data];
  return items;
}
