// The lead guest stayed (or is booked) before: another active reservation of the hotel with an earlier
// check-in, past stays included, has a guest of the same folded name. Birth dates decide when both sides
// have one (a disagreement means two people); when either lacks one, the name alone is a weaker match,
// the PMS module's "possibly returning". The strongest match wins, then the latest earlier stay.
//
// The in-memory index keeps every guest name of every active reservation → its stays sorted by check-in,
// all of them, those without a birth date, and those per birth date. A lookup is then a binary search,
// however common the name. The desk asks the same of SQL indexes instead (main/store/check-keys.ts).
import { dayNumber, startsWithCalendarDate } from '../../shared/calendar';
import type { CheckedReservation, KnownReservation } from '../../shared/domain';
import { birthDay } from './birth-day';
import { personKey } from './fold-name';
import type { BirthFilter, EarlierStay, HotelReservations } from './hotel-reservations';
import { reservationKeys } from './reservation-keys';
import { isActive } from './status';
import type { ReservationCheck, ReturningGuestCheck } from './types';

interface Stay extends EarlierStay {
  /** checkIn as YYYYMMDD, to sort and search by. */
  day: number;
}

/** Stays sorted by check-in, with their days side by side: a binary search reads only the numbers. */
interface Sorted {
  stays: Stay[];
  days: Int32Array | null;
}

/** The stays of one folded name. */
interface NameStays {
  all: Sorted;
  withoutBirth: Sorted;
  /** Birth date (YYYYMMDD) → stays of a guest born that day; null until a guest has one. */
  byBirth: Map<number, Sorted> | null;
}

const sorted = (stay?: Stay): Sorted => ({ stays: stay ? [stay] : [], days: null });
const byDay = (a: Stay, b: Stay): number => a.day - b.day;

function seal(list: Sorted): void {
  list.stays.sort(byDay);
  list.days = Int32Array.from(list.stays, (stay) => stay.day);
}

/** The stay with the latest check-in before `day` that is not the reservation itself. */
function latestBefore(sortedStays: Sorted | undefined, day: number, keyField: string): Stay | undefined {
  if (!sortedStays?.days) return undefined;
  const { stays: list, days } = sortedStays;
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((days[middle] as number) < day) low = middle + 1;
    else high = middle;
  }
  // Only another version of the same reservation can be skipped here, and it has few guests.
  for (let i = low - 1; i >= 0; i -= 1) {
    const stay = list[i] as Stay;
    if (stay.keyField !== keyField) return stay;
  }
  return undefined;
}

/** Every guest name of every active reservation, in memory: the full index a rebuild makes. */
export class GuestIndex {
  private readonly names = new Map<string, NameStays>();

  /** Reservations are added in the order they were stored: among stays of one day, the last one wins. */
  addReservation(r: KnownReservation): void {
    if (!isActive(r)) return;
    const keys = reservationKeys(r);
    if (keys.day === null || keys.guests.length === 0) return;
    const stay: Stay = {
      keyField: r.keyField,
      voucherNo: r.voucherNo,
      checkIn: r.checkIn.slice(0, 10),
      day: keys.day,
    };
    for (const { person, birth } of keys.guests) {
      let stays = this.names.get(person);
      if (!stays) this.names.set(person, (stays = { all: sorted(), withoutBirth: sorted(), byBirth: null }));
      stays.all.stays.push(stay);
      if (birth === null) stays.withoutBirth.stays.push(stay);
      else {
        stays.byBirth ??= new Map();
        const born = stays.byBirth.get(birth);
        if (born) born.stays.push(stay);
        else stays.byBirth.set(birth, sorted(stay));
      }
    }
  }

  /** Sorts every list by check-in (stable: stored order within a day): called once, after the last add. */
  finish(): void {
    for (const stays of this.names.values()) {
      seal(stays.all);
      seal(stays.withoutBirth);
      if (stays.byBirth) for (const list of stays.byBirth.values()) seal(list);
    }
  }

  latestStay(person: string, birth: BirthFilter, day: number, self: string): EarlierStay | undefined {
    const stays = this.names.get(person);
    if (!stays) return undefined;
    const list =
      birth === 'any' ? stays.all : birth === 'unknown' ? stays.withoutBirth : stays.byBirth?.get(birth);
    const stay = latestBefore(list, day, self);
    return stay && { keyField: stay.keyField, voucherNo: stay.voucherNo, checkIn: stay.checkIn };
  }
}

export function checkReturningGuest(
  r: CheckedReservation,
  hotel: HotelReservations,
  out: ReservationCheck[],
): void {
  const lead = r.guests[0];
  if (!lead || !startsWithCalendarDate(r.checkIn)) return;
  const name = personKey(lead.name);
  if (name === null) return;
  const day = dayNumber(r.checkIn);
  const birth = birthDay(lead.birthDate);
  let match: ReturningGuestCheck['match'] = 'name';
  let stay: EarlierStay | undefined;
  if (birth === null) stay = hotel.latestStay(name, 'any', day, r.keyField);
  else {
    stay = hotel.latestStay(name, birth, day, r.keyField);
    if (stay) match = 'birth-date';
    else stay = hotel.latestStay(name, 'unknown', day, r.keyField);
  }
  if (stay)
    out.push({
      kind: 'returning-guest',
      severity: 'note',
      guest: lead.name,
      match,
      keyField: stay.keyField,
      voucherNo: stay.voucherNo,
      checkIn: stay.checkIn,
    });
}
