// Odd values the live service is known to send: ConfirmationStatus S and G in the unfiltered list (never
// in status=W), an unknown PmsStatus, in a small seeded share of the world when oddities are on, and on
// demand through the control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, getJson, login, startService } from './helpers';

type Item = {
  KeyField: string;
  LogId: number;
  AgencyId: string;
  ConfirmationStatus: string;
  PmsStatus: number;
};

async function world(oddities: boolean, seed = 7): Promise<{ all: Item[]; waiting: Item[] }> {
  const { service } = await startService({ reservations: 400, seed, oddities });
  try {
    const token = await login(service);
    const all = (await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token)).Data as Item[];
    const waiting = (await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}&status=W`, token))
      .Data as Item[];
    return { all, waiting };
  } finally {
    await service.close();
  }
}

describe('odd values in the generated world', () => {
  it('are absent by default, so counts stay as they were', async () => {
    const { all, waiting } = await world(false);
    expect(all).toHaveLength(400);
    expect(waiting).toHaveLength(400);
    expect(new Set(all.map((item) => item.ConfirmationStatus))).toEqual(new Set(['W']));
    expect(all.every((item) => [0, 2, 3].includes(item.PmsStatus))).toBe(true);
  });

  it('appear in a small seeded share when on, leaving the rest of the world unchanged', async () => {
    const clean = await world(false);
    const odd = await world(true);
    const again = await world(true);
    expect(again.all).toEqual(odd.all);
    // Same reservations, same LogIds: only the odd marks differ.
    expect(odd.all.map((item) => `${item.KeyField}#${item.LogId}`)).toEqual(
      clean.all.map((item) => `${item.KeyField}#${item.LogId}`),
    );
    const sent = odd.all.filter((item) => item.ConfirmationStatus === 'S');
    const notSent = odd.all.filter((item) => item.ConfirmationStatus === 'G');
    const unknown = odd.all.filter((item) => ![0, 2, 3].includes(item.PmsStatus));
    expect(sent.length).toBeGreaterThan(0);
    expect(notSent.length).toBeGreaterThan(0);
    expect(unknown.length).toBeGreaterThan(0);
    expect(new Set(unknown.map((item) => item.PmsStatus))).toEqual(new Set([5]));
    expect(sent.length + notSent.length + unknown.length).toBeLessThan(400 * 0.08);
    // status=W is an explicit filter: S and G stay out of it; an unknown PmsStatus is still waiting.
    expect(odd.waiting.some((item) => item.ConfirmationStatus !== 'W')).toBe(false);
    expect(odd.waiting).toHaveLength(400 - sent.length - notSent.length);
    expect(odd.waiting.filter((item) => item.PmsStatus === 5)).toHaveLength(unknown.length);
  });
});

describe('odd values on demand', () => {
  let service: PracticeService;
  let token: string;

  beforeAll(async () => {
    ({ service } = await startService({ reservations: 3 }));
    token = await login(service);
  });
  afterAll(() => service.close());

  const arrive = async (body: Record<string, unknown>): Promise<string> => {
    const response = await control(service, 'POST', 'arrive', { checkIn: '2026-10-10', ...body });
    expect(response.status).toBe(200);
    const receipt = (await response.json()) as { reservations: { keyField: string }[] };
    return receipt.reservations[0]?.keyField ?? '';
  };
  const list = async (status = ''): Promise<Item[]> =>
    (
      await getJson(
        service,
        `/api/pax/getReservationList?checkInStart=10.10.2026&checkInEnd=10.10.2026${status}`,
        token,
      )
    ).Data as Item[];
  const confirm = async (item: Item | undefined) =>
    getJson(
      service,
      `/api/pax/sendconfirmation?${new URLSearchParams({
        keyField: item?.KeyField ?? '',
        agencyId: item?.AgencyId ?? '',
        partnerId: '1001',
        confirmationStatus: 'E',
      }).toString()}`,
      token,
    );

  it('lists S and G without a status filter only, and refuses to answer them', async () => {
    const sent = await arrive({ confirmationStatus: 'S' });
    const notSent = await arrive({ confirmationStatus: 'G' });
    const plain = await arrive({});
    const unfiltered = await list();
    expect(unfiltered.map((item) => [item.KeyField, item.ConfirmationStatus])).toEqual([
      [sent, 'S'],
      [notSent, 'G'],
      [plain, 'W'],
    ]);
    expect((await list('&status=W')).map((item) => item.KeyField)).toEqual([plain]);
    expect(await list('&status=E')).toEqual([]);
    const refused = await confirm(unfiltered[0]);
    expect(refused.Error.Code).toBe('NotWaiting');
    expect(refused.Error.Message).toContain('dealt with elsewhere (status S)');
    expect(
      (await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}&status=S`, token)).Error.Code,
    ).toBe('InvalidStatus');
  });

  it('sends an unknown PmsStatus as it is, and the reservation can still be answered', async () => {
    const keyField = await arrive({ pmsStatus: 5, checkIn: '2026-10-11' });
    const item = (await (
      await control(service, 'GET', `reservations/${encodeURIComponent(keyField)}`)
    ).json()) as Item;
    expect(item).toMatchObject({ PmsStatus: 5, ConfirmationStatus: 'W' });
    expect((await confirm(item)).IsSuccessful).toBe(true);
  });

  it('refuses statuses the control cannot make', async () => {
    for (const body of [
      { confirmationStatus: 'E' },
      { confirmationStatus: 's' },
      { pmsStatus: -1 },
      { pmsStatus: 1.5 },
    ])
      expect((await control(service, 'POST', 'arrive', body)).status).toBe(400);
  });
});
