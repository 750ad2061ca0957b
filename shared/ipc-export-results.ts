// Result types of the contract's PMS-entry and CSV-export requests.
import type { CalendarDate, ChangeKind, ServiceConfirmationStatus, StayCodeKind } from './domain';
import type { FieldChange } from './ipc-results';

export type ExportKind = 'reservations' | 'guests' | 'arrivals';
export type ExportScope = 'to-enter' | 'all' | 'range' | 'filter';

/** to-enter / needs-update / to-cancel ask something of the receptionist; entered and done do not. */
export type PmsEntryState = 'to-enter' | 'entered' | 'needs-update' | 'to-cancel' | 'done';

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
  /** needs-update / to-cancel: from the version the PMS holds to the current one. Else empty. */
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

export type MarkSkipReason = 'not-found' | 'changed' | 'nothing-to-do';

export interface MarkEnteredResult {
  marked: number;
  /** changed: a newer version arrived since (look at it again); nothing-to-do: already entered or done. */
  skipped: { keyField: string; reason: MarkSkipReason }[];
}

/** A channel code with no hotel code yet, and how many exported reservations use it. */
export interface UnmappedCode {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  count: number;
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
