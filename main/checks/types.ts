// What the pre-confirm checks say about one reservation: plain, JSON-serializable data with codes, never
// sentences (the sentences live in the i18n catalogs, keyed by `kind`). Each kind carries exactly what a
// sentence, a marker or `resdesk show --json` needs, so nothing has to be looked up again to explain it.
import type { CalendarDate, StayCodeKind } from '../../shared/domain';

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
  severity: 'problem';
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

export type ReservationCheck =
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
