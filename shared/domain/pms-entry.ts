// What to type into the PMS, and the exports.
import type { CalendarDate, ChangeKind, Reservation } from './reservation';
import type { InboxFilter } from './inbox';
import type { FieldChange } from './answers';
import type { UnmappedCode } from './mapping';

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

/** A row of the PMS list: the reservation's own fields as it stands, and where the PMS is with it. */
export interface ToEnterRow
  extends
    PmsEntryView,
    Pick<
      Reservation,
      | 'voucherNo'
      | 'agencyId'
      | 'agencyName'
      | 'tourOpName'
      | 'checkIn'
      | 'checkOut'
      | 'nights'
      | 'roomTypeId'
      | 'roomTypeName'
      | 'accomId'
      | 'accomName'
      | 'roomCount'
      | 'adults'
      | 'childs'
      | 'infants'
      | 'confirmationStatus'
    > {
  leadGuest: string;
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
