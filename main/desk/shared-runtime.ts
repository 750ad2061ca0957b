// The core's side of working in the hotel's shared database: opening it (and opening it again while it
// does not answer), what the status bar shows without waiting for it (counts kept fresh in the background), who
// talks to the service (the core starts its poller only then), and the other desks' changes turned into the
// same renderer events this desk's own work sends. The core stays the one place that wires; this file keeps the
// several-desks part of it in one concept.
import type { Events, HotelLineStatus, SyncStatus } from '../../shared/ipc';
import type { HotelChange, HotelStore } from '../hotel-db';
import type { CorePorts } from '../kernel/core-types';
import type { DeskStore } from '../store/engines/desk-store';
import { StoreUnavailable } from '../store/engines/unavailable';
import type { PullSummary } from '../sync/pull';
import type pg from 'pg';
import { forwardAnsweringChanges, type AnswerPresencePort } from '../handlers/answering';
import { showOtherDeskChange } from './other-desk-change';
import { openSharedDesk, type DeskIdentity, type SharedChoice, type SharedDesk } from './shared-desk';
import { HotelCopy } from '../hotel-db/local-copy';
import { NewerHotelDatabase } from '../hotel-db/migrate';
import { readOnlyCopy } from '../hotel-db/read-only-copy';
import { sqliteDeskStore } from '../store/engines/desk-store';
import { SharedCounts } from './shared-counts';

/** How often this desk's copy of the hotel's data is brought up to date while the database answers. */
const COPY_EVERY_MS = 120_000;
/** A desk older than the hotel's database tries it again this seldom (only an update of Resdesk helps). */
const TOO_OLD_RETRY_MS = 60_000;
/** Back on the database, the copy stays open this long for a read (an export) still walking it. */
const COPY_CLOSE_AFTER_MS = 60_000;

export interface SharedRuntimeDeps {
  ports: CorePorts;
  desk: DeskIdentity;
  now: () => Date;
  /** This PC has the service's password (and the desk is set up): it may talk to the service. */
  canTalk: () => Promise<boolean>;
  /** Before the desk works in it: the core moves this PC's own data in when this PC keeps the database. */
  beforeOpen?: (pool: pg.Pool, where: string) => Promise<void>;
  /** The database answered and is open: the core builds the desk on it. */
  onOpened: () => Promise<void>;
  /** This desk became (true) or stopped being (false) the one that talks to the service. */
  onHolding: (holding: boolean) => void;
  /** Another desk queued or took back an answer: the desk talking to the service sends it (or re-times it). */
  onDecisionsChanged: () => void;
  /** A hotel setting another desk saved (the service's setup among them). */
  onSettingsChanged: (keys: readonly string[] | null) => void;
  emit: <E extends keyof Events>(event: E, payload: Events[E]) => void;
  /** The whole status as the core makes it (this file's part of it included). */
  statusNow: () => SyncStatus;
  /** The checks' caches: what they read changed on another desk. */
  checks: { reservationsChanged(): void; decisionMoved(): void; invalidate(): void };
  /** Lease timing for tests (default 15 s). */
  leaseTtlMs?: number;
  /** How long to wait before trying an unreachable database again (default 5 s). */
  retryMs?: number;
  /** How long a claim for sending an answer holds (push.ts claimHoldMs of the desk's answer deadline). */
  claimHoldMs: number;
  /** How often this desk's copy of the hotel's data is refreshed (default 2 minutes; tests shorten it). */
  copyEveryMs?: number;
}

export class SharedRuntime {
  private desk: SharedDesk | null = null;
  private opening: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private since: string;
  /** What the status bar shows, read in the background (the core reads them from here). */
  readonly counts: SharedCounts;
  private offAnswering: (() => void) | null = null;
  private canTalkNow = false;
  /** This PC's copy of the hotel's data, read while the database does not answer. */
  private readonly copy: HotelCopy;
  private copyStore: DeskStore | null = null;
  private copyTakenAt: string | null;
  private copyTimer: NodeJS.Timeout | null = null;
  private closeCopyTimer: NodeJS.Timeout | null = null;
  /** Whether the store handed out now is the copy. */
  private onCopy = false;
  /** The hotel's database was updated by a newer Resdesk: this desk works from its copy until it is updated. */
  private tooOld: NewerHotelDatabase | null = null;

  constructor(
    readonly choice: SharedChoice,
    private readonly deps: SharedRuntimeDeps,
  ) {
    this.since = deps.now().toISOString();
    this.counts = new SharedCounts({
      store: () => this.desk?.store ?? null,
      now: deps.now,
      changed: () => this.statusChanged(),
      stopped: () => this.stopped,
    });
    this.copy = new HotelCopy(deps.ports.dataDir);
    this.copyTakenAt = this.copy.takenAt();
  }

