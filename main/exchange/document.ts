// Reads any answer of the service, whole or streamed: sniffs XML or JSON from the first character (the
// Content-Type header is not trusted), then yields the elements of the result list as they complete and,
// at the end, the other envelope parts. Small answers go through the same code as the big file.
import { createJsonItemSplitter, JsonSyntaxError, type JsonItemSplitter } from './json-items';
import { createXmlReader, XmlSyntaxError, type XmlReader } from './xml-reader';
import { envelopeField, isWireObject, type WireObject, type WireValue } from './wire-value';
import type { WireFormat } from '../../shared/domain';

export interface DocumentSummary {
  format: WireFormat;
  /** envelope: Data / Error / InfoMessage / IsSuccessful; list: a bare list; other: any other answer. */
  shape: 'envelope' | 'list' | 'other';
  /** Everything but the list items: envelope parts, or the whole answer when it is not a list. */
  fields: WireObject;
  /** The root itself when it is a plain value (an XML <string> element). */
  root: WireValue;
}

export interface DocumentReader {
  /** Feeds decoded text; returns the list items it completed. */
  write(text: string): WireValue[];
  end(): DocumentSummary;
}

/** The answer is not XML or JSON at all, or is broken. `excerpt` is the start of the text, for the log. */
export class DocumentSyntaxError extends Error {
  override name = 'DocumentSyntaxError';
  constructor(
    readonly why: string,
    readonly start: string,
  ) {
    super(why);
  }
}

const SNIFF_LIMIT = 1024;

export function createDocumentReader(): DocumentReader {
  let format: WireFormat | null = null;
  let pending = '';
  let json: JsonItemSplitter | null = null;
  let xml: XmlReader | null = null;
  let start = '';
  const xmlItems: WireValue[] = [];

  const wrap = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (error instanceof JsonSyntaxError || error instanceof XmlSyntaxError)
        throw new DocumentSyntaxError(error.message, start);
      throw error;
    }
  };

  function feed(text: string): WireValue[] {
    if (json) return json.write(text);
    xml?.write(text);
    return xmlItems.splice(0, xmlItems.length);
  }

  return {
    write(text) {
      if (format) return wrap(() => feed(text));
      pending += text;
      const body = pending.replace(/^\uFEFF/, '').trimStart();
      if (!body) {
        if (pending.length > SNIFF_LIMIT) throw new DocumentSyntaxError('the answer is blank', '');
        return [];
      }
      start = body.slice(0, 200);
      const first = body[0];
      if (first === '<') {
        format = 'xml';
        xml = createXmlReader({ onItem: (item) => xmlItems.push(item) });
      } else if (first === '{' || first === '[') {
        format = 'json';
        json = createJsonItemSplitter();
      } else {
        throw new DocumentSyntaxError('the answer is neither XML nor JSON', start);
      }
      pending = '';
      return wrap(() => feed(body));
    },

    end() {
      if (!format) throw new DocumentSyntaxError('the answer is empty', '');
      return wrap((): DocumentSummary => {
        if (json) {
          const summary = json.end();
          const isEnvelope =
            summary.hadDataList || Object.keys(summary.fields).some((key) => envelopeField(key));
          const shape = !summary.isObject ? 'list' : isEnvelope ? 'envelope' : 'other';
          return { format: 'json', shape, fields: summary.fields, root: null };
        }
        const summary = (xml as XmlReader).close();
        const fields = isWireObject(summary.root) ? summary.root : {};
        return { format: 'xml', shape: summary.shape, fields, root: summary.root };
      });
    },
  };
}

/** A whole small answer: its list items and its summary. */
export function readDocument(text: string): { items: WireValue[]; summary: DocumentSummary } {
  const reader = createDocumentReader();
  const items = reader.write(text);
  return { items, summary: reader.end() };
}
