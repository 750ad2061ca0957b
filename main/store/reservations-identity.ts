// Whether an item whose LogId is already stored is that same version coming back. A LogId names one
// version of one reservation of one service: the service may send it again (our acknowledgement was lost,
// a reconcile list holds everything) and may move its answer on in place (W → E, with a confirmation
// number and date), but anything else under a stored LogId is not that version. Taking it as "already
// stored" would acknowledge something never stored; storing it over the stored one would rewrite history
// under a decision taken on the old text. So it is set aside, with the field that gave it away.
import type { Guest, Reservation } from '../../shared/domain';
import { guestColumnFields, reservationColumnFields } from './reservations-columns';

/**
 * What the service changes in place, under the same LogId, when the reservation is answered (here or
 * elsewhere). The live service may also name who answered and move an on-request booking to OK.
 */
export const ANSWER_FIELDS = [
  'confirmationStatus',
  'confirmationNo',
  'confirmDate',
  'confirmeNote',
  'lastChangeUser',
  'reservationStatus',
] as const satisfies readonly (keyof Reservation)[];

/** Compared apart: they say whose LogId it is, not what the version holds. */
const IDENTITY_FIELDS: readonly string[] = ['keyField', 'serviceId', 'logId'];
const SKIPPED = new Set<string>([...ANSWER_FIELDS, ...IDENTITY_FIELDS]);
const CONTENT_FIELDS = reservationColumnFields.filter((f) => !SKIPPED.has(f)) as (keyof Reservation)[];
const GUEST_FIELDS = guestColumnFields as (keyof Guest)[];

export interface VersionConflict {
  reason: 'log-id-reused' | 'content-differs';
  /** The service's name of the field that differs (KeyField, ServiceId, Adults, Customers…). */
  field: string;
}

/** The service's spelling of a Reservation field: its name capitalised; the guests are Customers. */
export const wireName = (field: string): string =>
  field === 'guests' ? 'Customers' : `${field.charAt(0).toUpperCase()}${field.slice(1)}`;

// ServiceIds are GUIDs, which are the same GUID in either case.
const sameService = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function sameGuests(a: readonly Guest[], b: readonly Guest[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((guest, i) => {
    const other = b[i];
    return other !== undefined && GUEST_FIELDS.every((f) => guest[f] === other[f]);
  });
}

/** null when `incoming` is the stored version again (its answer may have moved on), else why not. */
export function versionConflict(stored: Reservation, incoming: Reservation): VersionConflict | null {
  if (stored.keyField !== incoming.keyField) return { reason: 'log-id-reused', field: 'KeyField' };
  if (!sameService(stored.serviceId, incoming.serviceId))
    return { reason: 'log-id-reused', field: 'ServiceId' };
  for (const f of CONTENT_FIELDS)
    if (stored[f] !== incoming[f]) return { reason: 'content-differs', field: wireName(f) };
  if (!sameGuests(stored.guests, incoming.guests)) return { reason: 'content-differs', field: 'Customers' };
  return null;
}

/** Whether the answer (the fields the service moves in place) differs. */
export const answerMovedOn = (
  stored: Pick<Reservation, (typeof ANSWER_FIELDS)[number]>,
  incoming: Reservation,
): boolean => ANSWER_FIELDS.some((f) => stored[f] !== incoming[f]);
