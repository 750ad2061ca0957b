// The original dialect on the wire: the live service's own names (paximumId, getsejourformapping,
// Sejour* codes with the COBOL client's fields, PaximumId / SejourHotelName) in its published shape
// (items reset to no namespace, numeric error codes), the Web API 404 for the other dialect's mapping
// path, and everything else behaving as in the spec dialect. published-shape.test.ts reads the shape
// the way the live service's Python client does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import {
  WHOLE_YEAR,
  child,
  control,
  get,
  getJson,
  items,
  login,
  sandboxState,
  startService,
  xml,
} from './helpers';

let service: PracticeService;
let spec: PracticeService;
let token: string;
let specToken: string;
let agencyId: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 40, dialect: 'original' }));
  ({ service: spec } = await startService({ reservations: 40 }));
  token = await login(service);
  specToken = await login(spec);
  agencyId =
    ((await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[0]?.Id ?? '';
});
afterAll(async () => {
  await service.close();
  await spec.close();
});

const mapping = (format: 'json' | 'xml', hotel = 'paximumId=1001') =>
  get(service, `/api/pax/getsejourformapping?${hotel}&agencyId=${agencyId}&format=${format}`, token);

describe('getsejourformapping', () => {
  it('answers SejourCodesForMapping with the evidence field names, ordinally ordered, in JSON', async () => {
    const body = (await (await mapping('json')).json()) as {
      Data: Record<string, Record<string, unknown>[]>[];
      IsSuccessful: boolean;
    };
    expect(body.IsSuccessful).toBe(true);
    const item = body.Data[0] ?? {};
    expect(Object.keys(item)).toEqual(['SejourBoards', 'SejourNationals', 'SejourRoomTypes', 'SejourRooms']);
    expect(item.SejourBoards?.[0]).toEqual({
      Kodu: 'AI',
      Otel: 'AYT-KUMSAL',
      PaximumId: 1001,
      Tanim: 'All Inclusive',
    });
    expect(Object.keys(item.SejourBoards?.[0] ?? {})).toEqual(['Kodu', 'Otel', 'PaximumId', 'Tanim']);
    expect(Object.keys(item.SejourRoomTypes?.[0] ?? {})).toEqual(['Otel', 'Otip', 'PaximumId', 'Tanim']);
    expect(item.SejourRooms?.[0]).toEqual({
      MaxAdl: 2,
      MaxChd: 2,
      MaxPax: 4,
      MinAdl: 1,
      Oda: 'DBL',
      Otel: 'AYT-KUMSAL',
      Pax: 2,
      PaximumId: 1001,
      Tanim: 'Double Room',
    });
    expect(Object.keys(item.SejourRooms?.[0] ?? {})).toEqual([
      'MaxAdl',
      'MaxChd',
      'MaxPax',
      'MinAdl',
      'Oda',
      'Otel',
      'Pax',
      'PaximumId',
      'Tanim',
    ]);
    expect(item.SejourNationals?.[0]).toEqual({ Kodu: 'TUR', adi: 'Turkey' });
    expect(item.SejourRooms?.every((room) => Number(room.MaxPax) >= Number(room.Pax))).toBe(true);
  });

  it('writes the XML in the published shape: the item resets to no namespace, nothing below is prefixed', async () => {
    const text = await (await mapping('xml')).text();
    expect(text).toMatch(
      /^<ServiceResultOfArrayOfSejourCodesForMapping xmlns="http:\/\/schemas\.datacontract\.org\/2004\/07\/Paximum\.Pms\.Service\.Models" xmlns:i="[^"]+"><Data><SejourCodesForMapping xmlns=""><SejourBoards><SejourBoard>/,
    );
    expect(text).toContain(
      '<SejourBoard><Kodu>AI</Kodu><Otel>AYT-KUMSAL</Otel><PaximumId>1001</PaximumId><Tanim>All Inclusive</Tanim></SejourBoard>',
    );
    expect(text).toContain(
      '<SejourRooms><SejourRoom><MaxAdl>2</MaxAdl><MaxChd>2</MaxChd><MaxPax>4</MaxPax><MinAdl>1</MinAdl><Oda>DBL</Oda><Otel>AYT-KUMSAL</Otel><Pax>2</Pax><PaximumId>1001</PaximumId><Tanim>Double Room</Tanim></SejourRoom>',
    );
    expect(text).toContain('<SejourNational><Kodu>TUR</Kodu><adi>Turkey</adi></SejourNational>');
    expect(text).toContain('<SejourRoomType><Otel>AYT-KUMSAL</Otel><Otip>LV</Otip>');
    expect(text).toMatch(
      /<\/Data><Error><Code\/><Message\/><\/Error><InfoMessage>1 data item returned<\/InfoMessage><IsSuccessful>true<\/IsSuccessful><\/ServiceResultOfArrayOfSejourCodesForMapping>$/,
    );
    // One namespace reset, on the item; no prefix and no other namespace anywhere below Data.
    expect(text.match(/xmlns=""/g)).toHaveLength(1);
    expect(text).not.toMatch(/<\/?[A-Za-z]+:(?!nil)|xmlns:a=|Definitions/);
    const parsed = child(child(xml.parse(text), 'ServiceResultOfArrayOfSejourCodesForMapping'), 'Data');
    const codes = child(parsed, 'SejourCodesForMapping');
    expect(items(child(codes, 'SejourRooms'), 'SejourRoom')).toHaveLength(5);
    expect(items(child(codes, 'SejourNationals'), 'SejourNational')).toHaveLength(7);
  });

  it('ignores partnerId: sent alone the hotel number is missing', async () => {
    const response = await mapping('json', 'partnerId=1001');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      Data: null,
      Error: { Code: '10', Message: 'Value cannot be null.\r\nParameter name: paximumId' },
      IsSuccessful: false,
    });
    // A wrong partnerId beside the right paximumId changes nothing: the service never reads it.
    expect((await mapping('json', 'paximumId=1001&partnerId=9999')).status).toBe(200);
    const refused = (await (await mapping('json', 'paximumId=2002')).json()) as { Error: { Code: string } };
    expect(refused.Error).toEqual({
      Code: '2',
      Message: 'The user is not authorized for hotel 2002.\r\nParameter name: paximumId',
    });
  });
});

