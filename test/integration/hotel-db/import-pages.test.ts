// The import stores a page a run at a time (main/store/reservations.ts storeBatch): on both engines a page must
// end exactly as its items imported one batch each, in order, would: the same outcomes, rows, versions, queue,
// tally, search and check keys. And given the checks' key function, the import keys what it stores, leaving
// nothing pending, with the keys the checks would compute afterwards.
// `npx vitest run test/integration/hotel-db/import-pages.test.ts`
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../shared/domain';
import { reservationKeys } from '../../../main/checks';
import { checkKeyOps } from '../../../main/store/check-keys';
import { importOps, type ImportResult } from '../../../main/store/reservations';
import { generateReservations, makeReservation } from '../../unit/store/fixtures';
import { fixture } from '../../unit/exchange/fixtures';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { Readable } from 'node:stream';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { HotelStore } from '../../../main/hotel-db/store';
import { searchOps } from '../../../main/store/search';

const T1 = '2026-06-01T08:00:00.000Z';
const T2 = '2026-06-01T09:00:00.000Z';
const engines = bothEngines();

// What a store holds, as text, compared between a page import and an item-by-item one.
const TABLES = [
  `SELECT id, key_field, log_id, change_kind, confirmation_status, confirmation_no, nights, check_out, received_at,
     guests_json FROM reservations ORDER BY id`,
  'SELECT log_id, reservation_id, change_kind, received_at, snapshot_json FROM reservation_versions ORDER BY log_id',
  'SELECT reservation_id, raw_json FROM reservation_raw ORDER BY reservation_id',
  'SELECT log_id, service_id FROM pending_acknowledgements ORDER BY log_id',
  `SELECT check_in, agency_id, change_kind, confirmation_status, CAST(n AS integer) AS n FROM reservation_tally
     WHERE n <> 0 ORDER BY check_in, agency_id, change_kind, confirmation_status`,
  'SELECT reservation_id, agency_id, voucher FROM check_vouchers ORDER BY reservation_id',
  'SELECT reservation_id, position, person, birth, day FROM check_guests ORDER BY reservation_id, position',
  'SELECT reservation_id FROM check_keys_pending ORDER BY reservation_id',
  'SELECT key_field, reason FROM set_aside_items ORDER BY key_field, reason',
];
async function contents(e: EngineUnderTest): Promise<string[]> {
  const out: string[] = [];
  for (const sql of TABLES) out.push(JSON.stringify(await e.rows(sql)));
  return out;
}

function merged(results: ImportResult[]): ImportResult {
  const all: ImportResult = { new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 0 };
  for (const r of results) {
    for (const list of ['new', 'changed', 'cancelled', 'statusUpdated'] as const)
      for (const key of r[list]) if (!all[list].includes(key)) all[list].push(key);
    all.unchanged += r.unchanged;
    if (r.setAside) all.setAside = (all.setAside ?? 0) + r.setAside;
  }
  return all;
}

// A page with everything a run must split on or judge: a reservation twice (two versions, then an older one), a
// LogId twice, a LogId stored before (the same, its answer moved on, reused for another reservation), new ones.
function page(): { before: Reservation[]; items: Reservation[] } {
  const base = generateReservations(6, 7);
  const a = makeReservation({ keyField: 'A|1', logId: 100 });
  const b = makeReservation({ keyField: 'B|1', logId: 200, voucherNo: 'VX-1' });
  const before = [a, b, ...base.slice(0, 2)];
  const aAnswered = { ...a, confirmationStatus: 'E', confirmationNo: 'C-9' };
  const bV2 = { ...b, logId: 201, nights: 9, checkOut: '2026-07-19', pmsStatus: 2 };
  const bV3 = { ...b, logId: 202, pmsStatus: 3 };
  const reused = makeReservation({ keyField: 'C|1', logId: 200 });
  // New in the page, then changed in it (its keys too): keyed once, with no mark left behind.
  const d = makeReservation({ keyField: 'D|1', logId: 300, voucherNo: 'VD-1' });
  const dV2 = { ...d, logId: 301, voucherNo: 'VD-2' };
  const items = [
    ...base.slice(2, 4),
    aAnswered,
    bV2,
    base[4]!,
    bV3,
    bV2,
    reused,
    base[0]!,
    { ...base[5]!, logId: 9001 },
    { ...base[5]!, logId: 9000, nights: 3 },
    base[1]!,
    d,
    dV2,
  ];
  return { before, items };
}

