// Every refusal has its own Error.Code, Message and HTTP status; never a stack trace, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, get, getJson, login, startService } from './helpers';

let service: PracticeService;
let token: string;
let agencyId: string;
let messageId: string;
let waitingKey: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 20 }));
  token = await login(service);
  agencyId =
    ((await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[0]?.Id ?? '';
  messageId =
    ((await getJson(service, '/api/pax/getnotconfirmmessages', token)).Data as { Id: string }[])[0]?.Id ?? '';
  const arrived = await (
    await fetch(`${service.url}/_sandbox/arrive`, { method: 'POST', body: JSON.stringify({ agencyId }) })
  ).json();
  waitingKey = (arrived as { reservations: { keyField: string }[] }).reservations[0]?.keyField ?? '';
});
afterAll(() => service.close());

async function refusal(
  path: string,
): Promise<{ status: number; code: string; message: string; successful: boolean }> {
  const response = await get(service, `${path}${path.includes('?') ? '&' : '?'}format=json`, token);
  const body = (await response.json()) as { Error: { Code: string; Message: string }; IsSuccessful: boolean };
  return {
    status: response.status,
    code: body.Error.Code,
    message: body.Error.Message,
    successful: body.IsSuccessful,
  };
}

const confirm = (params: Record<string, string>) =>
  `/api/pax/sendconfirmation?${new URLSearchParams(params).toString()}`;

describe('error codes', () => {
  it.each([
    ['/api/pax/getReservationList?checkInEnd=01.01.2027', 400, 'MissingParameter'],
    ['/api/pax/getReservationList?checkInStart=2026-07-01&checkInEnd=01.01.2027', 400, 'InvalidDate'],
    ['/api/pax/getReservationList?checkInStart=02.30.2026&checkInEnd=01.01.2027', 400, 'InvalidDate'],
    [`/api/pax/getReservationList?${WHOLE_YEAR}&status=X`, 400, 'InvalidStatus'],
    [`/api/pax/getReservationList?${WHOLE_YEAR}&agencyId=12345`, 400, 'InvalidGuid'],
    [`/api/pax/getReservationList?${WHOLE_YEAR}&partnerId=2002`, 200, 'PartnerNotAuthorized'],
    [`/api/pax/getReservationList?${WHOLE_YEAR}&IsSendRequired=maybe`, 400, 'InvalidParameter'],
    ['/api/pax/getstayformapping?partnerId=1001', 400, 'MissingParameter'],
    [
      '/api/pax/getstayformapping?partnerId=1001&agencyId=00000000-0000-0000-0000-000000000000',
      200,
      'UnknownAgency',
    ],
    ['/api/pax/getnotconfirmmessages?partnerId=999', 200, 'PartnerNotAuthorized'],
    ['/api/Pax/checkreservationfile', 400, 'MissingParameter'],
    ['/api/Pax/checkreservationfile?fileCode=11111111-2222-4333-8444-555555555555', 200, 'UnknownFileCode'],
  ])('%s → %i %s', async (path, status, code) => {
    const result = await refusal(path);
    expect(result).toMatchObject({ status, code, successful: false });
    expect(result.message.length).toBeGreaterThan(0);
  });

  it('reports a bad guid with the raw .NET exception text', async () => {
    const result = await refusal(`/api/pax/getstayformapping?partnerId=1001&agencyId=not-a-guid`);
    expect(result.code).toBe('InvalidGuid');
    expect(result.message).toMatch(
      /^System\.FormatException: Guid should contain 32 digits with 4 dashes[^\r]*\r\n {3}at System\.Guid/,
    );
  });

  it('validates every sendconfirmation parameter', async () => {
    const base = { keyField: waitingKey, agencyId, partnerId: '1001', confirmationStatus: 'E' };
    expect(await refusal(confirm({ ...base, keyField: '' }))).toMatchObject({
      status: 400,
      code: 'MissingParameter',
    });
    expect(await refusal(confirm({ ...base, agencyId: 'abc' }))).toMatchObject({
      status: 400,
      code: 'InvalidGuid',
    });
    expect(await refusal(confirm({ ...base, partnerId: '1002' }))).toMatchObject({
      status: 200,
      code: 'PartnerNotAuthorized',
    });
    expect(await refusal(confirm({ ...base, confirmationStatus: 'W' }))).toMatchObject({
      status: 400,
      code: 'InvalidStatus',
    });
    expect(await refusal(confirm({ ...base, confirmationNote: 'ş'.repeat(501) }))).toMatchObject({
      status: 400,
      code: 'NoteTooLong',
    });
    expect(await refusal(confirm({ ...base, confirmationStatus: 'H' }))).toMatchObject({
      status: 400,
      code: 'MissingParameter',
    });
    const unknownMessage = confirm({
      ...base,
      confirmationStatus: 'H',
      notconfirmationNote: '11111111-2222-4333-8444-555555555555',
    });
    expect(await refusal(unknownMessage)).toMatchObject({ status: 200, code: 'UnknownMessage' });
    expect(await refusal(confirm({ ...base, keyField: `${waitingKey}x` }))).toMatchObject({
      status: 200,
      code: 'UnknownKeyField',
    });
    const otherAgency =
      ((await getJson(service, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[1]?.Id ?? '';
    expect(await refusal(confirm({ ...base, agencyId: otherAgency }))).toMatchObject({
      code: 'UnknownKeyField',
    });
    expect(await refusal(confirm({ ...base, confirmationNote: 'ş'.repeat(500) }))).toMatchObject({
      status: 200,
      code: '',
      successful: true,
    });
    const again = await refusal(
      confirm({ ...base, confirmationStatus: 'H', notconfirmationNote: messageId }),
    );
    expect(again).toMatchObject({ status: 200, code: 'NotWaiting', successful: false });
  });

  it('refuses acknowledgement bodies that are not JSON, or larger than 1 MiB', async () => {
    const serviceId = '11111111-2222-4333-8444-555555555555';
    const post = (body: string) =>
      fetch(`${service.url}/api/Pax/postsentlogids?serviceId=${serviceId}&format=json`, {
        method: 'POST',
        headers: { Token: token, 'content-type': 'application/json' },
        body,
      });
    const notJson = await post('logIds=1,2');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { Error: { Code: string } }).Error.Code).toBe('InvalidBody');
    expect(((await (await post('{"other":"1"}')).json()) as { Error: { Code: string } }).Error.Code).toBe(
      'InvalidBody',
    );
    expect(((await (await post('{"logIds":"1,x"}')).json()) as { Error: { Code: string } }).Error.Code).toBe(
      'InvalidBody',
    );
    const big = await post(JSON.stringify({ logIds: '1,'.repeat(600_000) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { Error: { Code: string } }).Error.Code).toBe('BodyTooLarge');
    const missingService = await fetch(`${service.url}/api/Pax/postsentlogids?format=json`, {
      method: 'POST',
      headers: { Token: token },
      body: '{"logIds":"1"}',
    });
    expect(missingService.status).toBe(400);
  });

  it('writes failures in XML too, with a nil Data', async () => {
    const text = await (
      await get(service, '/api/pax/getReservationList?checkInStart=13.01.2026&checkInEnd=01.01.2027', token)
    ).text();
    expect(text).toMatch(
      /^<ServiceResultOfArrayOfReservationPms [^>]+><Data i:nil="true"[^>]*\/><Error><Code>InvalidDate<\/Code><Message>[^<]+<\/Message><\/Error><InfoMessage\/><IsSuccessful>false<\/IsSuccessful>/,
    );
  });
});
