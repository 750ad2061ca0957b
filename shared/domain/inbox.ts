// The inbox: its filter, its rows and page, and the counts beside it.
import type { CalendarDate, ChangeKind, InboxStatus, ServiceConfirmationStatus } from './reservation';

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
  /** The service's QuotaType and ReservationStatus: how the agency holds the room (heldAs). */
  quotaType: number;
  reservationStatus: number;
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
