// A desk's line on the hotel's database, with a real PostgreSQL: one desk talks to the service
// and every desk names it; a desk without the password never takes over; a clean close hands over at once; what
// one desk writes reaches the others (not itself) as a change; the database gone and back shows in the status.
// `npx vitest run test/integration/hotel-db/hotel-line.test.ts`
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HotelLine } from '../../../main/desk/hotel-line';
import {
  HotelStore,
  migrateHotelDb,
  openHotelPool,
  type HotelChange,
  type LeaseToken,
} from '../../../main/hotel-db';
import { settingsOps } from '../../../main/store/settings';
import { startPostgres, type TestPostgres } from '../../harness/postgres';

let server: TestPostgres;
const pools: pg.Pool[] = [];
const lines: HotelLine[] = [];

beforeAll(async () => {
  server = await startPostgres();
  const pool = openHotelPool({ url: server.url });
  pools.push(pool);
  await migrateHotelDb(pool);
});

afterEach(async () => {
  await Promise.all(lines.splice(0).map((l) => l.stop()));
  const pool = pools[0];
  await pool?.query('DELETE FROM desk_lease');
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await server?.stop();
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface DeskUnderTest {
  line: HotelLine;
  holding: (LeaseToken | null)[];
  changes: HotelChange[];
  statuses: () => number;
}

function desk(deskId: string, pcName: string, canTalk = true): DeskUnderTest {
  const pool = openHotelPool({ url: server.url, applicationName: `resdesk ${pcName}` });
  pools.push(pool);
  const holding: (LeaseToken | null)[] = [];
  const changes: HotelChange[] = [];
  let statuses = 0;
  const line = new HotelLine({
    pool,
    url: server.url,
    deskId,
    pcName,
    canTalk,
    logger: quiet,
    now: () => new Date(),
    onHolding: (token) => holding.push(token),
    onChange: (change) => changes.push(change),
    onResync: () => {},
    onStatus: () => void statuses++,
  });
  lines.push(line);
  return { line, holding, changes, statuses: () => statuses };
}

async function until(what: () => boolean, label: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!what()) {
    if (Date.now() > end) throw new Error(`still not: ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the hotel line', () => {
  it('lets one desk talk to the service and names it on every desk', async () => {
    const a = desk('desk-a', 'RECEPTION-1');
    await a.line.start();
    await until(() => a.line.status().thisDeskTalks && a.holding.length > 0, 'A talks');
    const b = desk('desk-b', 'RECEPTION-2');
    const c = desk('desk-c', 'BACK-OFFICE', false);
    await b.line.start();
    await c.line.start();
    await until(() => b.line.status().talkingPc === 'RECEPTION-1', 'B names A');
    await until(() => c.line.status().talkingPc === 'RECEPTION-1', 'C names A');
    expect(b.line.status()).toMatchObject({ reachable: true, thisDeskTalks: false, canTalk: true });
    expect(c.line.status()).toMatchObject({ thisDeskTalks: false, canTalk: false });
    expect(a.holding.filter((t) => t !== null)).toHaveLength(1);
    expect(b.holding).toEqual([]);

    // A closes cleanly: B, which can talk, takes over on the release's notification; C never does.
    await a.line.stop();
    await until(() => b.line.status().thisDeskTalks && b.holding.length > 0, 'B talks');
    await until(() => c.line.status().talkingPc === 'RECEPTION-2', 'C names B');
    expect(b.holding.at(-1)?.generation).toBe((a.holding[0]?.generation ?? 0) + 1);
    expect(c.holding).toEqual([]);
  });

  it("brings one desk's writes to the others as changes, not back to itself", async () => {
    const a = desk('desk-a', 'RECEPTION-1');
    const b = desk('desk-b', 'RECEPTION-2');
    await a.line.start();
    await b.line.start();
    const aStore = await HotelStore.open(pools[0] as pg.Pool, { origin: 'desk-a' });
    await aStore.write(settingsOps.set('answers.graceSeconds', 20));
    await until(() => b.changes.some((c) => c.table === 'settings'), 'B hears the setting');
    expect(b.changes.find((c) => c.table === 'settings')).toMatchObject({
      kind: 'changed',
      ids: ['answers.graceSeconds'],
      origin: 'desk-a',
    });
    // A's own echo is not handed back (the lease's own notifications are not changes of what is shown).
    expect(a.changes).toEqual([]);
  });

  it('says when the hotel database stops answering and when it is back', async () => {
    const b = desk('desk-b', 'RECEPTION-2');
    await b.line.start();
    expect(b.line.status().reachable).toBe(true);
    const restarted = server.restart();
    await until(() => !b.line.status().reachable, 'B sees it gone');
    await restarted;
    await until(() => b.line.status().reachable, 'B sees it back');
    expect(b.statuses()).toBeGreaterThanOrEqual(2);
  });
});
