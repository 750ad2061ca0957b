// Answering as the live service's production client does (original dialect): URLs built by hand with
// parameter names in any case (AgencyId, checkInend, KeyField), declines through sendconfirmation,
// confirmations through sendconfirmationv2, and waiting cancellations taken in with E. The control API
// says which operation every answer came through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { control, getJson, login, sandboxState, startService } from './helpers';

let service: PracticeService;
let token: string;
let reasonId: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 10, dialect: 'original' }));
  token = await login(service);
  reasonId =
    ((await getJson(service, '/api/pax/getnotconfirmmessages', token)).Data as { Id: string }[])[2]?.Id ?? '';
});
afterAll(() => service.close());

interface Item {
  KeyField: string;
  AgencyId: string;
  LogId: number;
  PmsStatus: number;
  ConfirmationStatus: string;
}

async function current(keyField: string): Promise<Item> {
  return (await (
    await control(service, 'GET', `reservations/${encodeURIComponent(keyField)}`)
  ).json()) as Item;
}

async function arrived(checkIn: string): Promise<Item> {
  const body = (await (await control(service, 'POST', 'arrive', { checkIn })).json()) as {
    reservations: { keyField: string }[];
  };
  return current(body.reservations[0]?.keyField ?? '');
}

/** A hand-built URL: the raw | of the KeyField is not encoded, names spelled as the client spells them. */
async function answer(operation: string, query: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}/api/pax/${operation}?${query}&format=json`, {
    headers: { cookie: token },
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('parameter names in any case', () => {
  it('reads checkInend and AgencyId as checkInEnd and agencyId', async () => {
    const item = await arrived('2026-10-03');
    const list = await getJson(
      service,
      `/api/pax/getReservationList?CHECKINSTART=10.03.2026&checkInend=10.03.2026&AgencyId=${item.AgencyId}&Status=w`,
      token,
    );
    expect((list.Data as { KeyField: string }[]).map((entry) => entry.KeyField)).toEqual([item.KeyField]);
  });
});

describe('answers and the operation they came through', () => {
  it('takes a decline through sendconfirmation and a confirmation through sendconfirmationv2', async () => {
    const declined = await arrived('2026-10-10');
    const confirmed = await arrived('2026-10-11');
    const decline = await answer(
      'sendconfirmation',
      `KeyField=${declined.KeyField}&AgencyId=${declined.AgencyId}&PaximumId=1001&ConfirmationStatus=H&NotConfirmationNote=${reasonId}`,
    );
    expect(decline).toEqual({
      IsSuccessful: true,
      InfoMessage: 'Operation Successful',
      Error: null,
      Data: [{ KeyField: declined.KeyField, Status: 'H' }],
    });
    const confirm = await answer(
      'sendconfirmationv2',
      `KeyField=${confirmed.KeyField}&AgencyId=${confirmed.AgencyId}&paximumId=1001&confirmationStatus=E`,
    );
    expect(confirm).toMatchObject({
      IsSuccessful: true,
      InfoMessage: 'Operation Successful',
      Error: null,
      Data: [{ KeyField: confirmed.KeyField, Status: 'E' }],
    });
    const state = await sandboxState(service);
    const entry = (keyField: string) => state.confirmations.filter((c) => c.keyField === keyField);
    expect(entry(declined.KeyField)).toEqual([
      expect.objectContaining({
        operation: 'sendconfirmation',
        confirmationStatus: 'H',
        notconfirmationNote: reasonId,
        logId: declined.LogId,
        pmsStatus: 0,
        hotelParametersSent: ['PaximumId'],
      }),
    ]);
    expect(entry(confirmed.KeyField)).toEqual([
      expect.objectContaining({
        operation: 'sendconfirmationv2',
        confirmationStatus: 'E',
        logId: confirmed.LogId,
      }),
    ]);
    expect((await current(declined.KeyField)).ConfirmationStatus).toBe('H');
    expect((await current(confirmed.KeyField)).ConfirmationStatus).toBe('E');
  });

  it('records a waiting cancellation confirmed with E as taken in (E, PmsStatus 3, no new LogId)', async () => {
    const item = await arrived('2026-10-20');
    const cancelled = (await (
      await control(service, 'POST', 'cancel', { keyField: item.KeyField })
    ).json()) as {
      reservations: { logId: number }[];
    };
    const cancellation = await current(item.KeyField);
    expect(cancellation).toMatchObject({
      PmsStatus: 3,
      ConfirmationStatus: 'W',
      LogId: cancelled.reservations[0]?.logId,
    });
    const waiting = await getJson(
      service,
      '/api/pax/getReservationList?checkInStart=10.20.2026&checkInEnd=10.20.2026&status=W',
      token,
    );
    expect((waiting.Data as { KeyField: string }[]).map((entry) => entry.KeyField)).toContain(item.KeyField);
    const taken = await answer(
      'sendconfirmationv2',
      `keyField=${item.KeyField}&agencyId=${item.AgencyId}&paximumId=1001&confirmationStatus=E`,
    );
    expect(taken).toMatchObject({ IsSuccessful: true, Data: [{ KeyField: item.KeyField, Status: 'E' }] });
    expect(await current(item.KeyField)).toMatchObject({
      PmsStatus: 3,
      ConfirmationStatus: 'E',
      LogId: cancellation.LogId,
    });
    const state = await sandboxState(service);
    expect(state.confirmations.filter((c) => c.keyField === item.KeyField)).toEqual([
      expect.objectContaining({
        operation: 'sendconfirmationv2',
        confirmationStatus: 'E',
        pmsStatus: 3,
        logId: cancellation.LogId,
      }),
    ]);
    const list = (status: string) =>
      getJson(
        service,
        `/api/pax/getReservationList?checkInStart=10.20.2026&checkInEnd=10.20.2026&status=${status}`,
        token,
      );
    expect(((await list('E')).Data as { KeyField: string }[]).map((entry) => entry.KeyField)).toContain(
      item.KeyField,
    );
    expect(((await list('W')).Data as { KeyField: string }[]).map((entry) => entry.KeyField)).not.toContain(
      item.KeyField,
    );
  });
});
