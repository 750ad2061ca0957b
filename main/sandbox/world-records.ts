// What the practice world keeps about the desk's doings and hands out: versions issued, acknowledgements,
// answers (confirmations and declines), and what a list or an arrival may ask for.
import type { ServiceChoice } from './id-oddities';
import type { AnswerStatus, PmsStatus, ReservationRecord } from './reservation';

/** What the control API may ask of an arrival's identity (each an oddity of the live service). */
export interface ArrivalIdentity {
  /** Take this reservation's current LogId, under its ServiceId ('same') or another ('other'). */
  logIdOf?: { record: ReservationRecord; service: ServiceChoice };
  /** Carry another hotel's number. */
  hotelNumber?: number;
}

export interface Acknowledgement {
  logId: number;
  serviceId: string;
  at: string;
}

export interface ConfirmationEntry {
  /** Which operation the answer came through: the live service's clients decline through the first. */
  operation: 'sendconfirmation' | 'sendconfirmationv2';
  keyField: string;
  /** The version answered, and what it was: a cancellation (3) answered E was taken in by the hotel. */
  logId: number;
  pmsStatus: PmsStatus;
  agencyId: string;
  partnerId: number;
  confirmationStatus: AnswerStatus;
  confirmationNote: string | null;
  notconfirmationNote: string | null;
  pmsUser: string | null;
  /** The hotel-number parameter this service read (partnerId or paximumId, by dialect). */
  hotelParameter: string;
  /** Every hotel-number parameter the request carried, spelled as sent (a desk may send both names). */
  hotelParametersSent: string[];
  at: string;
}

export interface ListQuery {
  from: string;
  to: string;
  agencyId: string | null;
  /** An explicit status filter, or null when none was sent: then every unanswered one (W, S, G). */
  status: 'W' | 'E' | 'H' | null;
  onlyUnacknowledged: boolean;
}

export interface VersionReceipt {
  keyField: string;
  logId: number;
}
