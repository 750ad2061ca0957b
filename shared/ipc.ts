// The contract between the renderer and main: every request (name → request schema, result type)
// and every push event. The preload exposes exactly this as `window.resdesk`; main validates every
// request with these schemas and never throws across the boundary.
import { z } from 'zod';
import type {
  Agency,
  CalendarDate,
  ChangeKind,
  ConfirmationStatus,
  Guest,
  NotConfirmMessage,
  Reservation,
  StayCodeKind,
  UiLanguage,
  WireFormat,
} from './domain';

// ---------- shared pieces of requests ----------

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-07-12.');
const keyField = z.string().min(1).max(500);
const serviceUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), 'The service address must start with http:// or https://.');
const stayCodeKind = z.enum(['room', 'roomType', 'board', 'nationality']);
const status = z.enum(['W', 'E', 'H']);
const changeKind = z.enum(['new', 'changed', 'cancelled']);
const empty = z.object({}).strict();

export const NOTE_MAX = 500;

export const inboxFilterSchema = z
  .object({
    statuses: z.array(status).max(3).optional(),
    kinds: z.array(changeKind).max(3).optional(),
    agencyId: z.string().max(100).optional(),
    checkInFrom: calendarDate.optional(),
    checkInTo: calendarDate.optional(),
    search: z.string().max(200).optional(),
  })
  .strict();

const connectionSchema = z
  .object({
    serviceUrl,
    user: z.string().trim().min(1).max(200),
    /** Absent: use the password already saved in the keychain. */
    password: z.string().min(1).max(500).optional(),
    partnerId: z.number().int().positive(),
    format: z.enum(['json', 'xml']),
  })
  .strict();

// ---------- PMS entry and CSV export ----------

const exportKind = z.enum(['reservations', 'guests', 'arrivals']);

/**
 * What to export. scope: 'to-enter' (default) what the PMS still lacks; 'all'; 'range' check-in from..to;
 * 'filter' the inbox filter. kind 'arrivals' takes the day in `date` and ignores scope (every live
 * reservation arriving that day). delimiter / dateFormat default by UI language (tr: ';' dd.MM.yyyy,
 * en: ',' yyyy-MM-dd).
 */
export const exportRequestSchema = z
  .object({
    kind: exportKind,
    scope: z.enum(['to-enter', 'all', 'range', 'filter']).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    date: calendarDate.optional(),
    filter: inboxFilterSchema.optional(),
    delimiter: z.enum([';', ',']).optional(),
    dateFormat: z.enum(['dd.MM.yyyy', 'yyyy-MM-dd']).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.kind === 'arrivals' && r.date === undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose the day of the arrivals list.' });
    if (r.kind !== 'arrivals' && r.scope === 'range' && (r.from === undefined || r.to === undefined))
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Give both check-in dates, from and to.' });
    if (r.from !== undefined && r.to !== undefined && r.from > r.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last check-in date is before the first.' });
    if (r.kind !== 'arrivals' && r.scope === 'filter' && r.filter === undefined)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'Give the inbox filter to export.' });
  });

const pmsVersionRef = z
  .object({
    keyField,
    /** The version the receptionist typed in (from listToEnter or an export): a newer one is refused. */
    logId: z.number().int().nonnegative(),
    pmsReference: z.string().trim().max(100).optional(),
  })
  .strict();

// ---------- request schemas ----------

