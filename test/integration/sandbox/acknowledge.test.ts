// Acknowledgement semantics: with IsSendRequired=true a reported version is not sent again until it
// changes; a change or cancellation comes back with a new LogId; foreign ServiceIds acknowledge nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { control, getJson, login, sandboxState, startService } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 10 }));
  token = await login(service);
});
afterAll(() => service.close());

interface Item {
  KeyField: string;
  LogId: number;
  ServiceId: string;
  PmsStatus: number;
  CheckOut: string;
  ConfirmationStatus: string;
}

/** Each test uses its own check-in day, so tests never see each other's reservations. */
async function pending(day: string): Promise<Item[]> {
  const [year, month, date] = day.split('-');
  const range = `checkInStart=${month}.${date}.${year}&checkInEnd=${month}.${date}.${year}`;
  return (await getJson(service, `/api/pax/getReservationList?${range}&issendrequired=TRUE`, token))
    .Data as unknown as Item[];
}

async function arrive(day: string, count = 1): Promise<{ keyField: string; logId: number }[]> {
  return (
    (await (await control(service, 'POST', 'arrive', { checkIn: day, count })).json()) as {
      reservations: { keyField: string; logId: number }[];
    }
  ).reservations;
}

function acknowledge(serviceId: string, body: unknown): Promise<Response> {
  return fetch(`${service.url}/api/Pax/postsentlogids?serviceId=${serviceId}&format=json`, {
    method: 'POST',
    headers: { Token: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('postsentlogids and IsSendRequired', () => {
  it('stops sending an acknowledged version and sends it again when it changes', async () => {
    const [arrived] = await arrive('2027-03-03');
    const [item] = await pending('2027-03-03');
    expect(item?.KeyField).toBe(arrived?.keyField);
    const response = await acknowledge(item?.ServiceId ?? '', { logId: String(item?.LogId) });
    const text = await response.text();
    expect(text).toBe(
      `{"Data":["${item?.LogId}"],"Error":{"Code":"","Message":""},"InfoMessage":"","IsSuccessful":true}`,
    );
    expect(await pending('2027-03-03')).toEqual([]);
    const all = (
      await getJson(
        service,
        '/api/pax/getReservationList?checkInStart=03.03.2027&checkInEnd=03.03.2027',
        token,
      )
    ).Data as unknown as Item[];
    expect(all.map((entry) => entry.KeyField)).toEqual([item?.KeyField]);
    const changed = (await (
      await control(service, 'POST', 'change', { keyField: item?.KeyField, checkOut: '2027-03-20' })
    ).json()) as { reservations: { logId: number }[] };
    const [again] = await pending('2027-03-03');
    expect(again?.LogId).toBe(changed.reservations[0]?.logId);
    expect(again?.LogId).toBeGreaterThan(item?.LogId ?? 0);
    expect(again).toMatchObject({ PmsStatus: 2, CheckOut: '2027-03-20T00:00:00', KeyField: item?.KeyField });
  });

  it('sends a cancellation as a new version with PmsStatus 3', async () => {
    const [arrived] = await arrive('2027-03-04');
    const [item] = await pending('2027-03-04');
    await acknowledge(item?.ServiceId ?? '', { logIds: String(item?.LogId) });
    expect(await pending('2027-03-04')).toEqual([]);
    await control(service, 'POST', 'cancel', { keyField: arrived?.keyField });
    const [cancelled] = await pending('2027-03-04');
    expect(cancelled).toMatchObject({ PmsStatus: 3, KeyField: arrived?.keyField });
    expect(cancelled?.LogId).toBeGreaterThan(item?.LogId ?? 0);
  });

  it('accepts logId and logIds together and acknowledges only ids of that ServiceId', async () => {
    await arrive('2027-03-05', 12);
    const items = await pending('2027-03-05');
    const serviceId = items[0]?.ServiceId ?? '';
    const mine = items.filter((item) => item.ServiceId === serviceId).map((item) => item.LogId);
    const foreign = items.filter((item) => item.ServiceId !== serviceId).map((item) => item.LogId);
    expect(foreign.length).toBeGreaterThan(0);
    const [first, ...rest] = mine;
    const body = (await (
      await acknowledge(serviceId.toUpperCase(), {
        logId: String(first),
        logIds: [...rest, ...foreign, 999].join(','),
      })
    ).json()) as { Data: string[] };
    expect(body.Data).toEqual(mine.map(String));
    const left = await pending('2027-03-05');
    expect(left.map((item) => item.LogId)).toEqual(foreign);
    const state = await sandboxState(service);
    const recorded = state.acknowledged.filter((entry) => mine.includes(entry.logId));
    expect(recorded.length).toBe(mine.length);
    expect(
      recorded.every(
        (entry) => entry.serviceId === serviceId && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(entry.at),
      ),
    ).toBe(true);
    expect(state.acknowledged.some((entry) => foreign.includes(entry.logId))).toBe(false);
  });

  it('answers acknowledgements in XML as ArrayOfstring items', async () => {
    const [arrived] = await arrive('2027-03-06');
    const [item] = await pending('2027-03-06');
    const response = await fetch(`${service.url}/api/Pax/postsentlogids?serviceId=${item?.ServiceId ?? ''}`, {
      method: 'POST',
      headers: { cookie: token, 'content-type': 'application/json' },
      body: JSON.stringify({ logIds: String(arrived?.logId) }),
    });
    const text = await response.text();
    expect(text).toContain(
      `<Data xmlns:b="http://schemas.microsoft.com/2003/10/Serialization/Arrays"><b:string>${arrived?.logId}</b:string></Data>`,
    );
    expect(text).toMatch(/^<ServiceResultOfArrayOfstring /);
  });
});
