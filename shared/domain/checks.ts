// What the pre-confirm checks (main/checks) say about one reservation: plain, JSON-serializable data with
// codes, never sentences (the sentences live in the i18n catalogs, keyed by `kind`). Each kind carries
// exactly what a sentence, a marker or `resdesk show --json` needs, so nothing has to be looked up again
// to explain it. Here, not in main/checks, because the renderer and the store speak these words too.
import type { CalendarDate, Guest, Reservation, StayCodeKind } from './reservation';
import type { AllotmentKind } from './contracts';

/**
 * problem: something to look at before saying yes (bulk confirm asks before including it); note: worth
 * knowing, never a reason to hesitate (a honeymoon to highlight, a guest who stayed before).
 */
export type CheckSeverity = 'problem' | 'note';

/** Which of the room's limits (the stay code's own field names) the guests break. */
export type CapacityLimit = 'minAdults' | 'maxAdults' | 'maxChildren' | 'maxPax';

export interface CapacityCheck {
  kind: 'capacity';
  severity: 'problem';
  limit: CapacityLimit;
  /** The reservation's count: adults, children, or adults + children (infants never count). */
  value: number;
  /** The room's limit times the number of rooms booked. */
  allowed: number;
  /** The channel's room code whose limits these are. */
  roomId: string;
}

export interface UnmappedCheck {
  kind: 'unmapped';
  /** A note: work for the mapping screen, nothing against confirming. */
  severity: 'note';
  /** With codeKind and code: exactly the mapping row to open. */
  agencyId: string;
  codeKind: StayCodeKind;
  code: string;
}

export interface HoneymoonCheck {
  kind: 'honeymoon';
  severity: 'note';
  /** flag: the HoneyMoon field says so; note: only the agency's note mentions it. */
  source: 'flag' | 'note';
}

export interface ReturningGuestCheck {
  kind: 'returning-guest';
  severity: 'note';
  /** The lead guest's name as this reservation spells it. */
  guest: string;
  /** birth-date: name and birth date agree; name: the name agrees and one side has no birth date. */
  match: 'birth-date' | 'name';
  /** The earlier reservation (the latest one before this check-in, the strongest match first). */
  keyField: string;
  voucherNo: string;
  checkIn: CalendarDate;
}

export interface MenOnlyCheck {
  kind: 'men-only';
  severity: 'problem';
  /** How many guests, all adult men. */
  men: number;
}

export interface StopSaleCheck {
  kind: 'stop-sale';
  severity: 'problem';
  /** The hotel's own code the stop-sale was entered for, and which kind of code it is. */
  codeKind: StopSaleCodeKind;
  hotelCode: string;
  /** The closed dates as the hotel entered them (both included). */
  from: CalendarDate;
  to: CalendarDate;
}

export interface DuplicateVoucherCheck {
  kind: 'duplicate-voucher';
  severity: 'problem';
  voucherNo: string;
  /** The other active reservations of the agency with this voucher (at most DUPLICATES_SHOWN, sorted). */
  keyFields: string[];
  /** How many there are in all. */
  count: number;
}

export interface PastCheckInCheck {
  kind: 'past-check-in';
  severity: 'problem';
  checkIn: CalendarDate;
  /** Days from the check-in date to today (1 or more). */
  days: number;
}

/**
 * A stay that cannot be as booked: the agency's mistake, stored so the hotel sees it and can
 * decline it, never taken as a normal booking. check-out-before-check-in: the stay ends before it begins;
 * nights-mismatch: Nights is not the number of nights between the dates; negative-count: a count below
 * zero (such items are set aside by the sync; older ones may be stored).
 */
export interface ImpossibleStayCheck {
  kind: 'impossible-stay';
  severity: 'problem';
  reason: 'check-out-before-check-in' | 'nights-mismatch' | 'negative-count';
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  /** Nights as the booking states it, and as its dates count them. */
  nights: number;
  nightsByDates: number;
  /** negative-count: the service's name of the count (RoomCount, Adults…) and its value. */
  count?: { field: string; value: number };
}

