// A decision killed mid-flight, and notices after a failed step. The service may record a confirmation
// whose answer never reaches the desk (the desk killed, the line cut): the next run must find it there and
// call it delivered — not resend it, be told "already answered" and fail forever. And reservations stored
// before a later step failed (the acknowledgement) are still announced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { Desk } from '../../../main/operations/desk';
import { createMessages } from '../../../main/kernel/messages';
import type { PullSummary } from '../../../main/sync/pull';
import { control, sandboxState, tempDir } from './helpers';
import { runResdesk } from '../../harness/resdesk-cli';

let killNow: () => void = () => undefined;

async function until(test: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('waited 10 s in vain');
}

const resdesk = (args: string[], killAfter?: { ms: number }) =>
  runResdesk(args, {
    onStart: (child) => {
      killNow = () => child.kill('SIGKILL');
      if (!killAfter) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfter.ms);
      child.once('close', () => clearTimeout(timer));
    },
  });

describe('a decision killed mid-flight', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 40, seed: 9 });
    temp = tempDir('resdesk-midflight-');
    db = path.join(temp.dir, 'desk.db');
    const sync = await resdesk([
      'sync',
      '--db',
      db,
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--once',
    ]);
    expect(sync.code).toBe(0);
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  const waiting = (): string => {
    const store = Store.open(db);
    try {
      return (
        store.db
          .prepare<[], string>(
            `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND decision_state = 'none' ORDER BY id LIMIT 1`,
          )
          .pluck()
          .get() ?? ''
      );
    } finally {
      store.close();
    }
  };
  const decision = (keyField: string) => {
    const store = Store.open(db);
    try {
      return store.decisionRecordFor(keyField);
    } finally {
      store.close();
    }
  };
  const confirmationsOf = async (keyField: string) =>
    (await sandboxState(service.url)).confirmations.filter((c) => c.keyField === keyField);

  it('is delivered once when the desk dies after the service recorded it', async () => {
    const keyField = waiting();
    // The service holds the request 3 s before recording it; the desk is killed while it waits.
    await control(service.url, 'faults', { kind: 'delay', delayMs: 3000, path: 'sendconfirmation' });
    const killed = resdesk(['confirm', '--db', db, keyField], { ms: 60_000 });
    await until(
      async () =>
        ((await (await fetch(`${service.url}/_sandbox/faults`)).json()) as { faults: unknown[] }).faults
          .length === 0,
    );
    const child = await Promise.race([
      killed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 200)),
    ]);
    expect(child).toBeNull();
    killNow();
    expect((await killed).code).toBeNull();
    await until(async () => (await confirmationsOf(keyField)).length === 1);
    expect(decision(keyField)).toMatchObject({ state: 'pending', outcomeUnknown: true });

    const next = await resdesk(['sync', '--db', db, '--once', '--json']);
    expect(next.code).toBe(0);
    expect(decision(keyField)).toMatchObject({ state: 'sent' });
    await resdesk(['sync', '--db', db, '--once']);
    expect(await confirmationsOf(keyField)).toHaveLength(1);
  });

  it('is delivered when the service already holds the same answer, given elsewhere', async () => {
    const keyField = waiting();
    const store = Store.open(db);
    const desk = new Desk({
      store,
      dataDir: temp.dir,
      messages: createMessages('en'),
      connection: {
        serviceUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'xml',
        getPassword: async () => 'demo',
      },
    });
    try {
      await desk.decide({ keyField, action: 'confirm', user: 'Ayşe' });
      // The same answer reaches the service another way before this desk sends it.
      const reservation = store.getReservation(keyField);
      await desk.client.sendConfirmation({ keyField, agencyId: reservation?.agencyId ?? '', status: 'E' });
      const pushed = await desk.pushNow();
      expect(pushed.failed).toBe(0);
      expect(store.decisionRecordFor(keyField)).toMatchObject({ state: 'sent' });
      expect(await confirmationsOf(keyField)).toHaveLength(1);
    } finally {
      await desk.close();
      store.close();
    }
  });
});

describe('what was stored before a failure', () => {
  it('is announced even when the acknowledgement fails', async () => {
    const service = await startPracticeService({ reservations: 5, seed: 4 });
    const temp = tempDir('resdesk-announce-');
    const store = Store.open(path.join(temp.dir, 'desk.db'));
    const announced: PullSummary[] = [];
    const desk = new Desk({
      store,
      dataDir: temp.dir,
      messages: createMessages('en'),
      onPulled: (summary) => announced.push(summary),
      connection: {
        serviceUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'json',
        getPassword: async () => 'demo',
      },
    });
    try {
      expect((await desk.sync()).error).toBeNull();
      const arrived = (await control(service.url, 'arrive', { count: 3 })) as {
        reservations: { keyField: string }[];
      };
      await control(service.url, 'faults', { kind: 'status500', path: 'postsentlogids' });
      announced.length = 0;
      const report = await desk.sync();
      expect(report.error).not.toBeNull();
      const keys = arrived.reservations.map((r) => r.keyField).sort();
      expect([...report.pulled.new].sort()).toEqual(keys);
      expect([...(announced.at(-1)?.new ?? [])].sort()).toEqual(keys);
      // Stored, not yet acknowledged: the next cycle reports them first.
      expect(store.pendingAcknowledgements().flatMap((g) => g.logIds)).toHaveLength(3);
      expect((await desk.sync()).error).toBeNull();
      expect(store.pendingAcknowledgements()).toEqual([]);
    } finally {
      await desk.close();
      store.close();
      await service.close();
      temp.remove();
    }
  });
});
