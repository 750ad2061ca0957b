// The hotel's shared database backed up by the PC that keeps it: the hourly check takes a daily copy
// into backups/hotel-database (and the second folder's) when the newest is 23 hours old, a desk database file that
// holds every reservation and opens as any desk's; a PC that does not keep the database takes none.
// `npx vitest run test/integration/hotel-db/hotel-backups.test.ts`
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { deskBackups } from '../../../main/handlers/backups';
import type { DeskContext, KeptHotelDatabase } from '../../../main/handlers/context';
import { HotelStore } from '../../../main/hotel-db/store';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { createMessages } from '../../../main/kernel/messages';
import { Store } from '../../../main/store';
import { listBackups } from '../../../main/store/backup';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';
import { tempFolder } from '../../unit/backup/helpers';
import { generateReservations } from '../../unit/store/fixtures';

let server: TestPostgres;
let pool: pg.Pool;
let hotel: HotelStore;

beforeAll(async () => {
  server = await startPostgres();
  pool = openHotelPool({ url: await createDatabase(server, 'kept') });
  hotel = await HotelStore.open(pool, { origin: 'keeper', fence: () => null, claimHoldMs: 50_000 });
  await hotel.importBatch(generateReservations(120, 3), '2026-06-01T08:00:00.000Z');
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

/** The desk's backups over a context with only what they read; `kept` says whether this PC keeps the database. */
function backupsOn(kept: KeptHotelDatabase | null, clock: { now: Date }) {
  const dataDir = tempFolder();
  const settingsStore = Store.open(path.join(dataDir, 'resdesk.db'));
  const logged: string[] = [];
  const ctx = {
    ports: {
      dataDir,
      logger: {
        info: (m: string) => logged.push(m),
        warn: (m: string) => logged.push(m),
        error: (m: string) => logged.push(m),
      },
    },
    settingsStore,
    messages: createMessages('en'),
    now: () => clock.now,
    keptHotelDatabase: () => kept,
  } as unknown as DeskContext;
  return { backups: deskBackups(ctx), dataDir, settingsStore, logged };
}

describe("the hotel database's daily copy", () => {
  it('is taken on the keeping PC once a day, into both folders, and holds every reservation', async () => {
    const clock = { now: new Date('2026-06-01T03:00:00.000Z') };
    const { backups, dataDir, settingsStore, logged } = backupsOn(hotel, clock);
    const second = tempFolder();
    await backups.handlers.setBackupFolder({ folder: second });
    const folder = path.join(dataDir, 'backups', 'hotel-database');

    await backups.hotelDailyCheck();
    clock.now = new Date('2026-06-01T20:00:00.000Z');
    await backups.hotelDailyCheck();
    clock.now = new Date('2026-06-02T03:00:00.000Z');
    await backups.hotelDailyCheck();

    const copies = listBackups([folder]);
    expect(copies.map((c) => [c.kind, c.takenAt])).toEqual([
      ['daily', '2026-06-02T03:00:00.000Z'],
      ['daily', '2026-06-01T03:00:00.000Z'],
    ]);
    expect(listBackups([path.join(second, 'hotel-database')])).toHaveLength(2);
    // The desk's own copies are not mixed with the hotel's: its list stays its own.
    expect((await backups.handlers.listBackups({})).backups).toEqual([]);
    const newest = copies[0];
    if (!newest) throw new Error('no copy');
    const copy = Store.open(newest.file);
    try {
      expect(copy.waitingCount()).toEqual(await hotel.waitingCount());
      const count = copy.db.prepare<[], number>('SELECT count(*) FROM reservations').pluck().get();
      expect(count).toBe(120);
      // The copy opens as a desk's file: its inbox lists and counts what the hotel's database holds.
      const query = {
        filter: {},
        sort: 'checkIn' as const,
        direction: 'asc' as const,
        offset: 0,
        limit: 500,
      };
      expect(copy.inboxPage(query).total).toBe(120);
      expect(copy.inboxPage(query).rows).toHaveLength(120);
      expect(copy.inboxCounts({})).toEqual(await hotel.inboxCounts({}));
    } finally {
      copy.close();
      settingsStore.close();
    }
    expect(logged.filter((m) => m.includes('daily copy written'))).toHaveLength(2);
  });

  it('is not taken on a PC that only connects to the hotel database', async () => {
    const { backups, dataDir, settingsStore } = backupsOn(null, {
      now: new Date('2026-06-01T03:00:00.000Z'),
    });
    await backups.hotelDailyCheck();
    expect(listBackups([path.join(dataDir, 'backups', 'hotel-database')])).toEqual([]);
    settingsStore.close();
  });
});
