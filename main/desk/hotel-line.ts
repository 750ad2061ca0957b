// A desk on the hotel's shared database: its change feed, its place in the running for the service
// lease, and what the status bar says about both. The core starts the poller when this desk becomes the one that
// talks to the service and stops it when it stops being it; every desk turns the feed's changes into the same
// renderer events a sync cycle sends, so what one desk stores shows on every other within the feed's delay.
// A desk without the service's password in this PC's keychain never takes the lease (it could not log in).
import type { HotelLineStatus } from '../../shared/ipc';
import {
  ChangeFeed,
  Lease,
  LeaseKeeper,
  describeDatabase,
  readHolder,
  type FeedStatus,
  type HotelChange,
  type LeaseToken,
} from '../hotel-db';
import type pg from 'pg';
import type { Logger } from '../kernel/core-types';

export interface HotelLineOptions {
  pool: pg.Pool;
  url: string;
  /** This running desk (a fresh id per process); the feed's changes from it are its own echo. */
  deskId: string;
  pcName: string;
  /** This PC has the service's password: it may take the lease. */
  canTalk: boolean;
  logger: Logger;
  now: () => Date;
  /** Lease timing (tests shorten it); default 15 s. */
  ttlMs?: number;
  /** This desk became (token) or stopped being (null) the one that talks to the service. */
  onHolding: (token: LeaseToken | null) => void;
  /** Another desk changed something this desk shows. */
  onChange: (change: HotelChange) => void;
  /** Changes may have been missed (reconnect, sleep): re-read everything shown. */
  onResync: () => void;
  /** Something the status bar shows changed. */
  onStatus: () => void;
}

/** How often the holder's name is read again without a change (a holder whose time ran out sends none). */
const HOLDER_EVERY_MS = 5_000;

export class HotelLine {
  private readonly feed: ChangeFeed;
  private readonly keeper: LeaseKeeper | null;
  private readonly lease: Lease;
  private reachable = false;
  private since: string;
  private talkingPc: string | null = null;
  private holderTimer: NodeJS.Timeout | null = null;
  private readonly offs: (() => void)[] = [];

  constructor(private readonly options: HotelLineOptions) {
    this.since = options.now().toISOString();
    this.feed = new ChangeFeed(
      { url: options.url, applicationName: `resdesk ${options.pcName} changes` },
      { onError: (error) => options.logger.warn('hotel database feed', { message: error.message }) },
    );
    this.lease = new Lease(options.pool, {
      deskId: options.deskId,
      pcName: options.pcName,
      ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
    });
    this.keeper = options.canTalk
      ? new LeaseKeeper(this.lease, {
          changes: this.feed,
          onChange: (token) => {
            options.logger.info(
              token ? 'this desk talks to the service' : 'this desk stopped talking to the service',
              {
                generation: token?.generation ?? null,
              },
            );
            options.onHolding(token);
            void this.readHolder();
          },
          onError: (error) => options.logger.warn('service lease', { message: error.message }),
        })
      : null;
  }

  /** Starts listening and, if this PC can, running for the lease; resolves once the feed listens. */
  async start(): Promise<void> {
    this.offs.push(
      this.feed.onStatus((s) => this.feedStatus(s)),
      this.feed.onChange((c) => {
        if (c.table === 'desk_lease') void this.readHolder();
        else if (c.origin !== this.options.deskId) this.options.onChange(c);
      }),
      this.feed.onResync(() => this.options.onResync()),
    );
    await this.feed.start();
    this.keeper?.start();
    await this.readHolder();
    this.scheduleHolderRead();
  }

  async stop(): Promise<void> {
    if (this.holderTimer) clearTimeout(this.holderTimer);
    this.holderTimer = null;
    for (const off of this.offs.splice(0)) off();
    await this.keeper?.stop();
    await this.feed.stop();
  }

  /** The change feed, for what else listens to other desks (who is answering). */
  get changes(): ChangeFeed {
    return this.feed;
  }

  /** The holder's proof while this desk talks to the service (its writes only the holder may make are fenced). */
  token(): LeaseToken | null {
    return this.keeper?.current() ?? null;
  }

  status(): Omit<HotelLineStatus, 'copyTakenAt' | 'updateNeeded'> {
    const thisDeskTalks = this.token() !== null;
    return {
      where: describeDatabase(this.options.url),
      reachable: this.reachable,
      since: this.since,
      talkingPc: thisDeskTalks ? this.options.pcName : this.talkingPc,
      thisDeskTalks,
      canTalk: this.options.canTalk,
    };
  }

  private feedStatus(status: FeedStatus): void {
    const reachable = status === 'connected';
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    this.since = this.options.now().toISOString();
    this.options.logger.info(reachable ? 'hotel database reachable' : 'hotel database unreachable', {
      where: describeDatabase(this.options.url),
    });
    this.options.onStatus();
  }

  private scheduleHolderRead(): void {
    this.holderTimer = setTimeout(() => {
      void this.readHolder().finally(() => {
        if (this.holderTimer) this.scheduleHolderRead();
      });
    }, HOLDER_EVERY_MS);
    this.holderTimer.unref?.();
  }

  private async readHolder(): Promise<void> {
    let pc: string | null;
    try {
      const holder = await readHolder(this.options.pool);
      pc = holder && !holder.expired ? holder.pcName : null;
    } catch {
      // Unreachable: the feed's status says so; the last known name stays until it answers again.
      return;
    }
    if (pc === this.talkingPc) return;
    this.talkingPc = pc;
    this.options.onStatus();
  }
}
