// A reservation's versions and what changed between them, its answer, and the activity log.
import type { CalendarDate, ChangeKind, StayCodeKind } from './reservation';
import type { StopSaleCodeKind } from './checks';
import type { DecisionState } from './inbox';
import type { ExportKind, ExportScope } from './pms-entry';
import type { AllotmentKind } from './contracts';

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
  action:
    'confirm' | 'decline' | 'export' | 'mapping' | 'setup' | 'sync' | 'stop-sale' | 'settings' | 'contract';
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
  /** The hotel's exchange rates for Production, as saved: for each currency, what one unit is in the hotel's. */
  | { kind: 'settings'; setting: 'rates'; hotelCurrency: string; rates: Readonly<Record<string, number>> }
  /** An operator's allotment added, changed or removed: what it holds after (before, when removed). */
  | {
      kind: 'contract';
      change: 'added' | 'changed' | 'removed';
      agencyId: string;
      roomType: string;
      from: CalendarDate;
      to: CalendarDate;
      rooms: number;
      weekdayRooms: string;
      allotment: AllotmentKind;
      releaseDays: number;
    }
  /** Said on the morning of a release: the unused rooms of an operator's night go back to the hotel. */
  | {
      kind: 'contract';
      change: 'release';
      agencyId: string;
      roomType: string;
      night: CalendarDate;
      releaseOn: CalendarDate;
      unused: number;
      allotted: number;
    }
  /** A sync that brought something (one that brought nothing is not logged: the status bar says it). */
  | { kind: 'sync'; new: number; changed: number; cancelled: number }
  | { kind: 'setup'; practice: 'started' | 'left' };
