// createCore(ports): wires store + exchange client + sync + practice service into the contract's handlers
// and push events. Imports nothing from electron: the shell, the browser host and tests all use it as is.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Events, SyncStatus } from '../../shared/ipc';
import type { Core, CorePorts } from '../kernel/core-types';
import { Desk } from '../operations/desk';
import { createMessages } from '../kernel/messages';
import { Store } from '../store';
import type { PracticeService } from '../sandbox';
import { sqliteDeskStore, type DeskStore } from '../store/engines/desk-store';
import { Poller, type PollerState } from '../sync/poller';
import { DeskEvents } from '../sync/events';
import { isConfigured, readSetup, type SavedSetup } from '../kernel/setup';
import type { DeskContext } from '../handlers/context';
import { ANSWER_GRACE_DEFAULT_SECONDS } from '../../shared/domain';
import { sayReleases } from '../handlers/release-day';
import { seedPracticeContracts } from '../handlers/practice-contracts';
import { DeskChecks } from '../operations/checks';
import { preferencesFile } from '../notifications/preferences';
import { notificationSettings } from '../notifications/settings';
import type { PullSummary } from '../sync/pull';
import { deskBackups } from '../handlers/backups';
import { pollIntervalMs } from '../handlers/poll-settings';
import { deskHandlers } from '../handlers/all';
import { EVIDENCE_KEY, SAFE_MODE_KEY, readEvidence, readerStatus } from '../sync/another-reader';
import type { SharedRuntime } from './shared-runtime';
import { DeskFile } from './desk-file';
import { logSync } from './log-sync';
import { sharedWiring } from './shared-wiring';
import {
  enterPractice,
  leavePractice,
  practiceDatabase,
  removePracticeDatabase,
  serviceConnection,
  startPractice as startPracticeService,
  type PracticeOptions,
} from './practice-mode';
import { AnswerSender } from './answer-sender';

export interface CoreOptions {
  /**
   * Poll interval while the hotel has not chosen one in Settings (default DEFAULT_INTERVAL_MS, 15 s: why
   * in main/sync/poller.ts). A saved choice wins, and a new one reaches the running poller at once.
   */
  pollIntervalMs?: number;
  /**
   * The lease's time on the hotel's shared database (default 15 s) and how soon an unreachable one is tried
   * again (default 5 s): tests shorten them.
   */
  hotelDb?: { leaseTtlMs?: number; retryMs?: number; pcName?: string; copyEveryMs?: number };
  /** How long an answer's request may take before it is given up (default ANSWER_DEADLINE_MS): tests shorten it. */
  answerDeadlineMs?: number;
  /** Practice service size (default 400 reservations) and background arrivals (default every 45 s). */
  practice?: PracticeOptions;
  /**
   * Seconds an answer is held (Undo) while the hotel has not chosen in Settings (default 10). Test desks
   * that are not about the grace period set 0, so their answers go out at once as before.
   */
  answerGraceDefaultSeconds?: number;
}

