// Two (or more) real desk cores on one real PostgreSQL and the practice service: each desk is
// createCore with its own data folder and credential store, connected to the hotel's database through the saved
// choice (Settings → Several desks), exactly as the app starts. Shared by the several-desks tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { saveHotelDatabaseChoice } from '../../../main/hotel-db/choice';
import { memoryStore } from '../../../main/secrets/memory-store';
import { credentialAccount } from '../../../main/kernel/setup';
import type { Core, Logger } from '../../../main/kernel/core-types';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { createDatabase, type TestPostgres } from '../../harness/postgres';

export const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export interface TestDesk {
  core: Core;
  dir: string;
  stop(): Promise<void>;
}

/** A new empty database on the test server; its URL. */
export const freshDatabase = (server: TestPostgres): Promise<string> => createDatabase(server, 'hotel');

export async function startService(): Promise<PracticeService> {
  return startPracticeService({ port: 0, seed: 11, reservations: 40, fileReadyAfterMs: 50 });
}

/**
 * A desk on the hotel's database. `password`: the service's password is in this PC's keychain (it may talk to
 * the service); the service's setup itself comes from the hotel's database, saved there by the first desk.
 */
export async function startDesk(
  url: string,
  service: Pick<PracticeService, 'url'>,
  options: {
    pc: string;
    password: boolean;
    setUp?: boolean;
    leaseTtlMs?: number;
    logger?: Logger;
    /** Each answer's request deadline (default the desk's own, 45 s). */
    answerDeadlineMs?: number;
    /** Seconds an answer is held for Undo (default 0: sent at once). */
    graceSeconds?: number;
    /** How often the desk refreshes its copy of the hotel's data (default the desk's own, 2 minutes). */
    copyEveryMs?: number;
  },
): Promise<TestDesk> {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-desk-'));
  const credentials = memoryStore();
  await saveHotelDatabaseChoice(dir, credentials, { kind: 'connected', url });
  if (options.password) await credentials.set(credentialAccount(service.url, 'demo'), 'demo');
  const core = createCore(
    { dataDir: dir, credentials, logger: options.logger ?? quiet },
    {
      pollIntervalMs: 1_000,
      answerGraceDefaultSeconds: options.graceSeconds ?? 0,
      answerDeadlineMs: options.answerDeadlineMs,
      hotelDb: {
        leaseTtlMs: options.leaseTtlMs,
        retryMs: 500,
        pcName: options.pc,
        copyEveryMs: options.copyEveryMs,
      },
    },
  );
  await core.start();
  if (options.setUp)
    await core.handlers.saveSetup({
      serviceUrl: service.url,
      format: 'json',
      user: 'demo',
      password: 'demo',
      partnerId: 1001,
    });
  return {
    core,
    dir,
    stop: async () => {
      await core.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function until<T>(
  probe: () => Promise<T | null | false | undefined>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every reservation the desk's inbox lists, by KeyField. */
export async function inboxKeys(core: Core): Promise<Set<string>> {
  const page = await core.handlers.listReservations({
    filter: {},
    sort: 'checkIn',
    direction: 'asc',
    offset: 0,
    limit: 1000,
  });
  return new Set(page.rows.map((r) => r.keyField));
}

/** The first `limit` new reservations waiting for an answer, by check-in: what the tests answer. */
export async function waitingNew(core: Core, limit: number): Promise<string[]> {
  const page = await core.handlers.listReservations({
    filter: { statuses: ['W'], kinds: ['new'] },
    sort: 'checkIn',
    direction: 'asc',
    offset: 0,
    limit,
  });
  return page.rows.map((r) => r.keyField);
}

export interface ServiceState {
  acknowledged: { logId: number; serviceId: string }[];
  acknowledgedTimes: { logId: number; serviceId: string; times: number }[];
  confirmations: { keyField: string; status: string }[];
}

export async function serviceState(service: PracticeService): Promise<ServiceState> {
  return (await (await fetch(`${service.url}/_sandbox/state`)).json()) as ServiceState;
}

export async function arrive(service: PracticeService, count = 1): Promise<string[]> {
  const response = await fetch(`${service.url}/_sandbox/arrive`, {
    method: 'POST',
    body: JSON.stringify({ count }),
  });
  const receipts = (await response.json()) as { reservations: { keyField: string }[] };
  return receipts.reservations.map((v) => v.keyField);
}
