// A desk on the hotel's shared database (issue 27): where it is (the saved choice: this PC keeps it, or connected),
// the store on it, the line (lease, change feed, who talks to the service) and who is answering what. Opened by
// the core at start; the core turns the line's callbacks into the poller starting and stopping and into the
// renderer's events.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  AnswerPresence,
  HotelDeskStore,
  describeDatabase,
  openHotelPool,
  startHotelServer,
  type HotelDatabaseChoice,
} from '../hotel-db';
import type { CredentialStore, Logger } from '../kernel/core-types';
import { HotelLine, type HotelLineOptions } from './hotel-line';
import type pg from 'pg';

export type SharedChoice = Exclude<HotelDatabaseChoice, { kind: 'file' }>;

export interface SharedDesk {
  readonly store: HotelDeskStore;
  readonly line: HotelLine;
  readonly presence: AnswerPresence;
  /** host:port/database, never the password. */
  readonly where: string;
  close(): Promise<void>;
}

/** Which desk this is to the others: a fresh id per running desk (the CLI beside the app is another), the PC's name. */
export interface DeskIdentity {
  id: string;
  pc: string;
}

export const newDeskIdentity = (pc?: string): DeskIdentity => ({
  id: randomUUID(),
  pc: pc ?? hostname().toUpperCase(),
});

export interface OpenSharedOptions {
  choice: SharedChoice;
  desk: DeskIdentity;
  dataDir: string;
  credentials: CredentialStore;
  logger: Logger;
  now: () => Date;
  /** This PC has the service's password: it may take the lease. */
  canTalk: boolean;
  /** How long a claim for sending an answer holds (HotelDeskStoreOptions.claimHoldMs). */
  claimHoldMs: number;
  /** Runs once the database answers and before the desk works in it (this PC's data moved in, when it keeps it). */
  beforeOpen?: (pool: pg.Pool, where: string) => Promise<void>;
  line: Pick<HotelLineOptions, 'onHolding' | 'onChange' | 'onResync' | 'onStatus' | 'ttlMs'>;
}

/** The database's URL: this PC's own server is started first (it may not be running after a restart of the PC). */
async function urlOf(options: OpenSharedOptions): Promise<string> {
  if (options.choice.kind === 'connected') return options.choice.url;
  const kept = await startHotelServer({
    dataDir: options.dataDir,
    credentials: options.credentials,
    port: options.choice.port,
  });
  return kept.localUrl;
}

/** Opens the hotel's database (migrating it once), the line and the presence. Throws when it does not answer. */
export async function openSharedDesk(options: OpenSharedOptions): Promise<SharedDesk> {
  const url = await urlOf(options);
  const thisDesk = options.desk;
  const pool: pg.Pool = openHotelPool({ url, applicationName: `resdesk ${thisDesk.pc}` });
  let line: HotelLine | null = null;
  try {
    await options.beforeOpen?.(pool, describeDatabase(url));
    const store = await HotelDeskStore.openDesk(pool, {
      origin: thisDesk.id,
      fence: () => line?.token() ?? null,
      claimHoldMs: options.claimHoldMs,
    });
    line = new HotelLine({
      pool,
      url,
      deskId: thisDesk.id,
      pcName: thisDesk.pc,
      canTalk: options.canTalk,
      logger: options.logger,
      now: options.now,
      ...options.line,
    });
    await line.start();
    const opened = line;
    const presence = new AnswerPresence(pool, { deskId: thisDesk.id, pcName: thisDesk.pc });
    options.logger.info('working in the hotel database', {
      where: describeDatabase(url),
      canTalk: options.canTalk,
    });
    return {
      store,
      line: opened,
      presence,
      where: describeDatabase(url),
      close: async () => {
        await presence.closeAll().catch(() => undefined);
        await opened.stop();
        await pool.end();
      },
    };
  } catch (error) {
    await line?.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw error;
  }
}
