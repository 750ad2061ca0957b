// The screens read in one snapshot on the hotel's database: while another desk keeps importing on its own
// connections, every inbox page's total and rows (and their marks) describe the same moment, and a reservation's
// panel shows the version it says is current at the top of its history. Read statement by statement, a count taken
// before another desk's commit and rows read after it disagree, and so do a reservation and its versions.
// `npx vitest run test/integration/hotel-db/screen-snapshot.test.ts`
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { HotelStore } from '../../../main/hotel-db/store';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';
import { generateReservations, makeReservation } from '../../unit/store/fixtures';

let server: TestPostgres;
const pools: pg.Pool[] = [];
let writer: HotelStore;
let reader: HotelStore;
const AT = '2026-06-01T08:00:00.000Z';

beforeAll(async () => {
  server = await startPostgres();
  const url = await createDatabase(server, 'snapshot');
  const open = async (origin: string) => {
    const pool = openHotelPool({ url });
    pools.push(pool);
    return HotelStore.open(pool, { origin, fence: () => null, claimHoldMs: 50_000 });
  };
  writer = await open('importing-desk');
  reader = await open('reading-desk');
  await writer.importBatch(generateReservations(100, 3), AT);
});
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await server?.stop();
});

describe('the inbox screen on the hotel database', () => {
  it("reads a page's total and its rows at one moment while another desk imports", async () => {
    let importing = true;
    let imported = 100;
    const imports = (async () => {
      while (importing) {
        await writer.importBatch(generateReservations(3, imported, imported), AT);
        imported += 3;
      }
    })();
    const query = {
      filter: {},
      sort: 'arrival' as const,
      direction: 'desc' as const,
      offset: 0,
      limit: 100_000,
    };
    const disagreements: string[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        const page = await reader.inboxPage(query);
        if (page.rows.length !== page.total)
          disagreements.push(`${page.total} counted, ${page.rows.length} read`);
      }
    } finally {
      importing = false;
      await imports;
    }
    expect(imported).toBeGreaterThan(130);
    expect(disagreements).toEqual([]);
  });

  it("reads a reservation's panel at one moment while another desk imports its changes", async () => {
    const keyField = 'PANEL-1';
    const version = (logId: number) =>
      makeReservation({ keyField, logId, voucherNo: 'V-PANEL', adults: 1 + (logId % 3) });
    await writer.importBatch([version(50_000)], AT);
    let importing = true;
    let logId = 50_000;
    const imports = (async () => {
      while (importing) {
        logId += 1;
        await writer.importBatch([version(logId)], AT);
      }
    })();
    const disagreements: string[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        const detail = await reader.reservationDetail(keyField);
        const newest = detail?.versions[0]?.logId;
        if (newest !== detail?.reservation.logId)
          disagreements.push(`current ${detail?.reservation.logId}, newest version ${newest}`);
      }
    } finally {
      importing = false;
      await imports;
    }
    expect(logId - 50_000).toBeGreaterThan(20);
    expect(disagreements).toEqual([]);
  });
});
