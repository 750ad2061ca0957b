// Every injected fault kind, its matching by path, counts and seeded shares, and clearing.
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, get, getJson, login, startService } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 1200, fileReadyAfterMs: 0 }));
  token = await login(service);
});
beforeEach(async () => {
  await control(service, 'DELETE', 'faults');
});
afterAll(() => service.close());

const agencies = () => get(service, '/api/pax/gethotelagencies?format=json', token);
const inject = async (fault: Record<string, unknown>) =>
  expect((await control(service, 'POST', 'faults', fault)).status).toBe(200);

describe('faults', () => {
  it('status500 answers 500 for the next N matching requests only', async () => {
    await inject({ kind: 'status500', count: 2, path: 'gethotelagencies' });
    expect((await get(service, '/api/pax/getnotconfirmmessages', token)).status).toBe(200);
    expect((await agencies()).status).toBe(500);
    const second = await agencies();
    expect(second.status).toBe(500);
    expect(await second.text()).toBe('{"Message":"An error has occurred."}');
    expect((await agencies()).status).toBe(200);
  });

  it('delay answers normally, later', async () => {
    await inject({ kind: 'delay', delayMs: 150 });
    expect((await agencies()).status).toBe(200);
    await inject({ kind: 'delay', delayMs: 60_000 });
    await expect(
      fetch(`${service.url}/api/pax/gethotelagencies`, {
        headers: { Token: token },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect((await agencies()).status).toBe(200);
  });

  it('reset drops the connection without an answer', async () => {
    await inject({ kind: 'reset' });
    await expect(agencies()).rejects.toThrow();
    expect((await agencies()).status).toBe(200);
  });

  it('truncate cuts a small answer and a streamed file halfway', async () => {
    await inject({ kind: 'truncate', path: 'gethotelagencies' });
    const cut = await agencies();
    await expect(cut.text()).rejects.toThrow();
    const exceed = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token);
    const fileCode = (exceed.Data as { FileCode: string }[])[0]?.FileCode ?? '';
    const url =
      (
        (await getJson(service, `/api/Pax/checkreservationfile?fileCode=${fileCode}`, token)).Data as {
          FileUrl: string;
        }[]
      )[0]?.FileUrl ?? '';
    await inject({ kind: 'truncate', path: '/upload/' });
    const stream = await fetch(url, { headers: { Token: token } });
    expect(stream.status).toBe(200);
    await expect(stream.text()).rejects.toThrow();
    const whole = (await (await fetch(url, { headers: { Token: token } })).json()) as { Data: unknown[] };
    expect(whole.Data.length).toBe(1200);
  });

  it('html answers a web page instead of data', async () => {
    await inject({ kind: 'html' });
    const page = await agencies();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('expireToken ends the token in use; a new login works', async () => {
    const own = await login(service);
    await inject({ kind: 'expireToken' });
    const refused = await get(service, '/api/pax/gethotelagencies?format=json', own);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { Error: { Message: string } }).Error.Message).toMatch(/expired/);
    expect((await get(service, '/api/pax/gethotelagencies', own)).status).toBe(401);
    expect((await get(service, '/api/pax/gethotelagencies', await login(service))).status).toBe(200);
  });

  it('a seeded share hits some matching requests until the faults are cleared', async () => {
    await inject({ kind: 'status500', share: 0.5, path: 'GETHOTELAGENCIES' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await agencies()).status);
    expect(statuses.filter((status) => status === 500).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    await control(service, 'DELETE', 'faults');
    for (let i = 0; i < 5; i += 1) expect((await agencies()).status).toBe(200);
  });

  it('rejects an unknown fault kind', async () => {
    expect((await control(service, 'POST', 'faults', { kind: 'explode' })).status).toBe(400);
    expect((await control(service, 'POST', 'faults', { kind: 'delay', share: 2 })).status).toBe(400);
  });
});

describe('close()', () => {
  it('ends keep-alive sockets and requests held by a delay', async () => {
    const { service: own } = await startService({ reservations: 1 });
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest(`${own.url}/api/system/login?user=demo&pass=demo`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    await control(own, 'POST', 'faults', { kind: 'delay', delayMs: 600_000 });
    const held = fetch(`${own.url}/api/system/login?user=demo&pass=demo`).then(
      () => 'answered',
      () => 'dropped',
    );
    await own.close();
    expect(await held).toBe('dropped');
    agent.destroy();
  });
});