  /** Opens the database; while it does not answer, tries again every few seconds (the banner says so). */
  start(): Promise<void> {
    this.stopped = false;
    this.opening ??= this.open().finally(() => (this.opening = null));
    return this.opening;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    for (const timer of [this.copyTimer, this.closeCopyTimer]) if (timer) clearTimeout(timer);
    this.copyTimer = this.closeCopyTimer = null;
    this.copyStore = null;
    this.copy.closeReader();
    await this.opening;
    this.offAnswering?.();
    this.offAnswering = null;
    const desk = this.desk;
    this.desk = null;
    await desk?.close();
  }

  /** The hotel's database when this PC keeps it and it is open (its daily copy is this PC's to take). */
  kept(): HotelStore | null {
    return this.choice.kind === 'keeps' ? (this.desk?.store ?? null) : null;
  }

  /**
   * The store the desk works in: the hotel's database while it answers; this PC's copy of it, read-only, while it
   * does not (or while this Resdesk is older than it); StoreUnavailable when there is neither.
   */
  store(): DeskStore {
    if (this.desk && !this.onCopy) return this.desk.store;
    const copy = this.copyReader();
    if (copy) return copy;
    if (this.desk) return this.desk.store;
    throw new StoreUnavailable('not connected');
  }

  /**
   * The hotel's database itself, whether it answers now or not: what the sync and the shared setup write to, never
   * this PC's copy. StoreUnavailable while it is not open.
   */
  databaseStore(): HotelStore {
    if (!this.desk) throw new StoreUnavailable('not connected');
    return this.desk.store;
  }

  /** The copy's read-only store, one object while it is open (the checks' caches are kept per store). */
  private copyReader(): DeskStore | null {
    if (this.copyStore) return this.copyStore;
    const reader = this.copy.openReader();
    this.copyStore = reader ? readOnlyCopy(sqliteDeskStore(reader)) : null;
    return this.copyStore;
  }

  /** Whether the database answers this desk and it may work in it. */
  private live(): boolean {
    return this.desk !== null && this.tooOld === null && this.desk.line.status().reachable;
  }

  /** Moves the desk onto its copy when the database stops answering, and back when it answers again. */
  private followLine(): void {
    if (this.stopped) return;
    const onCopy = !this.live() && this.copyTakenAt !== null;
    if (onCopy === this.onCopy) return;
    this.onCopy = onCopy;
    if (this.closeCopyTimer) clearTimeout(this.closeCopyTimer);
    this.closeCopyTimer = null;
    if (!onCopy) {
      this.closeCopyTimer = setTimeout(() => {
        this.closeCopyTimer = null;
        if (this.onCopy) return;
        this.copyStore = null;
        this.copy.closeReader();
      }, COPY_CLOSE_AFTER_MS);
      this.closeCopyTimer.unref?.();
      this.scheduleCopy(1_000);
    }
    this.deps.ports.logger.info(
      onCopy ? "showing this PC's copy of the hotel database" : 'back on the hotel database',
      {
        copyTakenAt: this.copyTakenAt,
      },
    );
    this.deps.checks.invalidate();
    this.deps.emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
    this.statusChanged();
  }

