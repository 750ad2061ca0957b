// Result types of the contract's desk requests (setup, inbox, reservation, decisions, mapping, status).
// What the store reads out (inbox rows, versions, decisions, mappings, activity) is the domain's
// vocabulary: passed on as it is, so the renderer and the store speak the same words.
import type {
  SetAsideCounts,
  ChangeKind,
  CheckMarker,
  DecisionView,
  InboxRow as StoredInboxRow,
  ReservationCheck,
  StopSaleCodeKind,
  StopSaleEntry,
  Guest,
  MappedCode,
  Reservation,
  ServiceDialect,
  UiLanguage,
  VersionView,
  WireFormat,
} from './domain';

export type {
  ActivityEntry,
  CapacityCheck,
  CapacityLimit,
  CheckKind,
  CheckMarker,
  CheckSeverity,
  DecisionState,
  DecisionView,
  DuplicateVoucherCheck,
  FieldChange,
  HoneymoonCheck,
  InboxCounts,
  MappedCode,
  MenOnlyCheck,
  PastCheckInCheck,
  ReservationCheck,
  ReturningGuestCheck,
  StopSaleCheck,
  StopSaleCodeKind,
  StopSaleEntry,
  UnmappedCheck,
  MappingRow,
  MappingView,
  VersionView,
} from './domain';

/** An inbox row as the renderer gets it: the store's row with the markers of its pre-confirm checks. */
export interface InboxRow extends StoredInboxRow {
  /** One per kind the checks found, problems first; empty when there is nothing to look at. */
  checks: CheckMarker[];
}

export interface InboxPage {
  rows: InboxRow[];
  total: number;
}

export type CredentialStoreKind = 'keychain' | 'safeStorage' | 'none';

export interface SetupView {
  configured: boolean;
  practiceMode: boolean;
  serviceUrl: string;
  user: string;
  partnerId: number | null;
  format: WireFormat;
  /** Which names the service was seen to use; null until the desk has asked it. */
  dialect: ServiceDialect | null;
  /** The renderer learns whether a password is saved, never the password. */
  passwordSaved: boolean;
  credentialStore: CredentialStoreKind;
  /** Plain sentence when the password cannot be kept between starts, else null. */
  credentialWarning: string | null;
  language: UiLanguage;
  deskUser: string;
  /** Leaving practice mode took away its "Practice" name: ask the receptionist for theirs. */
  askDeskUser: boolean;
}

/** How the desk draws attention: sounds, reminders, starting with the PC. */
export interface NotificationSettings {
  /** Each kind of change (new, changed, cancelled) plays its own sound. */
  sound: boolean;
  /** Remind when a reservation has waited this many minutes for an answer; 0: no reminders. */
  remindAfterMinutes: number;
  /** Resdesk starts in the tray when the user signs in; null where this desk cannot change it. */
  startAtLogin: boolean | null;
}

export type ConnectionProblem =
  'unreachable' | 'wrong-password' | 'wrong-partner' | 'service-error' | 'bad-response';

/** The operations the connection check runs, in order. */
export type ConnectionCheckOperation =
  | 'login'
  | 'agencies'
  | 'reasons-tr'
  | 'reasons-en'
  | 'stay-codes'
  | 'reservations'
  | 'reservation-file'
  | 'json';

/** One operation of the connection check (the same probe as `resdesk probe`). */
export interface ConnectionCheckStep {
  operation: ConnectionCheckOperation;
  ok: boolean;
  httpStatus: number | null;
  ms: number;
  items: number | null;
  /** Plain sentence in the desk's language when it failed, else null. */
  message: string | null;
  /** Fields and values the service sent that Resdesk did not expect (for whoever helps the hotel). */
  unexpected: string[];
}

export interface ConnectionTest {
  ok: boolean;
  problem: ConnectionProblem | null;
  /** Plain sentence for the receptionist. */
  message: string;
  agencies: number;
  /** Which names the service uses; null when it could not be told. */
  dialect: ServiceDialect | null;
  /** XML unless the check proved the whole desk works with JSON too. */
  recommendedFormat: WireFormat;
  steps: ConnectionCheckStep[];
}

export interface HotelHit {
  partnerId: number;
  name: string;
  city: string;
}

export interface ReservationDetail {
  reservation: Omit<Reservation, 'raw' | 'itemJson'>;
  changeKind: ChangeKind;
  codes: MappedCode[];
  guests: (Guest & { hotelNationality: string | null })[];
  versions: VersionView[];
  decision: DecisionView | null;
  /** What a careful receptionist would look at before saying yes: informs the decision, never blocks it. */
  checks: ReservationCheck[];
}

/** The checks of one reservation (bulk confirm asks about those with a problem before including them). */
export interface ReservationChecks {
  keyField: string;
  checks: ReservationCheck[];
}

