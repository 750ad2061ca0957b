// A reservation as the service sends it and the desk keeps it: dates, statuses, guests, the service's own
// words (agencies, decline reasons, stay codes), and what is set aside unread.
//
// Dates from the service are calendar values in the hotel's own time: they are kept as the
// strings they arrived as, never turned into Date objects, so nothing shifts them through a zone.

/** 'YYYY-MM-DD' */
export type CalendarDate = string;
/** 'YYYY-MM-DDTHH:mm:ss' (no zone: hotel-local wall clock) */
export type LocalDateTime = string;

/** W waiting, E confirmed, H not confirmed (declined): the statuses a desk answers and filters by. */
export type ConfirmationStatus = 'W' | 'E' | 'H';

/**
 * ConfirmationStatus as the service wrote it: W, E, H, or another letter. The live service is known to
 * send S ("sent") and G ("not sent") too; whatever comes is kept as it came and shown as what it is.
 */
export type ServiceConfirmationStatus = ConfirmationStatus | (string & {});

export const isConfirmationStatus = (value: string): value is ConfirmationStatus =>
  value === 'W' || value === 'E' || value === 'H';

/**
 * A status chip of the inbox: an answer status, or `other` for every reservation whose status is none of
 * them (S, G or a letter nobody has seen yet), so those can be found without scrolling the whole list.
 */
export type InboxStatus = ConfirmationStatus | 'other';

/** The longest note the service takes with a confirmation. */
export const NOTE_MAX = 500;

/**
 * The longest code (KeyField, ServiceId, operator, voucher, room type, an agency's id and name, a channel code) the
 * desk keeps. The stores index these, and PostgreSQL refuses an index entry over some 2.7 KB, and the whole write
 * with it; real codes are a few dozen characters, so a longer one is broken, not big.
 */
export const LONGEST_CODE = 200;

/**
 * A name (an agency's) within LONGEST_CODE UTF-16 units: a longer one is kept, cut and ending with "…", since a name
 * is shown, never looked up. The cut never goes through a character written as two units, and leaves no space
 * before the "…".
 */
