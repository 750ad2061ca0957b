// A desk on the hotel's shared database: where it is (the saved choice: this PC keeps it, or connected),
// the store on it, the line (lease, change feed, who talks to the service) and who is answering what. Opened by
// the core at start; the core turns the line's callbacks into the poller starting and stopping and into the
// renderer's events.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  AnswerPresence,
  HotelStore,
  describeDatabase,
  openHotelPool,
  startHotelServer,
  type HotelDatabaseChoice,
} from '../hotel-db';
import type { CredentialStore, Logger } from '../kernel/core-types';
import { HotelLine, type HotelLineOptions } from './hotel-line';
import path from 'node:path';
import { HOTEL_BACKUPS, backupHotelDatabase } from '../hotel-db/backup';
import { NewerHotelDatabase, hotelSchemaVersion } from '../hotel-db/migrate';
import { postgresMigrations } from '../store/engines/postgres-migrations';
import type pg from 'pg';

export type SharedChoice = Exclude<HotelDatabaseChoice, { kind: 'file' }>;

export interface SharedDesk {
  readonly store: HotelStore;
  /** The database's connections (this desk's copy of the hotel's data is read through them). */
  readonly pool: pg.Pool;
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
  /** How long a claim for sending an answer holds (HotelStoreOptions.claimHoldMs). */
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

/**
 * Before this desk's Resdesk migrates the hotel's database, a checked copy of it into this PC's backups
 * (backups/hotel-database, kept as the desk's own copies before an update are). Refuses a database that a newer
 * Resdesk migrated (NewerHotelDatabase), before anything is opened.
 */
async function copyBeforeMigrating(pool: pg.Pool, options: OpenSharedOptions): Promise<void> {
  const found = await hotelSchemaVersion(pool);
  const known = postgresMigrations.length;
  if (found > known) throw new NewerHotelDatabase(found, known);
  if (found === 0 || found === known) return;
  const folder = path.join(options.dataDir, 'backups', HOTEL_BACKUPS);
  const taken = await backupHotelDatabase(pool, {
    kind: 'pre-migration',
    folders: [folder],
    now: options.now(),
  });
  options.logger.info("the hotel database's copy before its update written", {
    from: found,
    to: known,
    file: taken.written[0] ? path.basename(taken.written[0].file) : null,
  });
}

/** Opens the hotel's database (migrating it once), the line and the presence. Throws when it does not answer. */
export async function openSharedDesk(options: OpenSharedOptions): Promise<SharedDesk> {
  const url = await urlOf(options);
  const thisDesk = options.desk;
  const pool: pg.Pool = openHotelPool({ url, applicationName: `resdesk ${thisDesk.pc}` });
  let line: HotelLine | null = null;
  try {
    await options.beforeOpen?.(pool, describeDatabase(url));
    await copyBeforeMigrating(pool, options);
    const store = await HotelStore.open(pool, {
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
      pool,
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
