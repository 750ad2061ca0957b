// The wire text itself: envelopes, namespaces, nil elements, member order, escaping, negotiation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, child, get, getJson, items, login, startService, xml } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 40 }));
  token = await login(service);
});
afterAll(() => service.close());

describe('login', () => {
  it('answers a JSON-quoted token, or a <string> in the serialization namespace', async () => {
    const json = await fetch(`${service.url}/api/system/login?user=demo&pass=demo&format=json`);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.text()).toMatch(/^"[0-9a-f]{48}"$/);
    const text = await (await fetch(`${service.url}/api/system/login?user=demo&pass=demo&format=xml`)).text();
    expect(text).toMatch(
      /^<string xmlns="http:\/\/schemas\.microsoft\.com\/2003\/10\/Serialization\/">[0-9a-f]{48}<\/string>$/,
    );
  });

  it('refuses bad credentials with 401', async () => {
    expect((await fetch(`${service.url}/api/system/login?user=demo&pass=wrong`)).status).toBe(401);
    expect((await fetch(`${service.url}/api/system/login`)).status).toBe(401);
  });
});

describe('format negotiation', () => {
  it('uses format=, then Accept, else XML', async () => {
    const path = '/api/pax/gethotelagencies';
    expect((await get(service, path, token)).headers.get('content-type')).toBe(
      'application/xml; charset=utf-8',
    );
    expect(
      (await get(service, path, token, { accept: 'application/json' })).headers.get('content-type'),
    ).toBe('application/json; charset=utf-8');
    expect(
      (await get(service, `${path}?format=xml`, token, { accept: 'application/json' })).headers.get(
        'content-type',
      ),
    ).toContain('xml');
    expect((await get(service, `${path}?FORMAT=JSON`, token)).headers.get('content-type')).toContain('json');
  });

  it('matches paths case-insensitively and 404s unknown ones', async () => {
    expect((await get(service, '/API/PAX/GETHOTELAGENCIES', token)).status).toBe(200);
    expect((await get(service, '/api/pax/nosuchthing', token)).status).toBe(404);
    expect(
      (await fetch(`${service.url}/api/pax/gethotelagencies`, { method: 'POST', headers: { Token: token } }))
        .status,
    ).toBe(405);
  });
});

describe('preparation operations', () => {
  it('lists 4-6 agencies in both formats with the DataContract wrapper and namespaces', async () => {
    const text = await (await get(service, '/api/pax/gethotelagencies', token)).text();
    expect(text).toMatch(
      /^<ServiceResultOfArrayOfDefinitionHotelAgency xmlns="http:\/\/schemas\.datacontract\.org\/2004\/07\/[^"]+" xmlns:i="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance">/,
    );
    expect(text).toContain('&amp;');
    const agencies = items(
      child(child(xml.parse(text), 'ServiceResultOfArrayOfDefinitionHotelAgency'), 'Data'),
      'DefinitionHotelAgency',
    );
    expect(agencies.length).toBeGreaterThanOrEqual(4);
    expect(agencies.length).toBeLessThanOrEqual(6);
    const json = await getJson(service, '/api/pax/gethotelagencies', token);
    expect(Object.keys(json)).toEqual(['Data', 'Error', 'InfoMessage', 'IsSuccessful']);
    expect(json.Error).toEqual({ Code: '', Message: '' });
    expect(json.Data).toEqual(agencies.map((agency) => ({ Id: agency.Id, Name: agency.Name })));
  });

  it('translates not-confirm reasons and keeps their Ids', async () => {
    const tr = await getJson(service, '/api/pax/getnotconfirmmessages?partnerId=1001', token);
    const en = await getJson(service, '/api/pax/getnotconfirmmessages?partnerId=1001&langId=en-US', token);
    const trItems = tr.Data as { Id: string; Name: string }[];
    const enItems = en.Data as { Id: string; Name: string }[];
    expect(trItems.length).toBe(6);
    expect(enItems.map((item) => item.Id)).toEqual(trItems.map((item) => item.Id));
    expect(enItems[0]?.Name).not.toBe(trItems[0]?.Name);
    expect(trItems.some((item) => /[ğışİçö]/.test(item.Name))).toBe(true);
  });

  it('gives each agency its own stay codes, with StayRoom capacities, in both formats', async () => {
    const agencies = (await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[];
    const codesOf = async (agencyId: string) => {
      const body = await getJson(
        service,
        `/api/pax/getstayformapping?partnerId=1001&agencyId=${agencyId}`,
        token,
      );
      return (body.Data as Record<string, { Code: string }[]>[])[0];
    };
    const first = await codesOf(agencies[0]?.Id ?? '');
    const second = await codesOf(agencies[1]?.Id ?? '');
    expect(Object.keys(first ?? {})).toEqual(['StayBoards', 'StayNationals', 'StayRoomTypes', 'StayRooms']);
    expect(first?.StayRooms?.[0]).toEqual({
      Code: 'DBL',
      Hotel: 'AYT-KUMSAL',
      MaxAdl: 2,
      MaxChd: 2,
      MaxPax: 4,
      MinAdl: 1,
      Name: 'Double Room',
      PartnerId: 1001,
      Pax: 2,
    });
    expect(second?.StayRooms?.[0]?.Code).toBe('DZ');
    expect(first?.StayBoards?.map((board) => board.Code)).toEqual(['AI', 'UAI', 'FB', 'HB', 'BB', 'RO']);
    expect(first?.StayNationals?.map((national) => national.Code)).toContain('TUR');
    const text = await (
      await get(service, `/api/pax/getstayformapping?partnerId=1001&agencyId=${agencies[0]?.Id ?? ''}`, token)
    ).text();
    expect(text).toContain(
      '<StayBoard xmlns="http://schemas.datacontract.org/2004/07/Stay.Definitions"><Code>AI</Code><Hotel>AYT-KUMSAL</Hotel><Name>All Inclusive</Name><PartnerId>1001</PartnerId></StayBoard>',
    );
    expect(text).toMatch(
      /<a:StayRooms><StayRoom xmlns="[^"]+"><Code>DBL<\/Code><Hotel>AYT-KUMSAL<\/Hotel><MaxAdl>2<\/MaxAdl><MaxChd>2<\/MaxChd><MaxPax>4<\/MaxPax><MinAdl>1<\/MinAdl><Name>Double Room<\/Name><PartnerId>1001<\/PartnerId><Pax>2<\/Pax><\/StayRoom>/,
    );
  });
});