/** The hotel's stop-sale dates, and the hotel codes a new one can close (from the mappings). */
export interface StopSaleView {
  stopSales: StopSaleEntry[];
  hotelCodes: Record<StopSaleCodeKind, string[]>;
  /** Per stop-sale, the operators it concerns (their codes mapped to it, or a contract on it) and what they were told. */
  notices: { stopSaleId: number; operators: StopSaleNoticeView[] }[];
}

/** An operator a stop-sale concerns, and what the hotel told it. */
export interface StopSaleNoticeView {
  agencyId: string;
  agencyName: string;
  /** The operator's own codes mapped to the stop-sale's hotel code (what it sells the room as). */
  operatorCodes: string[];
  sentAt: string | null;
  sentBy: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
}

/** A stop-sale notice written for an operator: the file to open, and the view with the day it was sent. */
export interface StopSaleNoticeSent {
  path: string;
  view: StopSaleView;
}

/** The hotel's choices about the checks. */
export interface CheckSettingsView {
  /** The family-policy check: flag bookings of adult men only. Off unless the hotel turns it on. */
  menOnly: boolean;
}

export interface BulkResult {
  queued: number;
  /** The reservations whose answer was queued, so the whole batch can be taken back (Undo). */
  queuedKeys: string[];
  skipped: { keyField: string; reason: string }[];
}

/** Undo of several answers: how many were taken back, and how many had already left. */
export interface UndoResult {
  undone: number;
  tooLate: number;
}

/** How answers go out: each is held this many seconds (0: at once) so it can be taken back. */
export interface AnswerSettings {
  graceSeconds: number;
}

export interface SyncStatus {
  online: boolean;
  /** ISO instant since when the desk has been online / offline. */
  since: string;
  lastSuccessAt: string | null;
  nextPollAt: string | null;
  syncing: boolean;
  /** Listed reservations the sync now running has read and stored so far; 0 when none runs (a long read shows it). */
  readSoFar: number;
  queuedDecisions: number;
  lastError: string | null;
  practiceMode: boolean;
  /**
   * Listed reservations kept aside and not acknowledged, by why (could not be read, another hotel's, a reused
   * LogId…), until fixed at the service.
   */
  setAside: SetAsideCounts;
  /** Several desks on the hotel's shared database; null: this desk works in its own file. */
  hotel: HotelLineStatus | null;
  /**
   * Another program seems to empty this account's queue of new reservations: reservations showed up
   * only in full lists, never in this desk's own pull. null: no such sign.
   */
  anotherReader: AnotherReaderStatus | null;
}

export interface HotelLineStatus {
  /** Where the shared database is (host, port, database; never a password). */
  where: string;
  /** It answers. false: reservations and answers cannot be saved from this PC until it is back. */
  reachable: boolean;
  /** ISO instant since when it has (not) answered. */
  since: string;
  /** The PC that talks to the service for the hotel now; null while nobody does (one takes over within 30 s). */
  talkingPc: string | null;
  thisDeskTalks: boolean;
  /** This PC has the service's password, so it can take over when the talking PC stops. */
  canTalk: boolean;
  /**
   * The desk shows this PC's own copy of the hotel's data, read from the hotel's database at this instant (ISO):
   * the database does not answer, or this Resdesk is older than it. Null while it shows the database itself, or has
   * no copy yet.
   */
  copyTakenAt: string | null;
  /** A newer Resdesk updated the hotel's database: Resdesk on this PC must be updated before it can work in it. */
  updateNeeded: boolean;
}

export interface AnotherReaderStatus {
  /** ISO instant of the last sign. */
  seenAt: string;
  /** Reservations seen only in full lists over the last day (a few examples are in the log, never names). */
  reservations: number;
  /** Safe mode is on: reading without acknowledging, answering only after re-reading the current version. */
  safeMode: boolean;
}

// ---------- backups ----------

export interface BackupItem {
  file: string;
  kind: 'daily' | 'pre-migration' | 'manual';
  /** ISO instant. */
  takenAt: string;
  size: number;
  /** The schema version it was taken at. */
  version: number;
  /** In the hotel's second folder rather than the data folder's backups/. */
  inSecondFolder: boolean;
}

export interface BackupsView {
  /** The data folder's backups/. */
  folder: string;
  /** The hotel's second folder (a USB disk, a network share), or null. */
  secondFolder: string | null;
  /** Newest first. */
  backups: BackupItem[];
  /** How many daily and pre-migration copies each folder keeps. */
  keep: { daily: number; preMigration: number };
  /** The desk's database failed its check at start: it is not written to until a backup is restored. */
  databaseDamaged: boolean;
  /** The last daily copy could not be written to the second folder (why, in a sentence), or null. */
  secondFolderProblem: string | null;
}

export interface RestorePreviewView {
  file: string;
  takenAt: string;
  /** What the current database holds beyond the backup; null when it cannot be read (damaged). */
  lost: { reservationVersions: number; decisions: number } | null;
  currentNewestReservation: string | null;
  backupNewestReservation: string | null;
}

export interface RestoreDone {
  /** Where the replaced database is kept, or null when there was none. */
  replacedBy: string | null;
}
