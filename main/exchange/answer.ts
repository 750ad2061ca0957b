// Turns one HTTP answer of a PMS operation into its result items, or into the typed error it means.
// The body decides, not the status: an envelope with IsSuccessful false is a ServiceError even under a
// 4xx status, and a broken body under a 2xx status is a malformed answer.
import { MalformedResponseError, ServiceError, firstLine, safeExcerpt } from './errors';
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

/** `acceptFailure`: hand an unsuccessful envelope back instead of throwing (checkreservationfile). */
export function readAnswer(
  status: number,
  text: string,
  operation: string,
  secrets: readonly string[],
  acceptFailure = false,
): Answer {
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
    throw new MalformedResponseError('the service envelope', safeExcerpt(text, secrets), operation);
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
