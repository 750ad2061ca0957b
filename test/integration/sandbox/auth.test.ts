// Where the token may travel, and what happens without it, with a wrong one or an expired one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { login, startService, type TestClock } from './helpers';

let service: PracticeService;
let clock: TestClock;

beforeAll(async () => {
  ({ service, clock } = await startService({ reservations: 5, tokenTtlMs: 60_000 }));
});
afterAll(() => service.close());

const agencies = (headers: Record<string, string>) =>
  fetch(`${service.url}/api/pax/gethotelagencies?format=json`, { headers });

describe('token transport', () => {
  it('accepts a raw cookie, a name=value cookie, a Token header and a Bearer header', async () => {
    const token = await login(service);
    expect((await agencies({ cookie: token })).status).toBe(200);
    expect((await agencies({ cookie: `lang=tr; session=${token}` })).status).toBe(200);
    expect((await agencies({ Token: token })).status).toBe(200);
    expect((await agencies({ Authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('answers 401 with an Unauthorized envelope when the token is missing or unknown', async () => {
    const missing = await agencies({});
    expect(missing.status).toBe(401);
    const body = (await missing.json()) as { Error: { Code: string }; IsSuccessful: boolean; Data: unknown };
    expect(body).toMatchObject({ Error: { Code: 'Unauthorized' }, IsSuccessful: false, Data: null });
    expect((await agencies({ Token: 'not-a-token' })).status).toBe(401);
    const xml = await fetch(`${service.url}/api/pax/getReservationList`, { headers: { cookie: 'nope' } });
    expect(xml.status).toBe(401);
    expect(await xml.text()).toContain('<Code>Unauthorized</Code>');
  });

  it('expires tokens after tokenTtlMs on the service clock', async () => {
    const token = await login(service);
    clock.advance(59_000);
    expect((await agencies({ Token: token })).status).toBe(200);
    clock.advance(2_000);
    const expired = await agencies({ Token: token });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { Error: { Message: string } }).Error.Message).toMatch(/expired/);
    expect((await agencies({ Token: await login(service) })).status).toBe(200);
  });
});

describe('hotel search', () => {
  const search = (body: unknown, headers: Record<string, string>) =>
    fetch(`${service.url}/v1/search/hotels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('needs a Bearer token', async () => {
    const token = await login(service);
    expect((await search({ name: 'kumsal' }, {})).status).toBe(401);
    expect((await search({ name: 'kumsal' }, { Token: token })).status).toBe(401);
    expect((await search({ name: 'kumsal' }, { Authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('matches case- and Turkish-insensitively', async () => {
    const bearer = { Authorization: `Bearer ${await login(service)}` };
    const names = async (name: string) =>
      ((await (await search({ name }, bearer)).json()) as { hotels: { name: string }[] }).hotels.map(
        (hotel) => hotel.name,
      );
    expect(await names('KUMSAL')).toEqual(['Kumsal Beach Resort & Spa']);
    expect(await names('isik')).toEqual(['Işıklar Palace Hotel']);
    expect(await names('ISTANBUL')).toEqual(['İstanbul Boğaz Suites']);
    expect(await names('camlik')).toEqual(['Çamlık Butik Otel']);
    const demo = (await (await search({ name: 'beach' }, bearer)).json()) as { hotels: unknown[] };
    expect(demo.hotels).toEqual([{ partnerId: 1001, name: 'Kumsal Beach Resort & Spa', city: 'Side' }]);
    expect(await names('no such hotel')).toEqual([]);
  });
});
