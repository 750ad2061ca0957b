// The store's own reader of stored items (snapshot format 2) against the exchange client's wire decoder:
// for real answers of both dialects and both formats it must give the very Reservation the decoder gave,
// and items stored by earlier versions (written out below as they sit in a database) must keep reading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { startPracticeService, type PracticeService } from '../../../main/sandbox/index';
import { decodeSnapshot, encodeSnapshot } from '../../../main/store/reservations-snapshot';
import { readStoredItem } from '../../../main/store/stored-item';
import type { Reservation, WireFormat } from '../../../shared/domain';
import { fixture } from '../exchange/fixtures';

async function decode(text: string): Promise<Reservation[]> {
  const items: Reservation[] = [];
  await decodeReservationStream(
    (async function* () {
      yield text;
    })(),
    async (batch) => void items.push(...batch),
  );
  return items;
}

/** Each decoded reservation, stored and read back by the store alone. */
function expectStoredReadsAsDecoded(decoded: readonly Reservation[]): void {
  expect(decoded.length).toBeGreaterThan(0);
  for (const r of decoded) {
    const snapshot = encodeSnapshot(r);
    expect(snapshot.startsWith('{')).toBe(true);
    expect(decodeSnapshot(snapshot)).toEqual(r);
  }
}

describe('stored items of real answers read as the wire decoder read them', () => {
  it.each([
    'reservations-envelope.json',
    'reservations-list.json',
    'reservations-envelope.xml',
    'reservations-list.xml',
  ])('%s', async (name) => expectStoredReadsAsDecoded(await decode(fixture(name))));

  let services: Record<'spec' | 'original', PracticeService>;
  beforeAll(async () => {
    const start = (dialect: 'spec' | 'original') =>
      startPracticeService({ port: 0, seed: 11, reservations: 150, dialect });
    services = { spec: await start('spec'), original: await start('original') };
  });
  afterAll(async () => {
    await services.spec.close();
    await services.original.close();
  });

  async function answer(dialect: 'spec' | 'original', format: WireFormat): Promise<string> {
    const { url } = services[dialect];
    const token = (await (
      await fetch(`${url}/api/system/login?user=demo&pass=demo&format=json`)
    ).json()) as string;
    const hotel = dialect === 'spec' ? 'partnerId=1001' : 'paximumId=1001';
    const list = await fetch(
      `${url}/api/pax/getReservationList?checkInStart=01.01.2000&checkInEnd=12.31.2100&${hotel}&format=${format}`,
      { headers: { Token: token, cookie: token } },
    );
    return list.text();
  }

  it.each([
    ['spec', 'json'],
    ['spec', 'xml'],
    ['original', 'json'],
    ['original', 'xml'],
  ] as const)('practice service, %s dialect, %s', async (dialect, format) => {
    const text = await answer(dialect, format);
    expect(text).toContain(dialect === 'spec' ? 'StayHotelName' : 'SejourHotelName');
    const decoded = await decode(text);
    expectStoredReadsAsDecoded(decoded);
    // The dialect's own spellings were read, not defaulted.
    expect(decoded.every((r) => r.partnerId === 1001)).toBe(true);
    expect(decoded.some((r) => r.stayHotelName !== '')).toBe(true);
  });
});