describe('getReservationList wire text', () => {
  it('writes ReservationPms in ordinal member order, nils, namespace resets and escapes', async () => {
    const text = await (await get(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token)).text();
    expect(text.startsWith('<ServiceResultOfArrayOfReservationPms ')).toBe(true);
    expect(text).toContain(
      '<Data xmlns:a="http://schemas.datacontract.org/2004/07/Stay.Pms.Entities"><a:ReservationPms><a:AccomId>',
    );
    expect(text).toContain('<a:ConfirmDate i:nil="true"/>');
    expect(text).toContain('<a:Customers><CustomerPms xmlns=""><Age>');
    expect(text).toMatch(
      /<a:ConfirmDate i:nil="true"\/><a:ConfirmationNo\/><a:ConfirmationStatus>W<\/a:ConfirmationStatus><a:ConfirmeNote\/>/,
    );
    expect(text).toMatch(/<a:CheckIn>\d{4}-\d{2}-\d{2}T00:00:00<\/a:CheckIn>/);
    expect(text).toContain('<a:HotelName>Kumsal Beach Resort &amp; Spa</a:HotelName>');
    expect(text).not.toMatch(/<a:Note>[^<]*[<>][^<]*<\/a:Note>/);
    expect(text).toMatch(/<IsSuccessful>true<\/IsSuccessful><\/ServiceResultOfArrayOfReservationPms>$/);
    const parsed = child(child(xml.parse(text), 'ServiceResultOfArrayOfReservationPms'), 'Data');
    const reservations = items(parsed, 'ReservationPms');
    expect(reservations.length).toBeGreaterThan(0);
    const keyField = String(reservations[0]?.KeyField);
    expect(keyField).toMatch(/^1001\|[0-9a-f-]{36}\|[A-Z]{3}\d+\|\d+$/);
  });

  it('sends the same reservations in JSON with ISO dates, nulls and the same names', async () => {
    const json = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token);
    const list = json.Data as Record<string, unknown>[];
    expect(json.InfoMessage).toContain(String(list.length));
    const first = list[0] ?? {};
    expect(Object.keys(first)).toEqual([...Object.keys(first)].sort());
    expect(first.ConfirmDate).toBeNull();
    expect(String(first.CheckIn)).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    const customers = first.Customers as Record<string, unknown>[];
    expect(customers.length).toBeGreaterThanOrEqual(1);
    expect(customers.length).toBeLessThanOrEqual(4);
    expect(customers[0]?.ReservationKeyField).toBe(first.KeyField);
    expect(first.Pax).toBe(customers.length);
    const logIds = list.map((item) => Number(item.LogId));
    expect(logIds).toEqual([...logIds].sort((a, b) => a - b));
    expect(new Set(list.map((item) => item.ServiceId)).size).toBeGreaterThan(1);
  });

  it('escapes notes with & and < the same way in both formats', async () => {
    const arrived = await (
      await fetch(`${service.url}/_sandbox/arrive`, {
        method: 'POST',
        body: JSON.stringify({
          checkIn: '2026-08-01',
          note: 'Late <23:00> & "sea view"\r\nthanks',
          leadGuest: 'IŞIK AYŞE',
        }),
      })
    ).json();
    const keyField = (arrived as { reservations: { keyField: string }[] }).reservations[0]?.keyField ?? '';
    const query = 'checkInStart=08.01.2026&checkInEnd=08.01.2026';
    const text = await (await get(service, `/api/pax/getReservationList?${query}`, token)).text();
    expect(text).toContain('<a:Note>Late &lt;23:00&gt; &amp; "sea view"&#xD;\nthanks</a:Note>');
    expect(text).toContain('<Name>IŞIK AYŞE</Name>');
    const json = await getJson(service, `/api/pax/getReservationList?${query}`, token);
    const item = (json.Data as Record<string, unknown>[]).find((entry) => entry.KeyField === keyField);
    expect(item?.Note).toBe('Late <23:00> & "sea view"\r\nthanks');
  });
});
