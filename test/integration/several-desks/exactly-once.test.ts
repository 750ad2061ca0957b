// Every answer reaches the service in exactly one request, counted on the wire (answer-wire.ts: the practice
// service refuses a repeat, so what it accepted proves nothing): three desks answering the same reservations at a
// 1 s poll; the talking desk cut from the database while its answer waits 8 s for a slow service; the database
// gone for 25 s and back. Real desk cores, a real PostgreSQL, the practice service behind a counting proxy.
// `npx vitest run test/integration/several-desks/exactly-once.test.ts`
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMessages } from '../../../main/kernel/messages';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { startAnswerWire, type AnswerWire } from '../../harness/answer-wire';
import { startPostgres, type TestPostgres } from '../../harness/postgres';
import { startTcpGate, type TcpGate } from '../../harness/tcp-gate';
import { arrive, freshDatabase, inboxKeys, startDesk, until, waitingNew, type TestDesk } from './two-desks';
import { confirmedAtService, decisionState, notOnce, storedLogIds, talks } from './wire-checks';

let server: TestPostgres;
const desks: TestDesk[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startPostgres();
});

afterEach(async () => {
  await Promise.all(desks.splice(0).map((d) => d.stop().catch(() => undefined)));
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

afterAll(async () => {
  await server?.stop();
});

/** A practice service with `waiting` new reservations arrived, behind a counting proxy. */
async function serviceBehindWire(waiting: number): Promise<{ service: PracticeService; wire: AnswerWire }> {
  const service = await startPracticeService({ port: 0, seed: 11, reservations: 40, fileReadyAfterMs: 50 });
  closers.push(() => service.close());
  if (waiting > 0) await arrive(service, waiting);
  const wire = await startAnswerWire(service.url);
  closers.push(() => wire.close());
  return { service, wire };
}

async function desk(url: string, wire: AnswerWire, options: Parameters<typeof startDesk>[2]) {
  const d = await startDesk(url, { url: wire.url }, options);
  desks.push(d);
  return d;
}

/** The same database reached through a gate on another port (the gate forwards to the server). */
const throughGate = (url: string, gate: TcpGate): string => {
  const u = new URL(url);
  u.port = String(gate.port);
  return u.toString();
};

describe('exactly once on the wire, several desks', () => {
  it('three desks answer the same 300 waiting reservations at a 1 s poll: each answer leaves in one request', async () => {
    const url = await freshDatabase(server);
    const { service, wire } = await serviceBehindWire(300);
    const a = await desk(url, wire, { pc: 'RECEPTION-1', password: true, setUp: true });
    const b = await desk(url, wire, { pc: 'RECEPTION-2', password: true });
    const c = await desk(url, wire, { pc: 'RECEPTION-3', password: true });
    await until(
      async () => (await Promise.all([a, b, c].map((d) => inboxKeys(d.core)))).every((k) => k.size >= 340),
      'every desk has every reservation',
      120_000,
    );
    const keys = await waitingNew(a.core, 300);
    expect(keys.length).toBe(300);
    const attempts = await Promise.allSettled(
      keys.flatMap((keyField) => [a, b, c].map((d) => d.core.handlers.confirm({ keyField, note: '' }))),
    );
    expect(attempts.filter((x) => x.status === 'fulfilled').length).toBe(300);
    const state = await until(
      () => confirmedAtService(service, keys),
      'every answer at the service',
      180_000,
    );
    // A few more polls of every desk: a second push of an answer already sent would show now.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(notOnce(wire, keys)).toEqual({});
    expect(state.confirmations.filter((x) => keys.includes(x.keyField)).length).toBe(300);
    const repeats = [...wire.reports()].filter(([, n]) => n !== 1);
    expect(repeats).toEqual([]);
  }, 300_000);

  // Times are the live ones scaled down (a 10 s deadline, not 45 s): what is proved is their order — the service
  // slower than the lease, the deadline longer than the slow answer — not their size.
  it('the talking desk cut from the database while its answer waits 8 s: the new holder waits out its deadline and sends nothing', async () => {
    const url = await freshDatabase(server);
    const { service, wire } = await serviceBehindWire(5);
    const gate = await startTcpGate(server.port);
    closers.push(() => gate.stop());
    const timing = { leaseTtlMs: 3_000, answerDeadlineMs: 10_000 };
    const a = await desk(throughGate(url, gate), wire, {
      pc: 'RECEPTION-1',
      password: true,
      setUp: true,
      ...timing,
    });
    await until(() => talks(a), 'A talks to the service');
    const b = await desk(url, wire, { pc: 'RECEPTION-2', password: true, ...timing });
    const [key] = await until(async () => {
      const w = await waitingNew(b.core, 1);
      return w.length === 1 ? w : null;
    }, 'a waiting reservation on B');
    if (!key) throw new Error('no waiting reservation');
    wire.slowAnswers(8_000);
    await b.core.handlers.confirm({ keyField: key, note: '' });
    await until(async () => wire.held() === 1, "A's answer on its way to the slow service");
    const cutAt = Date.now();
    gate.close();
    await until(() => talks(b), 'B takes over', 20_000);
    console.log(`cut from the database: B talks after ${Date.now() - cutAt} ms`);
    await until(() => confirmedAtService(service, [key]), 'the answer at the service', 60_000);
    await until(async () => (await decisionState(b, key)) === 'sent', 'B records it sent', 60_000);
    console.log(`cut from the database: B recorded the answer ${Date.now() - cutAt} ms after the cut`);
    expect(notOnce(wire, [key])).toEqual({});
    gate.open();
  }, 180_000);

  it('the database gone for 25 s (longer than lease and deadline together) and back: answers in flight and queued go once, nothing reported that is not stored', async () => {
    const url = await freshDatabase(server);
    const { service, wire } = await serviceBehindWire(30);
    const gate = await startTcpGate(server.port);
    closers.push(() => gate.stop());
    const gated = throughGate(url, gate);
    const timing = { leaseTtlMs: 6_000, answerDeadlineMs: 4_000 };
    const a = await desk(gated, wire, { pc: 'RECEPTION-1', password: true, setUp: true, ...timing });
    await until(() => talks(a), 'A talks to the service');
    const b = await desk(gated, wire, { pc: 'RECEPTION-2', password: true, ...timing });
    await until(async () => (await inboxKeys(b.core)).size >= 70, 'B has every reservation', 60_000);
    const waiting = await waitingNew(b.core, 21);
    expect(waiting.length).toBe(21);
    const keys = waiting.slice(0, 20);
    const spare = waiting[20] ?? '';
    // Some answers are on their way when the database goes, the rest queued behind them.
    wire.slowAnswers(1_500);
    for (const keyField of keys) await b.core.handlers.confirm({ keyField, note: '' });
    await until(async () => wire.held() > 0, 'an answer on its way');
    gate.close();
    const arrivedMeanwhile = await arrive(service, 5);
    // Typed while the database is gone: refused with the sentence, nothing kept.
    await expect(a.core.handlers.confirm({ keyField: spare, note: '' })).rejects.toThrow(/database/);
    const goneAt = Date.now();
    // The talking desk's sync stopped by the database, not the service: said as such (the desk speaks Turkish).
    const sentence = createMessages('tr').t('error.hotelDbStoppedDuringSync');
    await until(
      async () => (await a.core.handlers.getStatus({})).lastError === sentence,
      "A's cycle says the database stopped",
      30_000,
    );
    await new Promise((r) => setTimeout(r, Math.max(0, 25_000 - (Date.now() - goneAt))));
    wire.slowAnswers(0);
    gate.open();
    await until(() => confirmedAtService(service, keys), 'every answer at the service', 120_000);
    await until(
      async () => {
        const onB = await inboxKeys(b.core);
        return arrivedMeanwhile.every((k) => onB.has(k));
      },
      'what arrived meanwhile on B',
      60_000,
    );
    await until(
      async () => (await Promise.all(keys.map((k) => decisionState(b, k)))).every((s) => s === 'sent'),
      'every answer recorded sent',
      120_000,
    );
    expect(notOnce(wire, keys)).toEqual({});
    expect(await decisionState(b, spare)).toBeNull();
    const stored = await storedLogIds(url);
    const reported = [...wire.reports().keys()];
    expect(reported.filter((id) => !stored.has(id))).toEqual([]);
  }, 300_000);
});
