// What only the shared database has: its migrations run once however many desks start together, a
// newer or half-applied schema is never used, every write announces its change at commit (a refused one never),
// and two desks writing the same hotel code at once both succeed with one code in the list.
// `npx vitest run test/integration/hotel-db/hotel-store.test.ts`
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed, openHotelPool, type HotelChange } from '../../../main/hotel-db';
import { HotelStore } from '../../../main/hotel-db/store';
import {
  ForeignHotelDatabase,
  NewerHotelDatabase,
  foreignTables,
  migrateHotelDb,
} from '../../../main/hotel-db/migrate';
import { HotelDbUnreachable, checkHotelDatabase } from '../../../main/hotel-db/reach';
import { createMessages } from '../../../main/kernel/messages';
import { postgresMigrations } from '../../../main/store/engines/postgres-migrations';
import { runPostgres } from '../../../main/hotel-db/run-postgres';
import { importOps } from '../../../main/store/reservations';
import { searchEntryOf } from '../../../main/store/search';
import { generateReservations, makeGuest, makeReservation } from '../../unit/store/fixtures';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';

const AT = '2026-07-01T09:00:00.000Z';
let server: TestPostgres;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgres();
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await server?.stop();
});

/** A new empty database on the test server; its URL. */
const freshDatabase = (): Promise<string> => createDatabase(server);

function pool(url: string): pg.Pool {
  const p = openHotelPool({ url, applicationName: 'resdesk migrate test' });
  pools.push(p);
  return p;
}

const tables = async (p: pg.Pool): Promise<string[]> =>
  (
    await p.query<{ t: string }>(
      'SELECT tablename AS t FROM pg_tables WHERE schemaname = \'public\' ORDER BY tablename COLLATE "C"',
    )
  ).rows.map((r) => r.t);

const version = async (p: pg.Pool): Promise<string | undefined> =>
  (await p.query<{ value: string }>("SELECT value FROM resdesk_meta WHERE key = 'schema_version'")).rows[0]
    ?.value;

describe('migrations', () => {
  it('run once when ten desks start together', async () => {
    const url = await freshDatabase();
    const results = await Promise.all(Array.from({ length: 10 }, () => migrateHotelDb(pool(url))));
    expect(results.filter((r) => r.from === 0)).toHaveLength(1);
    expect(results.every((r) => r.to === postgresMigrations.length)).toBe(true);
    const p = pool(url);
    expect(await version(p)).toBe(String(postgresMigrations.length));
    // Every table once (schema-parity.test.ts compares them with SQLite's), the lease's among them.
    const made = await tables(p);
    expect(made).toEqual(expect.arrayContaining(['desk_lease', 'reservations', 'decisions', 'resdesk_meta']));
    expect(made).toHaveLength(new Set(made).size);
    expect(made.length).toBeGreaterThan(20);
    expect(postgresMigrations.map((m) => m.version)).toEqual(postgresMigrations.map((_, i) => i + 1));
  });

  it('refuse a database a newer Resdesk migrated, changing nothing', async () => {
    const p = pool(await freshDatabase());
    await migrateHotelDb(p);
    await p.query("UPDATE resdesk_meta SET value = '99' WHERE key = 'schema_version'");
    await expect(migrateHotelDb(p)).rejects.toThrow(NewerHotelDatabase);
    await expect(HotelStore.open(p, { origin: null })).rejects.toThrow(/schema version 99/);
    expect(await version(p)).toBe('99');
  });

  it("refuse a database that holds another program's tables, creating nothing, with a sentence", async () => {
    const url = await freshDatabase();
    const p = pool(url);
    // Another program's tables, one of them under a name Resdesk uses too.
    await p.query('CREATE TABLE reservations (id serial PRIMARY KEY, room text)');
    await p.query('CREATE TABLE invoices (id serial PRIMARY KEY)');
    await expect(migrateHotelDb(p)).rejects.toBeInstanceOf(ForeignHotelDatabase);
    expect(await tables(p)).toEqual(['invoices', 'reservations']);
    const refused = await checkHotelDatabase(url).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HotelDbUnreachable);
    expect((refused as HotelDbUnreachable).reason).toBe('another-program');
    expect(createMessages('en').t('hotelDb.unreachable.another-program', { where: 'db:5432/x' })).toContain(
      'it belongs to another program',
    );
    // An empty database, or Resdesk's own, is taken.
    const empty = pool(await freshDatabase());
    await checkHotelDatabase(await freshDatabase());
    expect((await migrateHotelDb(empty)).to).toBe(postgresMigrations.length);
    expect(await foreignTables(empty)).toEqual([]);
  });

  it('apply all pending ones or none', async () => {
    const p = pool(await freshDatabase());
    const broken = [
      ...postgresMigrations,
      { version: 2, name: 'broken', sql: 'CREATE TABLE x (y nosuchtype)' },
    ];
    await expect(migrateHotelDb(p, broken)).rejects.toThrow(/nosuchtype/);
    expect(await tables(p)).toEqual([]);
    expect(await migrateHotelDb(p)).toEqual({ from: 0, to: postgresMigrations.length });
  });

  it('11 keeps the guest keys stored before it, numbered, with one index for the stays', async () => {
    const p = pool(await freshDatabase());
    await migrateHotelDb(p, postgresMigrations.slice(0, 10));
    await p.query(`INSERT INTO check_guests (reservation_id, person, birth, day) VALUES
      (8, 'yilmaz ayse', 19800101, 20260710), (7, 'kaya hans', NULL, 20260712),
      (8, 'yilmaz ayse', 19800101, 20260710), (7, 'kaya anna', 20100505, 20260712)`);
    expect(await migrateHotelDb(p)).toEqual({ from: 10, to: postgresMigrations.length });
    const rows = await p.query({
      text: `SELECT CAST(reservation_id AS integer), position, person, CAST(birth AS integer), CAST(day AS integer)
        FROM check_guests ORDER BY 1, 2`,
      rowMode: 'array',
    });
    expect(rows.rows).toEqual([
      [7, 0, 'kaya hans', null, 20260712],
      [7, 1, 'kaya anna', 20100505, 20260712],
      [8, 0, 'yilmaz ayse', 19800101, 20260710],
      [8, 1, 'yilmaz ayse', 19800101, 20260710],
    ]);
    const indexes = await p.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'check_guests' ORDER BY 1",
    );
    expect(indexes.rows.map((r) => r.name)).toEqual(['check_guests_by_person', 'check_guests_pkey']);
  });
});

