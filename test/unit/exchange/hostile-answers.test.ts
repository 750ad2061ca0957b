// Hostile or broken answers end plainly and in time: a body that trickles, a compressed body, a huge
// item, absurd numbers and impossible dates.
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { createExchangeClient, type ExchangeClient } from '../../../main/exchange';
import { readAnswer } from '../../../main/exchange/answer';
import { readReservation, type UnreadableItem } from '../../../main/exchange/unreadable';
import type { WireObject } from '../../../main/exchange/wire-value';
import { send, startScriptedServer, type Script } from './scripted-server';
import { fixture } from './fixtures';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function clientFor(script: Script): Promise<ExchangeClient> {
  const server = await startScriptedServer((seen, res, req) =>
    seen.path === '/api/system/login' ? send(res, 200, '"tok"') : script(seen, res, req),
  );
  const client = createExchangeClient({
    baseUrl: server.url,
    user: 'u',
    partnerId: 1001,
    getPassword: async () => 'p',
    retries: { attempts: 1 },
    timeouts: { rate: { graceMs: 300, minBytesPerSecond: 200 } },
  });
  cleanups.push(
    () => server.close(),
    () => client.close(),
  );
  return client;
}

describe('answers that cannot hold the desk hostage', () => {
  it('a body trickling a byte now and then ends as a timeout once the grace period is over', async () => {
    const client = await clientFor((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = fixture('agencies.json');
      let at = 0;
      const timer = setInterval(() => {
        if (res.destroyed || at >= body.length) return clearInterval(timer);
        res.write(body[at++]);
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    await expect(client.getHotelAgencies()).rejects.toMatchObject({ kind: 'network', reason: 'timeout' });
    // Well before the body could have finished at one byte per 100 ms.
    expect(Date.now() - started).toBeLessThan(fixture('agencies.json').length * 100);
  });

  it('reads a gzip answer and refuses an encoding it cannot read, in a plain sentence', async () => {
    const gz = await clientFor((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(fixture('agencies.json')));
    });
    expect((await gz.getHotelAgencies()).length).toBeGreaterThan(0);
    const odd = await clientFor((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      res.end('x');
    });
    await expect(odd.getHotelAgencies()).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('refuses a JSON item over the per-item limit even when the whole answer came at once', () => {
    const huge = JSON.stringify({
      Data: [{ Id: 'a', Name: 'x'.repeat(9 * 1024 * 1024) }],
      IsSuccessful: true,
    });
    expect(() => readAnswer(200, huge, 'agency list', [])).toThrow(/too large/);
  });
});

describe('values no booking can have', () => {
  const base = (): WireObject => {
    const [item] = readAnswer(200, fixture('reservations-envelope.json'), 'list', []).items;
    return JSON.parse(JSON.stringify(item)) as WireObject;
  };
  const asideFor = (change: (item: WireObject) => void): UnreadableItem | null => {
    const item = base();
    change(item);
    let aside: UnreadableItem | null = null;
    const read = readReservation(item, 'reservation list', (i) => (aside = i));
    expect(read === null).toBe(aside !== null);
    return aside;
  };

  it.each([
    ['RoomCount', 999999999999999],
    ['Adults', 100000],
    ['Nights', -1],
    ['SoldPrice', 1e12],
  ])('%s = %s sets the reservation aside', (field, value) => {
    expect(asideFor((item) => (item[field] = value))).toMatchObject({ field });
  });

  it.each([
    ['CheckIn', '2024-02-30T00:00:00'],
    ['CheckOut', '2025-04-31T00:00:00'],
    ['CheckIn', '0001-01-01T00:00:00'],
    ['CheckIn', '2025-13-01T00:00:00'],
  ])('%s = %s is not a date: the reservation is set aside', (field, value) => {
    expect(asideFor((item) => (item[field] = value))).toMatchObject({ field });
  });

  it.each(['KeyField', 'ServiceId', 'AgencyId', 'VoucherNo', 'RoomTypeId'])(
    'a %s of 201 characters sets the reservation aside; 200 are kept',
    (field) => {
      const aside = asideFor((item) => (item[field] = 'K'.repeat(201)));
      expect(aside).toMatchObject({ field, expected: 'text of at most 200 characters' });
      // The set-aside record never holds the over-long code itself: only the item's text does.
      expect(aside?.keyField).toBe(field === 'KeyField' ? null : base().KeyField);
      expect(aside?.serviceId).toBe(field === 'ServiceId' ? null : base().ServiceId);
      expect(asideFor((item) => (item[field] = 'K'.repeat(200)))).toBeNull();
    },
  );

  it('a guest of age 500 sets the reservation aside; 29 February of a leap year is a date', () => {
    expect(
      asideFor((item) => {
        const [guest] = item.Customers as WireObject[];
        if (guest) guest.Age = 500;
      }),
    ).toMatchObject({ field: 'Age' });
    expect(asideFor((item) => (item.CheckIn = '2028-02-29T00:00:00'))).toBeNull();
  });

  it('a list of 1000 guests sets the reservation aside; 999 are kept', () => {
    const guests = (n: number) => (item: WireObject) => {
      const [guest] = item.Customers as WireObject[];
      item.Customers = Array.from({ length: n }, () => ({ ...guest }));
    };
    expect(asideFor(guests(1000))).toMatchObject({ field: 'Customers', expected: 'at most 999 guests' });
    expect(asideFor(guests(999))).toBeNull();
  });
});
