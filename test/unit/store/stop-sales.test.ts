// Migration 006 (stop_sales, activity actions), the hotel's stop-sale dates, the family-policy setting, and
// the store's queries that feed the pre-confirm checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { migrate, openDatabase } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { stopSalesMigration } from '../../../main/store/migrations/006-stop-sales';
import { checksInput } from '../../../main/store/checks-input';
import { createChecker } from '../../../main/checks';
import { makeGuest, makeReservation } from './fixtures';
import { openDeskDatabase, receive } from './desk-fixture';

const AT = '2026-07-01T09:00:00.000Z';

describe('migration 006 (stop-sales)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'resdesk-006-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is sixth, applies on a database at version 5 and keeps the activity log with its ids', () => {
    expect(migrations[5]).toBe(stopSalesMigration);
    expect(stopSalesMigration.version).toBe(6);
    const file = join(dir, 'old.db');
    const old = new Database(file);
    migrate(old, migrations.slice(0, 5));
    new Store(old).addActivity({ at: AT, user: 'Ayşe', action: 'confirm', keyField: 'K1', detail: '' });
    new Store(old).addActivity({
      at: AT,
      user: 'Ayşe',
      action: 'mapping',
      keyField: null,
      detail: 'room R1 → DBL',
    });
    // The old table refuses the new actions: the rebuild is what lets them in.
    expect(() =>
      new Store(old).addActivity({ at: AT, user: 'Ayşe', action: 'stop-sale', keyField: null, detail: '' }),
    ).toThrow(/CHECK/);
    old.close();

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(new Store(db).listActivity(0, 10).map((e) => [e.id, e.action, e.detail])).toEqual([
        [2, 'mapping', 'room R1 → DBL'],
        [1, 'confirm', ''],
      ]);
      const id = new Store(db).addActivity({
        at: AT,
        user: 'Ayşe',
        action: 'stop-sale',
        keyField: null,
        detail: '',
      });
      expect(id).toBe(3);
      new Store(db).addActivity({ at: AT, user: 'Ayşe', action: 'settings', keyField: null, detail: '' });
      const indexes = db
        .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'activity'")
        .pluck()
        .all();
      expect(indexes).toContain('activity_newest_first');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('refuses a stop-sale that makes no sense: empty code, other kinds, dates not YYYY-MM-DD, end before start', () => {
    const db = openDeskDatabase();
    try {
      const insert = (kind: string, code: string, from: string, to: string) => () =>
        db
          .prepare(
            `INSERT INTO stop_sales (code_kind, hotel_code, date_from, date_to, created_by, created_at)
             VALUES (?, ?, ?, ?, 'x', 'x')`,
          )
          .run(kind, code, from, to);
      expect(insert('roomType', 'DBL', '2026-08-01', '2026-08-01')).not.toThrow();
      expect(insert('room', 'SV', '2026-08-01', '2026-08-03')).not.toThrow();
      expect(insert('board', 'AI', '2026-08-01', '2026-08-03')).toThrow(/CHECK/);
      expect(insert('roomType', '', '2026-08-01', '2026-08-03')).toThrow(/CHECK/);
      expect(insert('roomType', 'DBL', '01.08.2026', '2026-08-03')).toThrow(/CHECK/);
      expect(insert('roomType', 'DBL', '2026-08-03', '2026-08-01')).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

describe('stop-sales and the family-policy setting', () => {
  let db: Db;
  beforeEach(() => {
    db = openDeskDatabase();
  });
  afterEach(() => db.close());

  it('adds, lists earliest first and removes, each with an activity row', () => {
    const late = new Store(db).addStopSale({
      codeKind: 'roomType',
      hotelCode: ' DBL ',
      from: '2026-09-01',
      to: '2026-09-05',
      note: 'Boya',
      user: 'Ayşe',
      at: AT,
    });
    const early = new Store(db).addStopSale({
      codeKind: 'room',
      hotelCode: 'SV',
      from: '2026-08-10',
      to: '2026-08-10',
      user: 'Mehmet',
      at: AT,
    });
    expect(late).toEqual({
      id: late.id,
      codeKind: 'roomType',
      hotelCode: 'DBL',
      from: '2026-09-01',
      to: '2026-09-05',
      note: 'Boya',
      createdBy: 'Ayşe',
      createdAt: AT,
    });
    expect(new Store(db).listStopSales().map((s) => s.id)).toEqual([early.id, late.id]);
    expect(new Store(db).removeStopSale(late.id, 'Ayşe', AT)).toEqual(late);
    expect(new Store(db).removeStopSale(late.id, 'Ayşe', AT)).toBeNull();
    expect(new Store(db).listStopSales()).toEqual([early]);
    const log = new Store(db).listActivity(0, 10);
    // Codes, not words: the desk words them in its language when the log is read (activity-words.ts).
    const dbl = {
      codeKind: 'roomType',
      hotelCode: 'DBL',
      from: '2026-09-01',
      to: '2026-09-05',
      note: 'Boya',
    };
    const sv = { codeKind: 'room', hotelCode: 'SV', from: '2026-08-10', to: '2026-08-10', note: '' };
    expect(log.map((e) => [e.action, e.user, JSON.parse(e.detail)])).toEqual([
      ['stop-sale', 'Ayşe', { kind: 'stop-sale', change: 'removed', ...dbl }],
      ['stop-sale', 'Mehmet', { kind: 'stop-sale', change: 'added', ...sv }],
      ['stop-sale', 'Ayşe', { kind: 'stop-sale', change: 'added', ...dbl }],
    ]);
  });

  it('a refused stop-sale leaves no activity row behind', () => {
    expect(() =>
      new Store(db).addStopSale({
        codeKind: 'roomType',
        hotelCode: 'DBL',
        from: '2026-09-05',
        to: '2026-09-01',
        user: 'A',
        at: AT,
      }),
    ).toThrow(/CHECK/);
    expect(new Store(db).listActivity(0, 10)).toEqual([]);
  });

  it('offers the hotel codes room types and rooms are mapped to', () => {
    const map = (
      agencyId: string,
      kind: 'room' | 'roomType' | 'board',
      channelCode: string,
      hotelCode: string,
    ) => new Store(db).setMapping({ agencyId, kind, channelCode, hotelCode, user: 'A', at: AT });
    map('AG1', 'roomType', 'DBL', 'STD');
    map('AG2', 'roomType', 'DOUBLE', 'STD');
    map('AG2', 'roomType', 'FAM', 'FAM');
    map('AG1', 'room', 'R1', 'SV');
    map('AG1', 'board', 'AI', 'HD');
    expect(new Store(db).stopSaleHotelCodes()).toEqual({ roomType: ['FAM', 'STD'], room: ['SV'] });
  });

  it('men-only is off by default; switching it logs a change, a repeat logs nothing', () => {
    expect(new Store(db).checkSettings()).toEqual({ menOnly: false });
    expect(new Store(db).setMenOnly(true, 'Ayşe', AT)).toEqual({ menOnly: true });
    expect(new Store(db).setMenOnly(true, 'Ayşe', AT)).toEqual({ menOnly: true });
    expect(new Store(db).setMenOnly(false, 'Mehmet', AT)).toEqual({ menOnly: false });
    expect(new Store(db).listActivity(0, 10).map((e) => [e.action, e.user, JSON.parse(e.detail)])).toEqual([
      ['settings', 'Mehmet', { kind: 'settings', setting: 'menOnly', on: false }],
      ['settings', 'Ayşe', { kind: 'settings', setting: 'menOnly', on: true }],
    ]);
  });
});

describe('what the store feeds the checks', () => {
  let db: Db;
  beforeEach(() => {
    db = openDeskDatabase();
  });
  afterEach(() => db.close());

  it('every reservation with its own guests, in order, and page rows with titles and nationalities', () => {
    const a = makeReservation({
      keyField: 'K-A',
      logId: 11,
      voucherNo: 'VA',
      checkIn: '2025-07-01',
      checkOut: '2025-07-05',
      guests: [makeGuest('ÇELİK ŞULE', 'K-A', { birthDate: '1980-02-03T00:00:00', title: 'Mrs' })],
    });
    const b = makeReservation({ keyField: 'K-B', logId: 12, voucherNo: 'VB', guests: [] });
    const c = makeReservation({
      keyField: 'K-C',
      logId: 13,
      voucherNo: 'VC',
      checkIn: '2026-08-01',
      checkOut: '2026-08-04',
      guests: [
        makeGuest('Çelik Şule', 'K-C', { birthDate: '1980-02-03T00:00:00', title: 'Mrs' }),
        makeGuest('ÇELİK OĞUZ', 'K-C', { nationality: 'DE' }),
      ],
    });
    receive(db, a, b, c);
    const known = [...checksInput(db).reservations];
    expect(known.map((r) => [r.keyField, r.guests.map((g) => g.name)])).toEqual([
      ['K-A', ['ÇELİK ŞULE']],
      ['K-B', []],
      ['K-C', ['Çelik Şule', 'ÇELİK OĞUZ']],
    ]);
    // Walking it twice reads the table twice (the checker is rebuilt from the same input).
    expect([...checksInput(db).reservations]).toHaveLength(3);

    const page = new Store(db).checkedReservations(['K-C', 'missing']);
    expect([...page.keys()]).toEqual(['K-C']);
    expect(page.get('K-C')?.guests).toEqual([
      { name: 'Çelik Şule', title: 'Mrs', birthDate: '1980-02-03T00:00:00', nationality: 'TR' },
      { name: 'ÇELİK OĞUZ', title: 'Mr', birthDate: null, nationality: 'DE' },
    ]);
    expect(new Store(db).checkedReservations([]).size).toBe(0);
  });

  it('fits the engine: room limits, mappings and stop-sales from the tables make the checks fire', () => {
    new Store(db).replaceStayCodes('AG1', [
      {
        agencyId: 'AG1',
        kind: 'room',
        code: 'R1',
        name: 'Sea view',
        minAdults: 1,
        maxAdults: 2,
        maxChildren: 0,
        maxPax: 2,
      },
    ]);
    for (const [kind, channelCode, hotelCode] of [
      ['room', 'R1', 'SV'],
      ['roomType', 'DBL', 'STD'],
      ['board', 'AI', 'HD'],
      ['nationality', 'TR', 'TUR'],
    ] as const)
      new Store(db).setMapping({ agencyId: 'AG1', kind, channelCode, hotelCode, user: 'A', at: AT });
    new Store(db).addStopSale({
      codeKind: 'roomType',
      hotelCode: 'STD',
      from: '2026-07-12',
      to: '2026-07-13',
      user: 'A',
      at: AT,
    });
    const earlier = makeReservation({
      keyField: 'K-1',
      logId: 21,
      voucherNo: 'V-9',
      checkIn: '2025-06-01',
      checkOut: '2025-06-08',
      guests: [makeGuest('IŞIK AYŞE', 'K-1', { birthDate: '1985-01-01T00:00:00' })],
    });
    const now = makeReservation({
      keyField: 'K-2',
      logId: 22,
      voucherNo: 'V-9',
      adults: 3,
      guests: [makeGuest('Işık Ayşe', 'K-2', { birthDate: '1985-01-01T00:00:00' })],
    });
    receive(db, earlier, now);
    const checker = createChecker({
      today: '2026-07-01',
      ...checksInput(db),
      settings: new Store(db).checkSettings(),
    });
    const row = new Store(db).checkedReservations(['K-2']).get('K-2');
    if (!row) throw new Error('K-2 was not read back');
    expect(checker.check(row).map((c) => c.kind)).toEqual([
      'capacity',
      'capacity',
      'stop-sale',
      'duplicate-voucher',
      'returning-guest',
    ]);
    // The full stored reservation gives the same answer as the page row.
    expect(checker.check(now)).toEqual(checker.check(row));
  });
});
