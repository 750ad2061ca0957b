// An item whose LogId is stored already as something else (another reservation, another ServiceId, other content):
// how the import tells, and what it keeps of it in set_aside_items instead of storing or reporting it.
import type { Reservation, UnreadableReservation } from '../../shared/domain';
import { first, type Op } from './engines/op';
import { snapshotOf, type StoredVersionRow } from './reservations-import-queries';
import { decodeSnapshot } from './reservations-snapshot';
import { versionConflict, type VersionConflict } from './reservations-identity';

/** Why `r` is not the stored version with its LogId, or null when it is (its answer may have moved on). */
export function* conflictWith(known: StoredVersionRow, r: Reservation): Op<VersionConflict | null> {
  if (known.keyField !== r.keyField) return { reason: 'log-id-reused', field: 'KeyField' };
  // The same text is the same version: no need to read the stored one (a repeated list, a reconcile).
  if (known.sameText === 1) return null;
  const row = yield* first(snapshotOf({ logId: r.logId }));
  let stored: Reservation;
  try {
    stored = decodeSnapshot(row?.snapshot ?? '');
  } catch {
    // A stored text that cannot be read cannot vouch for the new one: shown, not taken as the same.
    return { reason: 'content-differs', field: 'LogId' };
  }
  return versionConflict(stored, r);
}

/** What is kept of an item set aside: why, what was expected instead, and its text. */
export function setAsideItem(
  r: Reservation,
  conflict: VersionConflict,
  known: StoredVersionRow,
  operation: string,
): UnreadableReservation {
  const expected =
    conflict.field === 'KeyField'
      ? `a LogId of its own: ${r.logId} is stored for reservation ${known.keyField}`
      : conflict.field === 'ServiceId'
        ? `the ServiceId LogId ${r.logId} was stored with`
        : `what LogId ${r.logId} held when it was stored (a change comes with a new LogId)`;
  return {
    operation,
    field: conflict.field,
    expected,
    keyField: r.keyField,
    logId: r.logId,
    serviceId: r.serviceId,
    text: r.itemJson ?? JSON.stringify(r), // built by hand: every field, raw inside
    reason: conflict.reason,
  };
}
