// What the sync keeps out of the store although the decoder could read it, before a batch is stored:
//
// - another hotel's reservation (its PartnerId, PaximumId in the original dialect, is not the desk's
//   hotel number). Acknowledging it would tell the service this hotel has it, and the hotel it belongs
//   to would never be offered it again; so it is set aside, never acknowledged, and the service keeps it.
// - a count below zero (rooms, nights, adults, children, infants, guests, extra beds). No booking has
//   one; what it should have been cannot be guessed, and stored it would be counted, exported and
//   checked as if it were a booking. The decoder already refuses these from the wire; this keeps the
//   rule whatever the client.
//
// Both are kept aside with their text, like unreadable items. Dates that contradict each other
// (check-out before check-in, Nights against the dates) are stored: they are the agency's mistake, the
// receptionist must see them and can decline, and the pre-confirm checks flag them as a problem
// (main/checks/impossible-stay.ts).
import type { Reservation, UnreadableReservation } from '../../shared/domain';

const COUNTS = ['roomCount', 'nights', 'adults', 'childs', 'infants', 'pax', 'extraBed'] as const;

/** The service's spelling: RoomCount, Nights, Adults, Childs… */
const wireName = (field: string): string => `${field.charAt(0).toUpperCase()}${field.slice(1)}`;

/** The item's own spelling of the hotel number: PaximumId in the live service's original dialect. */
function hotelNumberField(r: Reservation): string {
  return 'PaximumId' in r.raw && !('PartnerId' in r.raw) ? 'PaximumId' : 'PartnerId';
}

const aside = (
  r: Reservation,
  reason: 'other-hotel' | 'impossible',
  field: string,
  expected: string,
): UnreadableReservation => ({
  operation: 'reservation list',
  field,
  expected,
  keyField: r.keyField,
  logId: r.logId,
  serviceId: r.serviceId,
  text: r.itemJson ?? JSON.stringify(r), // built by hand: every field, raw inside
  reason,
});

/** Why the desk must not take `r` although it could be read, or null when it may be stored. */
export function screenReservation(r: Reservation, partnerId: number): UnreadableReservation | null {
  if (r.partnerId !== partnerId)
    return aside(r, 'other-hotel', hotelNumberField(r), `this desk's hotel number, ${partnerId}`);
  const negative = COUNTS.find((f) => r[f] < 0);
  if (negative !== undefined) return aside(r, 'impossible', wireName(negative), 'a count of 0 or more');
  return null;
}

/** The batch split into what may be stored and what is set aside. */
export function screenBatch(
  batch: readonly Reservation[],
  partnerId: number,
): { take: Reservation[]; aside: UnreadableReservation[] } {
  const take: Reservation[] = [];
  const setAside: UnreadableReservation[] = [];
  for (const r of batch) {
    const refused = screenReservation(r, partnerId);
    if (refused) setAside.push(refused);
    else take.push(r);
  }
  return { take, aside: setAside };
}
