// Several desks on one hotel database, with real desk cores, a real PostgreSQL and the practice
// service: one desk talks to the service, the other sees what it stores without polling; a decision, a mapping
// and a PMS mark made on one show on the other; a reservation answered on one cannot be answered on the other;
// 2 desks × 100 concurrent decisions on 100 reservations reach the service exactly once each, and every LogId is
// reported once. The delays are measured and printed (the machine is shared; no test waits on a clock).
// `npx vitest run test/integration/several-desks/same-inbox.test.ts`
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox';
import { startPostgres, type TestPostgres } from '../../harness/postgres';
import {
  arrive,
  freshDatabase,
  inboxKeys,
  serviceState,
  startDesk,
  startService,
  until,
  waitingNew,
  type TestDesk,
} from './two-desks';

let server: TestPostgres;
let service: PracticeService | null = null;
const desks: TestDesk[] = [];

beforeAll(async () => {
  server = await startPostgres();
});

afterEach(async () => {
  await Promise.all(desks.splice(0).map((d) => d.stop()));
  await service?.close();
  service = null;
});

afterAll(async () => {
  await server?.stop();
});

/** Reception (sets up the service, talks to it) and the back office (no password here: never talks). */
async function twoDesks(): Promise<{ a: TestDesk; b: TestDesk; service: PracticeService }> {
  const url = await freshDatabase(server);
  service = await startService();
  const a = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
  desks.push(a);
  await until(
    async () => (await a.core.handlers.getStatus({})).hotel?.thisDeskTalks,
    'A talks to the service',
  );
  const b = await startDesk(url, service, { pc: 'BACK-OFFICE', password: false });
  desks.push(b);
  return { a, b, service };
}

