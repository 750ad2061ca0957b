// Shared set-up for sync tests: a real practice service, a real SQLite file, a real Desk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Desk, type DeskOptions } from '../../../main/operations/desk';
import { createMessages } from '../../../main/kernel/messages';
import { Store } from '../../../main/store';
import type { Logger } from '../../../main/kernel/core-types';
import type { WireFormat } from '../../../shared/domain';

export interface SandboxState {
  acknowledged: { logId: number; serviceId: string }[];
  confirmations: {
    keyField: string;
    confirmationStatus: string;
    operation: string;
    confirmationNote: string | null;
  }[];
  requests: { method: string; path: string; status: number }[];
  reservations: number;
}

export async function sandboxState(url: string): Promise<SandboxState> {
  const res = await fetch(`${url}/_sandbox/state`);
  return (await res.json()) as SandboxState;
}

export async function control(url: string, what: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}/_sandbox/${what}`, {
    method: body === null ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === null ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A desk on `dir`/desk.db. `deskOptions`: its clock, for a test that moves time, and `onDecision`, told as each
 * answer's state moves.
 */
export function openDesk(
  dir: string,
  serviceUrl: string,
  format: WireFormat = 'json',
  logger?: Logger,
  deskOptions: Pick<DeskOptions, 'now' | 'onDecision'> = {},
): Desk {
  return new Desk({
    logger,
    store: Store.open(path.join(dir, 'desk.db')),
    dataDir: dir,
    connection: { serviceUrl, user: 'demo', partnerId: 1001, format, getPassword: async () => 'demo' },
    messages: createMessages('en'),
    ...deskOptions,
  });
}

/** The first `n` waiting new reservations, by check-in. */
export const waitingNewKeys = (store: Store, n: number): string[] =>
  store
    .inboxPage({
      filter: { statuses: ['W'], kinds: ['new'] },
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: n,
    })
    .rows.map((r) => r.keyField);

/** Every LogId stored as a version row. */
export function storedLogIds(store: Store): Set<number> {
  const rows = store.db
    .prepare<[], { logId: number }>('SELECT log_id AS logId FROM reservation_versions')
    .all();
  return new Set(rows.map((r) => r.logId));
}

export function reservationCount(store: Store): number {
  return (store.db.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n;
}
