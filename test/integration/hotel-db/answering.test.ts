// Who is answering a reservation, against a real PostgreSQL: two desks' presences on one database.
// B sees A answering; B's opening does not take A's row; A's closing is heard on the change feed and B then sees
// nobody; an expired row is nobody and can be taken; a desk closes only its own rows.
// `npx vitest run test/integration/hotel-db/answering.test.ts`
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnswerPresence } from '../../../main/hotel-db/answering';
import { ChangeFeed, migrateHotelDb, openHotelPool, type HotelChange } from '../../../main/hotel-db';
import { forwardAnsweringChanges } from '../../../main/handlers/answering';
import type { Events } from '../../../shared/ipc';
import { startPostgres, type TestPostgres } from '../../harness/postgres';

let server: TestPostgres;
let pool: pg.Pool;
let feed: ChangeFeed;
const heard: HotelChange[] = [];
const wake = new Set<() => void>();

beforeAll(async () => {
  server = await startPostgres();
  pool = openHotelPool({ url: server.url, applicationName: 'resdesk answering test' });
  await migrateHotelDb(pool);
  feed = new ChangeFeed({ url: server.url, applicationName: 'resdesk answering feed' });
  feed.onChange((change) => {
    heard.push(change);
    for (const w of [...wake]) w();
  });
  await feed.start();
});

afterAll(async () => {
  await feed?.stop();
  await pool?.end();
  await server?.stop();
});

beforeEach(async () => {
  await pool.query('DELETE FROM answering');
  heard.length = 0;
});

const deskA = (ttlMs?: number) =>
  new AnswerPresence(pool, { deskId: 'desk-a', pcName: 'RECEPTION-1', ttlMs });
const deskB = () => new AnswerPresence(pool, { deskId: 'desk-b', pcName: 'RECEPTION-2' });

/** Waits until the feed has delivered a change the predicate accepts (a failing test ends at the test timeout). */
async function heardChange(pred: (c: HotelChange) => boolean): Promise<HotelChange> {
  for (;;) {
    const found = heard.find(pred);
    if (found) return found;
    await new Promise<void>((resolve) => {
      const done = () => {
        wake.delete(done);
        resolve();
      };
      wake.add(done);
    });
  }
}

const rowOf = async (keyField: string) =>
  // untilMicros: a renewal in the same millisecond still moves it (a Date keeps milliseconds only).
  (
    await pool.query<{ desk_id: string; desk_user: string; since: Date; until: Date; untilMicros: string }>(
      `SELECT desk_id, desk_user, since, until,
         CAST(CAST(extract(epoch FROM until) * 1000000 AS bigint) AS text) AS "untilMicros"
       FROM answering WHERE key_field = $1`,
      [keyField],
    )
  ).rows[0];

describe('who is answering, two desks on one database', () => {
  it('B sees A answering; B opening does not steal it; A closes and B sees nobody, through the feed', async () => {
    const a = deskA();
    const b = deskB();
    expect(await b.who('K1')).toBeNull();

    expect(await a.open('K1', 'Ayşe')).toBeNull();
    const seen = await b.who('K1');
    expect(seen).toMatchObject({ deskUser: 'Ayşe', pcName: 'RECEPTION-1' });
    expect(seen?.since).toBeInstanceOf(Date);
    // A desk never reports itself.
    expect(await a.who('K1')).toBeNull();

    // B opens the same reservation: told who holds it, and the row stays A's.
    expect(await b.open('K1', 'Mehmet')).toEqual(seen);
    expect(await rowOf('K1')).toMatchObject({ desk_id: 'desk-a', desk_user: 'Ayşe' });
    expect(await b.refresh('K1')).toBe(false);
    // B's close does not touch A's row.
    await b.close('K1');
    expect(await b.who('K1')).toMatchObject({ deskUser: 'Ayşe' });

    await a.close('K1');
    expect(await b.who('K1')).toBeNull();
    expect(await rowOf('K1')).toBeUndefined();

    await heardChange((c) => c.table === 'answering' && c.kind === 'removed');
    const answering = heard.filter((c) => c.table === 'answering');
    expect(answering).toEqual([
      { table: 'answering', kind: 'added', ids: ['K1'], origin: 'desk-a' },
      { table: 'answering', kind: 'removed', ids: ['K1'], origin: 'desk-a' },
    ]);
  });

  it('a renewal keeps since and pushes until; opening again keeps since too', async () => {
    const a = deskA();
    await a.open('K2', 'Ayşe');
    const first = await rowOf('K2');
    expect(await a.refresh('K2')).toBe(true);
    const renewed = await rowOf('K2');
    expect(renewed?.since).toEqual(first?.since);
    expect(BigInt(renewed?.untilMicros ?? 0)).toBeGreaterThan(BigInt(first?.untilMicros ?? 0));
    expect(await a.open('K2', 'Ayşe')).toBeNull();
    expect((await rowOf('K2'))?.since).toEqual(first?.since);
  });

  it('an expired row is nobody: another desk sees nobody, takes it, and the old desk cannot renew it', async () => {
    // ttl 0: the row's until is its own opening time, so on the database's clock it has run out at once.
    const a = deskA(0);
    const b = deskB();
    expect(await a.open('K3', 'Ayşe')).toBeNull();
    expect(await b.who('K3')).toBeNull();
    expect(await a.refresh('K3')).toBe(false);

    expect(await b.open('K3', 'Mehmet')).toBeNull();
    expect(await rowOf('K3')).toMatchObject({ desk_id: 'desk-b', desk_user: 'Mehmet' });
    expect(await a.who('K3')).toMatchObject({ deskUser: 'Mehmet', pcName: 'RECEPTION-2' });
  });

  it('closeAll removes only this desk rows, announced as one change', async () => {
    const a = deskA();
    const b = deskB();
    await a.open('K4', 'Ayşe');
    await a.open('K5', 'Ayşe');
    await b.open('K6', 'Mehmet');
    await a.closeAll();
    expect(await b.who('K4')).toBeNull();
    expect(await b.who('K5')).toBeNull();
    expect(await a.who('K6')).toMatchObject({ deskUser: 'Mehmet' });
    const removed = await heardChange((c) => c.table === 'answering' && c.kind === 'removed');
    expect(removed).toMatchObject({ origin: 'desk-a' });
    expect([...(removed.ids ?? [])].sort()).toEqual(['K4', 'K5']);
  });

  it("the renderer's event: one answeringChanged per reservation the feed names", async () => {
    const events: Events['answeringChanged'][] = [];
    const stop = forwardAnsweringChanges(feed, (event, payload) => {
      if (event === 'answeringChanged') events.push(payload as Events['answeringChanged']);
    });
    try {
      const a = deskA();
      await a.open('K7', 'Ayşe');
      await a.close('K7');
      await heardChange((c) => c.table === 'answering' && c.kind === 'removed');
      expect(events).toEqual([{ keyField: 'K7' }, { keyField: 'K7' }]);
    } finally {
      stop();
    }
  });
});
