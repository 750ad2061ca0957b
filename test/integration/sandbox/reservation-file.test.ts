// The large-result flow end to end: > 1000 reservations → FileCode → not ready → ready → download,
// in both formats and both file shapes, the list frozen at the moment of the request.
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
  startService,
  xml,
  type TestClock,
} from './helpers';

let service: PracticeService;
let clock: TestClock;
let token: string;

beforeAll(async () => {
  ({ service, clock } = await startService({ reservations: 1500, fileReadyAfterMs: 5000 }));
  token = await login(service);
});
afterAll(() => service.close());

async function requestFile(format: 'json' | 'xml'): Promise<string> {
  const response = await get(service, `/api/pax/getReservationList?${WHOLE_YEAR}&format=${format}`, token);
  const text = await response.text();
  if (format === 'xml') {
    expect(text).toMatch(
      /^<ServiceResultOfArrayOfPmsResListExceed [^>]*><Data xmlns:a="[^"]+"><a:PmsResListExceed><a:FileCode>[0-9a-f-]{36}<\/a:FileCode><\/a:PmsResListExceed><\/Data>/,
    );
    return /<a:FileCode>([^<]+)<\/a:FileCode>/.exec(text)?.[1] ?? '';
  }
  const body = JSON.parse(text) as {
    Data: { FileCode: string }[];
    InfoMessage: string;
    IsSuccessful: boolean;
  };
  expect(body.IsSuccessful).toBe(true);
  expect(body.InfoMessage).toMatch(/limit/i);
  expect(Object.keys(body.Data[0] ?? {})).toEqual(['FileCode']);
  return body.Data[0]?.FileCode ?? '';
}

async function fileUrl(fileCode: string, format: 'json' | 'xml'): Promise<string> {
  const notReady = await getJson(service, `/api/Pax/checkreservationfile?fileCode=${fileCode}`, token);
  expect(notReady).toMatchObject({ IsSuccessful: false, Data: [], Error: { Code: '' } });
  expect(notReady.InfoMessage).toMatch(/not ready/i);
  clock.advance(5000);
  const ready = await getJson(service, `/api/Pax/checkreservationfile?fileCode=${fileCode}`, token);
  expect(ready.IsSuccessful).toBe(true);
  const url = (ready.Data as { FileUrl: string }[])[0]?.FileUrl ?? '';
  expect(url).toBe(`${service.url}/upload/reservations/${fileCode}.${format}`);
  return url;
}

describe('large reservation lists', () => {
  it('delivers 1500 reservations as a JSON envelope file, then as a bare JSON list', async () => {
    const url = await fileUrl(await requestFile('json'), 'json');
    expect((await fetch(url)).status).toBe(401);
    const envelope = await fetch(url, { headers: { cookie: token } });
    expect(envelope.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(envelope.headers.get('transfer-encoding')).toBe('chunked');
    const body = (await envelope.json()) as { Data: { LogId: number }[]; IsSuccessful: boolean };
    expect(body.IsSuccessful).toBe(true);
    expect(body.Data.length).toBe(1500);
    expect(new Set(body.Data.map((item) => item.LogId)).size).toBe(1500);
    await control(service, 'POST', 'file-shape', { shape: 'list' });
    try {
      const list = (await (await fetch(url, { headers: { Token: token } })).json()) as unknown[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBe(1500);
    } finally {
      await control(service, 'POST', 'file-shape', { shape: 'envelope' });
    }
  });

  it('delivers the XML file as an envelope and as <ArrayOfReservationPms>', async () => {
    const url = await fileUrl(await requestFile('xml'), 'xml');
    const text = await (await fetch(url, { headers: { Token: token } })).text();
    expect(
      text.startsWith('<?xml version="1.0" encoding="utf-8"?><ServiceResultOfArrayOfReservationPms '),
    ).toBe(true);
    expect(
      items(child(child(xml.parse(text), 'ServiceResultOfArrayOfReservationPms'), 'Data'), 'ReservationPms')
        .length,
    ).toBe(1500);
    await control(service, 'POST', 'file-shape', { shape: 'list' });
    try {
      const bare = await (await fetch(url, { headers: { Token: token } })).text();
      expect(bare).toMatch(
        /^<\?xml[^>]+\?><ArrayOfReservationPms xmlns="http:\/\/schemas\.datacontract\.org\/2004\/07\/Stay\.Pms\.Entities" xmlns:i="[^"]+"><ReservationPms><AccomId>/,
      );
      expect(items(child(xml.parse(bare), 'ArrayOfReservationPms'), 'ReservationPms').length).toBe(1500);
    } finally {
      await control(service, 'POST', 'file-shape', { shape: 'envelope' });
    }
  });

  it('freezes the list when the FileCode is made', async () => {
    // Its own world, so the arrivals here never change what the other tests count.
    const own = await startService({ reservations: 1001, fileReadyAfterMs: 0 });
    try {
      const ownToken = await login(own.service);
      const exceed = await getJson(own.service, `/api/pax/getReservationList?${WHOLE_YEAR}`, ownToken);
      const fileCode = (exceed.Data as { FileCode: string }[])[0]?.FileCode ?? '';
      const arrived = (await (
        await control(own.service, 'POST', 'arrive', { count: 3, checkIn: '2026-09-01' })
      ).json()) as { reservations: { keyField: string }[] };
      const ready = await getJson(
        own.service,
        `/api/Pax/checkreservationfile?fileCode=${fileCode}`,
        ownToken,
      );
      const url = (ready.Data as { FileUrl: string }[])[0]?.FileUrl ?? '';
      const body = (await (await fetch(url, { headers: { Token: ownToken } })).json()) as {
        Data: { KeyField: string }[];
      };
      const keys = new Set(body.Data.map((item) => item.KeyField));
      expect(body.Data.length).toBe(1001);
      expect(arrived.reservations.length).toBe(3);
      expect(arrived.reservations.some((item) => keys.has(item.keyField))).toBe(false);
    } finally {
      await own.service.close();
    }
  });

  it('answers 404 for a file that does not exist or is asked in the other format', async () => {
    const fileCode = await requestFile('json');
    clock.advance(5000);
    expect((await get(service, `/upload/reservations/${fileCode}.xml`, token)).status).toBe(404);
    expect(
      (await get(service, '/upload/reservations/11111111-2222-4333-8444-555555555555.json', token)).status,
    ).toBe(404);
  });
});