export function createCore(ports: CorePorts, options: CoreOptions = {}): Core {
  const now = ports.now ?? (() => new Date());
  mkdirSync(ports.dataDir, { recursive: true });
  const events = new DeskEvents();
  let practiceStore: Store | null = null;
  let practice: PracticeService | null = null;
  let desk: Desk | null = null;
  let poller: Poller | null = null;
  let pollerState: PollerState | null = null;
  /** Listed reservations the running sync has read so far (its progress messages). */
  let readSoFar = 0;
  /** Several desks: this desk works in the hotel's shared database; null: in its own file. */
  let shared: SharedRuntime | null = null;
  const messages = createMessages('tr');

  const deskFile = new DeskFile(path.join(ports.dataDir, 'resdesk.db'), now, ports.logger);
  const settings = (): Store => deskFile.open();
  const closeSettings = (): void => deskFile.close();
  const setup = (): SavedSetup => readSetup(settings());
  /**
   * The work database as SQLite's synchronous Store. The handlers, the checks and the desk get its DeskStore
   * (sqliteDeskStore, one per Store); the core itself keeps the synchronous form for what must answer at
   * once: status() (emitted from timers and callbacks), the tray's waiting count, the quit guard's
   * answerInFlight and the held-answer timer.
   */
  const workStore = (): Store => {
    if (!setup().practiceMode) return settings();
    if (!practiceStore) practiceStore = Store.open(practiceDatabase(ports.dataDir));
    return practiceStore;
  };

  /** On the hotel's database (and not practising): the shared runtime, whose store may not be open yet. */
  const hotel = (): SharedRuntime | null => (shared && !setup().practiceMode ? shared : null);
  /** The store the receptionist works in, on either engine (StoreUnavailable while the hotel's does not answer). */
  const workDesk = (): DeskStore => hotel()?.store() ?? sqliteDeskStore(workStore());

  const checks = new DeskChecks(workDesk, now, ports.logger);

  const sender = new AnswerSender({
    now,
    desk: () => desk,
    talking: () => hotel()?.holding() ?? true,
    nextSendAfter: () => {
      const h = hotel();
      return h ? h.store().nextSendAfter() : workStore().nextSendAfter();
    },
    afterPush: () => {
      hotel()?.refresh();
      events.emit('syncStatus', status());
    },
    notTalking: () => hotel()?.refresh(),
  });
  const pushSoon = sender.pushSoon;

  /** Signs of another program on the account's queue, and safe mode, from this desk's own file. */
  const localReader = () => {
    const store = workStore();
    return readerStatus(
      readEvidence(store.getSetting<unknown>(EVIDENCE_KEY, null)),
      store.getSetting<boolean>(SAFE_MODE_KEY, false) === true,
      now(),
    );
  };

  const status = (): SyncStatus => {
    const s = pollerState;
    // On the hotel's database the counts come from the runtime, kept fresh in the background: a status is
    // made from timers and callbacks and must not wait for the network.
    const h = hotel();
    return {
      online: s?.online ?? false,
      since: s?.since ?? now().toISOString(),
      lastSuccessAt: s?.lastSuccessAt ?? null,
      nextPollAt: s?.nextPollAt ?? null,
      syncing: s?.syncing ?? false,
      readSoFar: s?.syncing === true ? readSoFar : 0,
      queuedDecisions: h ? h.counts.queued : workStore().queuedDecisionCount(),
      lastError: s?.lastError ?? null,
      practiceMode: setup().practiceMode,
      setAside: h ? h.counts.setAside : workStore().openSetAsideCounts(),
      hotel: h ? h.hotelStatus() : null,
      anotherReader: h ? h.counts.reader : localReader(),
    };
  };

  const emitPulled = (summary: PullSummary): void => {
    const keyFields = [
      ...new Set([...summary.new, ...summary.changed, ...summary.cancelled, ...summary.statusUpdated]),
    ];
    if (keyFields.length === 0) return;
    logSync(workDesk(), now(), setup().deskUser || 'Resdesk', summary, ports.logger);
    // The other desks announce and notify what arrived as this one does.
    hotel()?.announcePulled(summary);
    hotel()?.refresh();
    // Before the event: the renderer refreshes on it and must see the new reservations' checks.
    checks.reservationsChanged();
    events.emit('reservationsChanged', {
      new: summary.new.length,
      changed: summary.changed.length,
      cancelled: summary.cancelled.length,
      keyFields,
    });
  };

  const emitDecision = (keyField: string): void => {
    // A sent answer moves the status (a declined one leaves the duplicate-voucher and returning-guest pools).
    checks.decisionMoved();
    const current = desk;
    if (!current) return;
    // On SQLite it resolves at once, so the event still follows the push step that told of it.
    current.deskStore.decisionFor(keyField).then(
      (decision) => {
        if (decision) events.emit('decisionChanged', { keyField, decision });
      },
      (error: unknown) =>
        ports.logger.warn('a decision could not be read back', {
          error: error instanceof Error ? error.name : 'unknown',
        }),
    );
  };

  const connect = (): void => {
    // One desk and one poller at a time: the hotel line may ask while a reconnect is under way.
    if (desk) return;
    const s = setup();
    if (!isConfigured(s)) return;
    const h = hotel();
    // On the hotel's database the desk is built once the database answers (the runtime calls connect again).
    let store: Store | (() => DeskStore);
    try {
      if (h) {
        // Open now (or not yet: the runtime connects again once it is); asked for at each use after, since the
        // line may reopen its pool under a living desk.
        h.databaseStore();
        store = () => h.databaseStore();
      } else store = workStore();
    } catch {
      return;
    }
    const connection = serviceConnection(s, practice, settings, ports, messages);
    if (s.practiceMode && !practice) return;
    desk = new Desk({
      store,
      dataDir: s.practiceMode ? path.join(ports.dataDir, 'practice') : ports.dataDir,
      connection,
      messages,
      logger: ports.logger,
      now,
      onPulled: emitPulled,
      onProgress: (read) => {
        readSoFar = read;
        // Only shown: a status that cannot be made now must not stop the read that told it.
        try {
          events.emit('syncStatus', status());
        } catch (error) {
          ports.logger.warn('sync progress not shown', {
            error: error instanceof Error ? error.message : '',
          });
        }
      },
      onDecision: emitDecision,
      importWorker: ports.importWorker,
      language: s.language,
      answerDeadlineMs: options.answerDeadlineMs,
    });
    const current = desk;
    poller = new Poller(() => current.sync(), {
      intervalMs: pollIntervalMs(settings(), options.pollIntervalMs),
      // Queued answers go out within an interval of the service coming back, whatever the backoff.
      retryBetween: () => current.retryWaiting(),
      now,
      onState: (state) => {
        // A cycle's count starts again with the next one.
        if (state.syncing !== pollerState?.syncing) readSoFar = 0;
        pollerState = state;
        hotel()?.refresh();
        events.emit('syncStatus', status());
      },
    });
    // With several desks only the one holding the lease polls (the runtime says when it gets or loses it).
    if (!h || h.holding()) poller.start();
  };

  const disconnect = async (): Promise<void> => {
    sender.stopTimer();
    await poller?.stop();
    await sender.settle();
    await desk?.close();
    poller = null;
    desk = null;
    pollerState = null;
  };

  const startPractice = async (): Promise<void> => {
    await disconnect();
    if (!practice) practice = await startPracticeService(options.practice, ports, messages);
    practiceStore?.close();
    practiceStore = null;
    removePracticeDatabase(ports.dataDir);
    const s = enterPractice(settings(), messages);
    ports.logger.info('practice mode started', { port: practice.port, language: s.language });
    connect();
    await poller?.syncNow();
    // The practice world under contract too: the Allotments screen and its checks have every case to show.
    const contracts = await seedPracticeContracts(workDesk(), now(), setup().deskUser || 'Resdesk').catch(
      (error: unknown) => {
        ports.logger.warn('practice contracts not added', {
          error: error instanceof Error ? error.message : '',
        });
        return 0;
      },
    );
    if (contracts > 0) checks.invalidate();
  };

  const stopPractice = async (): Promise<void> => {
    await disconnect();
    await practice?.close();
    practice = null;
    practiceStore?.close();
    practiceStore = null;
    leavePractice(settings());
    connect();
  };

  const line = sharedWiring({
    ports,
    options,
    now,
    settings,
    setup,
    hotel,
    opened: (runtime) => (shared = runtime),
    desk: {
      connected: () => desk !== null,
      connect,
      startPolling: () => poller?.start(),
      stopPolling: () => void poller?.stop(),
      pushSoon,
      scheduleHeldAnswers: () => sender.scheduleHeldAnswers(),
      reconnect: () => ctx.reconnect(),
    },
    emit: (event, payload) => events.emit(event, payload),
    status: () => status(),
    checks,
  });

  const ctx: DeskContext = {
    ports,
    answerGraceDefaultSeconds: options.answerGraceDefaultSeconds ?? ANSWER_GRACE_DEFAULT_SECONDS,
    messages,
    get settingsStore() {
      return settings();
    },
    workStore: workDesk,
    keptHotelDatabase: () => shared?.kept() ?? null,
    desk: () => desk,
    setup,
    deskUser: () => setup().deskUser || setup().user || 'Resdesk',
    checks,
    now,
    emit: <E extends keyof Events>(event: E, payload: Events[E]) => events.emit(event, payload),
    status,
    syncNow: async () => {
      const h = hotel();
      // Another PC talks to the service: it polls; this desk shows what it stores as it stores it.
      if (!poller || (h && !h.holding())) return status();
      await poller.syncNow();
      return status();
    },
    pushSoon,
    reconnect: async () => {
      await disconnect();
      await line.shareSetup();
      // Set up (or the password typed) on this PC: it may now run for the lease.
      await line.restart();
      connect();
    },
    releaseDatabase: async () => {
      await disconnect();
      closeSettings();
    },
    startPractice,
    stopPractice,
  };
  const backups = deskBackups(ctx);

  const handlers = deskHandlers(ctx, {
    backups: backups.handlers,
    presence: () => hotel()?.presence() ?? null,
    poll: { fallbackMs: options.pollIntervalMs, onChange: (ms) => poller?.setInterval(ms) },
    notifications:
      ports.notificationSettings ??
      notificationSettings(preferencesFile(path.join(ports.dataDir, 'notifications.json')), null),
  });

  return {
    handlers,
    messages,
    on: (event, listener) => events.on(event, listener),
    start: async () => {
      const s = setup();
      messages.setLanguage(s.language);
      backups.start();
      await line.open();
      if (s.practiceMode) await startPractice();
      else connect();
    },
    stop: async () => {
      backups.stop();
      await disconnect();
      await shared?.stop();
      shared = null;
      await practice?.close();
      practice = null;
      practiceStore?.close();
      practiceStore = null;
      closeSettings();
    },
    pause: () => poller?.pause(),
    resume: () => poller?.resume(),
    waitingCount: () => hotel()?.counts.waitingCount() ?? workStore().waitingCount(),
    waitingSince: (before) =>
      hotel()?.counts.waitingSince(before) ?? workStore().waitingReceivedBefore(before.toISOString()),
    answerInFlight: () =>
      sender.answerInFlight(() => {
        const h = hotel();
        return h ? h.counts.nextSendAfter() : workStore().nextSendAfter();
      }),
    practiceServiceUrl: () => practice?.url ?? null,
    releasesDue: () => sayReleases(workDesk(), now(), ctx.deskUser()),
  };
}
