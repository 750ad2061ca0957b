// The original dialect's refusals as the live service writes them: Error.Code a numeric string (the
// reference shows "12"), the Message raw .NET exception text ("Value cannot be null.\r\nParameter name:
// paximumId"), HTTP statuses as in the spec dialect. Every case of the table is met here at least once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMERIC_ERROR_CODES } from '../../../main/sandbox/errors';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, getJson, login, startService } from './helpers';

let service: PracticeService;
let token: string;
let agencyId: string;
let messageId: string;
let waitingKey: string;
const seen = new Set<string>();

beforeAll(async () => {
  ({ service } = await startService({ reservations: 20, dialect: 'original' }));
  token = await login(service);
  agencyId =
    ((await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[0]?.Id ?? '';
  messageId =
    ((await getJson(service, '/api/pax/getnotconfirmmessages', token)).Data as { Id: string }[])[0]?.Id ?? '';
  const arrived = (await (await control(service, 'POST', 'arrive', { agencyId })).json()) as {
    reservations: { keyField: string }[];
  };
  waitingKey = arrived.reservations[0]?.keyField ?? '';
});
afterAll(() => service.close());

interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** The refusal in JSON and in XML; both must say the same. */
async function refusal(path: string, init: RequestInit = {}): Promise<Refusal> {
  const url = (format: string) => `${service.url}${path}${path.includes('?') ? '&' : '?'}format=${format}`;
  const headers = { cookie: token, ...(init.headers as Record<string, string> | undefined) };
  const json = await fetch(url('json'), { ...init, headers });
  const body = (await json.json()) as {
    Error: { Code: string; Message: string } | null;
    IsSuccessful: boolean;
    Data: unknown;
  };
  expect(body.IsSuccessful).toBe(false);
  expect(body.Data).toBeNull();
  const xml = await fetch(url('xml'), { ...init, headers });
  const text = await xml.text();
  expect(xml.status).toBe(json.status);
  const code = body.Error?.Code ?? '';
  const message = body.Error?.Message ?? '';
  // XML writes the carriage return as &#xD; (as .NET does); the code is the same number.
  expect(text).toMatch(new RegExp(`<Data i:nil="true"[^>]*/><Error><Code>${code}</Code><Message>`));
  expect(text).toContain(`<Message>${message.split('\r\n')[0] ?? ''}`);
  seen.add(code);
  return { status: json.status, code, message };
}

const confirm = (params: Record<string, string>) =>
  `/api/pax/sendconfirmation?${new URLSearchParams(params).toString()}`;

describe('numeric error codes and .NET texts (original dialect)', () => {
  it('refuses a missing token with 401 and code 1', async () => {
    const response = await fetch(`${service.url}/api/pax/gethotelagencies?format=json`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { Error: { Code: string; Message: string } };
    expect(body.Error).toEqual({ Code: '1', Message: 'Authorization has been denied for this request.' });
    seen.add(body.Error.Code);
  });

  it.each([
    [
      '/api/pax/getReservationList?checkInEnd=01.01.2027',
      400,
      '10',
      'Value cannot be null.\r\nParameter name: checkInStart',
    ],
    [
      `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=abc`,
      400,
      '11',
      'Input string was not in a correct format.',
    ],
    [
      `/api/pax/getReservationList?${WHOLE_YEAR}&IsSendRequired=maybe`,
      400,
      '11',
      'String was not recognized as a valid Boolean.',
    ],
    [
      '/api/pax/getReservationList?checkInStart=02.30.2026&checkInEnd=01.01.2027',
      400,
      '13',
      'String was not recognized as a valid DateTime.',
    ],
    [
      `/api/pax/getReservationList?${WHOLE_YEAR}&status=X`,
      400,
      '14',
      'Specified argument was out of the range of valid values.\r\nParameter name: status\r\nActual value was X.',
    ],
    [
      `/api/pax/getReservationList?${WHOLE_YEAR}&paximumId=2002`,
      200,
      '2',
      'The user is not authorized for hotel 2002.\r\nParameter name: paximumId',
    ],
    [
      '/api/pax/getsejourformapping?paximumId=1001&agencyId=00000000-0000-0000-0000-000000000000',
      200,
      '20',
      'Agency 00000000-0000-0000-0000-000000000000 is not connected to this hotel.',
    ],
    [
      '/api/Pax/checkreservationfile?fileCode=11111111-2222-4333-8444-555555555555',
      200,
      '24',
      'No reservation list was created with FileCode 11111111-2222-4333-8444-555555555555.',
    ],
  ])('%s → %i, code %s', async (path, status, code, message) => {
    expect(await refusal(path)).toEqual({ status, code, message });
  });

  it('keeps the raw guid failure, under code 15', async () => {
    const result = await refusal('/api/pax/getsejourformapping?paximumId=1001&agencyId=not-a-guid');
    expect(result.code).toBe('15');
    expect(result.message).toMatch(
      /^System\.FormatException: Guid should contain 32 digits with 4 dashes[^\r]*\r\n {3}at System\.Guid/,
    );
  });

  it('refuses confirmations with their own codes', async () => {
    const base = { keyField: waitingKey, agencyId, paximumId: '1001', confirmationStatus: 'E' };
    expect(await refusal(confirm({ ...base, confirmationStatus: 'W' }))).toEqual({
      status: 400,
      code: '14',
      message:
        'Specified argument was out of the range of valid values.\r\nParameter name: confirmationStatus\r\nActual value was W.',
    });
    expect(await refusal(confirm({ ...base, confirmationNote: 'ş'.repeat(612) }))).toEqual({
      status: 400,
      code: '12',
      message:
        'The note can be at most 500 characters. The actual value is 612.\r\nParameter name: confirmationNote',
    });
    expect(await refusal(confirm({ ...base, confirmationStatus: 'H' }))).toEqual({
      status: 400,
      code: '10',
      message: 'Value cannot be null.\r\nParameter name: notconfirmationNote',
    });
    const unknownReason = '11111111-2222-4333-8444-555555555555';
    expect(
      await refusal(confirm({ ...base, confirmationStatus: 'H', notconfirmationNote: unknownReason })),
    ).toEqual({
      status: 200,
      code: '22',
      message: `notconfirmationNote ${unknownReason} is not one of the not-confirm messages.`,
    });
    expect(await refusal(confirm({ ...base, keyField: `${waitingKey}x` }))).toMatchObject({
      status: 200,
      code: '21',
    });
    const done = await getJson(
      service,
      confirm({ ...base, confirmationStatus: 'H', notconfirmationNote: messageId }),
      token,
    );
    expect(done.IsSuccessful).toBe(true);
    expect(await refusal(confirm(base))).toEqual({
      status: 200,
      code: '23',
      message: `Reservation '${waitingKey}' was already answered (status H); only waiting reservations can be answered.`,
    });
  });

  it('refuses acknowledgement bodies with code 16, and more than 1 MiB with 413 and code 17', async () => {
    const path = '/api/Pax/postsentlogids?serviceId=11111111-2222-4333-8444-555555555555';
    const post = (body: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const nullBody = 'Value cannot be null.\r\nParameter name: logIds';
    expect(await refusal(path, post('logIds=1,2'))).toEqual({ status: 400, code: '16', message: nullBody });
    expect(await refusal(path, post('{"other":"1"}'))).toEqual({
      status: 400,
      code: '16',
      message: nullBody,
    });
    expect(await refusal(path, post('{"logIds":"1,x"}'))).toEqual({
      status: 400,
      code: '16',
      message: 'Input string was not in a correct format.',
    });
    expect(await refusal(path, post(JSON.stringify({ logIds: '1,'.repeat(600_000) })))).toEqual({
      status: 413,
      code: '17',
      message: 'Maximum request length exceeded.',
    });
  });

  it('met every code of the table, each a distinct number', () => {
    const table = Object.values(NUMERIC_ERROR_CODES);
    expect(new Set(table).size).toBe(table.length);
    expect(table.every((code) => /^\d+$/.test(code))).toBe(true);
    expect([...seen].sort()).toEqual([...table].sort());
  });
});

describe('the spec dialect keeps its code names', () => {
  it('answers MissingParameter with its own sentence', async () => {
    const { service: spec } = await startService({ reservations: 1 });
    try {
      const body = await getJson(
        spec,
        '/api/pax/getReservationList?checkInEnd=01.01.2027',
        await login(spec),
      );
      expect(body.Error).toEqual({
        Code: 'MissingParameter',
        Message: "The parameter 'checkInStart' is required.",
      });
    } finally {
      await spec.close();
    }
  });
});
