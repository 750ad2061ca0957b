// The reservations' import and reads on both engines: the same operations (importOps, readingOps,
// searchOps) on SQLite and on a real PostgreSQL, with the same outcomes; and on PostgreSQL alone, two desks
// importing the same batches at once.
// `npx vitest run test/integration/hotel-db/store-reservations.test.ts`
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../shared/domain';
import { HotelStore } from '../../../main/hotel-db/store';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { historyOps } from '../../../main/store/history';
import { importOps, type ImportResult } from '../../../main/store/reservations';
import { readingOps } from '../../../main/store/reservations-read';
import { inboxOps, type InboxQuery } from '../../../main/store/inbox';
import { searchOps } from '../../../main/store/search';
import { reservationKeys } from '../../../main/checks';
import { generateReservations, makeGuest, makeReservation } from '../../unit/store/fixtures';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';

const T1 = '2026-06-01T08:00:00.000Z';
const T2 = '2026-06-01T09:00:00.000Z';
const T3 = '2026-06-01T10:00:00.000Z';
const engines = bothEngines();

const count = async (e: EngineUnderTest, table: string): Promise<number> => {
  const [row] = await e.rows(`SELECT CAST(count(*) AS integer) AS n FROM ${table}`);
  return Number(row?.n);
};
const tally = async (e: EngineUnderTest): Promise<string[]> =>
  (
    await e.rows(
      `SELECT check_in, agency_id, change_kind, confirmation_status, CAST(n AS integer) AS n
       FROM reservation_tally WHERE n <> 0 ORDER BY check_in, agency_id, change_kind, confirmation_status`,
    )
  ).map(
    (r) =>
      `${String(r.check_in)} ${String(r.agency_id)} ${String(r.change_kind)} ${String(r.confirmation_status)} ${Number(r.n)}`,
  );
// What the tally must say: the reservations counted afresh.
const counted = async (e: EngineUnderTest): Promise<string[]> =>
  (
    await e.rows(
      `SELECT check_in, agency_id, change_kind, confirmation_status, CAST(count(*) AS integer) AS n
       FROM reservations GROUP BY check_in, agency_id, change_kind, confirmation_status
       ORDER BY check_in, agency_id, change_kind, confirmation_status`,
    )
  ).map(
    (r) =>
      `${String(r.check_in)} ${String(r.agency_id)} ${String(r.change_kind)} ${String(r.confirmation_status)} ${Number(r.n)}`,
  );

const nothing: ImportResult = { new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 0 };

