// What changed between two versions of a reservation, in stable field ids the UI translates. Values are
// display-neutral strings: dates stay 'YYYY-MM-DD', numbers as digits, and the UI formats them.
import type { FieldChange, Guest, Reservation, VersionView } from '../../shared/domain';
import type { Op } from './engines/op';
import { readingOps, type StoredVersion } from './reservations-read';

type Compared =
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'roomId'
  | 'roomTypeId'
  | 'accomId'
  | 'adults'
  | 'childs'
  | 'infants'
  | 'note'
  | 'soldPrice'
  | 'soldCurrency'
  | 'voucherNo'
  | 'roomCount';

const comparedFields: readonly Compared[] = [
  'checkIn',
  'checkOut',
  'nights',
  'roomId',
  'roomTypeId',
  'accomId',
  'adults',
  'childs',
  'infants',
  'roomCount',
  'voucherNo',
  'soldPrice',
  'soldCurrency',
  'note',
];
const dateFields: ReadonlySet<Compared> = new Set(['checkIn', 'checkOut']);

const text = (value: string | number | null): string | null => {
  if (value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

const shown = (field: Compared, r: Reservation): string | null => {
  const value = text(r[field]);
  // A date may arrive with a midnight time attached; the change is in the calendar date.
  return value !== null && dateFields.has(field) ? value.slice(0, 10) : value;
};

const isCancelled = (r: Reservation): boolean => r.pmsStatus === 3;

const nameKey = (g: Guest): string => g.name.trim().replace(/\s+/g, ' ');

/** "SURNAME GIVEN, 34, DE": name, then age and nationality when known. */
export const describeGuest = (g: Guest): string =>
  [nameKey(g), g.age === null ? '' : String(g.age), g.nationality.trim()].filter((p) => p !== '').join(', ');

function diffGuests(before: readonly Guest[], after: readonly Guest[]): FieldChange[] {
  const changes: FieldChange[] = [];
  const unmatchedBefore = [...before];
  const unmatchedAfter: Guest[] = [];
  // The same name is the same person; what else changed about them is a guestChanged.
  for (const g of after) {
    const i = unmatchedBefore.findIndex((b) => nameKey(b) === nameKey(g));
    if (i < 0) {
      unmatchedAfter.push(g);
      continue;
    }
    const [b] = unmatchedBefore.splice(i, 1);
    if (b && describeGuest(b) !== describeGuest(g)) {
      changes.push({ field: 'guestChanged', before: describeGuest(b), after: describeGuest(g) });
    }
  }
  // Left over on both sides, in order: a corrected name more likely than a swapped guest.
  const paired = Math.min(unmatchedBefore.length, unmatchedAfter.length);
  for (let i = 0; i < paired; i++) {
    const b = unmatchedBefore[i];
    const a = unmatchedAfter[i];
    if (b && a) changes.push({ field: 'guestChanged', before: describeGuest(b), after: describeGuest(a) });
  }
  for (const b of unmatchedBefore.slice(paired))
    changes.push({ field: 'guestRemoved', before: describeGuest(b), after: null });
  for (const a of unmatchedAfter.slice(paired))
    changes.push({ field: 'guestAdded', before: null, after: describeGuest(a) });
  return changes;
}

/** The differences from `before` to `after`; empty when nothing the desk cares about changed. */
export function diffReservations(before: Reservation, after: Reservation): FieldChange[] {
  const changes: FieldChange[] = [];
  if (isCancelled(before) !== isCancelled(after)) {
    changes.push({
      field: 'cancelled',
      before: String(isCancelled(before)),
      after: String(isCancelled(after)),
    });
  }
  for (const field of comparedFields) {
    const b = shown(field, before);
    const a = shown(field, after);
    if (b === a) continue;
    if (field === 'soldPrice')
      changes.push({
        field,
        before: b,
        after: a,
        currency: { before: text(before.soldCurrency), after: text(after.soldCurrency) },
      });
    else changes.push({ field, before: b, after: a });
  }
  // One at a time: a version stored with thousands of guests gives more changes than a call takes arguments.
  for (const change of diffGuests(before.guests, after.guests)) changes.push(change);
  return changes;
}

/** The versions, newest first, each with what changed since the one before it. */
function viewsOf(versions: readonly StoredVersion[]): VersionView[] {
  return versions
    .map((v, i) => {
      const previous = versions[i - 1];
      return {
        logId: v.logId,
        changeKind: v.changeKind,
        receivedAt: v.receivedAt,
        changes: previous ? diffReservations(previous.snapshot, v.snapshot) : [],
      };
    })
    .reverse();
}

/** The history's operations, one definition for both engines (engines/op.ts). */
export const historyOps = {
  /** The versions of a reservation, newest first, each with what changed since the one before it. */
  *versionViews(keyField: string): Op<VersionView[]> {
    return viewsOf(yield* readingOps.versions(keyField));
  },
};
