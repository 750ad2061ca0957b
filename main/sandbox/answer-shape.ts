// How answers are shaped apart from the names in them: where XML items sit, how an empty Error is written,
// the envelope's member order in JSON, the InfoMessage texts, how errors are coded and what a token looks
// like. 'spec' is the shape the practice service has always written (the spec shows none of this);
// 'original' is the live service's published shape — the original reference's own samples
// (real-service-evidence.md, "The published shape").
import { DIALECT_WORDS, type ServiceDialect, type XmlNamespaces } from './dialect';

export interface InfoTexts {
  /** A read that found `count` items (agencies, reasons, stay codes). */
  found(count: number): string;
  /** A reservation list or file of `count` items. */
  listed(count: number): string;
  /** checkreservationfile once the file is there. */
  readonly fileReady: string;
  /** An action that was carried out (acknowledgement, confirmation). */
  readonly done: string;
}

export interface AnswerShape {
  readonly namespaces: XmlNamespaces;
  /**
   * 'prefixed': Data items in the entities namespace under `a:` (.NET's default for a namespaced data
   * contract). 'unqualified': items reset to no namespace (`<DefinitionHotelAgency xmlns="">`) and every
   * member below them unprefixed, so a reader that looks tags up without namespaces finds them.
   */
  readonly xmlItems: 'prefixed' | 'unqualified';
  /**
   * An Error with nothing in it (success, "file not ready"): `{"Code":"","Message":""}` and
   * `<Code></Code>`, or JSON `null` and `<Code/>` as the reference shows.
   */
  readonly emptyError: 'emptyStrings' | 'null';
  /** JSON envelope members: ordinal (DataContract) or the reference's IsSuccessful, InfoMessage, Error, Data. */
  readonly jsonEnvelopeOrder: 'ordinal' | 'published';
  /** Error.Code: our names (`MissingParameter`) or the live service's numeric strings (`"10"`). */
  readonly errorCodes: 'names' | 'numbers';
  /** Login tokens: 48 hex characters, or a GUID as in the reference. */
  readonly tokens: 'hex' | 'guid';
  readonly info: InfoTexts;
}

const SPEC_INFO: InfoTexts = {
  found: (count) => `${count} record(s) found.`,
  listed: (count) => `${count} reservation(s) listed.`,
  fileReady: 'The reservation list is ready.',
  done: '',
};

// The reference writes "2 data item returned" (singular "item" whatever the count) for reads and
// "Operation Successful" for an action.
const PUBLISHED_INFO: InfoTexts = {
  found: (count) => `${count} data item returned`,
  listed: (count) => `${count} data item returned`,
  fileReady: '1 data item returned',
  done: 'Operation Successful',
};

export const ANSWER_SHAPES: Readonly<Record<ServiceDialect, AnswerShape>> = {
  spec: {
    namespaces: DIALECT_WORDS.spec.namespaces,
    xmlItems: 'prefixed',
    emptyError: 'emptyStrings',
    jsonEnvelopeOrder: 'ordinal',
    errorCodes: 'names',
    tokens: 'hex',
    info: SPEC_INFO,
  },
  original: {
    namespaces: DIALECT_WORDS.original.namespaces,
    xmlItems: 'unqualified',
    emptyError: 'null',
    jsonEnvelopeOrder: 'published',
    errorCodes: 'numbers',
    tokens: 'guid',
    info: PUBLISHED_INFO,
  },
};
