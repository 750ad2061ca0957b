// A desk's own copy of the hotel's data (main/hotel-db/local-copy.ts) on a real PostgreSQL: taken whole the first
// time, then only what changed (new and changed reservations, decisions queued and taken back, a mapping set and
// removed, a stop-sale added and removed), and read through the read-only store: what the desk shows from it is
// what it shows from the hotel's database; anything that would change the hotel's data is refused.
// `npx vitest run test/integration/hotel-db/local-copy.test.ts`
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { DeskStore } from '../../../main/store/engines/desk-store';
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { StoreUnavailable } from '../../../main/store/engines/unavailable';
import { HotelStore } from '../../../main/hotel-db/store';
import { HotelCopy } from '../../../main/hotel-db/local-copy';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { readOnlyCopy } from '../../../main/hotel-db/read-only-copy';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';
import { tempFolder } from '../../unit/backup/helpers';
import { generateReservations } from '../../unit/store/fixtures';

let server: TestPostgres;
let pool: pg.Pool;
let hotel: HotelStore;
const AT = '2026-06-01T08:00:00.000Z';

beforeAll(async () => {
  server = await startPostgres();
  pool = openHotelPool({ url: await createDatabase(server, 'copied') });
  hotel = await HotelStore.open(pool, { origin: 'keeper', fence: () => null, claimHoldMs: 50_000 });
  await hotel.importBatch(generateReservations(200, 5), AT);
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

const inbox = { filter: {}, sort: 'checkIn' as const, direction: 'asc' as const, offset: 0, limit: 1000 };

/** What a desk shows, read the same way from either store. */
async function shown(store: DeskStore, keys: readonly string[]) {
  const page = await store.inboxPage(inbox);
  return {
    total: page.total,
    rows: page.rows.map((r) => [r.keyField, r.decision, r.confirmationStatus, r.changeKind]),
    counts: await store.inboxCounts({}),
    search: (await store.inboxPage({ ...inbox, filter: { search: 'ayse' } })).rows.map((r) => r.keyField),
    reservations: await Promise.all(keys.map((k) => store.getReservation(k))),
    decisions: await Promise.all(keys.map((k) => store.decisionFor(k))),
    stopSales: await store.listStopSales(),
    pms: await store.listToEnter(0, 1000),
    activity: (await store.listActivity(0, 1000)).length,
  };
}

/** Reservations in the copy, and those neither keyed nor marked to be (no insert trigger marks them). */
function unkeyed(copy: HotelCopy): { reservations: number; unmarked: number } {
  copy.closeReader();
  const store = copy.openReader();
  if (!store) throw new Error('no copy to read');
  return (
    store.db
      .prepare<[], { reservations: number; unmarked: number }>(
        `SELECT count(*) AS reservations, count(*) FILTER (WHERE NOT EXISTS (
         SELECT 1 FROM check_keys_pending p WHERE p.reservation_id = r.id)) AS unmarked FROM reservations r`,
      )
      .get() ?? { reservations: -1, unmarked: -1 }
  );
}

describe("a desk's own copy of the hotel's data", () => {
  it('is taken whole, then only what changed, and reads as the hotel database does', async () => {
    const copy = new HotelCopy(tempFolder());
    const first = await copy.refresh(pool);
    expect(first.kind).toBe('whole');
    const keys = generateReservations(200, 5).map((r) => r.keyField);
    const reader = (): DeskStore => {
      copy.closeReader();
      const store = copy.openReader();
      if (!store) throw new Error('no copy to read');
      return readOnlyCopy(sqliteDeskStore(store));
    };
    expect(await shown(reader(), keys)).toEqual(await shown(hotel, keys));
    // Every reservation copied in is marked for its check keys, which the desk computes on reading.
    expect(unkeyed(copy)).toEqual({ reservations: 200, unmarked: 0 });

    // Nothing changed: nothing is read again.
    copy.closeReader();
    expect(await copy.refresh(pool)).toMatchObject({ kind: 'changes', rows: 0, removed: 0 });

    // New reservations, changed ones, an answer queued and one taken back, a mapping and a stop-sale come and go.
    const later = generateReservations(30, 6, 200);
    await hotel.importBatch(later, '2026-06-02T08:00:00.000Z');
    const changed = generateReservations(10, 5).map((r) => ({
      ...r,
      logId: r.logId + 100_000,
      roomType: 'SUITE',
    }));
    await hotel.importBatch(changed, '2026-06-02T09:00:00.000Z');
    const waiting = await hotel.inboxPage({ ...inbox, filter: { statuses: ['W'] } });
    const [k0, k1] = waiting.rows
      .map((r) => r.keyField)
      .filter((k) => !changed.some((c) => c.keyField === k));
    if (!k0 || !k1) throw new Error('no keys');
    const r0 = await hotel.getReservation(k0);
    const r1 = await hotel.getReservation(k1);
    if (!r0 || !r1) throw new Error('not stored');
    await hotel.enqueueDecision({
      keyField: k0,
      action: 'confirm',
      note: 'ok',
      reasonId: null,
      user: 'A',
      decidedAt: AT,
      basedOnLogId: r0.logId,
    });
    await hotel.enqueueDecision({
      keyField: k1,
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'A',
      decidedAt: AT,
      basedOnLogId: r1.logId,
      sendAfter: '2099-01-01T00:00:00.000Z',
    });
    await hotel.undoDecision(k1);
    const kept = await hotel.addStopSale({
      codeKind: 'room',
      hotelCode: 'DBL',
      from: '2026-07-01',
      to: '2026-07-03',
      user: 'A',
      at: AT,
    });
    const gone = await hotel.addStopSale({
      codeKind: 'room',
      hotelCode: 'SGL',
      from: '2026-07-01',
      to: '2026-07-03',
      user: 'A',
      at: AT,
    });
    await copy.refresh(pool);
    await hotel.removeStopSale(gone.id, 'A', AT);
    const refreshed = await copy.refresh(pool);
    expect(refreshed.kind).toBe('changes');
    expect(refreshed.removed).toBeGreaterThanOrEqual(1);
    const all = [...keys, ...later.map((r) => r.keyField)];
    expect(await shown(reader(), all)).toEqual(await shown(hotel, all));
    expect((await reader().listStopSales()).map((s) => s.id)).toEqual([kept.id]);
    expect(unkeyed(copy)).toEqual({ reservations: 230, unmarked: 0 });
    // The same reservations changed again (their check marks still set in the copy): written over once more.
    await hotel.importBatch(
      changed.map((r) => ({
        ...r,
        logId: r.logId + 100_000,
        guests: r.guests.map((g) => ({ ...g, name: `${g.name} B` })),
      })),
      '2026-06-02T10:00:00.000Z',
    );
    expect((await copy.refresh(pool)).rows).toBeGreaterThan(0);
    expect(await shown(reader(), all)).toEqual(await shown(hotel, all));
    const one = changed[0]?.keyField ?? '';
    expect(await reader().getReservation(one)).toEqual(await hotel.getReservation(one));
    // The allotment counts the copy keeps as it takes changes: the hotel database's, night by night.
    const counts =
      'SELECT agency_id, room_type_id, night, used, asked FROM allotment_nights WHERE used <> 0 OR asked <> 0 ORDER BY 1, 2, 3';
    copy.closeReader();
    const copied = copy.openReader()?.db.prepare(counts).all();
    expect(copied).toEqual((await pool.query(counts)).rows);
    expect((copied ?? []).length).toBeGreaterThan(0);
    expect(refreshed.rows).toBeGreaterThan(0);

    // The copy answers reads only: an answer, a mapping, a PMS mark are refused and nothing is written.
    const store = reader();
    await expect(
      store.enqueueDecision({
        keyField: k1,
        action: 'confirm',
        note: '',
        reasonId: null,
        user: 'A',
        decidedAt: AT,
        basedOnLogId: r1.logId,
      }),
    ).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.setSetting('x', 1)).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.markEntered([], 'A', AT)).rejects.toBeInstanceOf(StoreUnavailable);
    expect(await store.decisionFor(k1)).toEqual(await hotel.decisionFor(k1));
    copy.closeReader();
  });

  it('is taken whole again when its state is lost or the schema moved on, into a new file', async () => {
    const dir = tempFolder();
    const copy = new HotelCopy(dir);
    await copy.refresh(pool);
    const stateFile = path.join(copy.folder, 'copy.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { file: string; schema: number };
    writeFileSync(stateFile, JSON.stringify({ ...state, schema: state.schema - 1 }));
    const again = await copy.refresh(pool);
    expect(again.kind).toBe('whole');
    expect((JSON.parse(readFileSync(stateFile, 'utf8')) as { file: string }).file).not.toBe(state.file);
    writeFileSync(stateFile, 'not json');
    expect(copy.state()).toBeNull();
    expect((await copy.refresh(pool)).kind).toBe('whole');
    const reader = copy.openReader();
    expect(reader?.inboxPage(inbox).total).toBe((await hotel.inboxPage(inbox)).total);
    copy.closeReader();
  });
});
