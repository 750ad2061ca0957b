// A LogId that comes again on another reservation (same ServiceId, another KeyField;
// or under another ServiceId), a reservation whose content changes while its LogId stays, and an item with
// another hotel's number. Asked for one at a time through the control API, and seeded at low rates with
// the logIds / foreignHotel oddities on, the same for a seed, the rest of the world untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, getJson, login, sandboxState, startService } from './helpers';

interface Item {
  KeyField: string;
  AgencyId: string;
  LogId: number;
  ServiceId: string;
  PmsStatus: number;
  ConfirmationStatus: string;
  CheckOut: string;
  PartnerId?: number;
  PaximumId?: number;
}

interface Identity {
  kind: string;
  keyField: string;
  logId: number;
  serviceId: string;
  sharedWith?: string;
  service?: string;
  hotelNumber?: number;
  trigger: string;
}

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 10 }));
  token = await login(service);
});
afterAll(() => service.close());

async function current(on: PracticeService, keyField: string): Promise<Item> {
  return (await (await control(on, 'GET', `reservations/${encodeURIComponent(keyField)}`)).json()) as Item;
}

async function arrive(on: PracticeService, body: Record<string, unknown> = {}): Promise<Item> {
  const response = await control(on, 'POST', 'arrive', { checkIn: '2026-11-02', ...body });
  expect(response.status).toBe(200);
  const { reservations } = (await response.json()) as { reservations: { keyField: string }[] };
  return current(on, reservations[0]?.keyField ?? '');
}

async function identities(on: PracticeService): Promise<Identity[]> {
  const state = (await sandboxState(on)) as unknown as { oddities: { identities: Identity[] } };
  return state.oddities.identities;
}

async function acknowledge(serviceId: string, logId: number): Promise<string[]> {
  const response = await fetch(`${service.url}/api/Pax/postsentlogids?serviceId=${serviceId}&format=json`, {
    method: 'POST',
    headers: { cookie: token },
    body: JSON.stringify({ logIds: String(logId) }),
  });
  return ((await response.json()) as { Data: string[] }).Data;
}

/** The reservation list's items (JSON), typed for these tests. */
async function listOf(on: PracticeService, query: string, own = token): Promise<Item[]> {
  const data: unknown = (await getJson(on, `/api/pax/getReservationList?${query}`, own)).Data;
  return data as Item[];
}

const unacknowledged = async (): Promise<string[]> =>
  (await listOf(service, `${WHOLE_YEAR}&IsSendRequired=true`)).map((item) => item.KeyField);

describe('a LogId that comes again (control API)', () => {
  it('on another KeyField under the same ServiceId: one acknowledgement hides both', async () => {
    const first = await arrive(service);
    const second = await arrive(service, { logIdOf: first.KeyField });
    expect(second.KeyField).not.toBe(first.KeyField);
    expect(second).toMatchObject({ LogId: first.LogId, ServiceId: first.ServiceId });
    const listed = await listOf(service, WHOLE_YEAR);
    expect(listed.filter((item) => item.LogId === first.LogId).map((item) => item.KeyField)).toEqual([
      first.KeyField,
      second.KeyField,
    ]);
    expect(await acknowledge(first.ServiceId, first.LogId)).toEqual([String(first.LogId)]);
    const left = await unacknowledged();
    expect(left).not.toContain(first.KeyField);
    expect(left).not.toContain(second.KeyField);
    expect((await identities(service)).at(-1)).toMatchObject({
      kind: 'reusedLogId',
      keyField: second.KeyField,
      logId: first.LogId,
      sharedWith: first.KeyField,
      service: 'same',
      trigger: 'control',
    });
  });

  it('under another ServiceId: acknowledged per ServiceId', async () => {
    const first = await arrive(service);
    const second = await arrive(service, { logIdOf: first.KeyField, serviceId: 'other' });
    expect(second.LogId).toBe(first.LogId);
    expect(second.ServiceId).not.toBe(first.ServiceId);
    expect(await acknowledge(first.ServiceId, first.LogId)).toEqual([String(first.LogId)]);
    expect(await unacknowledged()).toContain(second.KeyField);
    expect(await acknowledge(second.ServiceId, second.LogId)).toEqual([String(second.LogId)]);
    expect(await unacknowledged()).not.toContain(second.KeyField);
  });

  it('refuses an unknown reservation or a serviceId without logIdOf', async () => {
    expect((await control(service, 'POST', 'arrive', { logIdOf: 'nope' })).status).toBe(404);
    expect((await control(service, 'POST', 'arrive', { serviceId: 'other' })).status).toBe(400);
    const first = await arrive(service);
    expect(
      (await control(service, 'POST', 'arrive', { logIdOf: first.KeyField, serviceId: 'x' })).status,
    ).toBe(400);
  });
});

