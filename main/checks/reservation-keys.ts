// The keys a reservation is found by when other reservations are checked: its voucher within its agency,
// and each named guest's folded name with their birth date. Computed here once, for the in-memory index
// and for the store's key tables alike, so both find exactly the same reservations.
import { dayNumber, startsWithCalendarDate } from '../../shared/calendar';
import type { KnownReservation } from '../../shared/domain';
import { birthDay } from './birth-day';
import { personKey } from './fold-name';

/** Vouchers compare trimmed and in capitals (agencies retype them); '' holds none. */
export const voucherKey = (voucherNo: string): string => voucherNo.trim().toUpperCase();

export interface GuestKey {
  person: string;
  /** Birth date as YYYYMMDD, null when unknown. */
  birth: number | null;
}

export interface ReservationKeys {
  /** The normalized voucher, null when empty. */
  voucher: string | null;
  /** Check-in as YYYYMMDD, null when it is no calendar date (then no guest is found by it). */
  day: number | null;
  /** Guests whose name can tell a person (see personKey); empty when `day` is null. */
  guests: GuestKey[];
}

/** What the reservation is found by, whatever its status (the lookups leave out the inactive ones). */
export function reservationKeys(r: KnownReservation): ReservationKeys {
  const voucher = voucherKey(r.voucherNo);
  const day = startsWithCalendarDate(r.checkIn) ? dayNumber(r.checkIn) : null;
  const guests: GuestKey[] = [];
  if (day !== null)
    for (const guest of r.guests) {
      const person = personKey(guest.name);
      if (person !== null) guests.push({ person, birth: birthDay(guest.birthDate) });
    }
  return { voucher: voucher === '' ? null : voucher, day, guests };
}