describe('two desks on the hotel database', () => {
  it('store once, show on both: an arrival on B as A stores it, and B names A as the PC talking', async () => {
    const { a, b, service } = await twoDesks();
    // B took the service's setup from the hotel's database; it has no password, so it never polls.
    expect((await b.core.handlers.getSetup({})).serviceUrl).toBe(service.url);
    const bStatus = await until(async () => {
      const s = await b.core.handlers.getStatus({});
      return s.hotel?.talkingPc === 'RECEPTION-1' ? s : null;
    }, 'B names A');
    expect(bStatus.hotel).toMatchObject({ reachable: true, thisDeskTalks: false, canTalk: false });
    await until(async () => (await inboxKeys(a.core)).size >= 40, 'A has the first sync');
    await until(async () => (await inboxKeys(b.core)).size === (await inboxKeys(a.core)).size, 'B shows it');

    // A new arrival: A's poll stores it; B is told at A's commit and announces it as A does.
    const seenOnB = new Map<string, number>();
    b.core.on('reservationsChanged', (e) => {
      for (const k of e.keyFields) if (!seenOnB.has(k)) seenOnB.set(k, Date.now());
    });
    const storedOnA = new Map<string, number>();
    a.core.on('reservationsChanged', (e) => {
      for (const k of e.keyFields) if (!storedOnA.has(k)) storedOnA.set(k, Date.now());
    });
    const [arrived] = await arrive(service, 1);
    if (!arrived) throw new Error('the practice service made no arrival');
    await until(async () => storedOnA.has(arrived) && seenOnB.has(arrived), 'the arrival on both');
    await until(async () => (await inboxKeys(b.core)).has(arrived), 'the arrival in B’s inbox');
    const lag = (seenOnB.get(arrived) ?? 0) - (storedOnA.get(arrived) ?? 0);
    console.log(`arrival: stored on A → announced on B ${lag} ms`);
    expect(lag).toBeGreaterThanOrEqual(0);
    // Only A talked to the service: every request came from one session (one login).
    const state = await serviceState(service);
    expect(state.acknowledged.some((x) => x.logId > 0)).toBe(true);
  });

  it("a decision on A shows on B, B cannot answer it again, and B's mapping and PMS mark show on A", async () => {
    const { a, b, service } = await twoDesks();
    await until(async () => (await inboxKeys(b.core)).size >= 40, 'B has the reservations');
    const [firstKey] = await waitingNew(b.core, 5);
    if (!firstKey) throw new Error('no waiting reservations');
    const first = { keyField: firstKey };

    const decided = Date.now();
    await a.core.handlers.confirm({ keyField: first.keyField, note: '' });
    const onB = await until(async () => {
      const r = await b.core.handlers.getReservation({ keyField: first.keyField });
      return r.decision ? r : null;
    }, 'the decision on B');
    console.log(`decision: made on A → read on B ${Date.now() - decided} ms`);
    expect(onB.decision?.action).toBe('confirm');
    await expect(b.core.handlers.confirm({ keyField: first.keyField, note: '' })).rejects.toThrow();
    await until(
      async () => (await serviceState(service)).confirmations.some((c) => c.keyField === first.keyField),
      'the answer at the service',
    );

    // A mapping made on B (the back office) is A's too.
    const [agency] = await b.core.handlers.listAgencies({});
    if (!agency) throw new Error('no agency');
    const agencyId = agency.id;
    const mapping = await b.core.handlers.getMapping({ agencyId });
    const code = mapping.rows.find((r) => r.kind === 'roomType');
    if (!code) throw new Error('no room type to map');
    await b.core.handlers.addHotelCode({ kind: 'roomType', code: 'DBL-SEA', name: 'Double sea view' });
    const mapped = Date.now();
    await b.core.handlers.setMapping({
      agencyId,
      kind: 'roomType',
      channelCode: code.channelCode,
      hotelCode: 'DBL-SEA',
    });
    await until(async () => {
      const onA = await a.core.handlers.getMapping({ agencyId });
      return onA.rows.find((r) => r.kind === 'roomType' && r.channelCode === code.channelCode)?.hotelCode ===
        'DBL-SEA'
        ? onA
        : null;
    }, 'the mapping on A');
    console.log(`mapping: saved on B → read on A ${Date.now() - mapped} ms`);

    // The answered one is typed into the PMS on B; A's list no longer offers it.
    const toEnter = await until(async () => {
      const list = await b.core.handlers.listToEnter({ offset: 0, limit: 100 });
      return list.rows.find((r) => r.keyField === first.keyField) ?? null;
    }, 'the confirmed reservation to enter');
    await b.core.handlers.markEntered({ reservations: [{ keyField: first.keyField, logId: toEnter.logId }] });
    await until(async () => {
      const list = await a.core.handlers.listToEnter({ offset: 0, limit: 100 });
      return !list.rows.some((r) => r.keyField === first.keyField);
    }, 'the PMS mark on A');
  });

  it('the pre-confirm checks on both: a stop-sale entered on B marks the reservation on A, in the row, the screen and "has a problem"', async () => {
    const { a, b } = await twoDesks();
    await until(async () => (await inboxKeys(b.core)).size >= 40, 'B has the reservations');
    const [firstKey] = await waitingNew(b.core, 5);
    if (!firstKey) throw new Error('no waiting reservation');
    const first = { keyField: firstKey };
    const shown = await b.core.handlers.getReservation({ keyField: first.keyField });
    const r = shown.reservation;
    expect(shown.checks.some((c) => c.kind === 'stop-sale')).toBe(false);

    // The back office maps the room type and closes it for the stay's first night.
    await b.core.handlers.addHotelCode({ kind: 'roomType', code: 'DBL-SEA', name: 'Double sea view' });
    await b.core.handlers.setMapping({
      agencyId: r.agencyId,
      kind: 'roomType',
      channelCode: r.roomTypeId,
      hotelCode: 'DBL-SEA',
    });
    const closed = Date.now();
    const checkIn = r.checkIn.slice(0, 10);
    await b.core.handlers.addStopSale({
      codeKind: 'roomType',
      hotelCode: 'DBL-SEA',
      from: checkIn,
      to: checkIn,
      note: 'renovation',
    });

    // Reception sees it on its own inbox row, on the reservation's screen and among "has a problem".
    const row = await until(async () => {
      const onA = await a.core.handlers.listReservations({
        filter: { statuses: ['W'], kinds: ['new'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: 0,
        limit: 5,
      });
      const found = onA.rows.find((x) => x.keyField === first.keyField);
      return found?.checks.some((c) => c.kind === 'stop-sale') ? found : null;
    }, 'the stop-sale marker on A');
    console.log(`checks: stop-sale entered on B → marker on A ${Date.now() - closed} ms`);
    expect(row.checks.find((c) => c.kind === 'stop-sale')?.severity).toBe('problem');
    const onScreen = await a.core.handlers.getReservation({ keyField: first.keyField });
    expect(onScreen.checks).toContainEqual(
      expect.objectContaining({ kind: 'stop-sale', hotelCode: 'DBL-SEA', from: checkIn, to: checkIn }),
    );
    const problems = await a.core.handlers.listReservations({
      filter: { hasProblem: true },
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: 500,
    });
    expect(problems.rows.map((x) => x.keyField)).toContain(first.keyField);

    // Removed on A, gone on B.
    const { stopSales } = await a.core.handlers.listStopSales({});
    const [entered] = stopSales;
    if (!entered) throw new Error('the stop-sale is not listed on A');
    await a.core.handlers.removeStopSale({ id: entered.id });
    await until(async () => {
      const again = await b.core.handlers.getReservation({ keyField: first.keyField });
      return again.checks.some((c) => c.kind === 'stop-sale') ? null : again;
    }, 'the marker gone on B');
  });

  it('2 desks × 100 concurrent decisions on 100 reservations: each sent once, every LogId reported once', async () => {
    const url = await freshDatabase(server);
    service = await startService();
    await fetch(`${service.url}/_sandbox/arrive`, { method: 'POST', body: JSON.stringify({ count: 100 }) });
    const a = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    desks.push(a);
    const b = await startDesk(url, service, { pc: 'RECEPTION-2', password: true });
    desks.push(b);
    await until(async () => (await inboxKeys(b.core)).size >= 140, 'both have every reservation', 120_000);
    const keys = await waitingNew(a.core, 100);
    expect(keys.length).toBe(100);
    const attempts = await Promise.allSettled(
      keys.flatMap((keyField) => [
        a.core.handlers.confirm({ keyField, note: '' }),
        b.core.handlers.confirm({ keyField, note: '' }),
      ]),
    );
    const accepted = attempts.filter((x) => x.status === 'fulfilled').length;
    expect(accepted).toBe(100);
    const sent = await until(
      async () => {
        const state = await serviceState(service as PracticeService);
        const mine = state.confirmations.filter((c) => keys.includes(c.keyField));
        return mine.length >= 100 ? state : null;
      },
      'every answer at the service',
      120_000,
    );
    const perKey = new Map<string, number>();
    for (const c of sent.confirmations) perKey.set(c.keyField, (perKey.get(c.keyField) ?? 0) + 1);
    expect(keys.filter((k) => perKey.get(k) !== 1)).toEqual([]);
    expect(sent.acknowledgedTimes.filter((x) => x.times !== 1)).toEqual([]);
  }, 240_000);
});