describe("the other dialect's mapping path", () => {
  it('answers 404 with the Web API error object, the URI without its query, in JSON and XML', async () => {
    const path = '/api/pax/getstayformapping';
    const json = await get(service, `${path}?partnerId=1001&agencyId=${agencyId}&format=json`, token);
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.text()).toBe(
      `{"Message":"No HTTP resource was found that matches the request URI '${service.url}${path}'.","MessageDetail":"No action was found on the controller 'Pax' that matches the request."}`,
    );
    const asXml = await get(service, `${path}?partnerId=1001&agencyId=${agencyId}`, token);
    expect(asXml.status).toBe(404);
    expect(await asXml.text()).toBe(
      `<Error><Message>No HTTP resource was found that matches the request URI '${service.url}${path}'.</Message><MessageDetail>No action was found on the controller 'Pax' that matches the request.</MessageDetail></Error>`,
    );
  });

  it('is getsejourformapping for the spec dialect, and a wrong base address is no Web API answer', async () => {
    const path = '/api/pax/getsejourformapping';
    const response = await get(spec, `${path}?paximumId=1001&agencyId=${agencyId}&format=json`, specToken);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      Message: `No HTTP resource was found that matches the request URI '${spec.url}${path}'.`,
      MessageDetail: "No action was found on the controller 'Pax' that matches the request.",
    });
    const unknownController = (await (await get(spec, '/api/paks/x?format=json', specToken)).json()) as {
      MessageDetail: string;
    };
    expect(unknownController.MessageDetail).toBe(
      "No type was found that matches the controller named 'paks'.",
    );
    const wrongBase = await get(spec, '/pms/api/pax/getstayformapping', specToken);
    expect(wrongBase.status).toBe(404);
    expect(await wrongBase.text()).not.toMatch(/No HTTP resource|No action was found/);
  });
});

