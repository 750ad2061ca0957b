// The core's wiring to the hotel's shared database: opening it at start when this desk chose one (the shared
// runtime then keeps it), the hotel's service setup brought together with this PC's, and running for the lease
// again when this PC became able to talk to the service. The desk and its poller stay the core's: this file
// reaches them through `desk`.
import type { Events, SyncStatus } from '../../shared/ipc';
import type { CorePorts } from '../kernel/core-types';
import type { Store } from '../store';
import type { DeskStore } from '../store/engines/desk-store';
import { credentialAccount, isConfigured, type SavedSetup } from '../kernel/setup';
import { ANSWER_DEADLINE_MS, claimHoldMs } from '../sync/push';
import { hotelDatabaseChoice } from '../hotel-db';
import type { DeskChecks } from '../operations/checks';
import { moveOwnDataInOnce } from './move-in-once';
import { shareSetup as shareSetupWith } from './share-setup';
import { newDeskIdentity } from './shared-desk';
import { SharedRuntime } from './shared-runtime';

export interface SharedWiringDeps {
  ports: CorePorts;
  /** The core's options for the hotel's database (CoreOptions.hotelDb) and its answers' deadline. */
  options: {
    hotelDb?: { leaseTtlMs?: number; retryMs?: number; pcName?: string; copyEveryMs?: number };
    answerDeadlineMs?: number;
  };
  now: () => Date;
  /** This desk's own file, where its setup is kept. */
  settings: () => Store;
  setup: () => SavedSetup;
  /** The runtime while the desk works in the hotel's database (and is not practising). */
  hotel: () => SharedRuntime | null;
  /** The runtime made at start, for the core to keep. */
  opened: (runtime: SharedRuntime) => void;
  /** The core's desk and poller. */
  desk: {
    connected: () => boolean;
    connect: () => void;
    startPolling: () => void;
    stopPolling: () => void;
    pushSoon: () => void;
    scheduleHeldAnswers: () => void;
    reconnect: () => Promise<unknown>;
  };
  emit: <E extends keyof Events>(event: E, payload: Events[E]) => void;
  status: () => SyncStatus;
  checks: DeskChecks;
}

/** What the core does with the hotel's database besides working in it. */
export interface SharedWiring {
  /** The hotel's setup and this desk's brought together; false when not on the hotel's database. */
  shareSetup(direction?: 'up' | 'down'): Promise<boolean>;
  /** At start: the hotel's database when this desk chose one (Settings → Several desks), else nothing. */
  open(): Promise<void>;
  /** Whether this PC may talk to the service changed: run for the lease again. */
  restart(): Promise<void>;
}

export function sharedWiring(w: SharedWiringDeps): SharedWiring {
  /** This PC may talk to the service: set up, not practising, and the password in this PC's keychain. */
  const canTalk = async (): Promise<boolean> => {
    const s = w.setup();
    if (!isConfigured(s) || s.practiceMode) return false;
    return (await w.ports.credentials.get(credentialAccount(s.serviceUrl, s.user))) !== null;
  };

  /** The hotel's setup and this desk's brought together (share-setup.ts); false when not on the hotel's database. */
  const shareSetup = async (direction: 'up' | 'down' = 'up'): Promise<boolean> => {
    const h = w.hotel();
    if (!h) return false;
    let store: DeskStore;
    try {
      store = h.databaseStore();
    } catch (error) {
      w.ports.logger.warn('the service setup could not be shared', {
        error: error instanceof Error ? error.name : 'unknown',
      });
      return false;
    }
    return shareSetupWith(store, w.settings(), direction, w.ports.logger);
  };

  /** At start: the hotel's database when this desk chose one (Settings → Several desks), else its own file. */
  const open = async (): Promise<void> => {
    const choice = await hotelDatabaseChoice(w.ports.dataDir, w.ports.credentials);
    if (choice.kind === 'file') return;
    const runtime = new SharedRuntime(choice, {
      ports: w.ports,
      desk: newDeskIdentity(w.options.hotelDb?.pcName),
      now: w.now,
      canTalk,
      leaseTtlMs: w.options.hotelDb?.leaseTtlMs,
      retryMs: w.options.hotelDb?.retryMs,
      copyEveryMs: w.options.hotelDb?.copyEveryMs,
      claimHoldMs: claimHoldMs(w.options.answerDeadlineMs ?? ANSWER_DEADLINE_MS),
      // This PC keeps the hotel's database: its own data moves in once (move-in-once.ts).
      beforeOpen:
        choice.kind === 'keeps'
          ? (pool, where) => moveOwnDataInOnce(w.settings(), w.ports.dataDir, pool, where, w.ports.logger)
          : undefined,
      onOpened: async () => {
        const changed = await shareSetup('down');
        if (!w.desk.connected()) w.desk.connect();
        // The hotel's setup made this PC able to talk to the service: it runs for the lease once this opening
        // is over (restarting the line waits for the opening, so it must not be awaited from within it).
        if (changed)
          setImmediate(() => {
            void restart()
              .then(() => w.desk.reconnect())
              .catch((error: unknown) =>
                w.ports.logger.warn('the hotel line could not restart', {
                  error: error instanceof Error ? error.name : 'unknown',
                }),
              );
          });
      },
      onHolding: (holding) => {
        if (holding) {
          if (!w.desk.connected()) w.desk.connect();
          w.desk.startPolling();
          w.desk.pushSoon();
        } else w.desk.stopPolling();
      },
      onDecisionsChanged: () => {
        if (runtime.holding()) {
          w.desk.pushSoon();
          w.desk.scheduleHeldAnswers();
        }
      },
      onSettingsChanged: (keys) => {
        if (keys !== null && !keys.includes('setup')) return;
        void shareSetup('down').then(async (changed) => {
          if (!changed) return;
          await restart();
          await w.desk.reconnect();
        });
      },
      emit: w.emit,
      statusNow: w.status,
      checks: w.checks,
    });
    w.opened(runtime);
    await runtime.start();
  };

  /** Whether this PC may talk to the service changed (the setup came from the hotel): run for the lease again. */
  const restart = async (): Promise<void> => {
    const h = w.hotel();
    if (!h || (await canTalk()) === h.canTalk) return;
    await h.stop();
    await h.start();
  };

  return { shareSetup, open, restart };
}
