// What every group of request handlers shares: the open stores, the desk (when set up), the poller's
// state, the events, and the sentences in the UI language.
import type { Events, SyncStatus } from '../../shared/ipc';
import type { CorePorts } from '../kernel/core-types';
import type { DeskChecks } from '../operations/checks';
import type { Desk } from '../operations/desk';
import type { Messages } from '../kernel/messages';
import type { SavedSetup } from '../kernel/setup';
import type { Store } from '../store';
import type { DeskStore } from '../store/engines/desk-store';
import type { TakeBackupOptions, TakenBackup } from '../store/backup';

/** The hotel's shared database as the PC that keeps it backs it up. */
export interface KeptHotelDatabase {
  backup(options: TakeBackupOptions): Promise<TakenBackup>;
}

export interface DeskContext {
  readonly ports: CorePorts;
  readonly messages: Messages;
  /** Seconds an answer is held when the hotel has not chosen (Settings → Answers). */
  readonly answerGraceDefaultSeconds: number;
  /**
   * Always the real desk's own SQLite database: setup, language, desk user, poll interval, backups. It stays
   * synchronous: these are this PC's settings (which of them a shared database should hold is
   * still open), read by the core's synchronous status and store choice, and backups are of this file.
   */
  readonly settingsStore: Store;
  /** The hotel's database when this PC keeps it (Settings → Several desks) and it is open; else null. */
  keptHotelDatabase(): KeptHotelDatabase | null;
  /** The database the receptionist works in: the real one, or the practice one in practice mode. */
  workStore(): DeskStore;
  /** The connected desk, or null when not set up. */
  desk(): Desk | null;
  setup(): SavedSetup;
  /** Who the activity log names for this desk's work: its desk user, else the service's user, else Resdesk. */
  deskUser(): string;
  /** The pre-confirm checks of the work database, rebuilt when what they read changes. */
  readonly checks: DeskChecks;
  now(): Date;
  emit<E extends keyof Events>(event: E, payload: Events[E]): void;
  status(): SyncStatus;
  syncNow(): Promise<SyncStatus>;
  /** Sends queued decisions in the background; results arrive as decisionChanged events. */
  pushSoon(): void;
  /** Rebuilds the desk after a setup change and restarts polling. */
  reconnect(): Promise<void>;
  /** Stops the desk and closes the real database (a restore replaces the file); reconnect() reopens it. */
  releaseDatabase(): Promise<void>;
  startPractice(): Promise<void>;
  stopPractice(): Promise<void>;
}
