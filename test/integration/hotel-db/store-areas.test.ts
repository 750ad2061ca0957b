// The ported store areas on both engines: settings, stop-sales, the activity log's rows, the hotel's
// codes and mappings, the export's lines, through DeskStore, with the same outcomes asserted on SQLite and on a
// real PostgreSQL.
// `npx vitest run test/integration/hotel-db/store-areas.test.ts`
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretSettingRefused } from '../../../main/store/settings';
import { HotelCodeTaken } from '../../../main/store/hotel-codes';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';
import { makeGuest, makeReservation } from '../../unit/store/fixtures';

const AT = '2026-07-01T09:00:00.000Z';
const engines = bothEngines();

const count = async (e: EngineUnderTest, table: string): Promise<number> => {
  const [row] = await e.rows(`SELECT CAST(count(*) AS integer) AS n FROM ${table}`);
  return Number(row?.n);
};

describe.each(engineNames)('on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  describe('settings', () => {
    it('returns the fallback until set, then the stored JSON value; undefined removes it', async () => {
      const s = e.store;
      expect(await s.getSetting('language', 'tr')).toBe('tr');
      await s.setSetting('language', 'en');
      await s.setSetting('connection', { serviceUrl: 'https://x.example', partnerId: 7 });
      await s.setSetting('language', 'en-US');
      expect(await s.getSetting('language', 'tr')).toBe('en-US');
      expect(await s.getSetting('connection', null)).toEqual({
        serviceUrl: 'https://x.example',
        partnerId: 7,
      });
      await s.setSetting('language', undefined);
      expect(await s.getSetting('language', 'tr')).toBe('tr');
      // Text JSON can carry a NUL only escaped; both engines keep it.
      await s.setSetting('odd', 'a\u0000b');
      expect(await s.getSetting('odd', '')).toBe('a\u0000b');
    });

    it.each(['password', 'service.pass', 'accessToken', 'api_key'])(
      'refuses "%s" and stores nothing',
      async (key) => {
        await expect(e.store.setSetting(key, 'hunter2')).rejects.toThrow(SecretSettingRefused);
        await expect(e.store.getSetting(key, '')).rejects.toThrow(SecretSettingRefused);
        expect(await count(e, 'settings')).toBe(0);
      },
    );

    it('refuses text that is not JSON at the table', async () => {
      await expect(e.rows(`INSERT INTO settings (key, value) VALUES ('x', '{not json')`)).rejects.toThrow();
      expect(await count(e, 'settings')).toBe(0);
    });
  });

  describe('activity', () => {
    it('gives each row the next id and keeps who did what', async () => {
      const first = await e.store.addActivity({
        at: AT,
        user: 'Ayşe',
        action: 'confirm',
        keyField: 'K1',
        detail: '',
      });
      const second = await e.store.addActivity({
        at: AT,
        user: 'Mehmet',
        action: 'export',
        keyField: null,
        detail: 'x.csv',
      });
      expect([first, second]).toEqual([1, 2]);
      expect(
        await e.rows('SELECT id, at, "user", action, key_field, detail FROM activity ORDER BY id'),
      ).toEqual(
        [
          { id: 1, at: AT, user: 'Ayşe', action: 'confirm', key_field: 'K1', detail: '' },
          { id: 2, at: AT, user: 'Mehmet', action: 'export', key_field: null, detail: 'x.csv' },
        ].map((r) => (name === 'postgres' ? { ...r, id: String(r.id) } : r)),
      );
    });

    it('refuses an action the log does not know', async () => {
      const entry = { at: AT, user: 'Ayşe', action: 'launch' as 'sync', keyField: null, detail: '' };
      await expect(e.store.addActivity(entry)).rejects.toThrow(/check/i);
      expect(await count(e, 'activity')).toBe(0);
    });
  });

  describe('stop-sales', () => {
    const sale = {
      codeKind: 'roomType' as const,
      from: '2026-08-01',
      to: '2026-08-03',
      user: 'Ayşe',
      at: AT,
    };

    it('stores a stop-sale with its activity row, lists bytewise by date then code, removes it with another', async () => {
      const codes = ['a1', 'B1', '_x', 'Z'];
      const saved = [];
      for (const hotelCode of codes)
        saved.push(await e.store.addStopSale({ ...sale, hotelCode: ` ${hotelCode} `, note: ' late ' }));
      const early = await e.store.addStopSale({
        ...sale,
        hotelCode: 'zz',
        from: '2026-07-30',
        to: '2026-08-01',
      });
      expect(saved[0]).toEqual({
        id: 1,
        codeKind: 'roomType',
        hotelCode: 'a1',
        from: '2026-08-01',
        to: '2026-08-03',
        note: 'late',
        createdBy: 'Ayşe',
        createdAt: AT,
      });
      expect(early.note).toBe('');
      // SQLite compares bytes: uppercase, then '_', then lowercase. PostgreSQL must agree despite en-US.
      expect((await e.store.listStopSales()).map((s) => s.hotelCode)).toEqual(['zz', 'B1', 'Z', '_x', 'a1']);
      expect(await count(e, 'activity')).toBe(5);

      expect(await e.store.removeStopSale(2, 'Mehmet', AT)).toMatchObject({ id: 2, hotelCode: 'B1' });
      expect(await e.store.removeStopSale(2, 'Mehmet', AT)).toBeNull();
      expect((await e.store.listStopSales()).map((s) => s.id)).toEqual([5, 4, 3, 1]);
      const log = await e.rows(`SELECT "user", action, detail FROM activity ORDER BY id DESC`);
      expect(log).toHaveLength(6);
      expect(log[0]).toMatchObject({ user: 'Mehmet', action: 'stop-sale' });
      expect(JSON.parse(String(log[0]?.detail))).toEqual({
        kind: 'stop-sale',
        change: 'removed',
        codeKind: 'roomType',
        hotelCode: 'B1',
        from: '2026-08-01',
        to: '2026-08-03',
        note: 'late',
      });
    });

    it.each([
      ['an end before the start', { hotelCode: 'DBL', from: '2026-08-03', to: '2026-08-01' }],
      ['a date not written YYYY-MM-DD', { hotelCode: 'DBL', from: '2026-8-1', to: '2026-08-03' }],
      ['an empty code', { hotelCode: '  ', from: '2026-08-01', to: '2026-08-03' }],
    ])('refuses %s, with no activity row either', async (_what, wrong) => {
      await expect(e.store.addStopSale({ ...sale, ...wrong })).rejects.toThrow(/check/i);
      expect(await count(e, 'stop_sales')).toBe(0);
      expect(await count(e, 'activity')).toBe(0);
    });

    it("offers the hotel's mapped room and room type codes, each once, in order", async () => {
      const map = (
        agencyId: string,
        kind: 'room' | 'roomType' | 'board',
        channelCode: string,
        hotelCode: string,
      ) => e.store.setMapping({ agencyId, kind, channelCode, hotelCode, user: 'Ayşe', at: AT });
      await map('A1', 'roomType', 'DZ', 'DBL');
      await map('A2', 'roomType', 'DOUBLE', 'DBL');
      await map('A1', 'roomType', 'EZ', 'SGL');
      await map('A1', 'room', '101', 'R101');
      await map('A1', 'board', 'HP', 'HB');
      expect(await e.store.stopSaleHotelCodes()).toEqual({ roomType: ['DBL', 'SGL'], room: ['R101'] });
    });
  });

  describe("the hotel's codes and mappings", () => {
    const code = (kind: 'room' | 'roomType' | 'board', c: string, n = '') => ({
      kind,
      code: c,
      name: n,
      user: 'Ayşe',
      at: AT,
    });

    it('keeps one code per kind whatever its case, Turkish İ and ı included, as first written', async () => {
      expect(await e.store.addHotelCode(code('roomType', ' dbl ', ' Double '))).toEqual({
        kind: 'roomType',
        code: 'dbl',
        name: 'Double',
      });
      await e.store.addHotelCode(code('board', 'İY'));
      await e.store.addHotelCode(code('room', 'B2'));
      await e.store.addHotelCode(code('room', 'a1'));
      const taken = e.store.addHotelCode(code('roomType', 'DBL'));
      await expect(taken).rejects.toThrow(HotelCodeTaken);
      await expect(taken).rejects.toMatchObject({
        existing: { kind: 'roomType', code: 'dbl', name: 'Double' },
      });
      await expect(e.store.addHotelCode(code('board', 'iy'))).rejects.toThrow(HotelCodeTaken);
      await expect(e.store.addHotelCode(code('board', '  '))).rejects.toThrow(/empty/);
      expect(await e.store.findHotelCode('board', 'ıY')).toEqual({ kind: 'board', code: 'İY', name: '' });
      expect(await e.store.findHotelCode('room', 'DBL')).toBeNull();
      expect((await e.store.listHotelCodes()).map((c) => `${c.kind}:${c.code}`)).toEqual([
        'room:a1',
        'room:B2',
        'roomType:dbl',
        'board:İY',
      ]);
    });

    it("maps in the list's spelling, adding a code the list lacks; an agency's own mapping wins over all agencies'", async () => {
      await e.store.addHotelCode(code('roomType', 'Dbl'));
      const change = { agencyId: 'A1', kind: 'roomType' as const, channelCode: 'DZ', user: 'Ayşe', at: AT };
      await e.store.setMapping({ ...change, hotelCode: ' DBL ' });
      await e.store.setMapping({ ...change, channelCode: 'EZ', hotelCode: 'sgl' });
      expect(await e.store.hotelCodeFor('A1', 'roomType', 'DZ')).toBe('Dbl');
      expect((await e.store.listHotelCodes()).map((c) => c.code)).toEqual(['Dbl', 'sgl']);

      await e.store.setMapping({ ...change, agencyId: 'A2', hotelCode: 'SUITE', forAllAgencies: true });
      expect(await e.store.hotelCodeFor('A1', 'roomType', 'DZ')).toBe('Dbl');
      expect(await e.store.hotelCodeFor('A9', 'roomType', 'DZ')).toBe('SUITE');
      // For all agencies also drops the asking agency's own mapping, so it follows the shared one.
      await e.store.setMapping({ ...change, hotelCode: 'Dbl', forAllAgencies: true });
      expect(await e.store.hotelCodeFor('A1', 'roomType', 'DZ')).toBe('Dbl');
      expect(await e.rows(`SELECT agency_id, hotel_code FROM mappings WHERE channel_code = 'DZ'`)).toEqual([
        { agency_id: '*', hotel_code: 'Dbl' },
      ]);
      await e.store.setMapping({ ...change, hotelCode: '', forAllAgencies: true });
      expect(await e.store.hotelCodeFor('A1', 'roomType', 'DZ')).toBeNull();
      expect(await e.store.hotelCodeFor('A1', 'roomType', 'EZ')).toBe('sgl');
    });
  });

  describe('export lines', () => {
    it("gives every guest's line its reservation's guest count and what changed since the PMS got it", async () => {
      const guests = ['A', 'B', 'C'].map((name) => makeGuest(`GUEST ${name}`, 'K'));
      const stored = makeReservation({ keyField: 'K', logId: 1, confirmationStatus: 'E', guests });
      await e.store.importBatch([stored], AT);
      await e.store.markEntered([{ keyField: 'K', logId: 1 }], 'Ayşe', AT);
      await e.store.importBatch([{ ...stored, logId: 2, nights: 8, checkOut: '2026-07-18' }], AT);
      const reader = await e.store.openExportRows({ kind: 'guests', scope: 'all' });
      const lines = [...reader.rows];
      reader.close();
      const changes = [
        { field: 'checkOut', before: '2026-07-17', after: '2026-07-18' },
        { field: 'nights', before: '7', after: '8' },
      ];
      expect(lines.map((l) => [l.position, l.name, l.guestCount, l.state])).toEqual([
        [0, 'GUEST A', 3, 'needs-update'],
        [1, 'GUEST B', 3, 'needs-update'],
        [2, 'GUEST C', 3, 'needs-update'],
      ]);
      for (const line of lines) expect(line.changes).toEqual(changes);
    });
  });
});
