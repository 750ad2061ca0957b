// The practice-only control API: arrivals, changes, cancellations, state, reservation lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { control, getJson, login, sandboxState, startService } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 30 }));
  token = await login(service);
});
afterAll(() => service.close());

type Receipts = { reservations: { keyField: string; logId: number }[] };
const receipts = async (response: Response): Promise<Receipts> => (await response.json()) as Receipts;
const lookup = async (keyField: string) =>
  (await (await control(service, 'GET', `reservations/${encodeURIComponent(keyField)}`)).json()) as Record<
    string,
    unknown
  >;

describe('control API', () => {
  it('makes reservations arrive with the given details', async () => {
    const agencyId =
      ((await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[2]?.Id ?? '';
    const body = await receipts(
      await control(service, 'POST', 'arrive', {
        count: 2,
        checkIn: '2026-10-10',
        agencyId,
        leadGuest: 'MÜLLER JÜRGEN',
        note: 'A & B <C>',
        roomCount: 2,
      }),
    );
    expect(body.reservations.length).toBe(2);
    const [first, second] = body.reservations;
    expect((second?.logId ?? 0) - (first?.logId ?? 0)).toBe(1);
    const item = await lookup(first?.keyField ?? '');
    expect(item).toMatchObject({
      CheckIn: '2026-10-10T00:00:00',
      AgencyId: agencyId,
      Note: 'A & B <C>',
      RoomCount: 2,
      PmsStatus: 0,
      ConfirmationStatus: 'W',
    });
    expect((item.Customers as { Name: string; Title: string }[])[0]?.Name).toBe('MÜLLER JÜRGEN');
  });

  it('changes and cancels reservations as new versions', async () => {
    const [arrived] = (await receipts(await control(service, 'POST', 'arrive', { checkIn: '2026-11-01' })))
      .reservations;
    const changed = await receipts(
      await control(service, 'POST', 'change', { keyField: arrived?.keyField, checkOut: '2026-11-09' }),
    );
    expect(changed.reservations[0]?.logId).toBeGreaterThan(arrived?.logId ?? 0);
    expect(await lookup(arrived?.keyField ?? '')).toMatchObject({
      PmsStatus: 2,
      CheckOut: '2026-11-09T00:00:00',
      Nights: 8,
    });
    const cancelled = await receipts(
      await control(service, 'POST', 'cancel', { keyField: arrived?.keyField }),
    );
    expect(cancelled.reservations[0]?.logId).toBeGreaterThan(changed.reservations[0]?.logId ?? 0);
    expect((await lookup(arrived?.keyField ?? '')).PmsStatus).toBe(3);
    expect((await control(service, 'POST', 'cancel', { keyField: arrived?.keyField })).status).toBe(409);
    const several = await receipts(await control(service, 'POST', 'change', { count: 3 }));
    expect(new Set(several.reservations.map((entry) => entry.keyField)).size).toBe(3);
  });

  it('rejects bad control requests', async () => {
    expect((await control(service, 'POST', 'arrive', { checkIn: '2026-02-30' })).status).toBe(400);
    expect(
      (await control(service, 'POST', 'arrive', { agencyId: '11111111-2222-4333-8444-555555555555' })).status,
    ).toBe(400);
    expect((await control(service, 'POST', 'change', { keyField: 'nope' })).status).toBe(404);
    expect((await control(service, 'GET', `reservations/${encodeURIComponent('1001|x|y|1')}`)).status).toBe(
      404,
    );
    expect((await control(service, 'POST', 'file-shape', { shape: 'csv' })).status).toBe(400);
    const notJson = await fetch(`${service.url}/_sandbox/arrive`, { method: 'POST', body: 'count=3' });
    expect(notJson.status).toBe(400);
  });

  it('reports requests without query strings, and the reservation count', async () => {
    await fetch(`${service.url}/api/system/login?user=demo&pass=s3cret-pass`);
    const state = await sandboxState(service);
    const last = state.requests.filter((entry) => entry.path.toLowerCase() === '/api/system/login').at(-1);
    expect(last).toMatchObject({ method: 'GET', status: 401 });
    expect(JSON.stringify(state.requests)).not.toContain('s3cret');
    expect(JSON.stringify(state.requests)).not.toContain('_sandbox');
    expect(state.reservations).toBeGreaterThanOrEqual(30);
  });
});
