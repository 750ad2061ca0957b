// What an operation answers, before the server (and any injected fault) writes it to the socket.
import type { AnswerShape } from './answer-shape';
import { jsonEnvelopeChunks, jsonListChunks } from './encode-json';
import { NUMERIC_ERROR_CODES, type ServiceError } from './errors';
import { xmlEnvelopeChunks, xmlListChunks } from './encode-xml';
import type { Envelope, WireFormat, WireValue } from './wire';

/** A body written chunk by chunk with backpressure; `expectedChunks` lets a fault cut it halfway. */
export interface ChunkStream {
  readonly chunks: Iterable<string>;
  readonly expectedChunks: number;
}

export interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer | ChunkStream;
  headers?: Record<string, string>;
  /** How a streamed body's text becomes bytes when not UTF-8 (an answer in an odd charset). */
  encode?: (text: string) => Buffer;
}

export const CONTENT_TYPE: Readonly<Record<WireFormat, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export function envelopeReply(
  format: WireFormat,
  shape: AnswerShape,
  envelope: Envelope,
  status = 200,
): Reply {
  const chunks = format === 'json' ? jsonEnvelopeChunks(envelope, shape) : xmlEnvelopeChunks(envelope, shape);
  return { status, contentType: CONTENT_TYPE[format], body: [...chunks].join('') };
}

export function successReply(
  format: WireFormat,
  shape: AnswerShape,
  itemType: string,
  data: readonly WireValue[],
  infoMessage = '',
): Reply {
  return envelopeReply(format, shape, {
    itemType,
    data,
    errorCode: '',
    errorMessage: '',
    infoMessage,
    isSuccessful: true,
  });
}

export function failureReply(
  format: WireFormat,
  shape: AnswerShape,
  itemType: string,
  code: string,
  message: string,
  status: number,
): Reply {
  return envelopeReply(
    format,
    shape,
    { itemType, data: null, errorCode: code, errorMessage: message, infoMessage: '', isSuccessful: false },
    status,
  );
}

/** A refusal in the shape's words: our code name and sentence, or a numeric code and the .NET text. */
export function errorReply(
  format: WireFormat,
  shape: AnswerShape,
  itemType: string,
  error: ServiceError,
): Reply {
  const numeric = shape.errorCodes === 'numbers';
  return failureReply(
    format,
    shape,
    itemType,
    numeric ? NUMERIC_ERROR_CODES[error.code] : error.code,
    numeric ? error.dotNetMessage : error.message,
    error.status,
  );
}

/** A streamed reservation file in one of the two shapes clients must accept. */
export function fileReply(
  format: WireFormat,
  shape: AnswerShape,
  fileShape: 'envelope' | 'list',
  itemType: string,
  items: Iterable<WireValue>,
  count: number,
  infoMessage: string,
): Reply {
  const chunks =
    fileShape === 'list'
      ? format === 'json'
        ? jsonListChunks(items)
        : xmlListChunks(itemType, items, shape, true)
      : format === 'json'
        ? jsonEnvelopeChunks(
            { itemType, data: items, errorCode: '', errorMessage: '', infoMessage, isSuccessful: true },
            shape,
          )
        : xmlEnvelopeChunks(
            { itemType, data: items, errorCode: '', errorMessage: '', infoMessage, isSuccessful: true },
            shape,
            true,
          );
  return { status: 200, contentType: CONTENT_TYPE[format], body: { chunks, expectedChunks: count + 4 } };
}

export function jsonReply(status: number, value: unknown): Reply {
  return { status, contentType: CONTENT_TYPE.json, body: JSON.stringify(value) };
}

export function textReply(status: number, text: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, contentType, body: text };
}
