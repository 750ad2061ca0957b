// The reference lists and the reads around them on both engines: agencies, decline reasons, stay
// codes, the check settings, the items set aside, the reconcile's reads, the activity log's page and the mapping
// screen's reads and copy, each operation run on SQLite and on a real PostgreSQL with the same outcomes asserted.
// `npx vitest run test/integration/hotel-db/store-reference.test.ts`
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityOps } from '../../../main/store/activity';
import { agencyOps } from '../../../main/store/agencies';
import { checkSettingOps, MEN_ONLY_KEY } from '../../../main/store/check-settings';
import { mappingOps, mappingViewOps } from '../../../main/store/mappings';
import { declineReasonOps } from '../../../main/store/messages';
import { reconcileInputOps } from '../../../main/store/reconcile-input';
import { settingsOps } from '../../../main/store/settings';
import { stayCodeOps } from '../../../main/store/stay-codes';
import { unreadableOps } from '../../../main/store/unreadable';
import type { Op, Outcome, StoreChange } from '../../../main/store/engines/op';
import type { StayCode, StayCodeKind, UnreadableReservation } from '../../../shared/domain';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';

const AT = '2026-07-01T09:00:00.000Z';
const engines = bothEngines();

const count = async (e: EngineUnderTest, table: string): Promise<number> => {
  const [row] = await e.rows(`SELECT CAST(count(*) AS integer) AS n FROM ${table}`);
  return Number(row?.n);
};

interface Seed {
  key: string;
  logId?: number;
  agency?: string;
  status?: string;
  changeKind?: 'new' | 'changed' | 'cancelled';
  checkIn?: string;
  room?: [string, string];
  roomType?: [string, string];
  board?: [string, string];
  /** [nationality code, the channel's name for it] per guest. */
  guests?: [string, string][];
  leadGuest?: string;
}

/** Runs `op` as is, keeping what it tells the other desks (PostgreSQL's runner also NOTIFYs it at commit). */
function* recording<T>(op: Op<T>, heard: StoreChange[]): Op<T> {
  let next = op.next();
  while (!next.done) {
    const step = next.value;
    if ('change' in step) heard.push(step.change);
    let outcome: Outcome;
    try {
      outcome = yield step;
    } catch (error) {
      next = op.throw(error);
      continue;
    }
    next = op.next(outcome);
  }
  return next.value;
}

