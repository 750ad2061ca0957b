// Confirm and decline: the reservation's status changes without a new LogId, the answer is recorded
// with all its parameters, and v2 returns a temporary voucher PDF link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { control, get, getJson, login, sandboxState, startService, type TestClock } from './helpers';

let service: PracticeService;
let clock: TestClock;
let token: string;
let messages: { Id: string; Name: string }[];

beforeAll(async () => {
  ({ service, clock } = await startService({ reservations: 5, pdfLinkTtlMs: 60_000 }));
  token = await login(service);
  messages = (await getJson(service, '/api/pax/getnotconfirmmessages', token)).Data as {
    Id: string;
    Name: string;
  }[];
});
afterAll(() => service.close());

interface Current {
  KeyField: string;
  AgencyId: string;
  LogId: number;
  ConfirmationStatus: string;
  ConfirmDate: string | null;
  ConfirmationNo: string;
  ConfirmeNote: string;
}

async function current(keyField: string): Promise<Current> {
  return (await (
    await control(service, 'GET', `reservations/${encodeURIComponent(keyField)}`)
  ).json()) as Current;
}

async function waiting(leadGuest = 'ÇELİK İBRAHİM'): Promise<Current> {
  const body = (await (
    await control(service, 'POST', 'arrive', { leadGuest, checkIn: '2026-08-15' })
  ).json()) as { reservations: { keyField: string }[] };
  return current(body.reservations[0]?.keyField ?? '');
}

const answer = (operation: string, params: Record<string, string>, format = 'json') =>
  get(service, `/api/pax/${operation}?${new URLSearchParams({ ...params, format }).toString()}`, token);

describe('sendconfirmation', () => {
  it('confirms a waiting reservation without a new LogId and records every parameter', async () => {
    const before = await waiting();
    const note = 'Oda hazır & transfer <ok>';
    const response = await answer('sendconfirmation', {
      keyField: before.KeyField,
      agencyId: before.AgencyId,
      partnerId: '1001',
      confirmationStatus: 'E',
      confirmationNote: note,
      pmsUser: 'resepsiyon',
    });
    expect(await response.text()).toBe(
      `{"Data":[{"KeyField":${JSON.stringify(before.KeyField)},"Status":"E"}],"Error":{"Code":"","Message":""},"InfoMessage":"","IsSuccessful":true}`,
    );
    const after = await current(before.KeyField);
    expect(after).toMatchObject({
      LogId: before.LogId,
      ConfirmationStatus: 'E',
      ConfirmeNote: note,
      ConfirmDate: '2026-07-01T12:00:00',
    });
    expect(after.ConfirmationNo).not.toBe('');
    const confirmed = await getJson(
      service,
      '/api/pax/getReservationList?checkInStart=08.15.2026&checkInEnd=08.15.2026&status=E',
      token,
    );
    expect((confirmed.Data as { KeyField: string }[]).map((item) => item.KeyField)).toContain(
      before.KeyField,
    );
    const recorded = (await sandboxState(service)).confirmations.find(
      (entry) => entry.keyField === before.KeyField,
    );
    expect(recorded).toEqual({
      operation: 'sendconfirmation',
      keyField: before.KeyField,
      logId: before.LogId,
      pmsStatus: 0,
      agencyId: before.AgencyId,
      partnerId: 1001,
      confirmationStatus: 'E',
      confirmationNote: note,
      notconfirmationNote: null,
      pmsUser: 'resepsiyon',
      hotelParameter: 'partnerId',
      hotelParametersSent: ['partnerId'],
      at: '2026-07-01T12:00:00',
    });
  });

  it('declines with a reason Id and answers in XML', async () => {
    const before = await waiting();
    const reason = messages[1];
    const response = await answer(
      'sendconfirmation',
      {
        keyField: before.KeyField,
        agencyId: before.AgencyId.toUpperCase(),
        partnerId: '1001',
        confirmationStatus: 'h',
        notconfirmationNote: reason?.Id ?? '',
      },
      'xml',
    );
    const text = await response.text();
    expect(text).toMatch(
      /^<ServiceResultOfArrayOfSendConfirmation [^>]+><Data xmlns:a="[^"]+"><a:SendConfirmation><a:KeyField>[^<]+<\/a:KeyField><a:Status>H<\/a:Status><\/a:SendConfirmation><\/Data>/,
    );
    expect(await current(before.KeyField)).toMatchObject({
      ConfirmationStatus: 'H',
      ConfirmDate: null,
      ConfirmeNote: reason?.Name,
      LogId: before.LogId,
    });
  });
});

describe('sendconfirmationv2', () => {
  it('returns a PdfUrl on the voucher host to a real voucher PDF that expires', async () => {
    const before = await waiting('IŞIK AYŞE');
    const response = await answer('sendconfirmationv2', {
      keyField: before.KeyField,
      agencyId: before.AgencyId,
      partnerId: '1001',
      confirmationStatus: 'E',
      confirmationNote: 'Hoş geldiniz',
    });
    const body = (await response.json()) as { Data: { KeyField: string; Status: string; PdfUrl: string }[] };
    const item = body.Data[0];
    expect(Object.keys(item ?? {})).toEqual(['KeyField', 'PdfUrl', 'Status']);
    // Another origin, under a temporary path, as the live service's one real sample shows.
    expect(service.voucherUrl).not.toBe(service.url);
    expect(item?.PdfUrl).toMatch(new RegExp(`^${service.voucherUrl}/temp/[0-9a-f-]{36}\\.pdf$`));
    const pdf = await fetch(item?.PdfUrl ?? '');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    // The Unicode font is embedded (so İ, ş, ğ, ı and Cyrillic render), not the standard Helvetica.
    expect(bytes.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    clock.advance(60_001);
    expect((await fetch(item?.PdfUrl ?? '')).status).toBe(404);
    const recorded = (await sandboxState(service)).confirmations.find(
      (entry) => entry.keyField === before.KeyField,
    );
    expect(recorded).toMatchObject({
      operation: 'sendconfirmationv2',
      confirmationNote: 'Hoş geldiniz',
      pmsUser: null,
    });
  });

  it('makes a voucher for a decline too, and refuses a second answer', async () => {
    const before = await waiting();
    const params = {
      keyField: before.KeyField,
      agencyId: before.AgencyId,
      partnerId: '1001',
      confirmationStatus: 'H',
      notconfirmationNote: messages[0]?.Id ?? '',
    };
    const first = (await (await answer('sendconfirmationv2', params)).json()) as {
      Data: { PdfUrl: string }[];
    };
    expect((await fetch(first.Data[0]?.PdfUrl ?? '')).status).toBe(200);
    const second = (await (
      await answer('sendconfirmationv2', { ...params, confirmationStatus: 'E' })
    ).json()) as { Error: { Code: string } };
    expect(second.Error.Code).toBe('NotWaiting');
  });
});