export const requestSchemas = {
  getSetup: empty,
  saveSetup: connectionSchema,
  testConnection: connectionSchema,
  searchHotels: z
    .object({
      serviceUrl,
      user: z.string().trim().min(1).max(200),
      password: z.string().max(500).optional(),
      query: z.string().trim().min(1).max(100),
    })
    .strict(),
  startPracticeMode: empty,
  leavePracticeMode: empty,
  setLanguage: z.object({ language: z.enum(['tr', 'en']) }).strict(),
  setDeskUser: z.object({ name: z.string().trim().min(1).max(100) }).strict(),

  listReservations: z
    .object({
      filter: inboxFilterSchema,
      sort: z.enum(['checkIn', 'arrival']),
      direction: z.enum(['asc', 'desc']),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(500),
    })
    .strict(),
  inboxCounts: z.object({ filter: inboxFilterSchema }).strict(),
  getReservation: z.object({ keyField }).strict(),

  confirm: z.object({ keyField, note: z.string().max(NOTE_MAX).optional() }).strict(),
  decline: z.object({ keyField, reasonId: z.string().min(1).max(100) }).strict(),
  confirmMany: z
    .object({ keyFields: z.array(keyField).min(1).max(1000), note: z.string().max(NOTE_MAX).optional() })
    .strict(),
  retryDecision: z.object({ keyField }).strict(),
  resolveReview: z.object({ keyField, action: z.enum(['send', 'discard']) }).strict(),
  openVoucher: z.object({ keyField }).strict(),
  listDeclineReasons: z.object({ language: z.enum(['tr', 'en']) }).strict(),

  listAgencies: empty,
  getMapping: z.object({ agencyId: z.string().min(1).max(100) }).strict(),
  setMapping: z
    .object({
      agencyId: z.string().min(1).max(100),
      kind: stayCodeKind,
      channelCode: z.string().min(1).max(100),
      /** Empty string removes the mapping. */
      hotelCode: z.string().trim().max(100),
    })
    .strict(),

  getStatus: empty,
  syncNow: empty,
  listActivity: z
    .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) })
    .strict(),

  listToEnter: z
    .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) })
    .strict(),
  getPmsEntry: z.object({ keyField }).strict(),
  markEntered: z.object({ reservations: z.array(pmsVersionRef).min(1).max(100_000) }).strict(),
  previewExport: exportRequestSchema,
  exportCsv: exportRequestSchema,
  openExport: z.object({ path: z.string().min(1).max(1000) }).strict(),
} as const;

// ---------- result types ----------

export type CredentialStoreKind = 'keychain' | 'safeStorage' | 'none';

export interface SetupView {
  configured: boolean;
  practiceMode: boolean;
  serviceUrl: string;
  user: string;
  partnerId: number | null;
  format: WireFormat;
  /** The renderer learns whether a password is saved, never the password. */
  passwordSaved: boolean;
  credentialStore: CredentialStoreKind;
  /** Plain sentence when the password cannot be kept between starts, else null. */
  credentialWarning: string | null;
  language: UiLanguage;
  deskUser: string;
}

export type ConnectionProblem =
  'unreachable' | 'wrong-password' | 'wrong-partner' | 'service-error' | 'bad-response';

export interface ConnectionTest {
  ok: boolean;
  problem: ConnectionProblem | null;
  /** Plain sentence for the receptionist. */
  message: string;
  agencies: number;
}

export interface HotelHit {
  partnerId: number;
  name: string;
  city: string;
}

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
  accomId: string;
  adults: number;
  childs: number;
  infants: number;
  confirmationStatus: ConfirmationStatus;
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

export interface InboxCounts {
  total: number;
  new: number;
  changed: number;
  cancelled: number;
  waiting: number;
  confirmed: number;
  declined: number;
}

export interface FieldChange {
  /** Stable field id for i18n, e.g. 'checkOut', 'guestAdded'. */
  field: string;
  before: string | null;
  after: string | null;
}

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
}

export interface MappedCode {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
}

export interface ReservationDetail {
  reservation: Omit<Reservation, 'raw'>;
  changeKind: ChangeKind;
  codes: MappedCode[];
  guests: (Guest & { hotelNationality: string | null })[];
  versions: VersionView[];
  decision: DecisionView | null;
}

export interface BulkResult {
  queued: number;
  skipped: { keyField: string; reason: string }[];
}

export interface MappingRow {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
  /** Live (waiting or confirmed, not cancelled) reservations using this code. */
  usedByLive: number;
}

