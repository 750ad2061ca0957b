// The voucher PDF lives on another origin (a second listener), under /temp/<guid>.pdf, needs no token,
// expires like before, and records whether a request brought any header that could carry the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { control, getJson, login, sandboxState, startService, type TestClock } from './helpers';

let service: PracticeService;
let clock: TestClock;
let token: string;

beforeAll(async () => {
  ({ service, clock } = await startService({ reservations: 5, pdfLinkTtlMs: 60_000, dialect: 'original' }));
  token = await login(service);
});
afterAll(() => service.close());

async function confirmedVoucher(): Promise<string> {
  const arrived = (await (await control(service, 'POST', 'arrive', {})).json()) as {
    reservations: { keyField: string }[];
  };
  const keyField = arrived.reservations[0]?.keyField ?? '';
  const item = (await (
    await control(service, 'GET', `reservations/${encodeURIComponent(keyField)}`)
  ).json()) as {
    AgencyId: string;
  };
  const params = new URLSearchParams({
    keyField,
    agencyId: item.AgencyId,
    paximumId: '1001',
    confirmationStatus: 'E',
  });
  const answer = await getJson(service, `/api/pax/sendconfirmationv2?${params.toString()}`, token);
  return (answer.Data as { PdfUrl: string }[])[0]?.PdfUrl ?? '';
}

describe('voucher host', () => {
  it('serves the PDF from another 127.0.0.1 origin under /temp/ without a token', async () => {
    const url = await confirmedVoucher();
    expect(new URL(url).origin).toBe(service.voucherUrl);
    expect(new URL(url).origin).not.toBe(new URL(service.url).origin);
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).pathname).toMatch(/^\/temp\/[0-9a-f-]{36}\.pdf$/);
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const state = await sandboxState(service);
    expect(state.voucherUrl).toBe(service.voucherUrl);
    expect(state.voucherRequests.at(-1)).toMatchObject({
      method: 'GET',
      path: new URL(url).pathname,
      status: 200,
      hadToken: false,
      credentialHeaders: [],
    });
    // Voucher downloads are not requests to the service itself.
    expect(state.requests.some((entry) => entry.path.startsWith('/temp/'))).toBe(false);
  });

  it('records every header that could have carried the token', async () => {
    const url = await confirmedVoucher();
    await fetch(url, { headers: { cookie: token } });
    await fetch(url, { headers: { Token: token, Authorization: `Bearer ${token}` } });
    const [withCookie, withBoth] = (await sandboxState(service)).voucherRequests.slice(-2);
    expect(withCookie).toMatchObject({ status: 200, hadToken: true, credentialHeaders: ['cookie'] });
    expect(withBoth).toMatchObject({
      status: 200,
      hadToken: true,
      credentialHeaders: ['token', 'authorization'],
    });
  });

  it('keeps the link temporary, and the main origin has no voucher path', async () => {
    const url = await confirmedVoucher();
    const id = /\/temp\/([0-9a-f-]{36})\.pdf$/.exec(url)?.[1] ?? '';
    expect((await fetch(`${service.url}/upload/vouchers/${id}.pdf`)).status).toBe(404);
    expect((await fetch(`${service.url}/temp/${id}.pdf`)).status).toBe(404);
    clock.advance(60_001);
    expect((await fetch(url)).status).toBe(404);
    expect((await sandboxState(service)).voucherRequests.at(-1)).toMatchObject({
      status: 404,
      hadToken: false,
    });
  });

  it('closes with the service', async () => {
    const { service: own } = await startService({ reservations: 1 });
    const voucherUrl = own.voucherUrl;
    expect((await fetch(`${voucherUrl}/temp/00000000-0000-0000-0000-000000000000.pdf`)).status).toBe(404);
    await own.close();
    await expect(fetch(`${voucherUrl}/temp/x.pdf`)).rejects.toThrow();
  });
});
