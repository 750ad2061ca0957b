// The "done means" for the live service's dialect, through the command line, against the practice
// service in both dialects and both formats: probe, sync (S and G kept, the hotel number read from
// PaximumId), a list holding one unreadable item and one with characters XML forbids, codes with room
// limits, and confirm / decline with only --db (the connection remembered by sync, the hotel number sent
// as the service reads it, the voucher fetched from another host without the token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { control, tempDir } from '../sync/helpers';
import { runResdesk } from '../../harness/resdesk-cli';

const resdesk = (args: string[]) => runResdesk(args);

interface State {
  reservations: number;
  acknowledged: { logId: number }[];
  confirmations: { keyField: string; confirmationStatus: string; hotelParameter: string }[];
  voucherRequests: { hadToken: boolean; status: number }[];
  oddities: { delivered: { kind: string; logId: number; keyField: string; guestName?: string }[] };
}

const state = async (url: string): Promise<State> =>
  (await (await fetch(`${url}/_sandbox/state`)).json()) as State;

const cases = [
  { dialect: 'original', format: 'xml' },
  { dialect: 'original', format: 'json' },
  { dialect: 'spec', format: 'xml' },
  { dialect: 'spec', format: 'json' },
] as const;

describe.each(cases)('the $dialect dialect in $format', ({ dialect, format }) => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;
  const read = <T>(use: (store: Store) => T): T => {
    const store = Store.open(db);
    try {
      return use(store);
    } finally {
      store.close();
    }
  };
  const count = (sql: string): number => read((s) => s.db.prepare<[], number>(sql).pluck().get() ?? 0);

  beforeAll(async () => {
    service = await startPracticeService({
      reservations: 1200,
      seed: 11,
      fileReadyAfterMs: 100,
      dialect,
      oddities: true,
    });
    temp = tempDir('resdesk-dialect-');
    db = path.join(temp.dir, 'desk.db');
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('probe reads every operation, names the dialect and exits 0', async () => {
    const run = await resdesk([
      'probe',
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--format',
      format,
      '--json',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      ok: boolean;
      dialect: string;
      format: string;
      steps: { operation: string; ok: boolean }[];
    };
    expect(report).toMatchObject({ ok: true, dialect, format });
    expect(report.steps.map((s) => s.operation)).toEqual(
      expect.arrayContaining(['login', 'agencies', 'reasons-tr', 'reasons-en', 'stay-codes', 'reservations']),
    );
  });

  it('sync stores every reservation, S and G included, with the hotel number and the stay codes', async () => {
    const run = await resdesk([
      'sync',
      '--db',
      db,
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--format',
      format,
      '--once',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: null, unreadable: 0 });
    const world = await state(service.url);
    expect(count('SELECT count(*) FROM reservations')).toBe(world.reservations);
    expect(count(`SELECT count(*) FROM reservations WHERE confirmation_status = 'S'`)).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM reservations WHERE confirmation_status = 'G'`)).toBeGreaterThan(0);
    expect(count('SELECT count(*) FROM reservations WHERE partner_id <> 1001')).toBe(0);
    expect(count(`SELECT count(*) FROM reservations WHERE stay_hotel_name = ''`)).toBe(0);
    // Every stored reservation was acknowledged, S and G ones too.
    expect(new Set(world.acknowledged.map((a) => a.logId)).size).toBe(world.reservations);

    const codes = await resdesk(['codes', '--db', db, '--json']);
    expect(codes.code).toBe(0);
    const { agencies } = JSON.parse(codes.stdout) as {
      agencies: {
        boards: unknown[];
        roomTypes: unknown[];
        rooms: { code: string; maxPax: number | null; maxAdults: number | null; hotel: string }[];
        nationalities: unknown[];
      }[];
    };
    expect(agencies.length).toBeGreaterThan(0);
    for (const a of agencies) {
      expect(a.boards.length * a.roomTypes.length * a.rooms.length * a.nationalities.length).toBeGreaterThan(
        0,
      );
      for (const room of a.rooms)
        expect(room).toMatchObject({ maxPax: expect.any(Number), maxAdults: expect.any(Number) });
      expect(a.rooms[0]?.hotel).not.toBe('');
    }
  });

  it('one unreadable item is set aside unacknowledged, one with forbidden characters is stored, the rest too', async () => {
    await control(service.url, 'arrive', { count: 4 });
    await control(service.url, 'oddities', { kind: 'unreadable' });
    await control(service.url, 'oddities', { kind: 'forbiddenChars', variant: 'raw' });
    const before = count('SELECT count(*) FROM reservations');
    const run = await resdesk(['sync', '--db', db, '--once', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ received: 3, new: 3, acknowledged: 3, unreadable: 1 });
    expect(count('SELECT count(*) FROM reservations')).toBe(before + 3);

    const world = await state(service.url);
    const bad = world.oddities.delivered.find((d) => d.kind === 'unreadable');
    const dirty = world.oddities.delivered.find((d) => d.kind === 'forbiddenChars');
    expect(bad && dirty).toBeTruthy();
    expect(world.acknowledged.map((a) => a.logId)).not.toContain(bad?.logId);
    expect(world.acknowledged.map((a) => a.logId)).toContain(dirty?.logId);
    const name = read((s) => s.getReservation(dirty?.keyField ?? '')?.guests[0]?.name);
    // XML 1.0 cannot carry them, so they are dropped to read the answer; JSON can, so they are kept as sent.
    expect(name).toBe(
      format === 'xml'
        ? // eslint-disable-next-line no-control-regex -- the characters that must be gone
          dirty?.guestName?.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
        : dirty?.guestName,
    );

    const aside = await resdesk(['unreadable', '--db', db, '--json']);
    const items = JSON.parse(aside.stdout) as {
      logId: number;
      keyField: string;
      resolved: boolean;
      text: string;
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ logId: bad?.logId, keyField: bad?.keyField, resolved: false });
    // Offered again at the next poll (never acknowledged): kept once, not stored as a reservation.
    const again = await resdesk(['sync', '--db', db, '--once', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ unreadable: 0, received: 1 });
    const still = JSON.parse((await resdesk(['unreadable', '--db', db, '--json'])).stdout) as {
      resolved: boolean;
    }[];
    expect(still).toHaveLength(1);
    expect(still[0]?.resolved).toBe(true);
  });

  it('confirm and decline need only --db, send the hotel number as the service reads it and fetch the voucher bare', async () => {
    const waiting = read((s) =>
      s.db
        .prepare<[], string>(
          `SELECT key_field FROM reservations WHERE confirmation_status = 'W' ORDER BY id LIMIT 2`,
        )
        .pluck()
        .all(),
    );
    const reason = read((s) => s.listNotConfirmMessages('tr-TR')[0]?.id ?? '');
    const confirm = await resdesk(['confirm', '--db', db, waiting[0] ?? '', '--note', 'Sea view']);
    expect(confirm.stderr).toBe('');
    expect(confirm.code).toBe(0);
    const decline = await resdesk(['decline', '--db', db, waiting[1] ?? '', '--reason', reason]);
    expect(decline.code).toBe(0);
    const world = await state(service.url);
    const expected = dialect === 'original' ? 'paximumId' : 'partnerId';
    expect(
      world.confirmations.slice(-2).map((c) => [c.keyField, c.confirmationStatus, c.hotelParameter]),
    ).toEqual([
      [waiting[0], 'E', expected],
      [waiting[1], 'H', expected],
    ]);
    expect(world.voucherRequests.length).toBeGreaterThan(0);
    expect(world.voucherRequests.every((r) => !r.hadToken)).toBe(true);
    const vouchers = path.join(temp.dir, 'vouchers');
    expect(existsSync(vouchers) && readdirSync(vouchers).some((f) => f.endsWith('.pdf'))).toBe(true);
  });
});
