// The operator's allotment (a contract the hotel entered, shared/domain/contracts.ts) on the nights of a stay: a
// problem when confirming would take the operator over its allotment of the room type on a night (its other
// confirmed reservations and this one together), or when a night is inside the release period of a normal
// allotment, or the booking is on request there: those rooms went back to the hotel, which decides with its own
// availability. Contracts are in the hotel's room type codes, so the reservation's channel code is mapped first; an
// unmapped code or a night no contract covers is not checked. The other reservations are asked for through
// HotelReservations (one question per stay), counted night by night as the calendar counts them.
import { addDays, startsWithCalendarDate } from '../../shared/calendar';
import { isActive } from './status';
import { LONGEST_COUNTED_STAY, roomsOn, type Contract, type CalendarDate } from '../../shared/domain';
import type { CheckedReservation } from './context';
import type { HotelReservations } from './hotel-reservations';
import { hotelCodeOf, type AgencyCodes } from './mapped-codes';
import type { ReservationCheck } from './types';

// The nights of a stay, kept per check-in and check-out: a hotel's stays share a few thousand of them, and the
// calendar and the checks walk every stay's nights.
const nightsOfStay = new Map<string, readonly CalendarDate[]>();
const NIGHTS_KEPT = 20_000;

/** The nights a stay counts on: [checkIn, checkOut), at most LONGEST_COUNTED_STAY; none for a day use. */
export function stayNights(checkIn: CalendarDate, checkOut: CalendarDate): readonly CalendarDate[] {
  const key = `${checkIn}|${checkOut}`;
  const known = nightsOfStay.get(key);
  if (known) return known;
  const nights: CalendarDate[] = [];
  let night = checkIn;
  for (let n = 0; n < LONGEST_COUNTED_STAY && night < checkOut; n++) {
    nights.push(night);
    night = addDays(night, 1);
  }
  if (nightsOfStay.size >= NIGHTS_KEPT) nightsOfStay.clear();
  nightsOfStay.set(key, nights);
  return nights;
}

/** The day unsold rooms of a night go back to the hotel. */
export const releaseDayOf = (night: CalendarDate, releaseDays: number): CalendarDate =>
  addDays(night, -releaseDays);

/** What of a contract the check reads (a stored Contract fits). */
export type ContractTerms = Pick<
  Contract,
  'agencyId' | 'roomType' | 'from' | 'to' | 'rooms' | 'weekdayRooms' | 'kind' | 'releaseDays'
>;

const ON_REQUEST_STATUS = 1;
const ON_REQUEST_QUOTA = 2;
const keyOf = (agencyId: string, roomType: string): string => `${agencyId}\u0000${roomType}`;

/** The channel codes an agency maps to each hotel room type, per agency's codes (the same object while indexed). */
const channelCodesOf = new WeakMap<AgencyCodes, Map<string, string[]>>();

function channelCodes(codes: AgencyCodes, roomType: string): string[] {
  let byHotel = channelCodesOf.get(codes);
  if (!byHotel) {
    byHotel = new Map();
    for (const [channelCode, hotelCode] of codes.get('roomType') ?? []) {
      const list = byHotel.get(hotelCode);
      if (list) list.push(channelCode);
      else byHotel.set(hotelCode, [channelCode]);
    }
    channelCodesOf.set(codes, byHotel);
  }
  return byHotel.get(roomType) ?? [];
}

export class AllotmentRule {
  private readonly contracts = new Map<string, ContractTerms[]>();
  /** Per contract, the last night whose release day has come by today (today + its release days). */
  private readonly releasedThrough = new Map<ContractTerms, CalendarDate>();

  constructor(contracts: Iterable<ContractTerms>, today: CalendarDate) {
    for (const c of contracts) {
      const key = keyOf(c.agencyId, c.roomType);
      const list = this.contracts.get(key);
      if (list) list.push(c);
      else this.contracts.set(key, [c]);
      // A night's release day (the night less the release days) has come when the night is at most this.
      this.releasedThrough.set(c, addDays(today, c.releaseDays));
    }
  }

  check(r: CheckedReservation, codes: AgencyCodes, hotel: HotelReservations, out: ReservationCheck[]): void {
    if (
      this.contracts.size === 0 ||
      !startsWithCalendarDate(r.checkIn) ||
      !startsWithCalendarDate(r.checkOut)
    )
      return;
    const roomType = hotelCodeOf(codes, 'roomType', r.roomTypeId);
    const list = roomType === undefined ? undefined : this.contracts.get(keyOf(r.agencyId, roomType));
    if (roomType === undefined || !list) return;
    const covered: { night: CalendarDate; contract: ContractTerms }[] = [];
    for (const night of stayNights(r.checkIn.slice(0, 10), r.checkOut.slice(0, 10))) {
      const contract = list.find((c) => c.from <= night && night <= c.to);
      if (contract) covered.push({ night, contract });
    }
    if (covered.length === 0) return;

    const roomTypeIds = channelCodes(codes, roomType);
    const counts = hotel.allotmentNights({
      agencyId: r.agencyId,
      roomTypeIds,
      nights: covered.map(({ night }) => night),
    });
    // Rooms the others use: the counts hold this reservation too while it is answered and active (isActive).
    const own = r.confirmationStatus !== 'W' && isActive(r) ? r.roomCount : 0;
    const used = new Map<CalendarDate, number>();
    for (const c of counts) used.set(c.night, (used.get(c.night) ?? 0) + c.used);
    if (own !== 0) for (const { night } of covered) used.set(night, (used.get(night) ?? 0) - own);

    const over = covered.filter(
      ({ night, contract }) => (used.get(night) ?? 0) + r.roomCount > roomsOn(contract, night),
    );
    const overFirst = over[0];
    if (overFirst)
      out.push({
        kind: 'allotment',
        severity: 'problem',
        reason: 'over',
        roomType,
        allotment: overFirst.contract.kind,
        night: overFirst.night,
        nights: over.length,
        allotted: roomsOn(overFirst.contract, overFirst.night),
        used: used.get(overFirst.night) ?? 0,
        releaseOn: releaseDayOf(overFirst.night, overFirst.contract.releaseDays),
      });

    const onRequest = r.reservationStatus === ON_REQUEST_STATUS || r.quotaType === ON_REQUEST_QUOTA;
    const released = covered.filter(
      ({ night, contract }) =>
        (contract.kind === 'normal' || onRequest) && night <= (this.releasedThrough.get(contract) ?? ''),
    );
    const releasedFirst = released[0];
    if (releasedFirst)
      out.push({
        kind: 'allotment',
        severity: 'problem',
        reason: 'released',
        roomType,
        allotment: releasedFirst.contract.kind,
        night: releasedFirst.night,
        nights: released.length,
        allotted: roomsOn(releasedFirst.contract, releasedFirst.night),
        used: used.get(releasedFirst.night) ?? 0,
        releaseOn: releaseDayOf(releasedFirst.night, releasedFirst.contract.releaseDays),
      });
  }
}