const text = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** A reservation stored with plain SQL both engines take (the import is another area's). */
async function seed(e: EngineUnderTest, r: Seed): Promise<void> {
  const [roomId, roomName] = r.room ?? ['R1', 'Sea view'];
  const [typeId, typeName] = r.roomType ?? ['DBL', 'Double Room'];
  const [boardId, boardName] = r.board ?? ['AI', 'All inclusive'];
  const guests = JSON.stringify(
    (r.guests ?? []).map(([code, name]) => ['KAYA AYSE', 'MRS', '34', '', code, name]),
  );
  await e.rows(
    `INSERT INTO reservations (key_field, log_id, service_id, pms_status, change_kind, confirmation_status,
       confirmation_no, confirme_note, agency_id, agency_name, hotel_id, hotel_name, stay_hotel_name,
       original_hotel_code, partner_id, tour_op_code, tour_op_name, voucher_no, check_in, check_out, nights,
       room_id, room_name, room_type_id, room_type_name, accom_id, accom_name, room_count, adults, childs,
       infants, pax, extra_bed, fis_no, free_of_charge, honey_moon, promosyon_room, quota_type,
       reservation_status, last_change_user, note, sold_currency, sold_price, lead_guest, received_at,
       guests_json)
     VALUES (${text(r.key)}, ${r.logId ?? 1}, 'S', 1, ${text(r.changeKind ?? 'new')}, ${text(r.status ?? 'W')},
       '', '', ${text(r.agency ?? 'AG1')}, 'Agency', 'H', 'Hotel', 'Hotel', 'HC', 1, 'T', 'Tour', 'V1',
       ${text(r.checkIn ?? '2026-07-10T00:00:00')}, '2026-07-12T00:00:00', 2, ${text(roomId)}, ${text(roomName)},
       ${text(typeId)}, ${text(typeName)}, ${text(boardId)}, ${text(boardName)}, 1, 2, 0, 0, 2, 0, 0, 'N', 'N',
       'N', 0, 0, 'u', '', 'EUR', 100, ${text(r.leadGuest ?? 'KAYA AYSE')}, ${text(AT)}, ${text(guests)})
     RETURNING id`,
  );
}

const code = (kind: StayCodeKind, value: string, name: string, extra: Partial<StayCode> = {}): StayCode => ({
  agencyId: 'AG1',
  kind,
  code: value,
  name,
  ...extra,
});

describe.each(engineNames)('on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  describe('what other desks hear', () => {
    it('agencies by id (the hidden ones too), set-aside items added or seen again, copied mappings, the decline reasons and stay codes replaced', async () => {
      const heard: StoreChange[] = [];
      await e.write(
        recording(
          agencyOps.replace([
            { id: 'A1', name: 'One' },
            { id: 'A2', name: 'Two' },
          ]),
          heard,
        ),
      );
      await e.write(recording(agencyOps.replace([{ id: 'A3', name: 'Three' }]), heard));
      await e.write(
        recording(declineReasonOps.replace('tr-TR', [{ id: '1', name: 'Dolu', lang: 'tr-TR' }]), heard),
      );
      await e.write(recording(stayCodeOps.replace('A1', [code('room', 'R1', 'Sea')]), heard));
      const item = {
        operation: 'L',
        field: 'F',
        expected: 'E',
        keyField: null,
        logId: null,
        serviceId: null,
      };
      await e.write(recording(unreadableOps.record([{ ...item, text: 'a' }], AT), heard));
      await e.write(
        recording(
          unreadableOps.record(
            [
              { ...item, text: 'a' },
              { ...item, text: 'b' },
            ],
            AT,
          ),
          heard,
        ),
      );
      await e.write(
        mappingOps.set({
          agencyId: 'A2',
          kind: 'room',
          channelCode: 'R1',
          hotelCode: 'SEA',
          user: 'u',
          at: AT,
        }),
      );
      await e.write(
        recording(mappingViewOps.copy({ agencyId: 'A1', fromAgencyId: 'A2', user: 'u', at: AT }), heard),
      );
      const [first, second] = (await e.read(unreadableOps.list())).map((u) => String(u.id)).reverse();
      expect(heard).toEqual([
        { table: 'agencies', kind: 'changed', ids: ['A1', 'A2'] },
        { table: 'agencies', kind: 'changed', ids: ['A1', 'A2', 'A3'] },
        { table: 'not_confirm_messages', kind: 'changed', ids: ['tr-TR'] },
        { table: 'stay_codes', kind: 'changed', ids: ['A1'] },
        { table: 'set_aside_items', kind: 'added', ids: [first] },
        { table: 'set_aside_items', kind: 'added', ids: [second] },
        { table: 'set_aside_items', kind: 'changed', ids: [first] },
        { table: 'mappings', kind: 'changed', ids: ['["A1","room","R1"]'] },
      ]);
    });
  });

  describe('agencies', () => {
    it('replaces the list, keeps a dropped agency hidden but findable, lists bytewise by name', async () => {
      await e.write(
        agencyOps.replace([
          { id: 'A2', name: 'sun' },
          { id: 'A1', name: 'Öger' },
          { id: 'A3', name: 'Anex' },
        ]),
      );
      // Bytewise: uppercase before lowercase before non-ASCII, as SQLite compares.
      expect(await e.read(agencyOps.list())).toEqual([
        { id: 'A3', name: 'Anex' },
        { id: 'A2', name: 'sun' },
        { id: 'A1', name: 'Öger' },
      ]);
      await e.write(agencyOps.replace([{ id: 'A1', name: 'Öger Tours' }]));
      expect(await e.read(agencyOps.list())).toEqual([{ id: 'A1', name: 'Öger Tours' }]);
      expect(await e.read(agencyOps.find('A2'))).toEqual({ id: 'A2', name: 'sun' });
      expect(await e.read(agencyOps.find('nobody'))).toBeNull();
      const rows = await e.rows('SELECT id, CAST(active AS integer) AS active FROM agencies ORDER BY id');
      expect(rows).toEqual([
        { id: 'A1', active: 1 },
        { id: 'A2', active: 0 },
        { id: 'A3', active: 0 },
      ]);
      // A dropped agency listed again comes back.
      await e.write(agencyOps.replace([{ id: 'A2', name: 'Sun' }]));
      expect(await e.read(agencyOps.list())).toEqual([{ id: 'A2', name: 'Sun' }]);
    });
  });

  describe('decline reasons', () => {
    it('replaces one language in the service order; a repeated id keeps its last name and place', async () => {
      await e.write(
        declineReasonOps.replace('tr-TR', [
          { id: '2', name: 'Dolu', lang: 'tr-TR' },
          { id: '1', name: 'Fiyat', lang: 'tr-TR' },
        ]),
      );
      await e.write(
        declineReasonOps.replace('en-US', [
          { id: '1', name: 'Price', lang: 'en-US' },
          { id: '3', name: 'Old', lang: 'en-US' },
          { id: '2', name: 'Full', lang: 'en-US' },
          { id: '3', name: 'Closed', lang: 'en-US' },
        ]),
      );
      expect(await e.read(declineReasonOps.list('tr-TR'))).toEqual([
        { id: '2', name: 'Dolu', lang: 'tr-TR' },
        { id: '1', name: 'Fiyat', lang: 'tr-TR' },
      ]);
      expect((await e.read(declineReasonOps.list('en-US'))).map((m) => m.name)).toEqual([
        'Price',
        'Full',
        'Closed',
      ]);
      // Without a language the service's own (Turkish) text wins; with one, only that language.
      expect(await e.read(declineReasonOps.find('1'))).toEqual({ id: '1', name: 'Fiyat', lang: 'tr-TR' });
      expect(await e.read(declineReasonOps.find('3'))).toEqual({ id: '3', name: 'Closed', lang: 'en-US' });
      expect(await e.read(declineReasonOps.find('1', 'en-US'))).toEqual({
        id: '1',
        name: 'Price',
        lang: 'en-US',
      });
      expect(await e.read(declineReasonOps.find('3', 'tr-TR'))).toBeNull();

      await e.write(declineReasonOps.replace('tr-TR', [{ id: '9', name: 'Yeni', lang: 'tr-TR' }]));
      expect(await e.read(declineReasonOps.list('tr-TR'))).toEqual([
        { id: '9', name: 'Yeni', lang: 'tr-TR' },
      ]);
      expect(await count(e, 'not_confirm_messages')).toBe(4);
    });
  });

  describe('stay codes', () => {
    it('replaces an agency’s codes with every field, lists rooms first in the service order', async () => {
      const room = code('room', 'R1', 'Sea view', {
        hotel: 'Hotel',
        hotelNumber: 9007199254740991,
        pax: 3,
        minAdults: 1,
        maxAdults: 2,
        maxChildren: 1,
        maxPax: 3,
        raw: { Kod: 'R1', Unknown: [1, 'x'] },
      });
      await e.write(
        stayCodeOps.replace('AG1', [
          code('board', 'AI', 'All inclusive'),
          code('nationality', 'TR', 'Türkiye'),
          code('roomType', 'DBL', 'Double', { pax: 2 }),
          room,
          code('room', 'R0', 'Garden'),
          code('board', 'AI', 'All in'),
        ]),
      );
      await e.write(stayCodeOps.replace('AG2', [code('room', 'X', 'Other')]));
      const listed = await e.read(stayCodeOps.list('AG1'));
      expect(listed.map((c) => `${c.kind}:${c.code}:${c.name}`)).toEqual([
        'room:R1:Sea view',
        'room:R0:Garden',
        'roomType:DBL:Double',
        'board:AI:All in',
        'nationality:TR:Türkiye',
      ]);
      expect(listed[0]).toEqual({
        agencyId: 'AG1',
        kind: 'room',
        code: 'R1',
        name: 'Sea view',
        hotel: 'Hotel',
        hotelNumber: 9007199254740991,
        pax: 3,
        minAdults: 1,
        maxAdults: 2,
        maxChildren: 1,
        maxPax: 3,
      });
      // Guest limits belong to rooms only.
      expect(listed[2]).toEqual({
        agencyId: 'AG1',
        kind: 'roomType',
        code: 'DBL',
        name: 'Double',
        hotel: '',
        hotelNumber: null,
      });
      expect((await e.read(stayCodeOps.list('AG1', 'room'))).map((c) => c.code)).toEqual(['R1', 'R0']);
      const [raw] = await e.rows(`SELECT raw_json FROM stay_codes WHERE code = 'R1'`);
      expect(JSON.parse(String(raw?.raw_json))).toEqual(room.raw);

      await e.write(stayCodeOps.replace('AG1', [code('room', 'R9', 'New')]));
      expect((await e.read(stayCodeOps.list('AG1'))).map((c) => c.code)).toEqual(['R9']);
      expect((await e.read(stayCodeOps.list('AG2'))).map((c) => c.code)).toEqual(['X']);
    });
  });

  describe('check settings', () => {
    it('is off until turned on; a change is logged once, a repeat not; anything but true reads off', async () => {
      expect(await e.read(checkSettingOps.get())).toEqual({ menOnly: false });
      expect(await e.write(checkSettingOps.setMenOnly(false, 'Ayşe', AT))).toEqual({ menOnly: false });
      expect(await count(e, 'activity')).toBe(0);
      expect(await e.write(checkSettingOps.setMenOnly(true, 'Ayşe', AT))).toEqual({ menOnly: true });
      expect(await e.write(checkSettingOps.setMenOnly(true, 'Ayşe', AT))).toEqual({ menOnly: true });
      const log = await e.rows(`SELECT "user", action, detail FROM activity`);
      expect(log).toEqual([
        {
          user: 'Ayşe',
          action: 'settings',
          detail: JSON.stringify({ kind: 'settings', setting: 'menOnly', on: true }),
        },
      ]);
      await e.write(settingsOps.set(MEN_ONLY_KEY, 'yes'));
      expect(await e.read(checkSettingOps.get())).toEqual({ menOnly: false });
    });
  });

  describe('items set aside', () => {
    const item = (over: Partial<UnreadableReservation> = {}): UnreadableReservation => ({
      operation: 'GetReservationList',
      field: 'LogId',
      expected: 'a number',
      keyField: 'K1',
      logId: 5,
      serviceId: 'S1',
      text: '{"KeyField":"K1"}',
      ...over,
    });

    it('keeps each item once, counts sightings, and says when a later version resolved it', async () => {
      await e.write(unreadableOps.record([item()], '2026-06-01T08:00:00.000Z'));
      await e.write(
        unreadableOps.record(
          [
            item({ reason: 'impossible', field: 'Adult', expected: 'zero or more' }),
            item({ text: 'other', keyField: 'K2', logId: 7, reason: 'log-id-reused' }),
          ],
          '2026-06-01T08:05:00.000Z',
        ),
      );
      const kept = await e.read(unreadableOps.list());
      expect(kept).toEqual([
        {
          // PostgreSQL's identity also moves for the sighting that updated instead: ids differ, order does not.
          id: expect.any(Number),
          operation: 'GetReservationList',
          field: 'LogId',
          expected: 'a number',
          keyField: 'K2',
          logId: 7,
          serviceId: 'S1',
          text: 'other',
          reason: 'log-id-reused',
          firstSeenAt: '2026-06-01T08:05:00.000Z',
          lastSeenAt: '2026-06-01T08:05:00.000Z',
          timesSeen: 1,
          resolved: false,
        },
        expect.objectContaining({
          id: 1,
          keyField: 'K1',
          field: 'Adult',
          expected: 'zero or more',
          reason: 'impossible',
          firstSeenAt: '2026-06-01T08:00:00.000Z',
          lastSeenAt: '2026-06-01T08:05:00.000Z',
          timesSeen: 2,
          resolved: false,
        }),
      ]);
      expect(await e.read(unreadableOps.openCount())).toBe(2);

      // The same LogId resolves an item whose LogId was never stored; one whose LogId was taken needs a newer one.
      await seed(e, { key: 'K1', logId: 5 });
      await seed(e, { key: 'K2', logId: 7 });
      expect((await e.read(unreadableOps.list())).map((u) => [u.keyField, u.resolved])).toEqual([
        ['K2', false],
        ['K1', true],
      ]);
      expect(await e.read(unreadableOps.openCount())).toBe(1);
      await e.rows(`UPDATE reservations SET log_id = 8 WHERE key_field = 'K2' RETURNING id`);
      expect(await e.read(unreadableOps.openCount())).toBe(0);
    });
  });

  describe('the reconcile’s reads', () => {
    it('counts undecided and settled reservations per check-in day of the window, with their agencies', async () => {
      await seed(e, { key: 'a', checkIn: '2026-07-10T00:00:00', agency: 'B', status: 'W' });
      await seed(e, { key: 'b', checkIn: '2026-07-10T00:00:00', agency: 'A', status: 'S' });
      await seed(e, { key: 'c', checkIn: '2026-07-10T00:00:00', agency: 'C', status: 'E' });
      await seed(e, { key: 'd', checkIn: '2026-07-11T00:00:00', agency: 'A', status: 'H' });
      await seed(e, { key: 'e', checkIn: '2026-07-12T00:00:00', agency: 'A', status: 'W' });
      await seed(e, { key: 'f', checkIn: '2026-07-09T00:00:00', agency: 'A', status: 'W' });
      expect(await e.read(reconcileInputOps.days('2026-07-10', '2026-07-11'))).toEqual([
        { day: '2026-07-10', undecided: 2, settled: 1, agencies: ['A', 'B'] },
        { day: '2026-07-11', undecided: 0, settled: 1, agencies: [] },
      ]);
      const undecided = await e.read(reconcileInputOps.undecided('2026-07-10', '2026-07-12'));
      expect(undecided.sort((x, y) => x.keyField.localeCompare(y.keyField))).toEqual([
        { keyField: 'a', day: '2026-07-10', agencyId: 'B' },
        { keyField: 'b', day: '2026-07-10', agencyId: 'A' },
        { keyField: 'e', day: '2026-07-12', agencyId: 'A' },
      ]);
    });
  });

  describe('the activity log’s page', () => {
    it('pages newest first with the guest as it stands and a decline reason in the language asked, else the other', async () => {
      await seed(e, { key: 'K1', leadGuest: 'IŞIK AYŞE' });
      await e.write(declineReasonOps.replace('tr-TR', [{ id: '1', name: 'Dolu', lang: 'tr-TR' }]));
      await e.write(
        declineReasonOps.replace('en-US', [
          { id: '1', name: 'Full', lang: 'en-US' },
          { id: '2', name: 'Price', lang: 'en-US' },
        ]),
      );
      const add = (at: string, action: 'decline' | 'export', keyField: string | null, detail: string) =>
        e.write(activityOps.add({ at, user: 'Ayşe', action, keyField, detail }));
      await add('2026-07-01T09:00:00Z', 'decline', 'K1', '1');
      await add('2026-07-01T10:00:00Z', 'decline', 'K9', '2');
      await add('2026-07-01T10:00:00Z', 'export', null, '1');
      await add('2026-07-01T08:00:00Z', 'export', null, 'x.csv');

      const tr = await e.read(activityOps.list(0, 3, 'tr'));
      expect(tr).toEqual([
        {
          id: 3,
          at: '2026-07-01T10:00:00Z',
          user: 'Ayşe',
          action: 'export',
          keyField: null,
          detail: '1',
          guest: null,
          reasonName: null,
        },
        {
          id: 2,
          at: '2026-07-01T10:00:00Z',
          user: 'Ayşe',
          action: 'decline',
          keyField: 'K9',
          detail: '2',
          guest: null,
          reasonName: 'Price',
        },
        {
          id: 1,
          at: '2026-07-01T09:00:00Z',
          user: 'Ayşe',
          action: 'decline',
          keyField: 'K1',
          detail: '1',
          guest: 'IŞIK AYŞE',
          reasonName: 'Dolu',
        },
      ]);
      expect((await e.read(activityOps.list(0, 3, 'en')))[2]?.reasonName).toBe('Full');
      expect((await e.read(activityOps.list(3, 3))).map((a) => a.id)).toEqual([4]);
    });
  });

  describe('the mapping screen', () => {
    const map = (kind: StayCodeKind, channelCode: string, hotelCode: string, agencyId = 'AG1') =>
      e.write(mappingOps.set({ agencyId, kind, channelCode, hotelCode, user: 'Ayşe', at: AT }));

    beforeEach(async () => {
      await e.write(
        stayCodeOps.replace('AG1', [
          code('room', 'R1', 'Sea view'),
          code('room', 'R2', 'Garden view'),
          code('roomType', 'DBL', 'Double'),
          code('board', 'AI', 'All inclusive'),
          code('board', 'HB', 'Half board'),
          code('nationality', 'TR', 'Türkiye'),
        ]),
      );
      await seed(e, {
        key: 'k1',
        guests: [
          ['TR', 'Türkiye'],
          ['TR', 'Türkiye'],
        ],
      });
      await seed(e, { key: 'k2', logId: 2, status: 'E', board: ['HB', 'Half'], guests: [['de', 'Germany']] });
      // Codes the agency never listed; the room types and nationalities bytewise.
      await seed(e, {
        key: 'k3',
        logId: 3,
        roomType: ['b', 'Lower'],
        guests: [
          ['DE', 'Deutschland'],
          ['de', 'x'],
        ],
      });
      await seed(e, { key: 'k4', logId: 4, roomType: ['Z', 'Upper'], guests: [['_x', 'Odd']] });
      // Declined and cancelled reservations need no mapping.
      await seed(e, { key: 'k5', logId: 5, status: 'H', room: ['R7', 'Old'], guests: [['RU', 'Russia']] });
      await seed(e, { key: 'k6', logId: 6, changeKind: 'cancelled', room: ['R8', 'Gone'] });
      await seed(e, { key: 'k7', logId: 7, agency: 'AG2', room: ['R1', 'Sea'] });
    });

    it('lists unmapped codes in use first (most used first), then other unmapped, then mapped ones', async () => {
      await map('board', 'AI', 'AI-H');
      await map('nationality', 'TR', 'TUR', '*');
      await map('nationality', 'DE', 'GER', '*');
      await map('nationality', 'DE', 'DEU');
      await map('room', 'R9', 'R-9');
      const view = await e.read(mappingViewOps.view('AG1', [{ kind: 'room', channelCode: 'R7' }]));
      const row = (r: (typeof view.rows)[number]) =>
        [
          r.kind,
          r.channelCode,
          r.channelName,
          r.hotelCode,
          r.usedByLive,
          r.mappedFor,
          r.allAgenciesCode,
        ].join('|');
      expect(view.rows.map(row)).toEqual([
        'room|R1|Sea view||4||',
        'roomType|DBL|Double||2||',
        'nationality|de|x||2||',
        'roomType|Z|Upper||1||',
        'roomType|b|Lower||1||',
        'board|HB|Half board||1||',
        'nationality|_x|Odd||1||',
        'room|R2|Garden view||0||',
        'room|R7|||0||',
        'room|R9||R-9|0|agency|',
        'board|AI|All inclusive|AI-H|3|agency|',
        'nationality|TR|Türkiye|TUR|1|allAgencies|TUR',
        'nationality|DE|Deutschland|DEU|1|agency|GER',
      ]);
      expect(view).toMatchObject({ agencyId: 'AG1', total: 13, unmapped: 9 });
      expect(view.hotelCodes.map((c) => c.code)).toEqual(['R-9', 'AI-H', 'DEU', 'GER', 'TUR']);
      expect(await e.read(mappingViewOps.view('nobody'))).toMatchObject({ rows: [], total: 0, unmapped: 0 });
    });

    it('gives a reservation’s codes with the hotel’s code where mapped, and its unmapped ones', async () => {
      await map('room', 'R1', 'SEA');
      await map('nationality', 'DE', 'GER', '*');
      expect(await e.read(mappingViewOps.codesOf('k3'))).toEqual([
        { kind: 'room', channelCode: 'R1', channelName: 'Sea view', hotelCode: 'SEA' },
        { kind: 'roomType', channelCode: 'b', channelName: 'Lower', hotelCode: null },
        { kind: 'board', channelCode: 'AI', channelName: 'All inclusive', hotelCode: null },
        { kind: 'nationality', channelCode: 'DE', channelName: 'Deutschland', hotelCode: 'GER' },
        { kind: 'nationality', channelCode: 'de', channelName: 'x', hotelCode: null },
      ]);
      expect(await e.read(mappingViewOps.unmappedOf('k3'))).toEqual([
        { kind: 'roomType', channelCode: 'b' },
        { kind: 'board', channelCode: 'AI' },
        { kind: 'nationality', channelCode: 'de' },
      ]);
      expect(await e.read(mappingViewOps.codesOf('missing'))).toEqual([]);
    });

    it('says which of a page’s reservations use an unmapped code, whatever the keys hold', async () => {
      await seed(e, {
        key: 'q"uote\\',
        logId: 8,
        agency: 'AG3',
        room: ['', ''],
        roomType: ['', ''],
        board: ['', ''],
      });
      await seed(e, { key: 'İş 1', logId: 9, agency: 'AG3', guests: [['TR', '']] });
      const page = ['k1', 'k2', 'k7', 'q"uote\\', 'İş 1', 'missing', 'k1'];
      expect([...(await e.read(mappingViewOps.withUnmappedCodes(page)))].sort()).toEqual([
        'k1',
        'k2',
        'k7',
        'İş 1',
      ]);
      await map('room', 'R1', 'SEA', '*');
      await map('roomType', 'DBL', 'DB', '*');
      await map('board', 'AI', 'AI', '*');
      await map('board', 'HB', 'HB');
      await map('nationality', 'TR', 'TUR');
      // k1 is AG1's, whose TR is mapped; İş 1 is AG3's, whose TR is not.
      expect([...(await e.read(mappingViewOps.withUnmappedCodes(page)))].sort()).toEqual(['k2', 'İş 1']);
      await map('nationality', 'de', 'GER');
      await map('nationality', 'TR', 'TUR', '*');
      expect([...(await e.read(mappingViewOps.withUnmappedCodes(page)))]).toEqual([]);
      expect(await e.read(mappingViewOps.withUnmappedCodes([]))).toEqual(new Set());
    });

    it('copies another agency’s own mappings into the codes this one has not mapped, nothing else', async () => {
      await map('room', 'R1', 'SEA', 'AG2');
      await map('room', 'R2', 'GARDEN', 'AG2');
      await map('roomType', 'DBL', 'DOUBLE', 'AG2');
      await map('board', 'AI', 'ALL', 'AG2');
      await map('room', 'R99', 'NOPE', 'AG2');
      await map('roomType', 'DBL', 'DB');
      await map('board', 'AI', 'AI', '*');
      const copied = await e.write(
        mappingViewOps.copy({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Mehmet', at: AT }),
      );
      expect(copied).toEqual([
        { kind: 'room', channelCode: 'R1', hotelCode: 'SEA' },
        { kind: 'room', channelCode: 'R2', hotelCode: 'GARDEN' },
      ]);
      expect(
        await e.rows(
          `SELECT channel_code, hotel_code, updated_by FROM mappings WHERE agency_id = 'AG1' ORDER BY channel_code`,
        ),
      ).toEqual([
        { channel_code: 'DBL', hotel_code: 'DB', updated_by: 'Ayşe' },
        { channel_code: 'R1', hotel_code: 'SEA', updated_by: 'Mehmet' },
        { channel_code: 'R2', hotel_code: 'GARDEN', updated_by: 'Mehmet' },
      ]);
      expect(
        await e.write(mappingViewOps.copy({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'M', at: AT })),
      ).toEqual([]);
    });
  });
});
