// The contract between the renderer and main: every request (its schema in ipc-requests.ts, its result type here)
// and every push event. The preload exposes exactly this as `window.resdesk`; main validates every request with
// those schemas and never throws across the boundary.
import type { z } from 'zod';
import type { Agency, HotelCode, MappingCopy, NotConfirmMessage, ProductionView } from './domain';
import type { InvalidReason } from './ipc-refusals';
import { requestSchemas } from './ipc-requests';
import type { PollSettings } from './poll-interval';

export * from './ipc-refusals';
export * from './ipc-requests';

// ---------- result types (in the ipc-*.ts files re-exported below) ----------

export type * from './ipc-results';
export type * from './ipc-export-results';
export type * from './ipc-desk-results';
export type * from './ipc-several-desks';
export type * from './ipc-answering';
export type * from './ipc-contracts';
import type {
  CheckSettingsView,
  ReservationChecks,
  StopSaleView,
  StopSaleNoticeSent,
  SetupView,
  ConnectionTest,
  HotelHit,
  InboxPage,
  InboxCounts,
  DecisionView,
  ReservationDetail,
  BulkResult,
  UndoResult,
  AnswerSettings,
  MappingView,
  SyncStatus,
  ActivityEntry,
  NotificationSettings,
  BackupsView,
  RestorePreviewView,
  RestoreDone,
} from './ipc-results';
import type {
  PmsEntryView,
  ToEnterPage,
  MarkEnteredResult,
  ExportPreview,
  ExportResult,
} from './ipc-export-results';
import type { AboutDeskView, DiagnosticsSaved } from './ipc-desk-results';
import type { SeveralDesksView } from './ipc-several-desks';
import type { AnsweringView } from './ipc-answering';
import type {
  AllotmentView,
  ContractSaveResult,
  ContractsView,
  ProductionSaved,
  RatesSaveResult,
} from './ipc-contracts';

export interface Results {
  getSetup: SetupView;
  saveSetup: SetupView;
  testConnection: ConnectionTest;
  searchHotels: HotelHit[];
  startPracticeMode: SetupView;
  leavePracticeMode: SetupView;
  setLanguage: SetupView;
  setDeskUser: SetupView;
  getNotificationSettings: NotificationSettings;
  saveNotificationSettings: NotificationSettings;
  listReservations: InboxPage;
  inboxCounts: InboxCounts;
  getReservation: ReservationDetail;
  confirm: DecisionView;
  decline: DecisionView;
  confirmMany: BulkResult;
  retryDecision: DecisionView;
  undoDecision: DecisionView | null;
  undoMany: UndoResult;
  sendDecisionNow: DecisionView | null;
  getAnswerSettings: AnswerSettings;
  saveAnswerSettings: AnswerSettings;
  getPollSettings: PollSettings;
  savePollSettings: PollSettings;
  resolveReview: DecisionView | null;
  openVoucher: null;
  listDeclineReasons: NotConfirmMessage[];
  listAgencies: Agency[];
  getMapping: MappingView;
  setMapping: MappingView;
  copyMappings: MappingCopy;
  addHotelCode: HotelCode[];
  getStatus: SyncStatus;
  syncNow: SyncStatus;
  setSafeMode: SyncStatus;
  listActivity: ActivityEntry[];
  listToEnter: ToEnterPage;
  getPmsEntry: PmsEntryView;
  markEntered: MarkEnteredResult;
  previewExport: ExportPreview;
  exportCsv: ExportResult;
  openExport: null;
  getChecks: ReservationChecks[];
  listStopSales: StopSaleView;
  addStopSale: StopSaleView;
  removeStopSale: StopSaleView;
  sendStopSaleNotice: StopSaleNoticeSent;
  confirmStopSale: StopSaleView;
  listContracts: ContractsView;
  saveContract: ContractSaveResult;
  removeContract: ContractsView;
  getAllotment: AllotmentView;
  getProduction: ProductionView;
  exportProduction: ProductionSaved;
  saveRates: RatesSaveResult;
  getCheckSettings: CheckSettingsView;
  saveCheckSettings: CheckSettingsView;
  listBackups: BackupsView;
  backupNow: BackupsView;
  previewRestore: RestorePreviewView;
  restoreBackup: RestoreDone;
  setBackupFolder: BackupsView;
  getSeveralDesks: SeveralDesksView;
  keepHotelDatabase: SeveralDesksView;
  connectHotelDatabase: SeveralDesksView;
  answering: AnsweringView;
  getAnswering: AnsweringView;
  getAboutDesk: AboutDeskView;
  checkForUpdates: AboutDeskView;
  installUpdate: AboutDeskView;
  saveDiagnostics: DiagnosticsSaved;
  reportRendererError: null;
}

// ---------- push events (main → renderer) ----------

export interface Events {
  reservationsChanged: { new: number; changed: number; cancelled: number; keyFields: string[] };
  syncStatus: SyncStatus;
  /** `decision` null: the answer was taken back (Undo). */
  decisionChanged: { keyField: string; decision: DecisionView | null };
  /** A notification was clicked: show this reservation. */
  openReservation: { keyField: string };
  /** A grouped notification was clicked: show the inbox. */
  openInbox: Record<string, never>;
  /** Who is answering this reservation changed on the shared database; null: several or unknown, re-read. */
  answeringChanged: { keyField: string | null };
}

export const eventNames = [
  'reservationsChanged',
  'syncStatus',
  'decisionChanged',
  'openReservation',
  'openInbox',
  'answeringChanged',
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
  /** The desk's own data file failed its check at start: the backups are offered to restore. */
  | 'database-damaged'
  | 'internal';
export interface IpcError {
  code: ErrorCode;
  /** A plain sentence saying what happened and what to do, in the desk's language. */
  message: string;
  /** With invalid-request: which complaint, when the schema named one. */
  reason?: InvalidReason;
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
