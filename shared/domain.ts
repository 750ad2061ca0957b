// The hotel's vocabulary, shared by main and renderer. Plain data only: no behaviour, no imports but the
// text folding (shared/text-fold.ts) the hotel-code key is made of.
//
// Dates from the service are calendar values in the hotel's own time: they are kept as the
// strings they arrived as, never turned into Date objects, so nothing shifts them through a zone.
import { caseKey } from './text-fold';

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

/** An answer is held this long by default before it is sent, so the receptionist can take it back. */
/**
 * The names practice mode gives a desk that had none, in the desk's language when practice started: a practice
 * answer is signed so in the Activity list, and real answers never are.
 */
export const PRACTICE_DESK_USERS: readonly string[] = ['Practice', 'Alıştırma'];

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

// ---------- pre-confirm checks ----------
//
// What the pre-confirm checks (main/checks) say about one reservation: plain, JSON-serializable data with
// codes, never sentences (the sentences live in the i18n catalogs, keyed by `kind`). Each kind carries
// exactly what a sentence, a marker or `resdesk show --json` needs, so nothing has to be looked up again
// to explain it. Here, not in main/checks, because the renderer and the store speak these words too.

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

export type ReservationCheck =
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

// ---------- the inbox ----------

/** Which reservations the inbox shows. An empty list means no filter on that dimension. */
export interface InboxFilter {
  statuses?: InboxStatus[];
  kinds?: ChangeKind[];
  agencyId?: string;
  checkInFrom?: CalendarDate;
  checkInTo?: CalendarDate;
  /** Guest names, voucher, key; a search without any letter or digit is no search. */
  search?: string;
  /** The current version reached the desk at or after this ISO instant ("received today"). */
  receivedFrom?: string;
  /** …and before this ISO instant (exclusive). */
  receivedTo?: string;
  /**
   * Only reservations waiting for the hotel's answer whose pre-confirm checks found a problem. Main resolves
   * it with the checks engine (checks are computed, never stored); the CSV export has no such field and
   * ignores it.
   */
  hasProblem?: boolean;
}

/** Where the desk's answer to a reservation stands. */
export type DecisionState = 'none' | 'pending' | 'sent' | 'failed' | 'review';

export interface InboxRow {
  keyField: string;
  voucherNo: string;
  tourOpName: string;
  agencyName: string;
  leadGuest: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  roomTypeName: string;
  /** The channel's room (name), and how many rooms the booking takes: a 2-room booking is not 1. */
  roomName: string;
  roomCount: number;
  /** The room number the service gave, if any. */
  roomNo: string | null;
  accomId: string;
  adults: number;
  childs: number;
  infants: number;
  confirmationStatus: ServiceConfirmationStatus;
  changeKind: ChangeKind;
  decision: DecisionState;
  /** When the latest version reached this desk (ISO instant). */
  receivedAt: string;
  /** First guest arrival time, when the service gave one. */
  arrivalTime: string | null;
  hasUnmappedCodes: boolean;
}

export interface InboxPage {
  rows: InboxRow[];
  total: number;
}

/** `waiting`: waiting for the hotel's answer (W and not cancelled: a cancellation needs none). */
/** Reservations waiting for the hotel's answer, and the cancellations among them (to take in). */
export interface WaitingTally {
  total: number;
  cancellations: number;
}

export interface InboxCounts {
  total: number;
  new: number;
  changed: number;
  cancelled: number;
  /** Waiting for the hotel's answer (W), cancellations to take in included. */
  waiting: number;
  /** Of `waiting`, the cancellations: answered by taking them in. */
  waitingCancellations: number;
  confirmed: number;
  declined: number;
  /** Reservations whose status is none of W, E, H (the live service's S and G): the `other` chip. */
  otherStatus: number;
}

// ---------- versions and decisions ----------

export interface FieldChange {
  /** Stable field id for i18n, e.g. 'checkOut', 'guestAdded'. */
  field: string;
  before: string | null;
  after: string | null;
  /** A price's currency on each side (soldPrice), so it is shown as money: "1.155 EUR → 1.650 EUR". */
  currency?: { before: string | null; after: string | null };
}

/** One version of a reservation as received, with what changed since the one before it. */
export interface VersionView {
  logId: number;
  changeKind: ChangeKind;
  receivedAt: string;
  changes: FieldChange[];
}

