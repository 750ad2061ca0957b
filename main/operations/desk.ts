// The desk: one store and, when the service is set up, one exchange client, with the operations the app
// and the command line share: a sync cycle, confirm / decline (queue first, then send), and reads.
// The client lives as long as the desk: its token and its connections serve every poll, so a poll that
// finds nothing new costs a couple of small requests and no login.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { ServiceDialect, WireFormat } from '../../shared/domain';
import type { DecisionView } from '../../shared/ipc';
import { createExchangeClient, type ExchangeClient } from '../exchange';
import { Store } from '../store';
import { sqliteDeskStore, type DeskStore } from '../store/engines/desk-store';
import { keyingImports } from './keyed-imports';
import { CONNECTED_KEY, pullInThisThread, runCycle, type CycleReport } from '../sync/cycle';
import type { CheckInWindow } from '../sync/checkin-window';
import { pushDecisions, type PushSummary } from '../sync/push';
import type { PhaseMode, ReconcilePlan } from '../sync/reconcile';
import { SAFE_MODE_KEY } from '../sync/another-reader';
import { emptySummary, type OnProgress, type PullSummary } from '../sync/pull';
import { askedWait, classifyFailure, describeFailure } from '../kernel/describe-error';
import type { Messages } from '../kernel/messages';
import type { Logger } from '../kernel/core-types';
import { workerPullPhase, type WorkerScript } from '../sync/worker-pull';
import { pollLine, RequestTally } from './poll-line';
import type { UiLanguage } from '../../shared/domain';

export interface DeskConnection {
  serviceUrl: string;
  user: string;
  partnerId: number;
  format: WireFormat;
  /** The dialect this service was last seen to speak, if known. */
  dialect?: ServiceDialect | null;
  /** Told when the service turns out to speak a dialect other than the one known (to remember it). */
  onDialect?: (dialect: ServiceDialect) => void;
  getPassword: () => Promise<string>;
}

export interface DeskOptions {
  /**
   * Where the desk works: its SQLite file (a Store, worked through its DeskStore) or the hotel's shared
   * database (a DeskStore of its own). The synchronous Store, when there is one, stays reachable as
   * `store` for what only a file has (the import worker opens the same file) and for the tests that look inside.
   * On the hotel's database it is asked for each time: the line may reopen its pool while the desk lives.
   */
  store: Store | DeskStore | (() => DeskStore);
  dataDir: string;
  connection: DeskConnection;
  messages: Messages;
  logger?: Logger;
  now?: () => Date;
  onPulled?: (summary: PullSummary) => void;
  /** Told after each stored batch how many listed reservations the running sync has read so far. */
  onProgress?: OnProgress;
  onDecision?: (keyField: string) => void;
  /** Run imports in a worker thread (the app); absent: in this thread (CLI, tests). */
  importWorker?: WorkerScript;
  language?: UiLanguage;
  /** Reservations stored per transaction during a pull (default 2000). */
  batchSize?: number;
  /** Each answer's request is given up after this long (push.ts ANSWER_DEADLINE_MS; tests shorten it). */
  answerDeadlineMs?: number;
}

export interface Decision {
  keyField: string;
  action: 'confirm' | 'decline';
  note?: string;
  reasonId?: string;
  user: string;
  /** Held this many seconds after the decision so it can be taken back; absent or 0: sent at the next push. */
  holdSeconds?: number;
}

/** A cycle went through once, or (a desk from before the mark existed) the reference data were read. */
const hasConnected = async (store: DeskStore): Promise<boolean> =>
  (await store.getSetting<string | null>(CONNECTED_KEY, null)) !== null ||
  (await store.getSetting<string | null>('sync.lastReferenceAt', null)) !== null;

export class Desk {
  readonly client: ExchangeClient;
  readonly voucherDir: string;
  private readonly now: () => Date;
  /** The first cycle after this reads the full lists (reconcile-schedule.ts). */
  private readonly startedAt: Date;
  private readonly tally = new RequestTally();
  /** Whether the last pull phase ran in a worker (for the poll's log line). */
  private lastPullInWorker = false;
  /** The push running now, if any: one at a time, whoever asks (a decision, the cycle, the poller's retry). */
  private pushing: Promise<unknown> = Promise.resolve();
  /**
   * Whether a cycle ever went through, read before each cycle and push: errors are described synchronously
   * (describeFailure) and the mark only moves at the end of a cycle that succeeded.
   */
  private connectedBefore = false;
  private readonly storeNow: () => DeskStore;

