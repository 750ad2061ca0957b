// createCore(ports): wires store + exchange client + sync + practice service into the contract's handlers
// and push events. Imports nothing from electron: the shell, the browser host and tests all use it as is.
import path from 'node:path';
import { mkdirSync, rmSync } from 'node:fs';
import type { Events, Handlers, SyncStatus } from '../../shared/ipc';
import type { ServiceDialect } from '../../shared/domain';
import type { Core, CorePorts } from '../kernel/core-types';
import { Desk } from '../operations/desk';
import { createMessages } from '../kernel/messages';
import { Store } from '../store';
import { sqliteDeskStore } from '../store/engines/desk-store';
import { Poller, type PollerState } from '../sync/poller';
import { DeskEvents } from '../sync/events';
import { credentialAccount, isConfigured, readSetup, writeSetup, type SavedSetup } from '../kernel/setup';
import { startPracticeService, type PracticeService } from '../sandbox';
import type { DeskContext } from '../handlers/context';
import { setupHandlers } from '../handlers/setup';
import { reservationHandlers } from '../handlers/reservations';
import { answerHandlers } from '../handlers/answers';
import { ANSWER_GRACE_DEFAULT_SECONDS } from '../../shared/domain';
import { mappingStatusHandlers } from '../handlers/mapping-status';
import { exportHandlers } from '../handlers/export';
import { notificationHandlers } from '../handlers/notifications';
import { checkHandlers } from '../handlers/checks';
import { DeskChecks } from '../operations/checks';
import { preferencesFile } from '../notifications/preferences';
import { notificationSettings } from '../notifications/settings';
import type { PullSummary } from '../sync/pull';
import { deskBackups } from '../handlers/backups';
import { aboutHandlers } from '../handlers/about';
import { safeModeHandlers } from '../handlers/safe-mode';
import { diagnosticsHandlers } from '../handlers/diagnostics';
import { pollIntervalMs, pollSettingsHandlers } from '../handlers/poll-settings';
import { severalDesksHandlers } from '../handlers/several-desks';
import { answeringHandlers } from '../handlers/answering';

export interface CoreOptions {
  /**
   * Poll interval while the hotel has not chosen one in Settings (default DEFAULT_INTERVAL_MS, 15 s: why
   * in main/sync/poller.ts). A saved choice wins, and a new one reaches the running poller at once.
   */
  pollIntervalMs?: number;
  /** Practice service size (default 400 reservations) and background arrivals (default every 45 s). */
  practice?: { reservations?: number; evolveEveryMs?: number; seed?: number; fileReadyAfterMs?: number };
  /**
   * Seconds an answer is held (Undo) while the hotel has not chosen in Settings (default 10). Test desks
   * that are not about the grace period set 0, so their answers go out at once as before.
   */
  answerGraceDefaultSeconds?: number;
}

const PRACTICE_USER = 'demo';
const PRACTICE_PASSWORD = 'demo';
const PRACTICE_PARTNER = 1001;
/** The name a desk without one answers with while practising (renderer/components/DeskUserPrompt.tsx says the same). */
const PRACTICE_DESK_USER = 'Practice';