export function shortenedName(name: string): string {
  if (name.length <= LONGEST_CODE) return name;
  let cut = name.slice(0, LONGEST_CODE - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The names practice mode gives a desk that had none, in the desk's language when practice started: a practice
 * answer is signed so in the Activity list, and real answers never are.
 */
export const PRACTICE_DESK_USERS: readonly string[] = ['Practice', 'Alıştırma'];

/** An answer is held this long by default before it is sent, so the receptionist can take it back. */
export const ANSWER_GRACE_DEFAULT_SECONDS = 10;
export const ANSWER_GRACE_MAX_SECONDS = 60;

/** PmsStatus values the spec gives: 0 new, 2 changed, 3 cancelled. Others are kept and flagged. */
export const isKnownPmsStatus = (value: number): boolean => value === 0 || value === 2 || value === 3;

/** What the service said about this version: PmsStatus 0 new, 2 changed, 3 cancelled. */
export type ChangeKind = 'new' | 'changed' | 'cancelled';

export const changeKindOfPmsStatus = (pmsStatus: number): ChangeKind =>
  pmsStatus === 3 ? 'cancelled' : pmsStatus === 2 ? 'changed' : 'new';

export type UiLanguage = 'tr' | 'en';
export type ServiceLanguage = 'tr-TR' | 'en-US';
export type WireFormat = 'json' | 'xml';
/** Which names the service uses on the wire: the spec's, or the live service's original ones. */
export type ServiceDialect = 'spec' | 'original';

export interface Agency {
  id: string;
  name: string;
}

export interface NotConfirmMessage {
  id: string;
  name: string;
  lang: ServiceLanguage;
}

export type StayCodeKind = 'room' | 'roomType' | 'board' | 'nationality';

export interface StayCode {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
  name: string;
  /** The hotel as the channel names it (Otel), when the service says. */
  hotel?: string;
  /** The hotel number the code belongs to (PartnerId / PaximumId), when the service says. */
  hotelNumber?: number | null;
  /** Rooms only: the room's guest limits. */
  pax?: number | null;
  minAdults?: number | null;
  maxAdults?: number | null;
  maxChildren?: number | null;
  maxPax?: number | null;
  /** The element exactly as the service sent it, unknown fields included. */
  raw?: Record<string, unknown>;
}

/** A channel code mapped to the hotel's own PMS code. */
export interface Mapping {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  hotelCode: string;
  updatedBy: string;
  updatedAt: string;
}

/** CustomerPms, in the hotel's words. */
export interface Guest {
  name: string;
  title: string;
  age: number | null;
  birthDate: LocalDateTime | null;
  nationality: string;
  nationalityString: string;
  arrival: string;
  arrivalTime: LocalDateTime | null;
  departure: string;
  departureTime: LocalDateTime | null;
  musNo: number | null;
  musTakipNo: string;
  reservationKeyField: string;
}

/** ReservationPms, one version of a reservation as the service sent it. */
export interface Reservation {
  keyField: string;
  logId: number;
  serviceId: string;
  pmsStatus: number;
  confirmationStatus: ServiceConfirmationStatus;
  confirmationNo: string;
  confirmDate: LocalDateTime | null;
  confirmeNote: string;
  agencyId: string;
  agencyName: string;
  hotelId: string;
  hotelName: string;
  stayHotelName: string;
  originalHotelCode: string;
  partnerId: number;
  tourOpCode: string;
  tourOpName: string;
  voucherNo: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  roomId: string;
  roomName: string;
  roomNo: string | null;
  roomTypeId: string;
  roomTypeName: string;
  /** Board code (AccomId). */
  accomId: string;
  accomName: string;
  roomCount: number;
  adults: number;
  childs: number;
  infants: number;
  pax: number;
  extraBed: number;
  fisNo: number;
  freeOfCharge: string;
  honeyMoon: string;
  promosyonRoom: string;
  quotaType: number;
  reservationStatus: number;
  lastChangeUser: string;
  note: string;
  sellDate: LocalDateTime | null;
  soldCurrency: string;
  soldPrice: number;
  guests: Guest[];
  /** The item exactly as decoded, unknown fields included, so nothing the service sent is lost. */
  raw: Record<string, unknown>;
  /**
   * The item's JSON text, only on a Reservation exactly as the exchange client decoded it: the store then
   * keeps this text alone as the version's snapshot, since reading the item again gives this Reservation.
   * Not enumerable, so a copy ({ ...r, logId }) does not carry it and is stored field by field.
   */
  readonly itemJson?: string;
}

/**
 * A reservation the service listed that could not be read (a field missing or of the wrong shape). It is
 * kept with its text for a person to look at and never acknowledged, so the service offers it again.
 */
export interface UnreadableReservation {
  /** The operation it came with: the reservation list or the large-result file. */
  operation: string;
  /** The field that could not be read, and what it should have been. */
  field: string;
  expected: string;
  /** As far as they could be read, to say which reservation it is. */
  keyField: string | null;
  logId: number | null;
  serviceId: string | null;
  /** The item's text: exactly as received for JSON; for XML, the element read into JSON. */
  text: string;
  /** Why it was set aside; absent: it could not be read ('unreadable'). */
  reason?: SetAsideReason;
}

/**
 * Why a listed item was set aside and never acknowledged. unreadable: a field missing or of the
 * wrong shape; other-hotel: its hotel number is not this desk's (acknowledging it would take it from the
 * hotel it belongs to); impossible: a count below zero; log-id-reused: its LogId is already stored for
 * another reservation or ServiceId; content-differs: its LogId is already stored with other content.
 */
export type SetAsideReason =
  'unreadable' | 'other-hotel' | 'impossible' | 'log-id-reused' | 'content-differs';

/** How many items are set aside and not resolved, by reason (a reason with none is absent). */
export type SetAsideCounts = Partial<Record<SetAsideReason, number>>;
