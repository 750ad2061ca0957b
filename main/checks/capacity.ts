// Guests against the room's limits from the agency's stay codes (MinAdl, MaxAdl, MaxChd, MaxPax).
// Counts come from the reservation's Adults and Childs (what the agency sold), not from the guest list,
// which may still be incomplete. Infants are never counted: hotels put them in a cot, and MaxPax is "the
// most guests of any age the room takes" in beds. With several rooms booked, each limit is per room.
import type { CapacityCheck, ReservationCheck } from './types';
import type { CheckedReservation, RoomLimits } from './context';

interface Limits {
  minAdults: number | null;
  maxAdults: number | null;
  maxChildren: number | null;
  maxPax: number | null;
}

const positive = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;

/**
 * The limits a room's stay code really states, or null when it states none. A room for no adults or no
 * guests is no room: a zero there means "not given" (services write 0 for a missing number). A zero for
 * children is a real rule (adults only), but only believed when the code states some other limit.
 */
function limitsOf(code: RoomLimits): Limits | null {
  const known = {
    minAdults: positive(code.minAdults),
    maxAdults: positive(code.maxAdults),
    maxPax: positive(code.maxPax),
  };
  const maxChildren =
    typeof code.maxChildren === 'number' && Number.isFinite(code.maxChildren) && code.maxChildren >= 0
      ? code.maxChildren
      : null;
  const anyOther = known.minAdults !== null || known.maxAdults !== null || known.maxPax !== null;
  if (!anyOther && (maxChildren === null || maxChildren === 0)) return null;
  return { ...known, maxChildren };
}

const capacity = (
  limit: CapacityCheck['limit'],
  value: number,
  allowed: number,
  roomId: string,
): CapacityCheck => ({
  kind: 'capacity',
  severity: 'problem',
  limit,
  value,
  allowed,
  roomId,
});

export class CapacityRule {
  /** agencyId → room code → limits. */
  private readonly agencies = new Map<string, Map<string, Limits>>();

  addStayCode(code: RoomLimits): void {
    if (code.kind !== 'room') return;
    const limits = limitsOf(code);
    if (!limits) return;
    let rooms = this.agencies.get(code.agencyId);
    if (!rooms) this.agencies.set(code.agencyId, (rooms = new Map()));
    rooms.set(code.code, limits);
  }

  check(r: CheckedReservation, out: ReservationCheck[]): void {
    const limits = this.agencies.get(r.agencyId)?.get(r.roomId);
    if (!limits) return;
    const rooms = Math.max(1, Math.floor(r.roomCount) || 1);
    const total = r.adults + r.childs;
    if (limits.minAdults !== null && r.adults < limits.minAdults * rooms)
      out.push(capacity('minAdults', r.adults, limits.minAdults * rooms, r.roomId));
    if (limits.maxAdults !== null && r.adults > limits.maxAdults * rooms)
      out.push(capacity('maxAdults', r.adults, limits.maxAdults * rooms, r.roomId));
    if (limits.maxChildren !== null && r.childs > limits.maxChildren * rooms)
      out.push(capacity('maxChildren', r.childs, limits.maxChildren * rooms, r.roomId));
    if (limits.maxPax !== null && total > limits.maxPax * rooms)
      out.push(capacity('maxPax', total, limits.maxPax * rooms, r.roomId));
  }
}