describe('migration 13', () => {
  it("writes every reservation's search words again: a desk moved in before it had its search text as words", async () => {
    const p = pool(await freshDatabase());
    await migrateHotelDb(p, postgresMigrations.slice(0, 12));
    const punctuated = makeReservation({
      keyField: '1001|VC-001/2|1',
      logId: 1,
      voucherNo: 'VC-001/2',
      guests: [makeGuest("O'Brien-Smith, John", '1001|VC-001/2|1')],
    });
    const others = generateReservations(2100, 13).map((r) => ({ ...r, logId: r.logId + 10 }));
    const client = await p.connect();
    try {
      await runPostgres(client, importOps.batch([punctuated, ...others], AT));
    } finally {
      client.release();
    }
    // What a move wrote before: SQLite's search text, cast.
    await p.query(
      `UPDATE reservation_search s SET folded = CAST($1 AS tsvector) FROM reservations r
        WHERE r.id = s.reservation_id AND r.key_field = $2`,
      [searchEntryOf(punctuated).text, punctuated.keyField],
    );
    await p.query(
      "UPDATE reservation_search SET folded = CAST('stale' AS tsvector) WHERE reservation_id % 7 = 0",
    );
    const found = async (word: string): Promise<string[]> =>
      (
        await p.query<{ key_field: string }>(
          `SELECT r.key_field FROM reservation_search s JOIN reservations r ON r.id = s.reservation_id
            WHERE s.folded @@ CAST($1 AS tsquery) ORDER BY r.key_field`,
          [`${word}:*`],
        )
      ).rows.map((row) => row.key_field);
    expect(await found('smith')).toEqual([]);
    expect(await migrateHotelDb(p)).toEqual({ from: 12, to: postgresMigrations.length });
    for (const word of ['smith', 'brien', '001', 'vc'])
      expect(await found(word), word).toContain(punctuated.keyField);
    expect(await found('stale')).toEqual([]);
    // Every reservation's words are what the import writes, across pages of the rewrite.
    const stored = await p.query<{ key_field: string; words: string[] }>(
      `SELECT r.key_field, tsvector_to_array(s.folded) AS words FROM reservation_search s
        JOIN reservations r ON r.id = s.reservation_id`,
    );
    const byKey = new Map(stored.rows.map((row) => [row.key_field, [...row.words].sort()]));
    expect(byKey.size).toBe(2101);
    for (const r of [punctuated, ...others])
      expect(byKey.get(r.keyField), r.keyField).toEqual(
        [...new Set(searchEntryOf(r).words.split(' '))].sort(),
      );
  });
});