/**
 * The agency does not hold the room firmly: it takes it on option (ReservationStatus 4), or asks for it on request,
 * outside its allotment (ReservationStatus 1, or QuotaType 2). The hotel decides with its own availability: a note,
 * since such a booking is ordinary business; a room the hotel does not have is what a problem would be.
 */
export interface OnRequestCheck {
  kind: 'on-request';
  severity: 'note';
  held: 'option' | 'on-request';
}

/**
 * The operator's allotment of the room type (a contract the hotel entered): confirming would take it over on a night
 * of the stay (over), or a night of the stay is inside the release period of a normal allotment, or the booking is
 * on request there (released): the rooms went back to the hotel, which decides with its own availability.
 */
export interface AllotmentCheck {
  kind: 'allotment';
  severity: 'problem';
  reason: 'over' | 'released';
  /** The hotel's room type code the contract is for, and its kind. */
  roomType: string;
  allotment: AllotmentKind;
  /** The first night concerned, and how many nights of the stay are. */
  night: CalendarDate;
  nights: number;
  /** On that night: rooms allotted, and used by the operator's other confirmed reservations. */
  allotted: number;
  used: number;
  /** The day that night's unsold rooms went (or go) back to the hotel. */
  releaseOn: CalendarDate;
}

export type ReservationCheck =
  | AllotmentCheck
  | OnRequestCheck
  | ImpossibleStayCheck
  | CapacityCheck
  | UnmappedCheck
  | HoneymoonCheck
  | ReturningGuestCheck
  | MenOnlyCheck
  | StopSaleCheck
  | DuplicateVoucherCheck
  | PastCheckInCheck;

export type CheckKind = ReservationCheck['kind'];

/** The kinds of code a hotel closes: its room types (the usual case) or its rooms. */
export type StopSaleCodeKind = Extract<StayCodeKind, 'roomType' | 'room'>;
/** The longest hotel code and stop-sale note the desk keeps. */
export const MAX_HOTEL_CODE = 100;
export const MAX_STOP_SALE_NOTE = 200;

/**
 * Dates the hotel closed, in its own words: the hotel's code (what a channel code is mapped to), never a
 * channel's code, so one entry closes the room type for every agency at once.
 */
export interface StopSale {
  codeKind: StopSaleCodeKind;
  hotelCode: string;
  /** First and last closed night, both included. */
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The slice of a reservation the pre-confirm checks read (a full Reservation fits): defined once here, so
 * the store's reads (main/store/checks-input.ts) and the engine (main/checks) cannot describe it twice.
 */
export interface CheckedReservation extends Pick<
  Reservation,
  | 'keyField'
  | 'agencyId'
  | 'voucherNo'
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'pmsStatus'
  | 'confirmationStatus'
  | 'roomId'
  | 'roomTypeId'
  | 'accomId'
  | 'roomCount'
  | 'adults'
  | 'childs'
  | 'infants'
  | 'honeyMoon'
  | 'note'
  | 'quotaType'
  | 'reservationStatus'
> {
  guests: readonly Pick<Guest, 'name' | 'title' | 'birthDate' | 'nationality'>[];
}

/** Another reservation of the hotel, as much of it as returning guests and duplicate vouchers index. */
export interface KnownReservation extends Pick<
  CheckedReservation,
  'keyField' | 'agencyId' | 'voucherNo' | 'checkIn' | 'pmsStatus' | 'confirmationStatus'
> {
  guests: readonly Pick<Guest, 'name' | 'birthDate'>[];
}

/** A check as the inbox and PMS list rows show it: which kind, and whether it is a problem or a note. */
export interface CheckMarker {
  kind: CheckKind;
  severity: CheckSeverity;
}

/** A stop-sale as the hotel entered it in Resdesk, with who did it and when. */
export interface StopSaleEntry extends StopSale {
  id: number;
  note: string;
  createdBy: string;
  createdAt: string;
}
