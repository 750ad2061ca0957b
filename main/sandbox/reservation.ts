// One reservation as the practice world keeps it: canonical catalog indexes, not any agency's codes,
// so the same reservation can be written in the dialect of the agency that sent it.

/**
 * W waiting, E confirmed, H not confirmed (the spec's three); S "sent" and G "not sent" are handled by
 * the live service's clients too, for reservations dealt with elsewhere (the odd values of the world).
 */
export type ConfirmationStatus = 'W' | 'E' | 'H' | 'S' | 'G';
/** The hotel's answers. */
export type AnswerStatus = 'E' | 'H';
/** 0 new, 2 changed and sent again, 3 cancelled; any other number is an odd value the live service may send. */
export type PmsStatus = number;

export interface GuestRecord {
  name: string;
  title: 'Mr' | 'Mrs' | 'Chd' | 'Inf';
  age: number;
  birthDate: string | null;
  nationality: string;
  arrival: string;
  arrivalTime: string | null;
  departure: string;
  departureTime: string | null;
  musTakipNo: string;
}

export interface ReservationRecord {
  keyField: string;
  agencyIndex: number;
  voucherNo: string;
  serviceId: string;
  logId: number;
  pmsStatus: PmsStatus;
  confirmationStatus: ConfirmationStatus;
  confirmDate: string | null;
  confirmationNo: string;
  confirmeNote: string;
  checkIn: string;
  checkOut: string;
  roomIndex: number;
  roomTypeIndex: number;
  boardIndex: number;
  roomCount: number;
  extraBed: number;
  guests: GuestRecord[];
  note: string;
  soldPrice: number;
  sellDate: string | null;
  quotaType: 0 | 1 | 2;
  reservationStatus: 0 | 1 | 2 | 3 | 4;
  honeyMoon: 'Y' | 'N';
  freeOfCharge: 'Y' | 'N';
  promosyonRoom: 'Y' | 'N';
  fisNo: number;
  lastChangeUser: string;
  roomNo: string | null;
  /** Set only when the item carries another hotel's number (an oddity of the live service). */
  hotelNumber?: number;
}

export function countGuests(guests: readonly GuestRecord[]): {
  adults: number;
  childs: number;
  infants: number;
} {
  let adults = 0;
  let childs = 0;
  let infants = 0;
  for (const guest of guests) {
    if (guest.title === 'Chd') childs += 1;
    else if (guest.title === 'Inf') infants += 1;
    else adults += 1;
  }
  return { adults, childs, infants };
}

/** A deep copy, so a snapshot (a reservation file) never sees later changes. */
export function copyReservation(record: ReservationRecord): ReservationRecord {
  return { ...record, guests: record.guests.map((guest) => ({ ...guest })) };
}
