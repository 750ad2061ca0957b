// The two ways an answer's body is refused before its content is looked at: its characters cannot be
// read, or it went past what one answer may bring. Both are malformed answers (kind 'malformed'): the
// sync treats them like any unreadable answer, and the HTTP layer does not repeat the request, since the
// same answer would come again. Each carries its own sentence, so the log says what happened.
import { MalformedResponseError } from './errors';

export type EncodingProblem =
  /** The label (from the header or the XML declaration) names no encoding Resdesk can decode. */
  | 'unknown'
  /** The bytes are not valid in the encoding the answer is in. */
  | 'invalid'
  /** The bytes end in the middle of a character. */
  | 'cut'
  /** The header names a one-byte encoding, but the bytes are two bytes per character (UTF-16). */
  | 'contradiction';

const encodingDetail = (problem: EncodingProblem, encoding: string): string => {
  switch (problem) {
    case 'unknown':
      return `"${encoding}" is not an encoding Resdesk can read`;
    case 'invalid':
      return `its bytes are not valid ${encoding}`;
    case 'cut':
      return `it ends in the middle of a ${encoding} character`;
    case 'contradiction':
      return `it is said to be ${encoding}, but its bytes are UTF-16`;
  }
};

/** The answer's character encoding could not be read: nothing of it is decoded, nothing stored. */
export class UnreadableEncodingError extends MalformedResponseError {
  constructor(
    readonly problem: EncodingProblem,
    /** The label as the answer gave it, or the encoding it was read in. Never the answer's text. */
    readonly encoding: string,
    operation: string,
  ) {
    super('text in a character encoding Resdesk can read', '', operation);
    this.name = 'UnreadableEncodingError';
    this.message = `The character encoding of the exchange service's answer could not be read during ${operation}: ${encodingDetail(problem, encoding)}.`;
  }
}

export type BodyLimitKind = 'size' | 'time';

const sizeWords = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
const timeWords = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 100) / 10} seconds`;

/**
 * One answer went past the most Resdesk reads of an answer (its size or its time, body-limits.ts): the
 * request was aborted and its connection closed. What a file delivered in earlier, stored batches stays.
 */
export class AnswerLimitError extends MalformedResponseError {
  constructor(
    readonly limit: BodyLimitKind,
    /** The limit that was reached: bytes or milliseconds. */
    readonly allowed: number,
    /** Bytes of the body read (and handed on) before it was cut off. */
    readonly bytesRead: number,
    operation: string,
  ) {
    super(limit === 'size' ? 'a shorter answer' : 'an answer that ends in time', '', operation);
    this.name = 'AnswerLimitError';
    this.message =
      limit === 'size'
        ? `The exchange service's answer during ${operation} went on past ${sizeWords(allowed)}, the most Resdesk reads of one answer, and was cut off.`
        : `The exchange service's answer during ${operation} was still arriving after ${timeWords(allowed)}, the longest Resdesk reads one answer, and was cut off.`;
  }
}