export interface DecisionView {
  state: DecisionState;
  action: 'confirm' | 'decline';
  note: string;
  reasonId: string | null;
  user: string;
  decidedAt: string;
  sentAt: string | null;
  /** Plain sentence of the last failure. */
  error: string | null;
  voucherSaved: boolean;
  /** Pending and held until this instant (ISO) so it can be taken back (Undo); null when it goes out now. */
  sendAfter: string | null;
  /**
   * The reservation's version (LogId) the answer was given to: an answer to an earlier version is history beside
   * the current one (a confirmation before the agency cancelled is not a taking-in of the cancellation).
   */
  basedOnLogId: number;
}

/** Who did what at the desk. */
export interface ActivityEntry {
  id: number;
  at: string;
  user: string;
  action: 'confirm' | 'decline' | 'export' | 'mapping' | 'setup' | 'sync' | 'stop-sale' | 'settings';
  keyField: string | null;
  /**
   * confirm: the note; decline: the reason's id; export and mapping: what was done as a JSON object of
   * codes and values (see ActivityDetail), worded in the desk's language when read; setup: address, hotel
   * number and format. Rows written before the codes may hold an English sentence.
   */
  detail: string;
  /** The reservation's lead guest (as it stands now), when the entry is about one. */
  guest: string | null;
  /** A decline's reason by name in the language asked for (the other one when that is missing). */
  reasonName: string | null;
}

/**
 * What an export, mapping, stop-sale or settings activity row stores in `detail`: codes and values, never
 * words. `kind` is the row's action.
 */
export type ActivityDetail =
  | {
      kind: 'export';
      exportKind: ExportKind;
      /** Omitted for the arrivals list, which has a day instead. */
      scope?: ExportScope;
      date?: CalendarDate;
      rows: number;
      reservations: number;
      file: string;
    }
  | { kind: 'mapping'; codeKind: StayCodeKind; channelCode: string; hotelCode: string }
  | {
      kind: 'stop-sale';
      change: 'added' | 'removed';
      codeKind: StopSaleCodeKind;
      hotelCode: string;
      from: CalendarDate;
      to: CalendarDate;
      note: string;
    }
  | { kind: 'settings'; setting: 'menOnly'; on: boolean }
  /** A sync that brought something (one that brought nothing is not logged: the status bar says it). */
  | { kind: 'sync'; new: number; changed: number; cancelled: number }
  | { kind: 'setup'; practice: 'started' | 'left' };

// ---------- code mappings ----------

export interface MappedCode {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
}

export interface MappingRow {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
  /** Live (waiting or confirmed, not cancelled) reservations using this code. */
  usedByLive: number;
  /**
   * Where hotelCode comes from: the agency's own mapping, or the one made once for all agencies (which
   * applies wherever an agency has no own mapping of the code); null while unmapped.
   */
  mappedFor: 'agency' | 'allAgencies' | null;
  /** The all-agencies mapping of this code, also when the agency's own one overrides it. */
  allAgenciesCode: string | null;
}

export interface MappingView {
  agencyId: string;
  rows: MappingRow[];
  total: number;
  unmapped: number;
  /** The hotel's own codes, every kind: what a channel code is mapped to is picked from these. */
  hotelCodes: HotelCode[];
}

/**
 * The agency of a mapping made once for all agencies (stored in `mappings` like any other): it applies to
 * every agency that has no own mapping of the code. Never an agency the service sends.
 */
export const ALL_AGENCIES = '*';

/** A code of the hotel's own PMS, from the hotel's list of its codes (one list per kind). */
export interface HotelCode {
  kind: StayCodeKind;
  code: string;
  /** What the hotel calls it; may be empty. */
  name: string;
}

/**
 * Hotel codes are unique per kind whatever their case, in Turkish and in English: "dbl", "DBL" and "Dbl"
 * are one code, and so are "İ", "I", "ı" and "i" (a Turkish keyboard's "i" upper-cases to "İ", an English
 * one's to "I"). This is the key they are compared by; the code is kept as first written.
 */
export const hotelCodeKey = (code: string): string => caseKey(code);

/** Mappings copied from another agency: each code the agency had not mapped and the other one had. */
export interface MappingCopy {
  view: MappingView;
  copied: { kind: StayCodeKind; channelCode: string; hotelCode: string }[];
}

/** A channel code with no hotel code yet, and how many exported reservations use it. */
export interface UnmappedCode {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  count: number;
}

