// Turns one HTTP answer of a PMS operation into its result items, or into the typed error it means.
// The body decides, not the status: an envelope with IsSuccessful false is a ServiceError even under a
// 4xx status, and a broken body under a 2xx status is a malformed answer.
import { MalformedResponseError, NetworkError, ServiceError, firstLine, safeExcerpt } from './errors';
import { readDocument, DocumentSyntaxError, type DocumentSummary } from './document';
import { dataItems, envelopeParts, type EnvelopeParts } from './envelope';
import { FieldError } from './fields';
import type { WireValue } from './wire-value';

export interface Answer {
  items: WireValue[];
  parts: EnvelopeParts;
  summary: DocumentSummary;
}

const ok = (status: number) => status >= 200 && status < 300;

const HTML_START =
  /^\uFEFF?\s*(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<meta[\s>]|<script[\s>])/i;

/** A web page, by its first tag: the service itself only ever answers its XML or JSON envelope. */
export const looksLikeHtml = (text: string): boolean => HTML_START.test(text.slice(0, 4096));

/**
 * Who answered, when it cannot have been the service. A redirect or 511 (the standard "sign in to this
 * network" status) and an HTML page under a 2xx/407 is a sign-in page between the desk and the internet;
 * a gateway's 502/503/504 page is a proxy's. An HTML page under another error status (IIS's 500 or 404)
 * is the service's web server failing: named as such, not as an unreadable answer.
 */
export function notTheService(status: number, text: string, operation: string): Error | null {
  if ((status >= 300 && status < 400) || status === 511) return new NetworkError('login-page', operation);
  if (!looksLikeHtml(text)) return null;
  if (ok(status) || status === 407) return new NetworkError('login-page', operation);
  if (status === 502 || status === 503 || status === 504) return new NetworkError('not-service', operation);
  return new ServiceError(`HTTP ${status}`, '', operation, status, true);
}

/** `acceptFailure`: hand an unsuccessful envelope back instead of throwing (checkreservationfile). */
export function readAnswer(
  status: number,
  text: string,
  operation: string,
  secrets: readonly string[],
  acceptFailure = false,
): Answer {
  const stranger = notTheService(status, text, operation);
  if (stranger) throw stranger;
  let read: ReturnType<typeof readDocument>;
  try {
    read = readDocument(text);
  } catch (error) {
    if (!(error instanceof DocumentSyntaxError)) throw error;
    if (!ok(status)) throw new ServiceError(`HTTP ${status}`, '', operation, status);
    throw new MalformedResponseError(
      `an XML or JSON answer (${error.why})`,
      safeExcerpt(text, secrets),
      operation,
    );
  }
  const { items, summary } = read;
  if (summary.shape === 'other') {
    if (!ok(status)) throw new ServiceError(`HTTP ${status}`, '', operation, status);
    // Well-formed, but not the service's envelope: another program answered at this address.
    throw new NetworkError('not-service', operation);
  }
  const parts = envelopeParts(summary);
  if (!parts.isSuccessful && !acceptFailure) throw serviceError(parts, operation, status, secrets);
  if (!ok(status)) throw new ServiceError(`HTTP ${status}`, '', operation, status);
  return { items: dataItems(items, summary), parts, summary };
}

export function serviceError(
  parts: EnvelopeParts,
  operation: string,
  status: number | null,
  secrets: readonly string[],
) {
  let message = firstLine(parts.errorMessage || parts.infoMessage);
  for (const secret of secrets) if (secret) message = message.split(secret).join('[hidden]');
  return new ServiceError(parts.errorCode, message, operation, status);
}

/** Decodes every item, turning a FieldError into a malformed-answer error that names the field. */
export function decodeItems<T>(
  items: WireValue[],
  decode: (item: WireValue) => T,
  what: string,
  operation: string,
): T[] {
  return items.map((item) => decodeItem(item, decode, what, operation));
}

export function decodeItem<T>(
  item: WireValue,
  decode: (item: WireValue) => T,
  what: string,
  operation: string,
): T {
  try {
    return decode(item);
  } catch (error) {
    if (error instanceof FieldError)
      throw new MalformedResponseError(`${what} (${error.message})`, '', operation);
    throw error;
  }
}
