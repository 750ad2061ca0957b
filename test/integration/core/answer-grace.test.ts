// Every answer is held for a grace period before it is sent. Undo takes it back
// (nothing reaches the service), "Send now" ends the wait, the period's end sends it by itself (no poll
// needed), and once it has gone Undo is refused with a sentence that says what to do instead. Against the
// real core, real SQLite and the practice service.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { memoryStore } from '../../../main/secrets/memory-store';
import type { Core, Logger } from '../../../main/kernel/core-types';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';

const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

interface Desk {
  core: Core;
  service: PracticeService;
  dir: string;
}
let desk: Desk | null = null;

afterEach(async () => {
  await desk?.core.stop();
  await desk?.service.close();
  if (desk) rmSync(desk.dir, { recursive: true, force: true });
  desk = null;
});

async function startDesk(graceSeconds?: number): Promise<Desk> {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-grace-'));
  const service = await startPracticeService({ port: 0, seed: 5, reservations: 30, fileReadyAfterMs: 50 });
  const core = createCore(
    { dataDir: dir, credentials: memoryStore(), logger },
    { pollIntervalMs: 3_600_000, answerGraceDefaultSeconds: 10 },
  );
  await core.start();
  await core.handlers.saveSetup({
    serviceUrl: service.url,
    format: 'json',
    user: 'demo',
    password: 'demo',
    partnerId: 1001,
  });
  await core.handlers.syncNow({});
  if (graceSeconds !== undefined) await core.handlers.saveAnswerSettings({ graceSeconds });
  return { core, service, dir };
}

async function waitingKeys(core: Core, n: number): Promise<string[]> {
  const page = await core.handlers.listReservations({
    filter: { statuses: ['W'], kinds: ['new'] },
    sort: 'checkIn',
    direction: 'asc',
    offset: 0,
    limit: n,
  });
  return page.rows.map((r) => r.keyField);
}

async function confirmationsAt(service: PracticeService): Promise<{ keyField: string }[]> {
  const state = (await (await fetch(`${service.url}/_sandbox/state`)).json()) as {
    confirmations: { keyField: string }[];
  };
  return state.confirmations;
}

async function until<T>(probe: () => Promise<T | null | false>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an answer held for its grace period', () => {
  it('the hotel chooses the period; 10 s unless chosen', async () => {
    desk = await startDesk();
    expect(await desk.core.handlers.getAnswerSettings({})).toEqual({ graceSeconds: 10 });
    expect(await desk.core.handlers.saveAnswerSettings({ graceSeconds: 3 })).toEqual({ graceSeconds: 3 });
    expect(await desk.core.handlers.getAnswerSettings({})).toEqual({ graceSeconds: 3 });
    const [key = ''] = await waitingKeys(desk.core, 1);
    const held = await desk.core.handlers.confirm({ keyField: key });
    const ahead = Date.parse(held.sendAfter ?? '') - Date.parse(held.decidedAt);
    expect(ahead).toBe(3_000);
    expect(await desk.core.handlers.saveAnswerSettings({ graceSeconds: 0 })).toEqual({ graceSeconds: 0 });
  });

  it('Undo within the period takes it back: nothing reaches the service, the reservation can be answered again', async () => {
    desk = await startDesk(2);
    const { core, service } = desk;
    const [key = ''] = await waitingKeys(core, 1);
    const held = await core.handlers.confirm({ keyField: key, note: 'Yanlış' });
    expect(held.state).toBe('pending');
    expect(held.sendAfter).not.toBeNull();
    expect(Date.parse(held.sendAfter ?? '')).toBeGreaterThan(Date.now());
    expect(await core.handlers.undoDecision({ keyField: key })).toBeNull();
    // Past the period, and after a full cycle: still nothing at the service, and the reservation waits.
    await new Promise((r) => setTimeout(r, 2_300));
    await core.handlers.syncNow({});
    expect((await confirmationsAt(service)).some((c) => c.keyField === key)).toBe(false);
    const detail = await core.handlers.getReservation({ keyField: key });
    expect(detail.decision).toBeNull();
    expect(detail.reservation.confirmationStatus).toBe('W');
    expect((await core.handlers.confirm({ keyField: key })).state).toBe('pending');
  });

  it('goes out by itself when the period ends (no poll needed), and then cannot be taken back', async () => {
    desk = await startDesk(1);
    const { core, service } = desk;
    const [key = ''] = await waitingKeys(core, 1);
    await core.handlers.confirm({ keyField: key });
    await until(
      async () => (await core.handlers.getReservation({ keyField: key })).decision?.state === 'sent',
      'the held answer to be sent by its timer',
    );
    expect((await confirmationsAt(service)).filter((c) => c.keyField === key)).toHaveLength(1);
    await expect(core.handlers.undoDecision({ keyField: key })).rejects.toThrow(/acenteyi arayın/);
  });

  it('Send now ends the wait; Undo all takes back a batch that has not left', async () => {
    desk = await startDesk(60);
    const { core, service } = desk;
    const [now = '', ...batch] = await waitingKeys(core, 4);
    await core.handlers.confirm({ keyField: now });
    await core.handlers.sendDecisionNow({ keyField: now });
    await until(
      async () => (await core.handlers.getReservation({ keyField: now })).decision?.state === 'sent',
      'the answer sent now',
    );
    const queued = await core.handlers.confirmMany({ keyFields: batch });
    expect(queued.queuedKeys.sort()).toEqual([...batch].sort());
    expect(await core.handlers.undoMany({ keyFields: [...batch, now] })).toEqual({ undone: 3, tooLate: 1 });
    await core.handlers.syncNow({});
    const at = await confirmationsAt(service);
    expect(at.map((c) => c.keyField)).toContain(now);
    for (const key of batch) expect(at.some((c) => c.keyField === key)).toBe(false);
  });
});
