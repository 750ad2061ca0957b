// What a hotel really meets and a desk's pre-confirm checks are for, made to happen in the practice world
// at realistic rates when oddities are on: rooms booked over their limits, groups of men, guests who come
// back, and an agency sending the same voucher under a new reservation. Past check-ins, honeymoons and
// namesakes happen in every world already. Drawn from a generator of its own (seed ^ CASES_SALT), so the
// rest of the world, and every world with oddities off, stays exactly as it was for a seed.
import { ROOMS } from './catalog';
import { createPrng, type Prng } from './prng';
import type { GuestRecord, ReservationRecord } from './reservation';

const CASES_SALT = 0xc4ec;

/** Shares of generated reservations, in order of the one roll each gets. */
export const CHECK_CASE_SHARE = {
  capacity: 0.02,
  menGroup: 0.02,
  returningGuest: 0.05,
  duplicateVoucher: 0.005,
} as const;

const MEN = ['ALI', 'MEHMET', 'EMRE', 'HANS', 'STEFAN', 'IVAN', 'JOHN', 'MURAT'];

/** Re-cased the way agencies type names ("YILMAZ AYŞE" → "Yilmaz Ayşe"); same person for the checks. */
const recased = (name: string): string =>
  name
    .split(' ')
    .map((w) => (w.length > 0 ? w[0] + w.slice(1).toLocaleLowerCase('tr') : w))
    .join(' ');

function adultMan(prng: Prng, like: GuestRecord, surname: string, checkIn: string): GuestRecord {
  const age = prng.int(21, 60);
  const year = Number(checkIn.slice(0, 4)) - age;
  return {
    ...like,
    name: `${surname} ${prng.pick(MEN)}`,
    title: 'Mr',
    age,
    birthDate: `${year}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}T00:00:00`,
    musTakipNo: '',
  };
}

export class CheckCases {
  private readonly prng: Prng;
  /** Reservations generated so far, for a returning guest or a repeated voucher to point back at. */
  private readonly earlier: ReservationRecord[] = [];

  constructor(seed: number) {
    this.prng = createPrng(seed ^ CASES_SALT);
  }

  /** One roll per generated reservation; at most one case each. */
  apply(record: ReservationRecord): void {
    const roll = this.prng.next();
    const s = CHECK_CASE_SHARE;
    if (roll < s.capacity) this.overCapacity(record);
    else if (roll < s.capacity + s.menGroup) this.menGroup(record);
    else if (roll < s.capacity + s.menGroup + s.returningGuest) this.returningGuest(record);
    else if (roll < s.capacity + s.menGroup + s.returningGuest + s.duplicateVoucher)
      this.repeatedVoucher(record);
    this.earlier.push(record);
  }

  /** One adult more than the room takes (times the rooms booked): a mistake a tired agent makes. */
  private overCapacity(record: ReservationRecord): void {
    const room = ROOMS[record.roomIndex];
    const lead = record.guests[0];
    if (!room || !lead) return;
    const adults = record.guests.filter((g) => g.title === 'Mr' || g.title === 'Mrs').length;
    const surname = lead.name.split(' ')[0] ?? lead.name;
    for (let n = adults; n <= room.maxAdults * record.roomCount; n += 1)
      record.guests.splice(adults, 0, adultMan(this.prng, lead, surname, record.checkIn));
  }

  /** Two or three adult men, no children: what a family-policy hotel wants flagged (as far as the room takes). */
  private menGroup(record: ReservationRecord): void {
    const room = ROOMS[record.roomIndex];
    const lead = record.guests[0];
    if (!room || !lead) return;
    const count = Math.min(this.prng.int(2, 3), room.maxAdults * record.roomCount);
    if (count < 2) return;
    const surname = lead.name.split(' ')[0] ?? lead.name;
    const men: GuestRecord[] = [{ ...lead, title: 'Mr' }];
    while (men.length < count)
      men.push(adultMan(this.prng, lead, this.prng.chance(0.5) ? surname : 'KAYA', record.checkIn));
    record.guests = men;
  }

  /** The lead guest of an earlier stay comes again: same name (sometimes typed otherwise), same birth date. */
  private returningGuest(record: ReservationRecord): void {
    const lead = record.guests[0];
    if (!lead || this.earlier.length === 0) return;
    for (let tries = 0; tries < 5; tries += 1) {
      const before = this.prng.pick(this.earlier);
      const theirs = before.guests[0];
      if (!theirs || before.checkIn >= record.checkIn) continue;
      record.guests[0] = {
        ...lead,
        name: this.prng.chance(0.3) ? recased(theirs.name) : theirs.name,
        title: theirs.title,
        age: theirs.age,
        birthDate: theirs.birthDate,
      };
      return;
    }
  }

  /** The agency sends a reservation again under a new KeyField with the voucher of one it already sent. */
  private repeatedVoucher(record: ReservationRecord): void {
    const same = this.earlier.filter((r) => r.agencyIndex === record.agencyIndex && r.pmsStatus !== 3);
    if (same.length > 0) record.voucherNo = this.prng.pick(same).voucherNo;
  }
}
