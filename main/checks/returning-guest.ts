// The lead guest stayed (or is booked) before: another active reservation of the hotel with an earlier
// check-in, past stays included, has a guest of the same folded name. Birth dates decide when both sides
// have one (a disagreement means two people); when either lacks one, the name alone is a weaker match,
// the PMS module's "possibly returning". The strongest match wins, then the latest earlier stay.
//
// Indexed once: every guest name of every active reservation → its stays sorted by check-in, all of
// them, those without a birth date, and those per birth date. A check is then a lookup or two and a
// binary search, however common the name.
import { dayNumber, startsWithCalendarDate } from '../../shared/calendar';
import { birthDay } from './birth-day';
import type { CheckedReservation, KnownReservation } from './context';
import { personKey } from './fold-name';
import { isActive } from './status';
import type { ReservationCheck, ReturningGuestCheck } from './types';

interface Stay {
  keyField: string;
  voucherNo: string;
  checkIn: string;
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

export class ReturningGuestRule {
  private readonly names = new Map<string, NameStays>();

  addReservation(r: KnownReservation): void {
    if (!isActive(r) || !startsWithCalendarDate(r.checkIn)) return;
    let stay: Stay | null = null;
    for (const guest of r.guests) {
      const name = personKey(guest.name);
      if (name === null) continue;
      stay ??= {
        keyField: r.keyField,
        voucherNo: r.voucherNo,
        checkIn: r.checkIn.slice(0, 10),
        day: dayNumber(r.checkIn),
      };
      let stays = this.names.get(name);
      if (!stays) this.names.set(name, (stays = { all: sorted(), withoutBirth: sorted(), byBirth: null }));
      stays.all.stays.push(stay);
      const birth = birthDay(guest.birthDate);
      if (birth === null) stays.withoutBirth.stays.push(stay);
      else {
        stays.byBirth ??= new Map();
        const born = stays.byBirth.get(birth);
        if (born) born.stays.push(stay);
        else stays.byBirth.set(birth, sorted(stay));
      }
    }
  }

  /** Sorts every list by check-in: called once, after the last reservation is added. */
  finish(): void {
    for (const stays of this.names.values()) {
      seal(stays.all);
      seal(stays.withoutBirth);
      if (stays.byBirth) for (const list of stays.byBirth.values()) seal(list);
    }
  }

  check(r: CheckedReservation, out: ReservationCheck[]): void {
    const lead = r.guests[0];
    if (!lead || !startsWithCalendarDate(r.checkIn)) return;
    const name = personKey(lead.name);
    const stays = name === null ? undefined : this.names.get(name);
    if (!stays) return;
    const day = dayNumber(r.checkIn);
    const birth = birthDay(lead.birthDate);
    let match: ReturningGuestCheck['match'] = 'name';
    let stay: Stay | undefined;
    if (birth === null) stay = latestBefore(stays.all, day, r.keyField);
    else {
      stay = latestBefore(stays.byBirth?.get(birth), day, r.keyField);
      if (stay) match = 'birth-date';
      else stay = latestBefore(stays.withoutBirth, day, r.keyField);
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
}