describe.each(engineNames)('reservations on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });
  const importing = (items: readonly Reservation[], at: string, acknowledgeAgain?: boolean) =>
    e.write(importOps.batch(items, at, acknowledgeAgain === undefined ? {} : { acknowledgeAgain }));

  it('stores a new reservation as received: guests in order, raw item, version, LogId queued, search row', async () => {
    const r = makeReservation({
      guests: [makeGuest('ŞAHİN AYŞE', '1001|V-1|1', { age: null }), makeGuest('ŞAHİN OĞUZ', '1001|V-1|1')],
      roomNo: '204',
      // Numbers that must come back exactly, whatever the engine reads them through.
      soldPrice: 0.1 + 0.2,
      fisNo: Number.MAX_SAFE_INTEGER,
    });
    expect(await importing([r], T1)).toEqual({ ...nothing, new: [r.keyField] });
    expect(await e.read(readingOps.reservation(r.keyField))).toEqual(r);
    expect(await e.read(readingOps.reservation('unknown'))).toBeNull();
    expect(await e.read(readingOps.changeKind(r.keyField))).toBe('new');
    expect(await count(e, 'reservation_versions')).toBe(1);
    expect(await count(e, 'pending_acknowledgements')).toBe(1);
    expect(await count(e, 'check_keys_pending')).toBe(1);
    // The guests view reads the row's guests_json on both engines.
    const names = await e.rows('SELECT name FROM guests ORDER BY position');
    expect(names.map((g) => g.name)).toEqual(['ŞAHİN AYŞE', 'ŞAHİN OĞUZ']);
  });

  it('a newer LogId changes it, a cancellation cancels it; every version kept in order', async () => {
    const v1 = makeReservation({ logId: 10 });
    const v2 = makeReservation({ logId: 11, pmsStatus: 2, nights: 8, checkOut: '2026-07-18' });
    const v3 = makeReservation({ logId: 12, pmsStatus: 3, nights: 8, checkOut: '2026-07-18' });
    await importing([v1], T1);
    expect(await importing([v2], T2)).toEqual({ ...nothing, changed: [v1.keyField] });
    expect(await importing([v3], T3)).toEqual({ ...nothing, cancelled: [v1.keyField] });
    expect(await e.read(readingOps.reservation(v1.keyField))).toEqual(v3);
    const versions = await e.read(readingOps.versions(v1.keyField));
    expect(versions.map((v) => [v.logId, v.changeKind, v.receivedAt])).toEqual([
      [10, 'new', T1],
      [11, 'changed', T2],
      [12, 'cancelled', T3],
    ]);
    expect(versions.map((v) => v.snapshot)).toEqual([v1, v2, v3]);
    expect(await tally(e)).toEqual(await counted(e));
    const views = await e.read(historyOps.versionViews(v1.keyField));
    expect(views.map((v) => [v.logId, v.changeKind, v.changes.map((c) => c.field)])).toEqual([
      [12, 'cancelled', ['cancelled']],
      [11, 'changed', ['checkOut', 'nights']],
      [10, 'new', []],
    ]);
  });

  it('an older LogId arriving late is history only; the same data again changes nothing', async () => {
    const v1 = makeReservation({ logId: 10 });
    const v2 = makeReservation({ logId: 11, pmsStatus: 2, nights: 9 });
    await importing([v2], T1);
    expect(await importing([v1], T2)).toEqual({ ...nothing, unchanged: 1 });
    expect(await e.read(readingOps.reservation(v1.keyField))).toEqual(v2);
    expect((await e.read(readingOps.versions(v1.keyField))).map((v) => v.logId)).toEqual([10, 11]);
    expect(await importing([v1, v2], T3)).toEqual({ ...nothing, unchanged: 2 });
    expect(await count(e, 'reservation_versions')).toBe(2);
    expect(await tally(e)).toEqual(await counted(e));
  });

  it('the same LogId with a new answer updates it in place (status only), no new version', async () => {
    const waiting = makeReservation({ logId: 5 });
    await importing([waiting], T1);
    const answered = {
      ...waiting,
      confirmationStatus: 'E',
      confirmationNo: 'C-77',
      confirmDate: '2026-06-02T10:00:00',
    };
    expect(await importing([answered], T2)).toEqual({ ...nothing, statusUpdated: [waiting.keyField] });
    expect(await e.read(readingOps.reservation(waiting.keyField))).toEqual(answered);
    expect(await count(e, 'reservation_versions')).toBe(1);
    expect(await e.read(readingOps.waitingCount())).toEqual({ total: 0, cancellations: 0 });
    // The tally trigger moved it from W to E.
    expect(await tally(e)).toEqual(await counted(e));
  });

  it('sets aside an item whose LogId is stored for another reservation, and does not queue it', async () => {
    await importing([makeReservation({ keyField: 'A', logId: 7 })], T1);
    const reused = makeReservation({ keyField: 'B', logId: 7 });
    expect(await importing([reused], T2)).toEqual({ ...nothing, setAside: 1 });
    expect(await count(e, 'reservations')).toBe(1);
    expect(await count(e, 'set_aside_items')).toBe(1);
    expect(await count(e, 'pending_acknowledgements')).toBe(1);
  });

  it('a batch refused midway leaves nothing behind', async () => {
    await importing([makeReservation({ keyField: 'before', logId: 1 })], T1);
    const broken = { ...makeReservation({ keyField: 'broken', logId: 3 }), confirmationStatus: '' };
    await expect(importing([makeReservation({ keyField: 'good', logId: 2 }), broken], T2)).rejects.toThrow();
    expect(await count(e, 'reservations')).toBe(1);
    expect(await count(e, 'reservation_versions')).toBe(1);
    expect(await count(e, 'pending_acknowledgements')).toBe(1);
  });

  it('tallies many reservations as a count of them would, through new, changed and answered', async () => {
    const items = generateReservations(300, 7);
    await importing(items.slice(0, 150), T1);
    await importing(items.slice(150), T1);
    const changes = items.slice(0, 100).map((r) => ({ ...r, logId: r.logId + 1_000_000, pmsStatus: 2 }));
    const answers = items.slice(200).map((r) => ({ ...r, confirmationStatus: 'E' }));
    const result = await importing([...changes, ...answers], T2);
    expect(result.changed).toHaveLength(100);
    expect(result.statusUpdated.length + result.unchanged).toBe(100);
    expect(await count(e, 'reservations')).toBe(300);
    expect(await count(e, 'reservation_versions')).toBe(400);
    expect(await tally(e)).toEqual(await counted(e));
    const waiting = await e.read(readingOps.waitingCount());
    const [w] = await e.rows(
      `SELECT CAST(count(*) AS integer) AS n FROM reservations WHERE confirmation_status = 'W'`,
    );
    expect(waiting.total).toBe(Number(w?.n));
    expect(await e.read(readingOps.waitingReceivedBefore(T2))).toBe(
      (
        await e.rows(
          `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND received_at < '${T2}'`,
        )
      ).length,
    );
  });

  it('stores and finds a word too long for a PostgreSQL lexeme, typed in full or by its beginning', async () => {
    // PostgreSQL refuses a tsvector or tsquery word over 2,046 bytes, and the whole write or search with it.
    const long = `V${'7'.repeat(2999)}`;
    const turkish = 'Ş'.repeat(1200);
    // Cut at 500 characters, a pair's halves are kept together.
    const paired = `${'a'.repeat(499)}${'\u{20000}'.repeat(3)}`;
    await importing(
      [
        makeReservation({
          keyField: 'long',
          logId: 1,
          voucherNo: long,
          guests: [makeGuest(`${turkish} KAYA ${paired}`, 'long')],
        }),
      ],
      T1,
    );
    for (const typed of [long, long.slice(0, 499), 'v777', turkish, 'şşşş kaya', `${long} kaya`, paired])
      expect(await e.read(searchOps.keyFields(typed)), typed.slice(0, 20)).toEqual(['long']);
    expect(await e.read(searchOps.keyFields(`${long}8`))).toEqual(name === 'sqlite' ? [] : ['long']);
  });

  it('stores a guest name of 150,000 words, and one of 3,000 characters: searched by their first hundred words, no one to match', async () => {
    // PostgreSQL holds a tsvector of at most 1 MB and an index entry of some 2.7 KB, and refuses the page beyond.
    const many = Array.from({ length: 150_000 }, (_, i) => `w${i}`).join(' ');
    const wide = Array.from({ length: 300 }, (_, i) => `Ad${String.fromCharCode(97 + (i % 26))}${i}x`).join(
      ' ',
    );
    await e.write(
      importOps.batch(
        [
          makeReservation({
            keyField: 'many',
            logId: 1,
            guests: [makeGuest(many, 'many'), makeGuest(wide, 'many'), makeGuest('KAYA AYSE', 'many')],
          }),
        ],
        T1,
        { checkKeys: reservationKeys },
      ),
    );
    // A field gives the index its first hundred words (search.ts MOST_PIECES), on both engines alike.
    for (const typed of ['w1', 'w99', 'ada0x', 'adv99x', 'kaya ayse'])
      expect(await e.read(searchOps.keyFields(typed)), typed).toEqual(['many']);
    for (const typed of ['w100', 'w12345', 'adw100x'])
      expect(await e.read(searchOps.keyFields(typed)), typed).toEqual([]);
    // Neither long name tells a person (fold-name.ts personKey): only Ayşe Kaya is a guest the checks compare.
    expect(await e.rows('SELECT person FROM check_guests')).toEqual([{ person: 'kaya ayse' }]);
  });

  it('finds a Turkish name typed with or without its dots, and a voucher by its digits', async () => {
    const k = '1001|V-9|1';
    await importing(
      [
        makeReservation({
          keyField: k,
          logId: 1,
          voucherNo: 'TRV-0012345',
          guests: [makeGuest('IŞIK İBRAHİM', k)],
        }),
        makeReservation({
          keyField: 'other',
          logId: 2,
          voucherNo: 'X-1',
          guests: [makeGuest('ŞEN AYŞE', 'other')],
        }),
        makeReservation({
          keyField: 'ivanov',
          logId: 3,
          voucherNo: 'X-2',
          guests: [makeGuest('ИВАНОВ ПЁТР', 'ivanov')],
        }),
      ],
      T1,
    );
    for (const typed of ['ışık', 'ISIK', 'isi', 'İbrahim ışık', 'ibr', '12345', 'trv 00123'])
      expect(await e.read(searchOps.keyFields(typed)), typed).toEqual([k]);
    expect(await e.read(searchOps.keyFields('sen ayse'))).toEqual(['other']);
    expect(await e.read(searchOps.keyFields('şen'))).toEqual(['other']);
    expect(await e.read(searchOps.keyFields('ivanov'))).toEqual(['ivanov']);
    expect(await e.read(searchOps.keyFields('иван'))).toEqual(['ivanov']);
    expect(await e.read(searchOps.keyFields('kaya'))).toEqual([]);
    expect(await e.read(searchOps.keyFields('  !! '))).toEqual([]);
    // A change replaces the search row: the old name no longer finds it.
    await importing(
      [
        makeReservation({
          keyField: k,
          logId: 4,
          pmsStatus: 2,
          voucherNo: 'TRV-0012345',
          guests: [makeGuest('KAYA ALİ', k)],
        }),
      ],
      T2,
    );
    expect(await e.read(searchOps.keyFields('ışık'))).toEqual([]);
    expect(await e.read(searchOps.keyFields('kaya ali'))).toEqual([k]);
    const match = { fts: '"kaya"*', ts: 'kaya:*' };
    expect(await e.read(searchOps.count(match))).toBe(1);
  });
});

