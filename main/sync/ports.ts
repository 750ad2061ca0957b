// What the sync engine needs from the exchange client and the store, in its own words. The core wires the
// real client and store in; tests can wire the real ones too (these are seams, not mocks).
import type {
  Agency,
  CalendarDate,
  ConfirmationStatus,
  NotConfirmMessage,
  Reservation,
  ServiceLanguage,
  StayCode,
  UnreadableReservation,
} from '../../shared/domain';

export interface ListParams {
  checkInStart: CalendarDate;
  checkInEnd: CalendarDate;
  status?: ConfirmationStatus;
  isSendRequired?: boolean;
  agencyId?: string;
  signal?: AbortSignal;
  /** Takes a listed reservation that cannot be read, so the rest of the list is still stored. */
  onUnreadable?: (item: UnreadableReservation) => void;
}

export interface SyncClient {
  fetchReservations(params: ListParams, onBatch: (batch: Reservation[]) => Promise<void>): Promise<unknown>;
  postSentLogIds(serviceId: string, logIds: number[]): Promise<unknown>;
  getHotelAgencies(): Promise<Agency[]>;
  getNotConfirmMessages(lang: ServiceLanguage): Promise<NotConfirmMessage[]>;
  getStayForMapping(agencyId: string): Promise<StayCode[]>;
  sendConfirmation(request: {
    keyField: string;
    agencyId: string;
    status: 'E' | 'H';
    note?: string;
    reasonId?: string;
    pmsUser?: string;
    /** Aborts the request, login included (its deadline): a timeout, whose outcome is unknown. */
    signal?: AbortSignal;
  }): Promise<{ keyField: string; status: string; pdfUrl: string | null }>;
  downloadFile(url: string, destinationPath: string): Promise<unknown>;
}

export interface ImportResult {
  new: string[];
  changed: string[];
  cancelled: string[];
  /** Same version, but its confirmation moved on (answered elsewhere). */
  statusUpdated: string[];
  unchanged: number;
}

/**
 * The embedded database's file under the store (SQLite), checked between the sync's steps: synchronous, as
 * they are plain file checks. A store on the hotel's PostgreSQL database has none (null): a commit there is
 * durable when it returns and there is no file of the desk's to be replaced.
 */
export interface LocalFileChecks {
  /** Throws when the file at the store's path is no longer the one it writes to, or is read-only. */
  checkDatabaseFile(): void;
  /** Throws unless the database file on disk holds these LogIds' versions. */
  confirmStoredOnDisk(logIds: number[]): void;
  /** Empties the write-ahead log into the database (after a big import; main/store/wal-policy.ts). */
  compactWal?(): void;
}

/** The desk's settings (hotel-wide on the shared database), as the sync reads and keeps its marks. */
export interface SettingsStore {
  getSetting<T>(key: string, fallback: T): Promise<T>;
  setSetting(key: string, value: unknown): Promise<void>;
}

export interface AckGroup {
  serviceId: string;
  logIds: number[];
}
