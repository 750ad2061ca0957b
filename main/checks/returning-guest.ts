// The lead guest stayed (or is booked) before: another active reservation of the hotel with an earlier
// check-in, past stays included, has a guest of the same folded name. Birth dates decide when both sides
// have one (a disagreement means two people); when either lacks one, the name alone is a weaker match,
// the PMS module's "possibly returning". The strongest match wins, then the latest earlier stay.
//
// Indexed once: every guest name of every active reservation → its stays sorted by check-in, under the
// name alone, the name with the birth date, and the name without one. A check is then three map lookups
// and binary searches, however common the name.
import { birthDay, isCalendarDate } from './calendar';
import type { CheckedReservation, KnownReservation } from './context';
import { personKey } from './fold-name';
import { isActive } from './status';
import type { ReservationCheck, ReturningGuestCheck } from './types';

interface Stay {
  keyField: string;
  voucherNo: string;
  checkIn: string;
}

type Stays = Stay[];

function push(map: Map<string, Stays>, key: string, stay: Stay): void {
  const list = map.get(key);
  if (list) list.push(stay);
  else map.set(key, [stay]);
}

const byCheckIn = (a: Stay, b: Stay): number => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0);

/** The stay with the latest check-in before `checkIn` that is not the reservation itself. */
function latestBefore(list: Stays | undefined, checkIn: string, keyField: string): Stay | undefined {
  if (!list) return undefined;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as Stay).checkIn < checkIn) low = middle + 1;
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
  private readonly byName = new Map<string, Stays>();
  private readonly byNameAndBirth = new Map<string, Stays>();
  private readonly byNameWithoutBirth = new Map<string, Stays>();
  private sorted = true;

  addReservation(r: KnownReservation): void {
    if (!isActive(r) || !isCalendarDate(r.checkIn)) return;
    const stay: Stay = { keyField: r.keyField, voucherNo: r.voucherNo, checkIn: r.checkIn.slice(0, 10) };
    for (const guest of r.guests) {
      const name = personKey(guest.name);
      if (name === null) continue;
      const birth = birthDay(guest.birthDate);
      push(this.byName, name, stay);
      if (birth === null) push(this.byNameWithoutBirth, name, stay);
      else push(this.byNameAndBirth, `${name}\u0000${birth}`, stay);
    }
    this.sorted = false;
  }

  check(r: CheckedReservation, out: ReservationCheck[]): void {
    const lead = r.guests[0];
    if (!lead || !isCalendarDate(r.checkIn)) return;
    const name = personKey(lead.name);
    if (name === null) return;
    this.sort();
    const checkIn = r.checkIn.slice(0, 10);
    const birth = birthDay(lead.birthDate);
    let match: ReturningGuestCheck['match'] = 'name';
    let stay: Stay | undefined;
    if (birth === null) stay = latestBefore(this.byName.get(name), checkIn, r.keyField);
    else {
      stay = latestBefore(this.byNameAndBirth.get(`${name}\u0000${birth}`), checkIn, r.keyField);
      if (stay) match = 'birth-date';
      else stay = latestBefore(this.byNameWithoutBirth.get(name), checkIn, r.keyField);
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

  /** Sorted once, on the first check after the last addition. */
  private sort(): void {
    if (this.sorted) return;
    for (const map of [this.byName, this.byNameAndBirth, this.byNameWithoutBirth])
      for (const list of map.values()) if (list.length > 1) list.sort(byCheckIn);
    this.sorted = true;
  }
}