  /** The store the desk works in now. */
  get deskStore(): DeskStore {
    return this.storeNow();
  }

  constructor(private readonly options: DeskOptions) {
    this.now = options.now ?? (() => new Date());
    this.startedAt = this.now();
    const { store } = options;
    if (store instanceof Store) {
      const desk = sqliteDeskStore(store);
      this.storeNow = () => desk;
    } else this.storeNow = typeof store === 'function' ? store : () => store;
    this.voucherDir = path.join(options.dataDir, 'vouchers');
    mkdirSync(this.voucherDir, { recursive: true });
    const logger = options.logger;
    this.client = createExchangeClient({
      baseUrl: options.connection.serviceUrl,
      user: options.connection.user,
      partnerId: options.connection.partnerId,
      format: options.connection.format,
      getPassword: options.connection.getPassword,
      dialect: options.connection.dialect ?? undefined,
      onDialect: options.connection.onDialect,
      batchSize: options.batchSize,
      // Retries are worth a line each; the requests themselves are counted into the poll's line.
      logger: logger ? { info: () => undefined, warn: (m, f) => logger.warn(m, f) } : undefined,
      onResponse: this.tally.record,
    });
  }

  /** The synchronous SQLite Store (see DeskOptions.store); a desk on the hotel's database has none. */
  get store(): Store {
    if (!(this.options.store instanceof Store))
      throw new Error('This desk works in the hotel database: it has no SQLite file of its own.');
    return this.options.store;
  }

  describe = (error: unknown): string =>
    describeFailure(error, this.options.messages, {
      partnerId: this.options.connection.partnerId,
      connectedBefore: this.connectedBefore,
    });

  /** Push, pull, and now and then reconcile and refresh. Never throws. Logs one line. */
  async sync(
    overrides: { reconcileEveryMs?: number; fullReadEveryMs?: number; referenceEveryMs?: number } = {},
  ): Promise<CycleReport> {
    const started = performance.now();
    this.tally.take();
    this.lastPullInWorker = false;
    try {
      this.connectedBefore = await hasConnected(this.deskStore);
    } catch (error) {
      // The store itself did not answer (the hotel's database gone): said as such, and nothing was asked.
      return { reachable: true, error: this.describe(error), pulled: emptySummary(), pushed: null };
    }
    const report = await runCycle(this.client, keyingImports(this.deskStore), {
      now: this.now,
      startedAt: this.startedAt,
      partnerId: this.options.connection.partnerId,
      push: this.pushOptions(),
      onPulled: this.options.onPulled,
      onProgress: this.options.onProgress,
      pullPhase: this.pullPhase(),
      log: (line) => this.options.logger?.warn(line),
      exclusivePush: (push) => this.exclusivePush(push),
      ...overrides,
    });
    const ms = Math.round(performance.now() - started);
    this.options.logger?.info(
      pollLine(report, this.tally.take(), ms, this.lastPullInWorker ? 'worker' : 'here'),
    );
    return report;
  }

  /**
   * Sends what is queued now (after a decision, or when the service is back). One push at a time: the
   * poller's retry and the desk's "send soon" may ask together, and a decision must go out once.
   */
  pushNow(): Promise<PushSummary> {
    return this.exclusivePush(async () => {
      this.connectedBefore = await hasConnected(this.deskStore);
      // Outside a cycle too: an answer sent right after the decision is re-read first in safe mode.
      const safeMode = (await this.deskStore.getSetting<boolean>(SAFE_MODE_KEY, false)) === true;
      return pushDecisions(this.client, this.deskStore, { ...this.pushOptions(), now: this.now, safeMode });
    });
  }

  /**
   * Runs `push` once every push asked before it has ended. Two pushes at once would both find an answer due and
   * both send it; the store's claim refuses the second too (on the hotel's database), but only one push at a
   * time keeps even the reads of the E and H lists from doubling.
   */
  private exclusivePush<T>(push: () => Promise<T>): Promise<T> {
    const run = this.pushing.catch(() => undefined).then(push);
    this.pushing = run;
    return run;
  }