export function createCore(ports: CorePorts, options: CoreOptions = {}): Core {
  const now = ports.now ?? (() => new Date());
  mkdirSync(ports.dataDir, { recursive: true });
  const events = new DeskEvents();
  let settingsStore: Store | null = null;
  let practiceStore: Store | null = null;
  let practice: PracticeService | null = null;
  let desk: Desk | null = null;
  let poller: Poller | null = null;
  let pollerState: PollerState | null = null;
  let pushing: Promise<void> | null = null;
  let pushAgain = false;
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  const messages = createMessages('tr');

  const settings = (): Store => {
    // checkFirst: a damaged file is refused before anything writes to it (Settings → Backups restores).
    if (!settingsStore)
      settingsStore = Store.open(path.join(ports.dataDir, 'resdesk.db'), { checkFirst: true });
    return settingsStore;
  };
  const setup = (): SavedSetup => readSetup(settings());
  const workStore = (): Store => {
  /**
   * The work database as SQLite's synchronous Store. The handlers, the checks and the desk get its DeskStore
   * (sqliteDeskStore, one per Store); the core itself keeps the synchronous form for what must answer at
   * once: status() (emitted from timers and callbacks), the tray's waiting count, the quit guard's
   * answerInFlight and the held-answer timer.
   */
    if (!setup().practiceMode) return settings();
    if (!practiceStore) practiceStore = Store.open(path.join(ports.dataDir, 'practice.db'));
    return practiceStore;
  };

  const checks = new DeskChecks(() => sqliteDeskStore(workStore()), now, ports.logger);

  const status = (): SyncStatus => {
    const s = pollerState;
    return {
      online: s?.online ?? false,
      since: s?.since ?? now().toISOString(),
      lastSuccessAt: s?.lastSuccessAt ?? null,
      nextPollAt: s?.nextPollAt ?? null,
      syncing: s?.syncing ?? false,
      queuedDecisions: workStore().queuedDecisionCount(),
      lastError: s?.lastError ?? null,
      practiceMode: setup().practiceMode,
      unreadable: workStore().openUnreadableCount(),
      hotel: null,
      anotherReader: null,
    };
  };

  const emitPulled = (summary: PullSummary): void => {
    const keyFields = [
      ...new Set([...summary.new, ...summary.changed, ...summary.cancelled, ...summary.statusUpdated]),
    ];
    if (keyFields.length === 0) return;
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
    const s = setup();
    if (!isConfigured(s)) return;
    const connection = s.practiceMode
      ? {
          serviceUrl: practice?.url ?? '',
          user: PRACTICE_USER,
          partnerId: PRACTICE_PARTNER,
          format: s.format,
          getPassword: async () => PRACTICE_PASSWORD,
        }
      : {
          serviceUrl: s.serviceUrl,
          user: s.user,
          partnerId: s.partnerId ?? 0,
          format: s.format,
          dialect: s.dialect,
          onDialect: (dialect: ServiceDialect) => void writeSetup(settings(), { dialect }),
          getPassword: async () => {
            const saved = await ports.credentials.get(credentialAccount(s.serviceUrl, s.user));
            if (saved === null) throw new Error(messages.t('error.noPassword'));
            return saved;
          },
        };
    if (s.practiceMode && !practice) return;
    desk = new Desk({
      store: workStore(),
      dataDir: s.practiceMode ? path.join(ports.dataDir, 'practice') : ports.dataDir,
      connection,
      messages,
      logger: ports.logger,
      now,
      onPulled: emitPulled,
      onDecision: emitDecision,
      importWorker: ports.importWorker,
      language: s.language,
    });
    const current = desk;
    poller = new Poller(() => current.sync(), {
      intervalMs: pollIntervalMs(settings(), options.pollIntervalMs),
      // Queued answers go out within an interval of the service coming back, whatever the backoff.
      retryBetween: () => current.retryWaiting(),
      now,
      onState: (state) => {
        pollerState = state;
        events.emit('syncStatus', status());
      },
    });
    poller.start();
  };

  const disconnect = async (): Promise<void> => {
    if (graceTimer) clearTimeout(graceTimer);
    graceTimer = null;
    await poller?.stop();
    await pushing;
    await desk?.close();
    poller = null;
    desk = null;
    pollerState = null;
  };

  const startPractice = async (): Promise<void> => {
    await disconnect();
    if (!practice) {
      try {
        practice = await startPracticeService({
          port: 0,
          reservations: options.practice?.reservations ?? 400,
          evolveEveryMs: options.practice?.evolveEveryMs ?? 45_000,
          seed: options.practice?.seed ?? 7,
          fileReadyAfterMs: options.practice?.fileReadyAfterMs,
          // Training meets what the live service and real hotels bring: S and G statuses, and the cases
          // the pre-confirm checks are for (over-full rooms, men-only groups, returning guests, repeated
          // vouchers), each at a realistic rate.
          oddities: true,
          fontDir: ports.resourcesDir ? path.join(ports.resourcesDir, 'fonts') : undefined,
        });
      } catch (error) {
        throw new Error(
          messages.t('error.practiceFailed', { message: error instanceof Error ? error.message : '' }),
        );
      }
    }
    // The practice world is new at every start, so its database starts empty too.
    practiceStore?.close();
    practiceStore = null;
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(path.join(ports.dataDir, `practice.db${suffix}`), { force: true });
    // A desk without a name answers as "Practice" while practising, and only then.
    const named = setup().deskUser !== '' && !setup().practiceDeskUser;
    const s = writeSetup(settings(), {
      practiceMode: true,
      ...(named ? {} : { deskUser: PRACTICE_DESK_USER, practiceDeskUser: true }),
    });
    ports.logger.info('practice mode started', { port: practice.port, language: s.language });
    connect();
    await poller?.syncNow();
  };

  const stopPractice = async (): Promise<void> => {
    await disconnect();
    await practice?.close();
    practice = null;
    practiceStore?.close();
    practiceStore = null;
    // Real answers are never signed "Practice" (also for a name saved before practiceDeskUser existed).
    const s = setup();
    const practiceName = s.practiceDeskUser || s.deskUser === PRACTICE_DESK_USER;
    writeSetup(settings(), {
      practiceMode: false,
      ...(practiceName ? { deskUser: '', practiceDeskUser: false, askDeskUser: true } : {}),
    });
    connect();
  };

  /**
   * An answer held for its grace period (Undo) goes out when the period ends: one timer, set for the earliest
   * answer still held, after every push. The poller's cycles send it too once it is due.
   */
  const scheduleHeldAnswers = (): void => {
    if (graceTimer) clearTimeout(graceTimer);
    graceTimer = null;
    if (!desk) return;
    const next = workStore().nextSendAfter();
    if (next === null) return;
    const wait = Math.max(0, Date.parse(next) - now().getTime()) + 50;
    graceTimer = setTimeout(pushSoon, wait);
    graceTimer.unref?.();
  };

  const pushSoon = (): void => {
    // A decision taken while a push runs is sent by one more round right after it.
    if (pushing) {
      pushAgain = true;
      return;
    }
    pushing = (async () => {
      do {
        pushAgain = false;
        const current = desk;
        if (!current) break;
        await current.pushNow().catch(() => undefined);
      } while (pushAgain);
    })().finally(() => {
      pushing = null;
      scheduleHeldAnswers();
      events.emit('syncStatus', status());
    });
  };

  const ctx: DeskContext = {
    ports,
    answerGraceDefaultSeconds: options.answerGraceDefaultSeconds ?? ANSWER_GRACE_DEFAULT_SECONDS,
    messages,
    get settingsStore() {
      return settings();
    },
    workStore: () => sqliteDeskStore(workStore()),
    desk: () => desk,
    setup,
    checks,
    now,
    emit: <E extends keyof Events>(event: E, payload: Events[E]) => events.emit(event, payload),
    status,
    syncNow: async () => {
      if (!poller) return status();
      await poller.syncNow();
      return status();
    },
    pushSoon,
    reconnect: async () => {
      await disconnect();
      connect();
    },
    releaseDatabase: async () => {
      await disconnect();
      settingsStore?.close();
      settingsStore = null;
    },
    startPractice,
    stopPractice,
  };
  const backups = deskBackups(ctx);

  const handlers: Handlers = {
    ...setupHandlers(ctx),
    ...reservationHandlers(ctx),
    ...answerHandlers(ctx),
    ...mappingStatusHandlers(ctx),
    ...exportHandlers(ctx),
    ...checkHandlers(ctx),
    ...backups.handlers,
    ...aboutHandlers(ctx),
    ...safeModeHandlers(ctx),
    ...diagnosticsHandlers(ctx),
    ...severalDesksHandlers(ctx),
    // Who is answering (issue 27.4): nobody else until the shared database is wired into the core.
    ...answeringHandlers(ctx, () => null),
    ...pollSettingsHandlers(ctx, {
      fallbackMs: options.pollIntervalMs,
      onChange: (ms) => poller?.setInterval(ms),
    }),
    ...notificationHandlers(
      ctx,
      ports.notificationSettings ??
        notificationSettings(preferencesFile(path.join(ports.dataDir, 'notifications.json')), null),
    ),
  };

  return {
    handlers,
    messages,
    on: (event, listener) => events.on(event, listener),
    start: async () => {
      const s = setup();
      messages.setLanguage(s.language);
      backups.start();
      if (s.practiceMode) await startPractice();
      else connect();
    },
    stop: async () => {
      backups.stop();
      await disconnect();
      await practice?.close();
      practice = null;
      practiceStore?.close();
      practiceStore = null;
      settingsStore?.close();
      settingsStore = null;
    },
    pause: () => poller?.pause(),
    resume: () => poller?.resume(),
    waitingCount: () => workStore().waitingCount(),
    waitingSince: (before) => workStore().waitingReceivedBefore(before.toISOString()),
    answerInFlight: () => {
      if (pushing) return true;
      if (!desk) return false;
      const next = workStore().nextSendAfter();
      // Held, or due this minute and about to go; one due long ago waits for the line and is kept anyway.
      return next !== null && Date.parse(next) > now().getTime() - 60_000;
    },
    practiceServiceUrl: () => practice?.url ?? null,
  };
}