// ---------- PMS entry and export ----------

export type ExportKind = 'reservations' | 'guests' | 'arrivals';
export type ExportScope = 'to-enter' | 'all' | 'range' | 'filter';

/**
 * to-enter / needs-update / to-cancel ask something of the receptionist; entered and done do not;
 * waiting: live but not confirmed yet (a new reservation, or a change of one in the PMS), typed in only
 * once the hotel confirms it, so it is not in the PMS list.
 */
export type PmsEntryState = 'to-enter' | 'entered' | 'needs-update' | 'to-cancel' | 'waiting' | 'done';

/** Who last marked the reservation in the PMS, and which version the PMS holds. */
export interface PmsEntryMark {
  /** The version whose data the PMS holds (the base of `changes`). */
  logId: number;
  enteredBy: string;
  enteredAt: string;
  pmsReference: string | null;
  /** The last marking (an update or cancellation handled), else the first entry. */
  handledBy: string;
  handledAt: string;
}

export interface PmsEntryView {
  keyField: string;
  /** The current version. */
  logId: number;
  state: PmsEntryState;
  entered: PmsEntryMark | null;
  /** needs-update / to-cancel / waiting: from the version the PMS holds to the current one. Else empty. */
  changes: FieldChange[];
}

export interface ToEnterRow extends PmsEntryView {
  voucherNo: string;
  agencyId: string;
  agencyName: string;
  tourOpName: string;
  leadGuest: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  roomTypeId: string;
  roomTypeName: string;
  accomId: string;
  accomName: string;
  roomCount: number;
  adults: number;
  childs: number;
  infants: number;
  confirmationStatus: ServiceConfirmationStatus;
  changeKind: ChangeKind;
  receivedAt: string;
  hasUnmappedCodes: boolean;
}

export interface ToEnterCounts {
  total: number;
  toEnter: number;
  needsUpdate: number;
  toCancel: number;
  /**
   * Not counted in total and not in the list: reservations and changes the hotel has not answered yet
   * (state waiting). They come into the list once confirmed.
   */
  waiting: number;
}

export interface ToEnterPage {
  /** Oldest check-in first. */
  rows: ToEnterRow[];
  total: number;
  counts: ToEnterCounts;
}

export interface PmsVersionRef {
  keyField: string;
  logId: number;
}

export type MarkSkipReason = 'not-found' | 'changed' | 'nothing-to-do' | 'not-confirmed';

export interface MarkEnteredResult {
  marked: number;
  /**
   * changed: a newer version arrived since (look at it again); nothing-to-do: already entered or done;
   * not-confirmed: the hotel has not confirmed it yet, so it is not typed into the PMS.
   */
  skipped: { keyField: string; reason: MarkSkipReason }[];
}

export type CsvDelimiter = ';' | ',';
export type CsvDateFormat = 'dd.MM.yyyy' | 'yyyy-MM-dd';

/**
 * What to export. scope: 'to-enter' (default) what the PMS still lacks; 'all'; 'range' check-in from..to;
 * 'filter' the inbox filter. kind 'arrivals' takes the day in `date` and ignores scope. delimiter /
 * dateFormat default by UI language (tr: ';' dd.MM.yyyy, en: ',' yyyy-MM-dd).
 */
export interface ExportRequest {
  kind: ExportKind;
  scope?: ExportScope;
  from?: CalendarDate;
  to?: CalendarDate;
  date?: CalendarDate;
  filter?: InboxFilter;
  delimiter?: CsvDelimiter;
  dateFormat?: CsvDateFormat;
}

export interface ExportPreview {
  kind: ExportKind;
  /** Lines the CSV will have (without the header). */
  rows: number;
  reservations: number;
  unmapped: UnmappedCode[];
  /** Reservations the export would let you mark as entered (scope to-enter only). */
  markable: number;
}

export interface ExportResult {
  /** Absolute path of the CSV, inside <dataDir>/exports. */
  path: string;
  /** Arrivals only: the printable HTML written beside the CSV. */
  htmlPath: string | null;
  rows: number;
  reservations: number;
  unmapped: UnmappedCode[];
  /** Plain sentence (unmapped codes, nothing to export), else null. */
  warning: string | null;
  /** Scope to-enter: the versions exported, to pass to markEntered once typed into the PMS. */
  markable: PmsVersionRef[];
}