  /**
   * The poller's retry while its cycles back off (poller.ts): sends the answers that are due, and says
   * whether the service took any, so that the poll comes back at once. Nothing due: no request at all.
   */
  async retryWaiting(): Promise<boolean> {
    if ((await this.deskStore.nextDecisionsToSend(this.now().toISOString())).length === 0) return false;
    const pushed = await this.pushNow();
    return !pushed.unreachable && pushed.sent + pushed.failed + pushed.review > 0;
  }

  /**
   * Stores the decision (and the reservation's pending state) first; the caller then sends it with
   * pushNow. Throws DecisionRefused with its code when it cannot be taken.
   */
  async decide(decision: Decision): Promise<DecisionView> {
    const store = this.deskStore;
    // On PostgreSQL the decision is checked against the newest version again inside its own transaction
    // (the reservation row locked), so a version arriving between these two calls is still caught.
    const current = await store.getReservation(decision.keyField);
    const at = this.now().toISOString();
    await store.enqueueDecision(
      {
        keyField: decision.keyField,
        action: decision.action,
        note: decision.note ?? '',
        reasonId: decision.reasonId ?? null,
        user: decision.user,
        decidedAt: at,
        basedOnLogId: current?.logId ?? -1,
        sendAfter: decision.holdSeconds
          ? new Date(Date.parse(at) + decision.holdSeconds * 1000).toISOString()
          : null,
      },
      {
        at,
        user: decision.user,
        action: decision.action,
        keyField: decision.keyField,
        detail: decision.action === 'confirm' ? (decision.note ?? '') : (decision.reasonId ?? ''),
      },
    );
    const view = await store.decisionFor(decision.keyField);
    if (!view) throw new Error('decision was not stored');
    return view;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /**
   * Where the pull phase runs. A worker thread only for the reads that can be large: the first sync (the
   * whole window) and a full reconcile. An ordinary poll asks for what is new, an inline list of at most
   * 1000 reservations, usually none, and a bounded reconcile only the days still undecided: in this
   * thread, with this client's token and connections. Without a worker script (CLI, tests) everything
   * runs here.
   */
  private pullPhase() {
    const worker = this.workerPhase();
    if (!worker) return undefined;
    const store = this.deskStore;
    const partnerId = this.options.connection.partnerId;
    return async (
      window: CheckInWindow,
      reconcile: ReconcilePlan | null,
      into: PullSummary,
      mode: PhaseMode,
      onProgress: OnProgress,
    ): Promise<void> => {
      const firstSync = (await store.getSetting<string | null>(CONNECTED_KEY, null)) === null;
      if (reconcile?.kind === 'full' || firstSync) {
        this.lastPullInWorker = true;
        return worker(window, reconcile, into, mode, onProgress);
      }
      const log = (line: string) => this.options.logger?.warn(line);
      await pullInThisThread(
        this.client,
        store,
        window,
        reconcile,
        this.now,
        into,
        partnerId,
        mode,
        log,
        onProgress,
      );
    };
  }

  private workerPhase() {
    const script = this.options.importWorker;
    // The worker opens the desk's SQLite file itself: no file (a database server), no worker.
    const dbFile = this.deskStore.localFile?.path;
    if (!script || dbFile === undefined || dbFile === ':memory:') return undefined;
    const c = this.options.connection;
    return workerPullPhase(script, async () => ({
      dbFile,
      serviceUrl: c.serviceUrl,
      user: c.user,
      partnerId: c.partnerId,
      format: c.format,
      language: this.options.language ?? 'en',
      batchSize: this.options.batchSize,
      // The worker starts with this desk's session: no login of its own unless the service refuses it.
      token: this.client.sessionToken() ?? undefined,
      password: await c.getPassword(),
    }));
  }

  private pushOptions() {
    return {
      voucherDir: this.voucherDir,
      classify: classifyFailure,
      describe: this.describe,
      onDecision: this.options.onDecision,
      partnerId: this.options.connection.partnerId,
      answerDeadlineMs: this.options.answerDeadlineMs,
      waitAsked: askedWait,
    };
  }
}
