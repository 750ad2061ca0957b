// What an operation answers, before the server (and any injected fault) writes it to the socket.
import { jsonEnvelopeChunks, jsonListChunks } from './encode-json';
import type { XmlNamespaces } from './dialect';
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
}

export const CONTENT_TYPE: Readonly<Record<WireFormat, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export function envelopeReply(
  format: WireFormat,
  ns: XmlNamespaces,
  envelope: Envelope,
  status = 200,
): Reply {
  const chunks = format === 'json' ? jsonEnvelopeChunks(envelope) : xmlEnvelopeChunks(envelope, ns);
  return { status, contentType: CONTENT_TYPE[format], body: [...chunks].join('') };
}

export function successReply(
  format: WireFormat,
  ns: XmlNamespaces,
  itemType: string,
  data: readonly WireValue[],
  infoMessage = '',
): Reply {
  return envelopeReply(format, ns, {
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
  ns: XmlNamespaces,
  itemType: string,
  code: string,
  message: string,
  status: number,
): Reply {
  return envelopeReply(
    format,
    ns,
    { itemType, data: null, errorCode: code, errorMessage: message, infoMessage: '', isSuccessful: false },
    status,
  );
}

/** A streamed reservation file in one of the two shapes clients must accept. */
export function fileReply(
  format: WireFormat,
  ns: XmlNamespaces,
  shape: 'envelope' | 'list',
  itemType: string,
  items: Iterable<WireValue>,
  count: number,
  infoMessage: string,
): Reply {
  const chunks =
    shape === 'list'
      ? format === 'json'
        ? jsonListChunks(items)
        : xmlListChunks(itemType, items, ns, true)
      : format === 'json'
        ? jsonEnvelopeChunks({
            itemType,
            data: items,
            errorCode: '',
            errorMessage: '',
            infoMessage,
            isSuccessful: true,
          })
        : xmlEnvelopeChunks(
            { itemType, data: items, errorCode: '', errorMessage: '', infoMessage, isSuccessful: true },
            ns,
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
