// When the hotel's database is away or newer than this desk, with real desk cores, a real PostgreSQL (behind a TCP
// gate) and the practice service: the desk switches to its own copy by itself and says so with the copy's age;
// search, a reservation, the arrivals list and the PMS list work from it; an answer or a mapping is refused with
// the sentence and nothing is kept; back on the database without a click. An update across the hotel: the desk
// that migrates takes a checked copy first, which restores every row; a desk older than the database says so and
// works from its copy.
// `npx vitest run test/integration/several-desks/away.test.ts`
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMessages } from '../../../main/kernel/messages';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { migrateHotelDb } from '../../../main/hotel-db/migrate';
import { moveDeskData } from '../../../main/hotel-db/move-data';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { postgresMigrations } from '../../../main/store/engines/postgres-migrations';
import type { PracticeService } from '../../../main/sandbox';
import { startPostgres, type TestPostgres } from '../../harness/postgres';
import { startTcpGate, type TcpGate } from '../../harness/tcp-gate';
import {
  freshDatabase,
  inboxKeys,
  startDesk,
  startService,
  until,
  waitingNew,
  type TestDesk,
} from './two-desks';

let server: TestPostgres;
let gate: TcpGate;
let service: PracticeService;
const desks: TestDesk[] = [];

beforeAll(async () => {
  server = await startPostgres();
  gate = await startTcpGate(server.port);
  service = await startService();
});

afterAll(async () => {
  gate?.open();
  await Promise.all(desks.map((d) => d.stop().catch(() => undefined)));
  await gate?.stop();
  await service?.close();
  await server?.stop();
});

const everything = {
  filter: {},
  sort: 'checkIn' as const,
  direction: 'asc' as const,
  offset: 0,
  limit: 1000,
};

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const status = async (d: TestDesk) => (await d.core.handlers.getStatus({})).hotel;