describe('a change that keeps its LogId (control API)', () => {
  it('changes the content of a confirmed reservation, LogId and statuses as they were', async () => {
    const item = await arrive(service);
    const query = new URLSearchParams({
      keyField: item.KeyField,
      agencyId: item.AgencyId,
      partnerId: '1001',
      confirmationStatus: 'E',
    });
    const confirmed = await getJson(service, `/api/pax/sendconfirmationv2?${query.toString()}`, token);
    expect(confirmed.IsSuccessful).toBe(true);
    const response = await control(service, 'POST', 'change', {
      keyField: item.KeyField,
      checkOut: '2026-11-20',
      keepLogId: true,
    });
    expect(await response.json()).toEqual({ reservations: [{ keyField: item.KeyField, logId: item.LogId }] });
    const after = await current(service, item.KeyField);
    expect(after).toMatchObject({
      LogId: item.LogId,
      PmsStatus: 0,
      ConfirmationStatus: 'E',
      CheckOut: '2026-11-20T00:00:00',
    });
    expect(after.CheckOut).not.toBe(item.CheckOut);
    expect((await identities(service)).at(-1)).toMatchObject({
      kind: 'silentChange',
      keyField: item.KeyField,
      logId: item.LogId,
      trigger: 'control',
    });
    expect(
      (await control(service, 'POST', 'change', { keyField: item.KeyField, keepLogId: 'yes' })).status,
    ).toBe(400);
  });
});

describe("another hotel's number (control API)", () => {
  it('is carried as PartnerId in the spec dialect and PaximumId in the original', async () => {
    const item = await arrive(service, { hotelNumber: 1004 });
    const listed = await listOf(service, WHOLE_YEAR);
    expect(listed.find((entry) => entry.KeyField === item.KeyField)?.PartnerId).toBe(1004);
    expect(listed.filter((entry) => entry.PartnerId !== 1001)).toHaveLength(1);
    const { service: original } = await startService({ reservations: 3, dialect: 'original' });
    try {
      const own = await login(original);
      const odd = await arrive(original, { hotelNumber: 1002 });
      const text = await (
        await fetch(`${original.url}/api/pax/getReservationList?${WHOLE_YEAR}&format=xml`, {
          headers: { cookie: own },
        })
      ).text();
      expect(text.match(/<PaximumId>1002<\/PaximumId>/g)).toHaveLength(1);
      expect(text.match(/<PaximumId>1001<\/PaximumId>/g)).toHaveLength(3);
      expect((await identities(original)).at(-1)).toMatchObject({
        kind: 'foreignHotel',
        keyField: odd.KeyField,
        hotelNumber: 1002,
        trigger: 'control',
      });
    } finally {
      await original.close();
    }
  });
});

describe('seeded, with the logIds and foreignHotel oddities on', () => {
  const keysAndLogIds = async (on: PracticeService): Promise<[string, number, string, number][]> => {
    const own = await login(on);
    const list = await listOf(on, 'checkInStart=01.01.2000&checkInEnd=12.31.2100', own);
    return list.map((item) => [item.KeyField, item.LogId, item.ServiceId, item.PartnerId ?? 0]);
  };

  it('touch a few reservations, the same for a seed, and leave the rest of the world as it was', async () => {
    const options = { reservations: 900, seed: 7 } as const;
    const a = (await startService({ ...options, oddities: ['logIds', 'foreignHotel'] })).service;
    const b = (await startService({ ...options, oddities: ['logIds', 'foreignHotel'] })).service;
    const plain = (await startService(options)).service;
    try {
      const touched = await identities(a);
      expect(touched).toEqual(await identities(b));
      expect(await identities(plain)).toEqual([]);
      const reused = touched.filter((entry) => entry.kind === 'reusedLogId');
      const foreign = touched.filter((entry) => entry.kind === 'foreignHotel');
      // 0.4 % and 0.3 % of 900: a handful each, never none.
      expect(reused.length).toBeGreaterThan(0);
      expect(foreign.length).toBeGreaterThan(0);
      expect(touched.length).toBeLessThan(20);
      expect(touched.every((entry) => entry.trigger === 'seeded')).toBe(true);
      const odd = new Map((await keysAndLogIds(a)).map(([key, ...rest]) => [key, rest]));
      const clean = await keysAndLogIds(plain);
      expect(odd.size).toBe(clean.length);
      const differing = clean.filter(
        ([key, ...rest]) => JSON.stringify(odd.get(key)) !== JSON.stringify(rest),
      );
      expect(differing.map(([key]) => key).sort()).toEqual(touched.map((entry) => entry.keyField).sort());
      for (const entry of reused) {
        const [logId, serviceId] = odd.get(entry.keyField) ?? [];
        expect(logId).toBe(odd.get(entry.sharedWith ?? '')?.[0]);
        expect(serviceId === odd.get(entry.sharedWith ?? '')?.[1]).toBe(entry.service === 'same');
      }
      for (const entry of foreign) expect(odd.get(entry.keyField)?.[2]).toBe(entry.hotelNumber);
    } finally {
      await Promise.all([a.close(), b.close(), plain.close()]);
    }
  });

  it('let some changes of the evolve timer keep their LogId', async () => {
    const { service: evolving } = await startService({ reservations: 50, oddities: ['logIds'] });
    try {
      const response = await control(evolving, 'POST', 'evolve', { times: 60 });
      expect(response.status).toBe(200);
      const silent = (await identities(evolving)).filter((entry) => entry.kind === 'silentChange');
      expect(silent.length).toBeGreaterThan(0);
      for (const entry of silent) expect(entry.trigger).toBe('seeded');
    } finally {
      await evolving.close();
    }
  });

  it('stay off with oddities: true (odd values and check cases only)', async () => {
    const { service: established } = await startService({ reservations: 900, seed: 7, oddities: true });
    try {
      await control(established, 'POST', 'evolve', { times: 60 });
      expect(await identities(established)).toEqual([]);
      expect((await sandboxState(established)).oddities).toMatchObject({
        enabled: true,
        kinds: ['values', 'checkCases'],
      });
    } finally {
      await established.close();
    }
  });
});