describe.each(engineNames)('the inbox on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
    const items = generateReservations(120, 3);
    await e.write(importOps.batch(items, T1));
    await e.write(
      importOps.batch(
        items.slice(0, 10).map((r) => ({ ...r, logId: r.logId + 5000, pmsStatus: 3 })),
        T2,
      ),
    );
  });
  afterEach(async () => {
    await e.close();
  });
  const page = (filter: InboxQuery['filter'], sort: InboxQuery['sort'] = 'checkIn', offset = 0) =>
    e.read(inboxOps.page({ filter, sort, direction: 'asc', offset, limit: 25 }));

  it('pages in check-in order with a total, under every kind of filter, as counting the rows says', async () => {
    const all = await e.rows(
      `SELECT key_field, check_in, id, confirmation_status, change_kind, agency_id, received_at FROM reservations`,
    );
    const expected = (keep: (r: Record<string, unknown>) => boolean): string[] =>
      all
        .filter(keep)
        .sort((a, b) =>
          String(a.check_in) + String(a.id).padStart(6, '0') <
          String(b.check_in) + String(b.id).padStart(6, '0')
            ? -1
            : 1,
        )
        .map((r) => String(r.key_field));
    const cases: [InboxQuery['filter'], (r: Record<string, unknown>) => boolean][] = [
      [{}, () => true],
      [{ statuses: ['W'] }, (r) => r.confirmation_status === 'W'],
      [{ kinds: ['cancelled'] }, (r) => r.change_kind === 'cancelled'],
      [
        { agencyId: 'AG2', statuses: ['E', 'H'] },
        (r) => r.agency_id === 'AG2' && r.confirmation_status !== 'W',
      ],
      [
        { checkInFrom: '2026-06-01', checkInTo: '2026-07-31' },
        (r) => String(r.check_in) >= '2026-06-01' && String(r.check_in) <= '2026-07-31',
      ],
      [{ receivedFrom: T2 }, (r) => String(r.received_at) >= T2],
    ];
    for (const [filter, keep] of cases) {
      const want = expected(keep);
      const first = await page(filter);
      expect(first.total, JSON.stringify(filter)).toBe(want.length);
      expect(
        first.rows.map((r) => r.keyField),
        JSON.stringify(filter),
      ).toEqual(want.slice(0, 25));
      const second = await page(filter, 'checkIn', 25);
      expect(second.rows.map((r) => r.keyField)).toEqual(want.slice(25, 50));
    }
  });

  it('counts the chips and searches, the same on both engines', async () => {
    const counts = await e.read(inboxOps.counts({}));
    expect(counts.total).toBe(120);
    expect(counts.cancelled).toBe(
      (await e.rows(`SELECT key_field FROM reservations WHERE change_kind = 'cancelled'`)).length,
    );
    expect(counts.new + counts.changed + counts.cancelled).toBe(120);
    expect(counts.waiting + counts.confirmed + counts.declined + counts.otherStatus).toBe(120);
    // YILMAZ is a surname of the fixtures; no other word of theirs starts with it.
    const yilmaz = generateReservations(120, 3)
      .filter((r) => r.guests.some((g) => g.name.startsWith('YILMAZ ')))
      .map((r) => r.keyField);
    expect(yilmaz.length).toBeGreaterThan(5);
    for (const typed of ['yılmaz', 'YILMAZ', 'yilm']) {
      const found = await page({ search: typed });
      expect(found.total, typed).toBe(yilmaz.length);
      expect(found.rows.map((r) => r.keyField).sort(), typed).toEqual(
        yilmaz.slice(0, 25).length === yilmaz.length
          ? [...yilmaz].sort()
          : found.rows.map((r) => r.keyField).sort(),
      );
      expect((await e.read(inboxOps.counts({ search: typed }))).total).toBe(yilmaz.length);
    }
    const waitingYilmaz = await page({ search: 'yilmaz', statuses: ['W'] });
    expect(waitingYilmaz.rows.every((r) => r.confirmationStatus === 'W' && yilmaz.includes(r.keyField))).toBe(
      true,
    );
    expect((await e.read(inboxOps.problemCandidates())).length).toBe(
      (
        await e.rows(
          `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND change_kind <> 'cancelled'`,
        )
      ).length,
    );
  });
});

