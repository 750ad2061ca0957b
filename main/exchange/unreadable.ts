// One reservation the service listed that cannot be read (a field missing or of the wrong shape) must not
// cost the rest of the list: it is handed aside with its text, and the others go on to be stored and
// acknowledged. Whoever receives it keeps it for a person to look at and never acknowledges its LogId,
// so the service keeps offering it until it is fixed there.
import { FieldError, code, intOrNull, textOrNull } from './fields';
import { itemJson } from './item-text';
import { isWireObject, type WireValue } from './wire-value';
import { decodeReservation } from './decode-reservation';
import { MalformedResponseError } from './errors';
import type { Reservation, UnreadableReservation } from '../../shared/domain';

export type UnreadableItem = UnreadableReservation;

export type OnUnreadable = (item: UnreadableItem) => void;

const attempt = <T>(read: () => T): T | null => {
  try {
    return read();
  } catch {
    return null;
  }
};

function describe(item: WireValue, error: FieldError, operation: string): UnreadableItem {
  const object = isWireObject(item) ? item : null;
  // A code too long to keep (fields.ts LONGEST_CODE) is not kept here either: it is in the item's text.
  const codeOf = (name: string): string | null =>
    object && textOrNull(object, name) !== null ? code(object, name) : null;
  return {
    operation,
    field: error.field,
    expected: error.expected,
    keyField: attempt(() => codeOf('KeyField')),
    logId: object ? attempt(() => intOrNull(object, 'LogId')) : null,
    serviceId: attempt(() => codeOf('ServiceId')),
    text: object ? itemJson(object) : JSON.stringify(item),
  };
}

/**
 * The reservation, or null when it cannot be read and `onUnreadable` took it. Without a handler an
 * unreadable item fails the whole answer, as before (callers that cannot keep it aside).
 */
export function readReservation(
  item: WireValue,
  operation: string,
  onUnreadable: OnUnreadable | undefined,
): Reservation | null {
  try {
    return decodeReservation(item);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    if (!onUnreadable) throw new MalformedResponseError(`a reservation (${error.message})`, '', operation);
    onUnreadable(describe(item, error, operation));
    return null;
  }
}
