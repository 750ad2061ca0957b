// The operators' contracts and their use through the command line, on a desk synced from the practice service: an
// allotment added with `resdesk contracts add` flags a stay that takes the operator over it (`show --json`), `resdesk
// allotment` counts each night's rooms as the stored reservations say, and a contracts file goes out and comes back
// whole, while a file with one bad line imports nothing and says which line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { hotelToday } from '../../../main/sandbox/calendar';
import { Store } from '../../../main/store';
import type { AllotmentNight, Contract, ProductionView, ReservationCheck } from '../../../shared/domain';
import { addDays } from '../../../shared/calendar';
import { tempDir } from '../sync/helpers';
import { runResdesk } from '../../harness/resdesk-cli';

describe('resdesk contracts and allotment', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;
  let today: string;
  // The operator and channel room type with the most active stays, and one of its reservations.
  let agency = '';
  let roomTypeId = '';
  let busiest = { key: '', checkIn: '', checkOut: '' };

  const resdesk = async (args: string[]) => runResdesk([...args, '--db', db]);

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 300, seed: 21, fileReadyAfterMs: 100 });
    temp = tempDir('resdesk-contracts-');
    db = path.join(temp.dir, 'desk.db');
    today = hotelToday(new Date());
    const run = await runResdesk([
      'sync',
      '--db',
      db,
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--once',
    ]);
    expect(run.code).toBe(0);
    const store = Store.open(db);
    try {
      const rows = store.db
        .prepare(
          `SELECT agency_id AS agency, room_type_id AS roomType, count(*) AS n FROM reservations
           WHERE pms_status <> 3 AND confirmation_status <> 'H' GROUP BY agency_id, room_type_id ORDER BY n DESC, agency_id LIMIT 1`,
        )
        .all() as { agency: string; roomType: string }[];
      agency = rows[0]?.agency ?? '';
      roomTypeId = rows[0]?.roomType ?? '';
      const stay = store.db
        .prepare(
          `SELECT key_field AS key, substr(check_in, 1, 10) AS checkIn, substr(check_out, 1, 10) AS checkOut
           FROM reservations WHERE agency_id = ? AND room_type_id = ? AND pms_status <> 3 AND confirmation_status <> 'H'
             AND check_out > check_in ORDER BY check_in LIMIT 1`,
        )
        .get(agency, roomTypeId) as typeof busiest;
      busiest = stay;
      store.setMapping({
        agencyId: agency,
        kind: 'roomType',
        channelCode: roomTypeId,
        hotelCode: 'DZ',
        user: 't',
        at: today,
      });
    } finally {
      store.close();
    }
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('an allotment with no room left flags the stay in show --json, and is gone when removed', async () => {
    const added = await resdesk([
      'contracts',
      'add',
      '--agency',
      agency,
      '--room-type',
      'DZ',
      '--from',
      busiest.checkIn,
      '--to',
      busiest.checkOut,
      '--rooms',
      '0',
      '--kind',
      'guaranteed',
      '--json',
    ]);
    expect(added.stderr).toBe('');
    const contract = JSON.parse(added.stdout) as Contract;
    const shown = await resdesk(['show', busiest.key, '--json', '--today', today]);
    const checks = (JSON.parse(shown.stdout) as { checks: ReservationCheck[] }).checks;
    expect(checks.filter((c) => c.kind === 'allotment')).toEqual([
      expect.objectContaining({
        kind: 'allotment',
        reason: 'over',
        roomType: 'DZ',
        night: busiest.checkIn,
        allotted: 0,
      }),
    ]);
    const removed = await resdesk(['contracts', 'remove', String(contract.id)]);
    expect(removed.code).toBe(0);
    const after = await resdesk(['show', busiest.key, '--json', '--today', today]);
    expect(
      (JSON.parse(after.stdout) as { checks: ReservationCheck[] }).checks.map((c) => c.kind),
    ).not.toContain('allotment');
  });

  it('allotment counts each night as the stored reservations say', async () => {
    const from = busiest.checkIn;
    const to = new Date(Date.parse(`${from}T12:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
    const added = await resdesk([
      'contracts',
      'add',
      '--agency',
      agency,
      '--room-type',
      'DZ',
      '--from',
      from,
      '--to',
      to,
      '--rooms',
      '3',
      '--weekdays',
      '3,3,3,3,3,6,6',
      '--release',
      '14',
    ]);
    expect(added.code).toBe(0);
    const run = await resdesk(['allotment', '--from', from, '--to', to, '--json', '--today', today]);
    expect(run.stderr).toBe('');
    const nights = JSON.parse(run.stdout) as AllotmentNight[];
    expect(nights).toHaveLength(21);
    const store = Store.open(db);
    try {
      const countOn = (night: string, waiting: boolean): number =>
        Number(
          (
            store.db
              .prepare(
                `SELECT coalesce(sum(room_count), 0) AS n FROM reservations WHERE agency_id = ? AND room_type_id = ?
                   AND pms_status <> 3 AND confirmation_status <> 'H' AND (confirmation_status = 'W') = ?
                   AND substr(check_in, 1, 10) <= ? AND substr(check_out, 1, 10) > ?`,
              )
              .get(agency, roomTypeId, waiting ? 1 : 0, night, night) as { n: number }
          ).n,
        );
      for (const n of nights) {
        expect([n.night, n.used, n.asked]).toEqual([
          n.night,
          countOn(n.night, false),
          countOn(n.night, true),
        ]);
        expect(n.free).toBe(n.allotted - n.used);
      }
      expect(nights.reduce((sum, n) => sum + n.used + n.asked, 0)).toBeGreaterThan(0);
      expect(new Set(nights.map((n) => n.allotted))).toEqual(new Set([3, 6]));
    } finally {
      store.close();
    }
    const text = await resdesk(['allotment', '--from', from, '--to', to, '--today', today]);
    expect(text.stdout.trim().split('\n').at(-1)).toMatch(/^21 nights/);
  });

  it('exports the contracts and imports them back whole; a file with a bad line imports nothing and names it', async () => {
    const file = path.join(temp.dir, 'contracts.csv');
    const before = JSON.parse((await resdesk(['contracts', 'list', '--json'])).stdout) as Contract[];
    expect(before).toHaveLength(1);
    expect((await resdesk(['contracts', 'export', file])).code).toBe(0);
    const [only] = before;
    if (!only) throw new Error('no contract');
    expect((await resdesk(['contracts', 'remove', String(only.id)])).code).toBe(0);
    const imported = await resdesk(['contracts', 'import', file]);
    expect(imported.stdout.trim()).toBe('1 contracts imported');
    const after = JSON.parse((await resdesk(['contracts', 'list', '--json'])).stdout) as Contract[];
    const terms = (c: Contract) => ({ ...c, id: 0, updatedAt: '' });
    expect(after.map(terms)).toEqual(before.map(terms));

    // A Turkish spreadsheet: semicolons, dd.mm.yyyy, "garantili"; its second line shares nights with the first.
    const turkish = path.join(temp.dir, 'tr.csv');
    writeFileSync(
      turkish,
      '\uFEFFagency;room_type;from;to;rooms;weekday_rooms;kind;release_days;note\r\n' +
        `${agency};SGL;01.07.2027;31.07.2027;4;;garantili;7;yaz\r\n` +
        `${agency};SGL;15.07.2027;15.08.2027;2;;normal;7;\r\n`,
    );
    const refused = await resdesk(['contracts', 'import', turkish]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('Nothing was imported. line 3: This operator already has an allotment');
    expect(JSON.parse((await resdesk(['contracts', 'list', '--json'])).stdout)).toHaveLength(1);
    writeFileSync(
      turkish,
      readFileSync(turkish, 'utf8').replace('15.07.2027;15.08.2027', '01.08.2027;15.08.2027'),
    );
    expect((await resdesk(['contracts', 'import', turkish])).stdout.trim()).toBe('2 contracts imported');
    const list = JSON.parse((await resdesk(['contracts', 'list', '--json'])).stdout) as Contract[];
    expect(list.filter((c) => c.roomType === 'SGL').map((c) => [c.from, c.kind, c.note])).toEqual([
      ['2027-07-01', 'guaranteed', 'yaz'],
      ['2027-08-01', 'normal', ''],
    ]);
  });

  it('writes a file it is asked for never over the database, into a folder or a missing one', async () => {
    const listed = (await resdesk(['contracts', 'list', '--json'])).stdout;
    for (const [args, option] of [
      [['contracts', 'export', db], 'FILE'],
      [['production', '--csv', db], '--csv'],
      [['contracts', 'export', temp.dir], 'FILE'],
      [['production', '--csv', path.join(temp.dir, 'no-such-folder', 'p.csv')], '--csv'],
    ] as const) {
      const refused = await resdesk([...args]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(option);
      expect(refused.stderr).toMatch(/nothing was written/);
    }
    expect((await resdesk(['contracts', 'list', '--json'])).stdout).toBe(listed);
    // Text no form types: a code too long, a line break in a stop-sale's code, a NUL in a contracts file's note.
    const stopSales = (await resdesk(['stop-sale', 'list', '--json'])).stdout;
    for (const mistaken of [
      ['stop-sale', 'add', '--room-type', 'D'.repeat(101), '--from', '2027-07-01'],
      ['stop-sale', 'add', '--room-type', 'DZ\nX', '--from', '2027-07-01'],
      ['stop-sale', 'add', '--room-type', 'DZ', '--from', '2027-07-01', '--note', 'x'.repeat(201)],
    ]) {
      const refused = await resdesk(mistaken);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await resdesk(['stop-sale', 'list', '--json'])).stdout).toBe(stopSales);
    const withNul = path.join(temp.dir, 'nul.csv');
    writeFileSync(
      withNul,
      'agency,room_type,from,to,rooms,weekday_rooms,kind,release_days,note\r\n' +
        `${agency},TRP,2028-07-01,2028-07-31,4,,normal,7,yaz\u0000\r\n`,
    );
    const nul = await resdesk(['contracts', 'import', withNul]);
    expect(nul.code).not.toBe(0);
    expect(nul.stderr).toContain('line 2: The note holds a line break or another invisible character');
    expect((await resdesk(['contracts', 'list', '--json'])).stdout).toBe(listed);

    // A word too many, or an option without its value, is a usage mistake and does nothing.
    for (const mistaken of [
      ['contracts', 'remove', '1', '2'],
      ['stop-sale', 'remove', '1', '2'],
      ['allotment', 'now'],
      ['production', 'rates', 'EUR'],
      ['production', '--months'],
      ['production', 'rates', '--rate', 'EUR=40'],
      ['allotment', '--today', '2026-13-01'],
    ]) {
      const refused = await resdesk(mistaken);
      expect(refused.code, mistaken.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
    }
    expect((await resdesk(['contracts', 'list', '--json'])).stdout).toBe(listed);
  });

  it('production per operator: rates kept, each month counted as the stored stays say, CSV in the desk’s words', async () => {
    const refused = await resdesk(['production', 'rates', '--hotel-currency', 'TRY', '--rate', 'EUR=abc']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim()).toBe(
      "--rate EUR=abc: write it as EUR=35.5 (one unit of EUR in the hotel's currency).",
    );
    expect((await resdesk(['production', 'rates'])).stdout).toContain('No rates entered');
    const rates = [
      'production',
      'rates',
      '--hotel-currency',
      'try',
      '--rate',
      'EUR=35,5',
      '--rate',
      'USD=32',
    ];
    expect((await resdesk(rates)).stdout.trim().split('\n')).toEqual([
      'hotel currency TRY',
      '1 EUR = 35.5 TRY',
      '1 USD = 32 TRY',
    ]);
    const tooLong = await resdesk(['production', '--months', '30']);
    expect(tooLong.code).not.toBe(0);
    expect(tooLong.stderr.trim()).toBe('--months: give a whole number from 1 to 24.');

    // The plain count: every night of every answered stay of the busiest operator, one by one.
    const month = busiest.checkIn.slice(0, 7);
    const store = Store.open(db);
    let stays: { checkIn: string; checkOut: string; rooms: number }[];
    try {
      stays = store.db
        .prepare(
          `SELECT substr(check_in, 1, 10) AS checkIn, substr(check_out, 1, 10) AS checkOut, room_count AS rooms
           FROM reservations WHERE agency_id = ? AND pms_status <> 3 AND confirmation_status NOT IN ('W', 'H')`,
        )
        .all(agency) as typeof stays;
    } finally {
      store.close();
    }
    let roomNights = 0;
    for (const s of stays)
      for (let night = s.checkIn; night < s.checkOut; night = addDays(night, 1))
        if (night.startsWith(month)) roomNights += s.rooms;
    const view = JSON.parse(
      (await resdesk(['production', '--from', month, '--json'])).stdout,
    ) as ProductionView;
    const operator = view.operators.find((o) => o.agencyId === agency);
    expect(operator?.months[0]?.roomNights ?? 0).toBe(roomNights);
    expect(view.rates.hotelCurrency).toBe('TRY');

    const file = path.join(temp.dir, 'production.csv');
    const written = await resdesk([
      'production',
      '--from',
      month,
      '--months',
      '2',
      '--csv',
      file,
      '--language',
      'tr',
    ]);
    expect(written.stdout.trim()).toBe(`${view.operators.length} operators written to ${file}`);
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^Tur operatörü;Ay;Giriş;Kişi;Oda gecesi;Kişi gecesi;.*Ciro TRY \(otelin kurlarıyla\);/,
    );
    expect(lines.some((l) => l.startsWith('Tüm tur operatörleri;Toplam;'))).toBe(true);
  });
});