describe('items stored by earlier versions', () => {
  const key = '1001|AG|VC9|1';

  it('format 2 from XML: every leaf text, a nil RoomNo, Customers a container with one element, live names', () => {
    const stored = JSON.stringify({
      KeyField: key,
      LogId: '9',
      ServiceId: 'S-9',
      PmsStatus: '2',
      ConfirmationStatus: ' s ',
      ConfirmDate: '0001-01-01T00:00:00',
      PaximumId: '1001',
      SejourHotelName: 'Kumsal',
      CheckIn: '2026-07-10T00:00:00+03:00',
      CheckOut: '2026-07-17',
      Nights: '7',
      RoomNo: null,
      SoldPrice: '1250.50',
      SellDate: '/Date(1499212800000+0300)/',
      Note: {},
      Customers: { CustomerPms: { Name: 'IŞIK AYŞE', Age: '34', ArrivalTime: '2026-07-10 14:30' } },
    });
    const r = decodeSnapshot(stored);
    expect(r).toMatchObject({
      keyField: key,
      logId: 9,
      pmsStatus: 2,
      confirmationStatus: 'S',
      confirmDate: null,
      partnerId: 1001,
      stayHotelName: 'Kumsal',
      checkIn: '2026-07-10',
      checkOut: '2026-07-17',
      roomNo: null,
      soldPrice: 1250.5,
      sellDate: '2017-07-05T03:00:00',
      note: '',
      agencyName: '',
    });
    expect(r.guests).toEqual([
      expect.objectContaining({
        name: 'IŞIK AYŞE',
        age: 34,
        arrivalTime: '2026-07-10T14:30:00',
        musNo: null,
      }),
    ]);
    expect(r.raw).toEqual(JSON.parse(stored));
  });

  it('format 2 from JSON: camelCase members and several guests', () => {
    const r = decodeSnapshot(
      `{"keyField":"${key}","logId":10,"serviceId":"S-9","confirmationStatus":"W","partnerId":1001,
        "checkIn":"2026-07-10T00:00:00","checkOut":"2026-07-12T00:00:00",
        "customers":[{"name":"A"},{"name":"B","musNo":2}]}`,
    );
    expect(r).toMatchObject({ logId: 10, confirmationStatus: 'W', partnerId: 1001, checkOut: '2026-07-12' });
    expect(r.guests.map((g) => [g.name, g.musNo])).toEqual([
      ['A', null],
      ['B', 2],
    ]);
  });

  it('format 1: values in the frozen order', () => {
    const values = [
      key,
      11,
      'S-9',
      0,
      'E',
      'C-1',
      null,
      'ok',
      'AG',
      'Agency',
      'H',
      'Hotel',
      '',
      '',
      1001,
      '',
      '',
      'VC9',
      '2026-07-10',
      '2026-07-17',
      7,
      'DZ',
      'Double',
      null,
      'SV',
      'Sea view',
      'AI',
      'All inclusive',
      1,
      2,
      0,
      0,
      2,
      0,
      0,
      'N',
      'N',
      'N',
      0,
      1,
      '',
      'note',
      null,
      'EUR',
      700,
    ];
    const guest = ['IŞIK AYŞE', 'Mrs', 34, null, 'TR', 'Türkiye', '', null, '', null, 1, '', key];
    const r = decodeSnapshot(JSON.stringify([1, values, [guest], { Unknown: 'kept' }]));
    expect(r).toMatchObject({
      keyField: key,
      logId: 11,
      confirmationStatus: 'E',
      roomTypeId: 'SV',
      soldPrice: 700,
    });
    expect(r.guests[0]).toMatchObject({
      name: 'IŞIK AYŞE',
      age: 34,
      nationality: 'TR',
      reservationKeyField: key,
    });
    expect(r.raw).toEqual({ Unknown: 'kept' });
  });
});

describe('the reader refuses what the wire decoder refused', () => {
  it.each([
    [
      'no KeyField',
      { LogId: 1, ServiceId: 'S', ConfirmationStatus: 'W', CheckIn: '2026-07-10', CheckOut: '2026-07-11' },
    ],
    [
      'a garbled LogId',
      {
        KeyField: 'K',
        LogId: '1x',
        ServiceId: 'S',
        ConfirmationStatus: 'W',
        CheckIn: '2026-07-10',
        CheckOut: '2026-07-11',
      },
    ],
    [
      'no CheckIn',
      { KeyField: 'K', LogId: 1, ServiceId: 'S', ConfirmationStatus: 'W', CheckOut: '2026-07-11' },
    ],
  ])('%s', (_name, item) => {
    expect(() => readStoredItem(item)).toThrow();
  });
});