describe('a desk writing to the shared database', () => {
  let url: string;
  let desk: HotelStore;
  let other: HotelStore;
  const heard: HotelChange[] = [];
  let feed: ChangeFeed;

  beforeAll(async () => {
    url = await freshDatabase();
    desk = await HotelStore.open(pool(url), { origin: 'desk-1' });
    other = await HotelStore.open(pool(url), { origin: 'desk-2' });
    feed = new ChangeFeed({ url });
    feed.onChange((c) => heard.push(c));
    await feed.start();
  });
  afterAll(async () => {
    await feed?.stop();
  });

  /** The changes heard once a marker change, sent after them, arrives (NOTIFY keeps commit order). */
  async function changesUntilNow(): Promise<HotelChange[]> {
    const marker = `marker-${randomBytes(3).toString('hex')}`;
    await other.setSetting(marker, 1);
    for (let i = 0; i < 200 && !heard.some((c) => c.ids?.includes(marker)); i++)
      await new Promise((r) => setTimeout(r, 10));
    const at = heard.findIndex((c) => c.ids?.includes(marker));
    expect(at).toBeGreaterThanOrEqual(0);
    return heard.splice(0).slice(0, at);
  }

  it('announces each change at commit with its desk, and nothing for a refused write or a read', async () => {
    await changesUntilNow();
    const sale = await desk.addStopSale({
      codeKind: 'room',
      hotelCode: 'R101',
      from: '2026-08-01',
      to: '2026-08-02',
      user: 'Ayşe',
      at: AT,
    });
    await expect(
      desk.addStopSale({
        codeKind: 'room',
        hotelCode: 'R1',
        from: '2026-08-02',
        to: '2026-08-01',
        user: 'A',
        at: AT,
      }),
    ).rejects.toThrow(/check/i);
    await desk.listStopSales();
    await desk.setMapping({
      agencyId: 'A1',
      kind: 'room',
      channelCode: '101',
      hotelCode: 'R101',
      user: 'A',
      at: AT,
    });
    expect(await changesUntilNow()).toEqual([
      { table: 'activity', kind: 'added', ids: ['1'], origin: 'desk-1' },
      { table: 'stop_sales', kind: 'added', ids: [String(sale.id)], origin: 'desk-1' },
      { table: 'hotel_codes', kind: 'added', ids: ['room:r101'], origin: 'desk-1' },
      { table: 'mappings', kind: 'changed', ids: ['["A1","room","101"]'], origin: 'desk-1' },
    ]);
    // The reference lists the desk talking to the service refreshes: other desks' screens read them again.
    const hotelDesk = await HotelStore.open(pool(url), {
      origin: 'desk-1',
      fence: () => null,
      claimHoldMs: 50_000,
    });
    await hotelDesk.replaceStayCodes('A1', [{ agencyId: 'A1', kind: 'room', code: '101', name: 'Standard' }]);
    await hotelDesk.replaceNotConfirmMessages('tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
    expect(await changesUntilNow()).toEqual([
      { table: 'stay_codes', kind: 'changed', ids: ['A1'], origin: 'desk-1' },
      { table: 'not_confirm_messages', kind: 'changed', ids: ['tr-TR'], origin: 'desk-1' },
    ]);
    // The refused stop-sale's activity row was rolled back with it: the next id is 2.
    expect(await desk.addActivity({ at: AT, user: 'A', action: 'sync', keyField: null, detail: '' })).toBe(2);
  });

  it('keeps one hotel code when two desks map to it in different cases at once', async () => {
    const spellings = ['Suite', 'SUITE', 'suite', 'SUİTE', 'sUite', 'suıte'];
    await Promise.all(
      spellings.map((hotelCode, i) =>
        (i % 2 === 0 ? desk : other).setMapping({
          agencyId: `A${i}`,
          kind: 'roomType',
          channelCode: 'STE',
          hotelCode,
          user: 'A',
          at: AT,
        }),
      ),
    );
    const suites = (await desk.listHotelCodes()).filter((c) => c.kind === 'roomType');
    expect(suites).toHaveLength(1);
    const codes = await Promise.all(spellings.map((_, i) => other.hotelCodeFor(`A${i}`, 'roomType', 'STE')));
    expect(new Set(codes)).toEqual(new Set([suites[0]?.code]));
  });
});