describe("the hotel's database away", () => {
  it('the desk shows its own copy with its age, reads and prints from it, refuses answers, and goes back by itself', async () => {
    const direct = await freshDatabase(server);
    const gated = new URL(direct);
    gated.port = String(gate.port);
    const a = await startDesk(direct, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    desks.push(a);
    const b = await startDesk(gated.toString(), service, {
      pc: 'RECEPTION-2',
      password: false,
      copyEveryMs: 300,
    });
    desks.push(b);
    await until(async () => (await inboxKeys(b.core)).size >= 40, 'B shows the reservations');
    const [first, second] = await waitingNew(b.core, 2);
    if (!first || !second) throw new Error('no waiting reservations');
    await a.core.handlers.confirm({ keyField: second, note: 'seen' });
    const live = await b.core.handlers.listReservations(everything);
    // The answer sent, then a copy taken after it: the copy has caught up before the database goes.
    const liveSecond = await until(async () => {
      const d = await b.core.handlers.getReservation({ keyField: second });
      return d.decision?.state === 'sent' ? d : null;
    }, 'the answer sent');
    const settledAt = Date.now();
    const copyNote = path.join(b.dir, 'hotel-copy', 'copy.json');
    // A copy whose snapshot began after the answer was seen sent (one that only ended after it may predate it).
    const takenAt = (): number =>
      existsSync(copyNote)
        ? Date.parse((JSON.parse(readFileSync(copyNote, 'utf8')) as { takenAt: string }).takenAt)
        : 0;
    await until(
      async () => takenAt() > settledAt && (await status(b))?.reachable,
      "B's copy taken after the answer",
    );

    gate.close();
    const away = await until(
      async () => {
        const s = await status(b);
        return s && !s.reachable && s.copyTakenAt ? s : null;
      },
      'B shows its copy',
      20_000,
    );
    expect(Date.now() - Date.parse(away.copyTakenAt ?? '')).toBeLessThan(60_000);
    const fromCopy = await b.core.handlers.listReservations(everything);
    expect(fromCopy.total).toBe(live.total);
    expect(fromCopy.rows.map((r) => r.keyField).sort()).toEqual(live.rows.map((r) => r.keyField).sort());
    const opened = await b.core.handlers.getReservation({ keyField: second });
    expect(opened.reservation.keyField).toBe(second);
    expect(opened.decision?.state).toBe(liveSecond.decision?.state);
    const guest = opened.reservation.guests[0]?.name.split(' ')[0] ?? '';
    const found = await b.core.handlers.listReservations({ ...everything, filter: { search: guest } });
    expect(found.rows.map((r) => r.keyField)).toContain(second);
    const checkIn = opened.reservation.checkIn;
    const printed = await b.core.handlers.exportCsv({ kind: 'arrivals', date: checkIn });
    expect(printed.reservations).toBeGreaterThan(0);
    expect(existsSync(printed.htmlPath ?? '')).toBe(true);
    expect((await b.core.handlers.listToEnter({ offset: 0, limit: 100 })).rows).toBeDefined();

    // Answering and mapping wait: refused with the sentence, nothing kept.
    const sentence = createMessages('tr').t('error.hotelDbUnreachable');
    expect(
      await dispatchRequest(
        b.core.handlers,
        'confirm',
        { keyField: first, note: '' },
        { messages: b.core.messages },
      ),
    ).toEqual({ ok: false, error: { code: 'service', message: sentence } });

    gate.open();
    await until(async () => {
      const s = await status(b);
      return s?.reachable && s.copyTakenAt === null;
    }, 'B back on the database');
    expect((await b.core.handlers.getReservation({ keyField: first })).decision).toBeNull();
    await b.core.handlers.confirm({ keyField: first, note: '' });
    expect((await a.core.handlers.getReservation({ keyField: first })).decision?.state).toBeDefined();
  }, 180_000);

  it('an update across the hotel: a checked copy before migrating restores every row; an older desk says so and reads its copy', async () => {
    const url = await freshDatabase(server);
    const a = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    desks.push(a);
    await until(async () => (await inboxKeys(a.core)).size >= 40, 'A stored the reservations');
    const [key] = await waitingNew(a.core, 1);
    if (!key) throw new Error('no waiting reservation');
    await a.core.handlers.confirm({ keyField: key, note: 'before the update' });
    await a.stop();
    desks.splice(desks.indexOf(a), 1);

    // The database as the Resdesk before this one left it: one schema version behind.
    const previous = postgresMigrations.length - 1;
    // The newest migration undone: the guest keys without their positions, under the three indexes they had.
    await query(
      url,
      `ALTER TABLE check_guests DROP CONSTRAINT check_guests_pkey, DROP COLUMN position;
       DROP INDEX check_guests_by_person;
       CREATE INDEX check_guests_by_birth ON check_guests (person, birth, day, reservation_id);
       CREATE INDEX check_guests_by_person ON check_guests (person, day, reservation_id);
       CREATE INDEX check_guests_of_reservation ON check_guests (reservation_id);`,
    );
    const guestKeys = async (u: string) =>
      (await query(u, 'SELECT count(*)::int AS n FROM check_guests')).rows[0] as { n: number };
    const keysBefore = (await guestKeys(url)).n;
    expect(keysBefore).toBeGreaterThan(0);
    await query(url, `UPDATE resdesk_meta SET value = '${previous}' WHERE key = 'schema_version'`);
    const counts = async (u: string) =>
      (
        await query(
          u,
          `SELECT (SELECT count(*) FROM reservations)::int AS r, (SELECT count(*) FROM decisions)::int AS d,
                  (SELECT count(*) FROM reservation_versions)::int AS v, (SELECT count(*) FROM activity)::int AS a`,
        )
      ).rows[0] as Record<string, number>;
    const before = await counts(url);

    // This Resdesk opens it: a checked copy first, then the migration.
    const b = await startDesk(url, service, { pc: 'RECEPTION-2', password: false, copyEveryMs: 300 });
    desks.push(b);
    await until(async () => (await status(b))?.reachable, 'B works in the updated database');
    const folder = path.join(b.dir, 'backups', 'hotel-database');
    const taken = readdirSync(folder).filter((f) => f.includes('pre-migration'));
    expect(taken).toHaveLength(1);
    const version = await query(url, `SELECT value FROM resdesk_meta WHERE key = 'schema_version'`);
    expect(version.rows[0]).toEqual({ value: String(postgresMigrations.length) });
    expect((await guestKeys(url)).n).toBe(keysBefore);
    // The copy restores every row, into a new database.
    const restored = await freshDatabase(server);
    const pool = openHotelPool({ url: restored });
    try {
      await moveDeskData({ from: path.join(folder, taken[0] ?? ''), to: pool });
    } finally {
      await pool.end();
    }
    expect(await counts(restored)).toEqual(before);

    // A newer Resdesk migrates the database under B: B says so, and reads its copy.
    await until(async () => existsSync(path.join(b.dir, 'hotel-copy', 'copy.json')), "B's copy taken");
    const newer = openHotelPool({ url });
    try {
      await migrateHotelDb(newer, [
        ...postgresMigrations,
        {
          version: postgresMigrations.length + 1,
          name: 'newer',
          sql: 'ALTER TABLE decisions ADD COLUMN newer text',
        },
      ]);
    } finally {
      await newer.end();
    }
    const outdated = await until(
      async () => {
        const s = await status(b);
        return s?.updateNeeded && s.copyTakenAt ? s : null;
      },
      'B says it is older than the database',
      20_000,
    );
    expect(outdated.copyTakenAt).not.toBeNull();
    const shown = await b.core.handlers.getReservation({ keyField: key });
    expect(shown.decision?.note).toBe('before the update');
    expect((await b.core.handlers.listReservations(everything)).total).toBe(before.r);
    const refused = await dispatchRequest(
      b.core.handlers,
      'confirm',
      { keyField: key, note: '' },
      { messages: b.core.messages },
    );
    expect(refused.ok).toBe(false);
  }, 180_000);
});