describe('reservations in the original dialect', () => {
  it('carry PaximumId and SejourHotelName in ordinal order, items reset to no namespace', async () => {
    const text = await (
      await get(service, `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=1001`, token)
    ).text();
    expect(
      text.startsWith(
        '<ServiceResultOfArrayOfReservationPms xmlns="http://schemas.datacontract.org/2004/07/Paximum.Pms.Service.Models"',
      ),
    ).toBe(true);
    expect(text).toContain('<Data><ReservationPms xmlns=""><AccomId>');
    expect(text).toMatch(/<Pax>\d<\/Pax><PaximumId>1001<\/PaximumId><PmsStatus>/);
    expect(text).toMatch(
      /<SejourHotelName>KUMSAL BEACH RESORT &amp; SPA \(SIDE\)<\/SejourHotelName><SellDate/,
    );
    // Guests sit inside the item's empty namespace: no second reset, no prefix.
    expect(text).toMatch(/<Customers><CustomerPms><Age>\d+<\/Age>/);
    expect(text.match(/xmlns=""/g)).toHaveLength(40);
    expect(text).toMatch(/<InfoMessage>40 data item returned<\/InfoMessage>/);
    expect(text).not.toMatch(/PartnerId|StayHotelName|Stay\.|<a:|Paximum\.Pms\.Entities/);
    const json = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token);
    const names = Object.keys((json.Data as Record<string, unknown>[])[0] ?? {});
    expect(names).toContain('PaximumId');
    expect(names).not.toContain('PartnerId');
    expect(names.indexOf('PaximumId')).toBe(names.indexOf('Pax') + 1);
    expect(names.indexOf('SejourHotelName')).toBe(names.indexOf('SellDate') - 1);
  });

  it('reads paximumId on the list and ignores partnerId', async () => {
    const refused = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=2002`, token);
    expect(refused.Error.Code).toBe('2');
    const ignored = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}&partnerId=2002`, token);
    expect(ignored.IsSuccessful).toBe(true);
    expect(ignored.Data).toHaveLength(40);
    const reasons = await getJson(service, '/api/pax/getnotconfirmmessages?paximumId=2002', token);
    expect(reasons.Error.Code).toBe('2');
  });

  it('names the hotel number paximumId in the hotel search', async () => {
    const response = await fetch(`${service.url}/v1/search/hotels`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kumsal' }),
    });
    expect(await response.json()).toEqual({
      hotels: [{ paximumId: 1001, name: 'Kumsal Beach Resort & Spa', city: 'Side' }],
    });
  });
});

describe('confirmations in the original dialect', () => {
  async function arrived(): Promise<{ KeyField: string; AgencyId: string }> {
    const body = (await (await control(service, 'POST', 'arrive', { checkIn: '2026-09-01' })).json()) as {
      reservations: { keyField: string }[];
    };
    const key = body.reservations[0]?.keyField ?? '';
    return (await (await control(service, 'GET', `reservations/${encodeURIComponent(key)}`)).json()) as {
      KeyField: string;
      AgencyId: string;
    };
  }

  const send = (operation: string, params: Record<string, string>) =>
    getJson(service, `/api/pax/${operation}?${new URLSearchParams(params).toString()}`, token);

  it('confirms with v2 under paximumId and records the parameter names it came with', async () => {
    const item = await arrived();
    const base = { keyField: item.KeyField, agencyId: item.AgencyId, confirmationStatus: 'E' };
    const missing = await send('sendconfirmationv2', { ...base, partnerId: '1001' });
    expect(missing.Error).toEqual({
      Code: '10',
      Message: 'Value cannot be null.\r\nParameter name: paximumId',
    });
    const done = await send('sendconfirmationv2', { ...base, paximumId: '1001', partnerId: '1001' });
    expect(done.IsSuccessful).toBe(true);
    const recorded = (await sandboxState(service)).confirmations.find(
      (entry) => entry.keyField === item.KeyField,
    );
    expect(recorded).toMatchObject({
      operation: 'sendconfirmationv2',
      partnerId: 1001,
      hotelParameter: 'paximumId',
      hotelParametersSent: ['partnerId', 'paximumId'],
    });
  });

  it('declines with v1 (as the COBOL client does) under paximumId', async () => {
    const item = await arrived();
    const reasons = await getJson(service, '/api/pax/getnotconfirmmessages?paximumId=1001', token);
    const reason = (reasons.Data as { Id: string }[])[0]?.Id ?? '';
    const declined = await send('sendconfirmation', {
      keyField: item.KeyField,
      agencyId: item.AgencyId,
      PAXIMUMID: '1001',
      confirmationStatus: 'H',
      notconfirmationNote: reason,
    });
    expect(declined.IsSuccessful).toBe(true);
    const state = await sandboxState(service);
    expect(state.dialect).toBe('original');
    expect(state.confirmations.find((entry) => entry.keyField === item.KeyField)).toMatchObject({
      operation: 'sendconfirmation',
      confirmationStatus: 'H',
      hotelParameter: 'paximumId',
      hotelParametersSent: ['PAXIMUMID'],
    });
    const logged = state.requests.filter((entry) => entry.path === '/api/pax/sendconfirmation').at(-1);
    expect(logged?.hotelParameters).toEqual(['PAXIMUMID']);
  });
});

