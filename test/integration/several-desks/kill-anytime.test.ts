// The desk talking to the service SIGKILLed at random moments, ten times over: while an answer is on its way to the
// service, while answers are held for Undo, between two of them. Each time a desk waiting in its own process takes over. Every answer
// reaches the service in exactly one request, counted on the wire (answer-wire.ts), and nothing is reported that
// the hotel's database does not hold. Short timings (a 2 s lease, a 3 s answer deadline) keep ten takeovers
// within a minute; the rules are the same at the real 15 s and 45 s.
// `npx vitest run test/integration/several-desks/kill-anytime.test.ts`
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { startAnswerWire, type AnswerWire } from '../../harness/answer-wire';
import { startPostgres, type TestPostgres } from '../../harness/postgres';
import { startKillableDesk, type KillableDesk } from './killable-desk';
import { arrive, freshDatabase, inboxKeys, startDesk, until, waitingNew, type TestDesk } from './two-desks';
import { confirmedAtService, decisionState, notOnce, storedLogIds } from './wire-checks';

const RUNS = 10;
const PER_RUN = 6;
const TIMING = { leaseTtlMs: 2_000, answerDeadlineMs: 3_000 };

let server: TestPostgres;
let service: PracticeService;
let wire: AnswerWire;
const processes: KillableDesk[] = [];
const desks: TestDesk[] = [];

beforeAll(async () => {
  server = await startPostgres();
  service = await startPracticeService({ port: 0, seed: 34, reservations: 40, fileReadyAfterMs: 50 });
  await arrive(service, RUNS * PER_RUN);
  wire = await startAnswerWire(service.url);
});

afterAll(async () => {
  for (const p of processes) p.process.kill('SIGKILL');
  await Promise.all(desks.map((d) => d.stop().catch(() => undefined)));
  await wire?.close();
  await service?.close();
  await server?.stop();
});

/** A small seeded generator: the kill moments differ run to run but are the same every time the test runs. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('the talking desk killed at any moment', () => {
  it(`SIGKILLed ${RUNS} times at random moments, also while answers are held for Undo: each answer leaves once`, async () => {
    const url = await freshDatabase(server);
    const spawnDesk = async (n: number, setUp: boolean): Promise<KillableDesk> => {
      const d = await startKillableDesk({
        url,
        serviceUrl: wire.url,
        pc: `RECEPTION-${n}`,
        setUp,
        ...TIMING,
      });
      processes.push(d);
      return d;
    };
    let holder = await spawnDesk(1, true);
    await holder.saysSoon('talks');
    // Desks that only decide (no password on their PC: they never talk to the service). One sends at once, the
    // other holds its answers 2 s for Undo, so some kills land while answers wait out their hold.
    const front = await startDesk(url, { url: wire.url }, { pc: 'FRONT', password: false });
    desks.push(front);
    const back = await startDesk(url, { url: wire.url }, { pc: 'BACK', password: false, graceSeconds: 2 });
    desks.push(back);
    await until(
      async () => (await inboxKeys(front.core)).size >= 40 + RUNS * PER_RUN,
      'every reservation stored',
      60_000,
    );
    const waiting = await waitingNew(front.core, RUNS * PER_RUN);
    expect(waiting.length).toBe(RUNS * PER_RUN);
    let standby = await spawnDesk(2, false);
    await standby.saysSoon('ready');

    // Each answer takes 300 ms at the service, so most kills land while one is on its way.
    wire.slowAnswers(300);
    const random = seeded(34);
    const decided: string[] = [];
    const takeovers: number[] = [];
    let inFlightAtKill = 0;
    for (let run = 0; run < RUNS; run++) {
      const batch = waiting.slice(run * PER_RUN, (run + 1) * PER_RUN);
      const decider = run % 2 === 0 ? front : back;
      await Promise.all(batch.map((keyField) => decider.core.handlers.confirm({ keyField, note: '' })));
      decided.push(...batch);
      // Every other kill waits for an answer on the wire (the hard case, met however loaded the machine is); the
      // others land at a random moment, before, during or after the answers leave.
      if (run % 2 === 0) await until(async () => wire.held() > 0, 'an answer on its way', 30_000);
      else await new Promise((r) => setTimeout(r, Math.floor(random() * 2_500)));
      const killedAt = Date.now();
      holder.process.kill('SIGKILL');
      if (wire.held() > 0) inFlightAtKill++;
      await standby.saysSoon('talks', 30_000);
      takeovers.push(Date.now() - killedAt);
      holder = standby;
      standby = await spawnDesk(run + 3, false);
      await standby.saysSoon('ready');
    }
    await until(() => confirmedAtService(service, decided), 'every answer at the service', 120_000);
    await until(
      async () => (await Promise.all(decided.map((k) => decisionState(front, k)))).every((s) => s === 'sent'),
      'every answer recorded sent',
      60_000,
    );
    console.log(
      `kill-anytime: takeovers after SIGKILL ${takeovers.join(', ')} ms (lease ${TIMING.leaseTtlMs} ms); ` +
        `${inFlightAtKill} of ${RUNS} kills with an answer on its way`,
    );
    // The runs must have met the hard case: a desk killed with its answer on the wire.
    expect(inFlightAtKill).toBeGreaterThanOrEqual(3);
    expect(notOnce(wire, decided)).toEqual({});
    // Reports: only what is stored; a chunk in flight at a kill may be reported once more (the documented bound).
    const stored = await storedLogIds(url);
    const reports = wire.reports();
    expect([...reports.keys()].filter((id) => !stored.has(id))).toEqual([]);
    const repeated = [...reports.values()].filter((n) => n > 1).length;
    console.log(`kill-anytime: ${reports.size} LogIds reported, ${repeated} of them again after a takeover`);
  }, 300_000);
});