describe('two desks importing at once (PostgreSQL)', () => {
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
  });
  const desk = async (origin: string): Promise<HotelStore> => {
    const pool = openHotelPool({ url: engines.postgres.url, applicationName: `resdesk ${origin}` });
    pools.push(pool);
    return HotelStore.open(pool, { origin });
  };

  it('store every reservation and every version once, and the tally counts each once', async () => {
    const e = await engines.open('postgres');
    const [a, b] = [await desk('desk-a'), await desk('desk-b')];
    const items = generateReservations(400, 11);
    const changes = items.slice(0, 200).map((r) => ({ ...r, logId: r.logId + 1_000_000, pmsStatus: 2 }));
    const older = items.slice(200, 300).map((r) => ({ ...r, logId: r.logId - 500_000, pmsStatus: 0 }));
    const batches = [items.slice(0, 200), items.slice(200), [...changes, ...older]];
    // Each desk runs the same batches in turn, both at once: every item is raced.
    const results = await Promise.all(
      [a, b].map(async (store) => {
        const done: ImportResult[] = [];
        for (const batch of batches) done.push(await store.write(importOps.batch(batch, T1)));
        return done;
      }),
    );
    expect(await count(e, 'reservations')).toBe(400);
    expect(await count(e, 'reservation_versions')).toBe(700);
    expect(await count(e, 'reservation_search')).toBe(400);
    expect(await count(e, 'pending_acknowledgements')).toBe(700);
    expect(await tally(e)).toEqual(await counted(e));
    // Between them, the desks report each reservation stored once and each change once (under the change kind
    // of its PmsStatus), and the rest as unchanged.
    const all = results.flat();
    const reported = all.flatMap((r) => [...r.new, ...r.changed, ...r.cancelled]);
    expect(reported.sort()).toEqual([...items, ...changes].map((r) => r.keyField).sort());
    expect(all.reduce((n, r) => n + r.unchanged, 0)).toBe(2 * 700 - 600);
    // The newest LogId is current, whoever stored which.
    const current = await e.rows('SELECT key_field, log_id FROM reservations');
    const newest = new Map(items.map((r) => [r.keyField, r.logId]));
    for (const c of changes) newest.set(c.keyField, c.logId);
    expect(Object.fromEntries(current.map((r) => [String(r.key_field), Number(r.log_id)]))).toEqual(
      Object.fromEntries(newest),
    );
    expect(await a.read(searchOps.keyFields(items[0]?.guests[0]?.name ?? '-', 1000))).toContain(
      items[0]?.keyField,
    );
  });
});
