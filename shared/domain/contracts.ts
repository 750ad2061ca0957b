// The hotel's side of its tour-operator contracts: each operator (an agency of the service) holds an allotment of a
// room type (in the hotel's own codes, what channel codes are mapped to) for a period, so many rooms a night,
// guaranteed (paid whether sold or not) or normal (confirmed only while the hotel has the rooms), with a release
// period: that many days before a night, what the operator has not sold of it goes back to the hotel. The service
// carries no contract: they are the hotel's own data, typed in or imported from a spreadsheet.
import type { CalendarDate } from './reservation';

export type AllotmentKind = 'guaranteed' | 'normal';
export const ALLOTMENT_KINDS: readonly AllotmentKind[] = ['guaranteed', 'normal'];

/** The most rooms a contract may hold a night, and the longest release period: beyond them it is a typing slip. */
export const MAX_CONTRACT_ROOMS = 999;
export const MAX_RELEASE_DAYS = 120;
/** The longest operator id and room type code, and the longest note, a contract keeps. */
export const MAX_CONTRACT_CODE = 100;
export const MAX_CONTRACT_NOTE = 200;

/** A contract as entered, before it is stored. */
export interface ContractInput {
  agencyId: string;
  /** The hotel's room type code. */
  roomType: string;
  from: CalendarDate;
  to: CalendarDate;
  /** Rooms a night. */
  rooms: number;
  /** Rooms per weekday, Monday first, where they differ from `rooms`; null when every night has `rooms`. */
  weekdayRooms: readonly number[] | null;
  kind: AllotmentKind;
  releaseDays: number;
  note: string;
}

/** A contract as stored, with who last changed it and when. */
export interface Contract extends ContractInput {
  id: number;
  updatedBy: string;
  updatedAt: string;
}

/** Why an entered contract cannot be kept, said to the receptionist in the desk's words. */
export type ContractProblem =
  | { field: 'agencyId' | 'roomType'; reason: 'empty' }
  | { field: 'agencyId' | 'roomType' | 'note'; reason: 'too-long'; max: number }
  /** A line break or another character nobody can see: what a spreadsheet's cell can carry and no form types. */
  | { field: 'agencyId' | 'roomType' | 'note'; reason: 'invisible' }
  | { field: 'from' | 'to'; reason: 'not-a-date' }
  | { field: 'to'; reason: 'before-from' }
  | { field: 'rooms' | 'weekdayRooms'; reason: 'not-a-count'; max: number }
  | { field: 'weekdayRooms'; reason: 'not-seven' }
  | { field: 'releaseDays'; reason: 'not-a-count'; max: number }
  | { field: 'kind'; reason: 'unknown' }
  | { field: 'from'; reason: 'overlaps'; other: Pick<Contract, 'id' | 'from' | 'to'> };

/** Weekday of a calendar date, Monday 0 … Sunday 6 (the order weekdayRooms is written in). */
export function weekdayOf(date: CalendarDate): number {
  const day = new Date(`${date.slice(0, 10)}T12:00:00Z`).getUTCDay();
  return (day + 6) % 7;
}

/** Rooms the contract holds on a night inside its period. */
export const roomsOn = (
  contract: Pick<ContractInput, 'rooms' | 'weekdayRooms'>,
  night: CalendarDate,
): number => contract.weekdayRooms?.[weekdayOf(night)] ?? contract.rooms;

/** "5,5,5,5,5,8,8" → [5,5,5,5,5,8,8]; '' → null; anything else → undefined (not seven counts). */
export function parseWeekdayRooms(text: string): number[] | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(/[,;/ ]+/);
  if (parts.length !== 7 || parts.some((p) => !/^\d{1,4}$/.test(p))) return undefined;
  return parts.map(Number);
}

export const weekdayRoomsText = (rooms: readonly number[] | null): string => (rooms ? rooms.join(',') : '');

/**
 * A stay counts against its operator's allotment on its nights [checkIn, checkOut), at most this many: tour-operator
 * stays are a week or two, and the bound keeps every read of them a range of the check-in index.
 */
export const LONGEST_COUNTED_STAY = 62;

/** A reservation as an allotment counts it (the channel's room type is mapped to the hotel's by the reader). */
export interface CountedStay {
  keyField: string;
  agencyId: string;
  roomTypeId: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  rooms: number;
  /** Waiting for the hotel's answer (W): asked, not yet used. */
  waiting: boolean;
}

/** One night of one operator's allotment of one room type, as the calendar shows it. */
export interface AllotmentNight {
  contractId: number;
  agencyId: string;
  roomType: string;
  night: CalendarDate;
  kind: AllotmentKind;
  allotted: number;
  /** Rooms of confirmed (answered, not declined) reservations. */
  used: number;
  /** Rooms of reservations waiting for an answer. */
  asked: number;
  /** allotted − used: below zero when the operator is over its allotment. */
  free: number;
  /** The day unsold rooms of this night go back to the hotel (the night less the release days). */
  releaseOn: CalendarDate;
  /** Today is on or after releaseOn. */
  released: boolean;
}

/** The rooms an operator's reservations take in one channel room type on one night (allotment_nights). */
export interface NightUse {
  agencyId: string;
  roomTypeId: string;
  night: CalendarDate;
  /** Rooms of answered reservations (neither cancelled nor declined), and of those waiting (W). */
  used: number;
  asked: number;
}

/** What the allotment check asks: an operator's counts in some channel room types over some nights. */
export interface AllotmentQuestion {
  agencyId: string;
  /** The channel's room type codes mapped to the contract's room type. */
  roomTypeIds: readonly string[];
  /** The nights asked about. */
  nights: readonly CalendarDate[];
}

/** Unused rooms of a contracted night going back to the hotel at its release day (today or tomorrow). */
export interface ReleaseReminder {
  agencyId: string;
  roomType: string;
  night: CalendarDate;
  releaseOn: CalendarDate;
  /** Rooms allotted that night, and those unused that go back. */
  allotted: number;
  unused: number;
  when: 'today' | 'tomorrow';
}

/** How an agency holds a reservation's room, in the service's words turned into the hotel's. */
export type HeldAs = 'guarantee' | 'normal' | 'onRequest' | 'option' | 'unknown';

/**
 * From the service's QuotaType (0 guarantee, 1 normal, 2 on request) and ReservationStatus (4 option, 1 on
 * request): an option or a request is said before the allotment kind.
 */
export function heldAs(quotaType: number, reservationStatus: number): HeldAs {
  if (reservationStatus === 4) return 'option';
  if (reservationStatus === 1 || quotaType === 2) return 'onRequest';
  if (quotaType === 0) return 'guarantee';
  if (quotaType === 1) return 'normal';
  return 'unknown';
}