  private scheduleCopy(afterMs: number): void {
    if (this.stopped) return;
    if (this.copyTimer) clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => void this.refreshCopy(), afterMs);
    this.copyTimer.unref?.();
  }

  /** Brings this PC's copy up to the database (only what changed since the last one), then waits for the next. */
  private async refreshCopy(): Promise<void> {
    this.copyTimer = null;
    const desk = this.desk;
    if (desk && this.live() && !this.onCopy) {
      try {
        const done = await this.copy.refresh(desk.pool);
        this.copyTakenAt = done.takenAt;
        if (done.kind === 'whole' || done.rows + done.removed > 0)
          this.deps.ports.logger.info("this PC's copy of the hotel database refreshed", { ...done });
      } catch (error) {
        if (error instanceof NewerHotelDatabase) return this.outdated(error);
        this.deps.ports.logger.warn("this PC's copy of the hotel database could not be refreshed", {
          error: error instanceof Error ? error.name : 'unknown',
        });
      }
    }
    this.scheduleCopy(this.deps.copyEveryMs ?? COPY_EVERY_MS);
  }

  presence(): AnswerPresencePort | null {
    return this.desk?.presence ?? null;
  }

  /** Whether this desk runs for the lease (it had the service's password when the line opened). */
  get canTalk(): boolean {
    return this.canTalkNow;
  }

  holding(): boolean {
    return this.desk?.line.token() !== null && this.desk !== null;
  }

  hotelStatus(): HotelLineStatus {
    const shown = {
      copyTakenAt: this.onCopy ? this.copyTakenAt : null,
      updateNeeded: this.tooOld !== null,
    };
    if (this.desk) return { ...this.desk.line.status(), ...shown };
    return {
      where: this.choice.kind === 'connected' ? 'the hotel database' : 'this PC',
      reachable: false,
      since: this.since,
      talkingPc: null,
      thisDeskTalks: false,
      canTalk: this.canTalkNow,
      ...shown,
    };
  }

  /** Tells the other desks what this desk's pull brought, so they announce and notify it as this one does. */
  announcePulled(summary: PullSummary): void {
    const desk = this.desk;
    if (!desk) return;
    const ids = [
      ...summary.new.map((k) => `new:${k}`),
      ...summary.changed.map((k) => `changed:${k}`),
      ...summary.cancelled.map((k) => `cancelled:${k}`),
    ];
    if (ids.length === 0) return;
    void desk.store.tellOtherDesks({ table: 'pulled', kind: 'added', ids }).catch((error: unknown) =>
      this.deps.ports.logger.warn('could not tell the other desks what arrived', {
        error: error instanceof Error ? error.name : 'unknown',
      }),
    );
  }

  /** Reads the status bar's counts again in the background, then says the status changed. */
  refresh(): void {
    this.counts.refresh();
  }

  private statusChanged(): void {
    // A callback finishing after stop() must not reopen what the core closed.
    if (this.stopped) return;
    this.deps.emit('syncStatus', this.deps.statusNow());
  }

  private async open(): Promise<void> {
    if (this.stopped || this.desk) return;
    this.canTalkNow = await this.deps.canTalk();
    try {
      const desk = await openSharedDesk({
        choice: this.choice,
        desk: this.deps.desk,
        dataDir: this.deps.ports.dataDir,
        credentials: this.deps.ports.credentials,
        logger: this.deps.ports.logger,
        now: this.deps.now,
        canTalk: this.canTalkNow,
        claimHoldMs: this.deps.claimHoldMs,
        beforeOpen: this.deps.beforeOpen,
        line: {
          ttlMs: this.deps.leaseTtlMs,
          onHolding: (token) => {
            this.deps.onHolding(token !== null);
            this.statusChanged();
          },
          onChange: (change) => void this.otherDesk(change),
          onResync: () => this.resync(),
          onStatus: () => {
            this.followLine();
            this.refresh();
            this.statusChanged();
          },
        },
      });
      if (this.stopped) {
        await desk.close();
        return;
      }
      this.desk = desk;
      this.tooOld = null;
      this.offAnswering = forwardAnsweringChanges(desk.line.changes, this.deps.emit);
      this.since = this.deps.now().toISOString();
      this.followLine();
      this.scheduleCopy(1_000);
      await this.counts.read().catch(() => undefined);
      await this.deps.onOpened();
      this.resync();
    } catch (error) {
      this.tooOld = error instanceof NewerHotelDatabase ? error : null;
      if (this.tooOld)
        this.deps.ports.logger.warn('the hotel database was updated by a newer Resdesk; update this PC', {
          found: this.tooOld.found,
          known: this.tooOld.known,
        });
      else
        this.deps.ports.logger.warn('the hotel database did not answer; trying again', {
          error: error instanceof Error ? error.name : 'unknown',
        });
      this.followLine();
      this.statusChanged();
      if (!this.stopped) {
        this.retry = setTimeout(
          () => {
            this.retry = null;
            void this.start();
          },
          this.tooOld ? Math.max(TOO_OLD_RETRY_MS, this.deps.retryMs ?? 5_000) : (this.deps.retryMs ?? 5_000),
        );
        this.retry.unref?.();
      }
    }
  }

  /**
   * Another PC's newer Resdesk migrated the database under this desk: it stops working in it (its writes could
   * miss what the new schema expects) and opens it again, which refuses and keeps this desk on its copy.
   */
  private async outdated(error: NewerHotelDatabase): Promise<void> {
    const desk = this.desk;
    this.desk = null;
    this.tooOld = error;
    this.offAnswering?.();
    this.offAnswering = null;
    this.deps.onHolding(false);
    await desk?.close().catch(() => undefined);
    this.followLine();
    this.statusChanged();
    void this.start();
  }

  /** Changes may have been missed: everything shown is read again. */
  private resync(): void {
    if (this.stopped) return;
    this.deps.checks.invalidate();
    this.deps.emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
    this.deps.onSettingsChanged(null);
    this.deps.onDecisionsChanged();
    this.refresh();
  }

  /** Another desk changed something this desk shows: the same events as this desk's own work sends. */
  private async otherDesk(change: HotelChange): Promise<void> {
    const desk = this.desk;
    if (!desk || this.stopped) return;
    await showOtherDeskChange(change, desk.store, this.deps);
    this.refresh();
  }
}
