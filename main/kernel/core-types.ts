// What the Electron shell (and the browser host, and the CLI) get from the core: the request handlers of
// the contract, the push events, and a lifecycle. Nothing here imports electron.
import type { Events, Handlers, NotificationSettings, ParsedRequestOf, UpdateState } from '../../shared/ipc';
import type { ReleaseReminder, WaitingTally } from '../../shared/domain';
import type { WorkerScript } from '../sync/worker-pull';
import type { Messages } from './messages';

/** Where the password lives. Implementations: keytar, Electron safeStorage (given by the shell), memory. */
export interface CredentialStore {
  readonly kind: 'keychain' | 'safeStorage' | 'none';
  /** A plain sentence when passwords cannot be kept between starts, else null. */
  readonly warning: string | null;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** Sound, reminder delay and start at sign-in, kept by the shell (the tray and notifier read them too). */
export interface NotificationSettingsPort {
  get(): NotificationSettings;
  /** Throws when the settings cannot be kept; then nothing changed. */
  save(change: ParsedRequestOf<'saveNotificationSettings'>): NotificationSettings;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The update logic (main/updates), built by the shell around electron-updater. */
export interface UpdatesPort {
  state(): UpdateState;
  /** Checks the feed now; resolves when the check ended (a download it starts goes on in the background). */
  checkNow(): Promise<UpdateState>;
  /** Installs the downloaded update as soon as no answer is held or being sent. */
  installWhenIdle(): UpdateState;
}

/** What the shell knows about the app itself; absent in the CLI and tests. */
export interface AppPort {
  version: string;
  /** The folder of the desk's log files (diagnostics gathers the last ones). */
  logDir: string;
  updates: UpdatesPort | null;
  /** The previous run, started at this instant, did not stop cleanly (its marker was still there). */
  uncleanStopAt: string | null;
}

export interface CorePorts {
  /** The app's data folder: database, voucher PDFs, exports. */
  dataDir: string;
  credentials: CredentialStore;
  logger: Logger;
  /** Opens a file inside dataDir in the system viewer (the shell checks the path again). */
  openPath?: (path: string) => Promise<void>;
  now?: () => Date;
  /** Where the import worker's script is; absent: imports run in the calling thread. */
  importWorker?: WorkerScript;
  /** The app's resources folder (the practice service's voucher font lives in resources/fonts). */
  resourcesDir?: string;
  /** Absent: notifications.json in dataDir, and start at sign-in is not offered (browser host, CLI). */
  notificationSettings?: NotificationSettingsPort;
  /** The app's version, log folder, updates and last stop (Settings → This desk, diagnostics). */
  app?: AppPort;
}

export type EventListener<E extends keyof Events> = (payload: Events[E]) => void;

export interface Core {
  readonly handlers: Handlers;
  /** Sentences in the desk's language, following setLanguage: what a refused request says. */
  readonly messages: Messages;
  on<E extends keyof Events>(event: E, listener: EventListener<E>): () => void;
  /** Opens the database and starts polling if the desk is set up. */
  start(): Promise<void>;
  /** Stops polling, finishes the write in flight, closes the database and any practice service. */
  stop(): Promise<void>;
  /** Power / network hooks from the shell. */
  pause(): void;
  resume(): void;
  /** Reservations waiting for an answer, cancellations to take in among them (tray badge). */
  waitingCount(): WaitingTally;
  /** Waiting reservations received before this instant (reminder). */
  waitingSince(before: Date): number;
  /**
   * An answer is held in its grace period or being sent right now: an update must not restart the desk
   * (a queued answer waiting for the line is not: it is kept in the database and goes out after the start).
   */
  answerInFlight?(): boolean;
  /**
   * The allotment releases of the hotel's day, said in the Activity list the first time it is asked each day (for
   * the hotel); those due today are returned then, for a notification, and nothing on later calls that day.
   */
  releasesDue?(): Promise<ReleaseReminder[]>;
  /** The practice service's address while practice mode runs (training tools, tests), else null. */
  practiceServiceUrl?(): string | null;
}