describe.each(engineNames)('a page at a time on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  for (const keyed of [false, true])
    it(`ends as its items imported one by one${keyed ? ', keyed' : ''}`, async () => {
      const options = keyed ? { checkKeys: reservationKeys } : {};
      const { before, items } = page();
      await e.write(importOps.batch(before, T1, options));
      const whole = await e.write(importOps.batch(items, T2, options));
      const afterPage = await contents(e);
      await e.close();
      e = await engines.open(name);
      await e.write(importOps.batch(before, T1, options));
      const single: ImportResult[] = [];
      for (const item of items) single.push(await e.write(importOps.batch([item], T2, options)));
      expect(whole).toEqual(merged(single));
      expect(afterPage).toEqual(await contents(e));
      expect(whole.setAside).toBe(1);
    });

  it('stores an item whose texts hold a NUL or half a UTF-16 pair: U+FFFD in its fields, its own text kept', async () => {
    const [good] = JSON.parse(fixture('reservations-list.json').replace(/^\uFEFF/, '')) as Record<
      string,
      unknown
    >[];
    const item = JSON.stringify({
      ...good,
      PmsStatus: 1,
      Note: 'late \u0000 arrival \ud800',
      Customers: [{ Name: '\u0000KAYA AYSE', Age: 34 }],
    });
    expect(item).toContain('\\u0000');
    expect(item).toContain('\\ud800');
    const pages: Reservation[][] = [];
    await decodeReservationStream(Readable.from([`[${item}]`]), async (batch) => {
      pages.push(batch);
    });
    const result = await e.write(importOps.batch(pages.flat(), T1, { checkKeys: reservationKeys }));
    expect(result.new).toHaveLength(1);
    const [row] = await e.rows(
      `SELECT r.note, r.lead_guest, v.snapshot_json FROM reservations r
         JOIN reservation_versions v ON v.reservation_id = r.id`,
    );
    expect(row).toMatchObject({ note: 'late \uFFFD arrival \uFFFD', snapshot_json: item });
    expect(String((row as { lead_guest: string }).lead_guest)).toMatch(/^\uFFFD/);
  });

  it('refuses a snapshot that is not JSON text rather than store it split wrongly (PostgreSQL splits a page of them)', async () => {
    const odd = { ...makeReservation({ keyField: 'RS|1', logId: 77 }), itemJson: '{"a":"x\u001ey"}' };
    if (name === 'postgres') {
      // With a good item beside it: the page is refused whole, nothing of it stored.
      const good = makeReservation({ keyField: 'RS|2', logId: 78 });
      await expect(e.write(importOps.batch([good, odd], T1))).rejects.toThrow(/"log_id"/);
      expect(await e.rows('SELECT key_field FROM reservations')).toEqual([]);
    } else expect((await e.write(importOps.batch([odd], T1))).new).toEqual(['RS|1']);
  });

  it('keys what it stores in its own transaction: nothing pending, the keys the checks would compute', async () => {
    const items = generateReservations(300, 3);
    await e.write(importOps.batch(items.slice(0, 200), T1, { checkKeys: reservationKeys }));
    await e.write(
      importOps.batch(
        [
          ...items
            .slice(150, 300)
            .map((r) => ({ ...r, logId: r.logId + 100_000, voucherNo: `N-${r.logId}` })),
        ],
        T2,
        { checkKeys: reservationKeys },
      ),
    );
    const keyed = await contents(e);
    expect(JSON.parse(keyed[7] ?? '')).toEqual([]);
    await e.close();
    e = await engines.open(name);
    await e.write(importOps.batch(items.slice(0, 200), T1));
    await e.write(
      importOps.batch(
        [
          ...items
            .slice(150, 300)
            .map((r) => ({ ...r, logId: r.logId + 100_000, voucherNo: `N-${r.logId}` })),
        ],
        T2,
      ),
    );
    expect(await e.write(checkKeyOps.refresh(reservationKeys))).toBe(300);
    expect(await contents(e)).toEqual(keyed);
  });
});

describe('the counts on PostgreSQL', () => {
  // Each page of a first sync adds to the same few thousand (operator, room type, night) counts; each update that
  // finds no room on its row's page writes a new index entry and spreads the table (migration 012).
  it('are updated beside their old versions: a second page moves no count to another page', async () => {
    const e = await engines.open('postgres');
    try {
      const items = generateReservations(3000, 11);
      const blocks = async (): Promise<Map<string, string>> =>
        new Map(
          (
            await e.rows(
              `SELECT agency_id || '|' || room_type_id || '|' || night AS k, (ctid::text::point)[0] AS block,
                 used + asked AS n FROM allotment_nights`,
            )
          ).map((row) => [String(row.k), `${String(row.block)} ${String(row.n)}`]),
        );
      await e.write(importOps.batch(items.slice(0, 1500), T1));
      const before = await blocks();
      await e.write(importOps.batch(items.slice(1500), T1));
      const after = await blocks();
      const updated = [...before].filter(([k, v]) => after.get(k)?.split(' ')[1] !== v.split(' ')[1]);
      const moved = updated.filter(([k, v]) => after.get(k)?.split(' ')[0] !== v.split(' ')[0]);
      const pages = new Set([...before.values()].map((v) => v.split(' ')[0]));
      expect(pages.size).toBeGreaterThan(2);
      expect(updated.length).toBeGreaterThan(500);
      expect(moved).toEqual([]);
    } finally {
      await e.close();
    }
  });
});

describe('the statements on PostgreSQL', () => {
  // A write's statements are prepared once per connection and named by their text (run-postgres.ts): pages of any
  // length must use the same texts, or each page would leave prepared statements behind on the server for as long
  // as the connection lives. Reads stay unnamed (planned for their own values each time).
  it("a write's are prepared once per connection, the same few for pages of any length; a read's are not", async () => {
    const e = await engines.open('postgres');
    // One connection, so the store's statements and the look at them share a session.
    const pool = openHotelPool(
      { url: engines.postgres.url, applicationName: 'resdesk statements test' },
      () => {},
      1,
    );
    try {
      const store = await HotelStore.open(pool, { origin: null });
      const prepared = async (): Promise<string[]> =>
        (
          await pool.query<{ statement: string }>(
            'SELECT statement FROM pg_prepared_statements ORDER BY statement',
          )
        ).rows.map((row) => row.statement);
      const items = generateReservations(1300, 5);
      await store.write(importOps.batch(items.slice(0, 500), T1, { checkKeys: reservationKeys }));
      const afterFirst = await prepared();
      await store.write(importOps.batch(items.slice(500), T1, { checkKeys: reservationKeys }));
      expect(afterFirst.length).toBeGreaterThan(5);
      expect(await prepared()).toEqual(afterFirst);
      expect(await store.read(searchOps.keyFields('kaya'))).toBeDefined();
      expect(await prepared()).toEqual(afterFirst);
      expect(await e.rows('SELECT CAST(count(*) AS integer) AS n FROM reservations')).toEqual([{ n: 1300 }]);
    } finally {
      await pool.end();
      await e.close();
    }
  });
});