export interface MappingView {
  agencyId: string;
  rows: MappingRow[];
  total: number;
  unmapped: number;
}

export interface SyncStatus {
  online: boolean;
  /** ISO instant since when the desk has been online / offline. */
  since: string;
  lastSuccessAt: string | null;
  nextPollAt: string | null;
  syncing: boolean;
  queuedDecisions: number;
  lastError: string | null;
  practiceMode: boolean;
}

export interface ActivityEntry {
  id: number;
  at: string;
  user: string;
  action: 'confirm' | 'decline' | 'export' | 'mapping' | 'setup' | 'sync';
  keyField: string | null;
  detail: string;
}

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
  confirmationStatus: ConfirmationStatus;
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

export interface Results {
  getSetup: SetupView;
  saveSetup: SetupView;
  testConnection: ConnectionTest;
  searchHotels: HotelHit[];
  startPracticeMode: SetupView;
  leavePracticeMode: SetupView;
  setLanguage: SetupView;
  setDeskUser: SetupView;
  listReservations: InboxPage;
  inboxCounts: InboxCounts;
  getReservation: ReservationDetail;
  confirm: DecisionView;
  decline: DecisionView;
  confirmMany: BulkResult;
  retryDecision: DecisionView;
  resolveReview: DecisionView | null;
  openVoucher: null;
  listDeclineReasons: NotConfirmMessage[];
  listAgencies: Agency[];
  getMapping: MappingView;
  setMapping: MappingView;
  getStatus: SyncStatus;
  syncNow: SyncStatus;
  listActivity: ActivityEntry[];
  listToEnter: ToEnterPage;
  getPmsEntry: PmsEntryView;
  markEntered: MarkEnteredResult;
  previewExport: ExportPreview;
  exportCsv: ExportResult;
  openExport: null;
}

// ---------- push events (main → renderer) ----------

export interface Events {
  reservationsChanged: { new: number; changed: number; cancelled: number; keyFields: string[] };
  syncStatus: SyncStatus;
  decisionChanged: { keyField: string; decision: DecisionView };
  /** A notification was clicked: show this reservation. */
  openReservation: { keyField: string };
  /** A grouped notification was clicked: show the inbox. */
  openInbox: Record<string, never>;
}

export const eventNames = [
  'reservationsChanged',
  'syncStatus',
  'decisionChanged',
  'openReservation',
  'openInbox',
] as const satisfies readonly (keyof Events)[];

// ---------- derived types ----------

export type RequestName = keyof typeof requestSchemas;
export type RequestOf<K extends RequestName> = z.input<(typeof requestSchemas)[K]>;
export type ParsedRequestOf<K extends RequestName> = z.output<(typeof requestSchemas)[K]>;

export type ErrorCode =
  | 'invalid-request'
  | 'unknown-request'
  | 'not-found'
  | 'not-configured'
  | 'offline'
  | 'service'
  | 'conflict'
  | 'internal';
export interface IpcError {
  code: ErrorCode;
  /** A plain sentence saying what happened and what to do. */
  message: string;
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const requestNames = Object.keys(requestSchemas) as RequestName[];

/** The shape of `window.resdesk`. */
export type ResdeskApi = {
  [K in RequestName]: (request: RequestOf<K>) => Promise<IpcResult<Results[K]>>;
} & {
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/** The shape main implements: one handler per request, given an already validated request. */
export type Handlers = { [K in RequestName]: (request: ParsedRequestOf<K>) => Promise<Results[K]> };

/** IPC channel names: one per request, one per event; nothing else crosses the bridge. */
export const requestChannel = (name: RequestName): string => `resdesk:${name}`;
export const eventChannel = (name: keyof Events): string => `resdesk-event:${name}`;

// Compile-time check that every request has a result type and vice versa.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const contractIsComplete: Exact<RequestName, keyof Results> = true;