describe('acknowledgements in the original dialect', () => {
  it('leave acknowledged versions out of IsSendRequired=true lists, as in the spec dialect', async () => {
    const path = `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=1001&IsSendRequired=true`;
    const before = (await getJson(service, path, token)).Data as { LogId: number; ServiceId: string }[];
    const first = before[0];
    const response = await fetch(
      `${service.url}/api/Pax/postsentlogids?format=json&serviceId=${first?.ServiceId ?? ''}`,
      {
        method: 'POST',
        headers: { cookie: token, 'content-type': 'application/json' },
        body: JSON.stringify({ logIds: String(first?.LogId) }),
      },
    );
    expect(await response.json()).toMatchObject({ Data: [String(first?.LogId)], IsSuccessful: true });
    const after = (await getJson(service, path, token)).Data as { LogId: number }[];
    expect(after.map((item) => item.LogId)).toEqual(before.slice(1).map((item) => item.LogId));
  });
});

describe('the large-result file in the original dialect', () => {
  it('streams items with PaximumId, reset to no namespace like inline answers', async () => {
    const { service: big, clock } = await startService({
      reservations: 1005,
      dialect: 'original',
      fileReadyAfterMs: 100,
    });
    try {
      const own = await login(big);
      const listed = await get(
        big,
        `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=1001&format=xml`,
        own,
      );
      const fileCode =
        /<Data><PmsResListExceed xmlns=""><FileCode>([^<]+)<\/FileCode>/.exec(await listed.text())?.[1] ?? '';
      expect(fileCode).toMatch(/^[0-9a-f-]{36}$/);
      clock.advance(100);
      const ready = await getJson(big, `/api/Pax/checkreservationfile?fileCode=${fileCode}`, own);
      const url = (ready.Data as { FileUrl: string }[])[0]?.FileUrl ?? '';
      const text = await (await fetch(url, { headers: { cookie: own } })).text();
      expect(
        text.startsWith(
          '<?xml version="1.0" encoding="utf-8"?><ServiceResultOfArrayOfReservationPms xmlns="http://schemas.datacontract.org/2004/07/Paximum.Pms.Service.Models"',
        ),
      ).toBe(true);
      expect(text).toContain('<Data><ReservationPms xmlns=""><AccomId>');
      expect(text.match(/<ReservationPms xmlns="">/g)).toHaveLength(1005);
      expect(text.match(/<PaximumId>1001<\/PaximumId>/g)).toHaveLength(1005);
      expect(text).toMatch(
        /<InfoMessage>1005 data item returned<\/InfoMessage><IsSuccessful>true<\/IsSuccessful><\/ServiceResultOfArrayOfReservationPms>$/,
      );
      expect(text).not.toMatch(/PartnerId|<a:/);
    } finally {
      await big.close();
    }
  });
});
