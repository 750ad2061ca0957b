import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createExchangeClient,
  type ExchangeClient,
  type ExchangeClientOptions,
  UnconfirmedAnswerError,
} from '../../../main/exchange';
import { envelope, send, startScriptedServer, type Script, type ScriptedServer } from './scripted-server';
import { fixture } from './fixtures';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TOKEN = 'tok-0001';

/** A service that hands out tokens tok-0001, tok-0002... and runs `script` for everything else. */
async function serviceWith(script: Script, extra: Partial<ExchangeClientOptions> = {}) {
  let issued = 0;
  const server: ScriptedServer = await startScriptedServer((seen, res, req) => {
    if (seen.path === '/api/system/login') {
      if (seen.query.get('pass') !== 'pw') return send(res, 401, '');
      return send(res, 200, JSON.stringify(`tok-${String(++issued).padStart(4, '0')}`));
    }
    return script(seen, res, req);
  });
  const passwordsAsked: number[] = [];
  const client: ExchangeClient = createExchangeClient({
    baseUrl: `${server.url}/`,
    user: 'desk',
    getPassword: async () => {
      passwordsAsked.push(Date.now());
      return 'pw';
    },
    partnerId: 1001,
    sleep: async () => undefined,
    ...extra,
  });
  cleanups.push(
    () => server.close(),
    () => client.close(),
  );
  return {
    server,
    client,
    passwordsAsked,
    logins: () => server.seen.filter((s) => s.path === '/api/system/login').length,
  };
}

describe('session', () => {
  it('sends the token raw in cookie and Token headers, and asks for JSON by default', async () => {
    const { server, client } = await serviceWith((_seen, res) => send(res, 200, fixture('agencies.json')));
    await client.getHotelAgencies();
    const call = server.seen.find((s) => s.path === '/api/pax/gethotelagencies');
    expect(call?.headers.cookie).toBe(TOKEN);
    expect(call?.headers.token).toBe(TOKEN);
    expect(call?.query.get('format')).toBe('json');
  });

  it('logs in again once on 401 and repeats the call once', async () => {
    let calls = 0;
    const { client, logins } = await serviceWith((_seen, res) =>
      ++calls === 1 ? send(res, 401, '') : send(res, 200, fixture('agencies.json')),
    );
    expect(await client.getHotelAgencies()).toHaveLength(2);
    expect(logins()).toBe(2);
    expect(calls).toBe(2);
  });

  it('gives up as unauthorized when a fresh token is refused too', async () => {
    const { client, logins } = await serviceWith((_seen, res) => send(res, 401, ''));
    await expect(client.getHotelAgencies()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(logins()).toBe(2);
  });

  it('shares one login between calls made at the same time', async () => {
    const { client, logins } = await serviceWith((_seen, res) => send(res, 200, fixture('agencies.json')));
    await Promise.all([client.getHotelAgencies(), client.getHotelAgencies(), client.getHotelAgencies()]);
    expect(logins()).toBe(1);
  });

  it('refuses a wrong password as unauthorized and never puts it in the error', async () => {
    const { client } = await serviceWith((_seen, res) => send(res, 200, '{}'), {
      getPassword: async () => 'wrong-pw',
    });
    const error = await client.login().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(JSON.stringify(error) + String(error)).not.toContain('wrong-pw');
  });

  it('understands XML answers even when JSON was asked for, whatever the Content-Type says', async () => {
    const { client } = await serviceWith((_seen, res) =>
      send(res, 200, fixture('agencies.xml'), 'application/json'),
    );
    expect(await client.getHotelAgencies()).toEqual([
      { id: '6f1c2a9e-4b7d-4c1e-9a55-0d3e8b7f1a22', name: 'Sun & Sea Tours' },
    ]);
  });
});

describe('operations', () => {
  it('asks for the reservation list with MM.dd.yyyy dates and the given filters', async () => {
    const { server, client } = await serviceWith(
      (_seen, res) => send(res, 200, fixture('reservations-envelope.xml')),
      { format: 'xml' },
    );
    const result = await client.getReservationList({
      checkInStart: '2025-07-01',
      checkInEnd: '2025-12-31',
      agencyId: 'AG',
      status: 'W',
      isSendRequired: true,
    });
    expect(result.kind === 'list' && result.reservations.map((r) => r.logId)).toEqual([900001, 900002]);
    const query = server.seen.find((s) => s.path === '/api/pax/getReservationList')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      checkInStart: '07.01.2025',
      checkInEnd: '12.31.2025',
      // Under both dialects' names: each service reads its own.
      partnerId: '1001',
      paximumId: '1001',
      agencyId: 'AG',
      status: 'W',
      IsSendRequired: 'true',
      format: 'xml',
    });
  });

  it('returns the file code of a large result', async () => {
    const { client } = await serviceWith((_seen, res) => send(res, 200, fixture('file-code.json')));
    expect(await client.getReservationList({ checkInStart: '2025-01-01', checkInEnd: '2025-12-31' })).toEqual(
      {
        kind: 'file',
        fileCode: '5d8e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
      },
    );
  });

  it('polls the file until ready, then streams it with the token', async () => {
    let checks = 0;
    const { server, client } = await serviceWith((seen, res) => {
      if (seen.path === '/api/pax/getReservationList') return send(res, 200, fixture('file-code.xml'));
      if (seen.path === '/api/Pax/checkreservationfile')
        return ++checks < 3
          ? send(res, 200, fixture('file-not-ready.xml'))
          : send(res, 200, envelope([{ FileUrl: `http://${seen.headers.host}/upload/f.json` }]));
      if (seen.path === '/upload/f.json')
        return send(res, 200, fixture('reservations-list.json'), 'text/plain');
      return send(res, 404, '');
    });
    const batches: number[][] = [];
    const result = await client.fetchReservations(
      { checkInStart: '2025-01-01', checkInEnd: '2025-12-31' },
      async (batch) => void batches.push(batch.map((r) => r.logId)),
      { pollFile: { initialDelayMs: 1, maxDelayMs: 4, timeoutMs: 1000 } },
    );
    expect(result).toEqual({ count: 1, source: 'file' });
    expect(batches).toEqual([[42]]);
    expect(checks).toBe(3);
    expect(server.seen.find((s) => s.path === '/upload/f.json')?.headers.token).toBe(TOKEN);
  });

  it('gives up waiting for a file that never gets ready', async () => {
    const { client } = await serviceWith((seen, res) =>
      seen.path === '/api/pax/getReservationList'
        ? send(res, 200, fixture('file-code.json'))
        : send(res, 200, fixture('file-not-ready.xml')),
    );
    const error = await client
      .fetchReservations({ checkInStart: '2025-01-01', checkInEnd: '2025-12-31' }, async () => undefined, {
        pollFile: { initialDelayMs: 10, maxDelayMs: 40, timeoutMs: 100 },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'service', code: 'FileNotReady' });
  });

  it('acknowledges with both spellings of the ids property, as JSON', async () => {
    const { server, client } = await serviceWith((_seen, res) => send(res, 200, fixture('sent-ids.xml')));
    expect(await client.postSentLogIds('svc-1', [900001, 900002])).toEqual(['900001', '900002']);
    const post = server.seen.find((s) => s.path === '/api/Pax/postsentlogids');
    expect(post?.method).toBe('POST');
    expect(post?.query.get('serviceId')).toBe('svc-1');
    expect(post?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(post?.body ?? '')).toEqual({ logId: '900001,900002', logIds: '900001,900002' });
  });

  it('checks a confirmation before sending it', async () => {
    // The service echoes what it was asked, as the live service does.
    const { server, client } = await serviceWith((seen, res) =>
      send(
        res,
        200,
        JSON.stringify({
          Data: [
            {
              KeyField: seen.query.get('keyField'),
              Status: seen.query.get('confirmationStatus'),
              PdfUrl: 'http://127.0.0.1:9/vouchers/55012.pdf',
            },
          ],
          Error: null,
          InfoMessage: '1 data item returned',
          IsSuccessful: true,
        }),
      ),
    );
    const base = { keyField: '1001|1|1', agencyId: 'AG' } as const;
    await expect(
      client.sendConfirmation({ ...base, status: 'E', note: 'x'.repeat(501) }),
    ).rejects.toMatchObject({ kind: 'invalid-request', field: 'note' });
    await expect(client.sendConfirmation({ ...base, status: 'H' })).rejects.toMatchObject({
      kind: 'invalid-request',
      field: 'reasonId',
    });
    expect(server.seen.filter((s) => s.path.includes('sendconfirmation'))).toHaveLength(0);

    const answer = await client.sendConfirmation({
      ...base,
      status: 'H',
      reasonId: 'R1',
      note: 'x'.repeat(500),
      pmsUser: 'ayse',
    });
    expect(answer.pdfUrl).toBe('http://127.0.0.1:9/vouchers/55012.pdf');
    // A decline goes through the first operation, as the live service's production client sends it.
    const sent = server.seen.find((s) => s.path === '/api/pax/sendconfirmation')?.query;
    expect(sent?.get('keyField')).toBe('1001|1|1');
    expect(sent?.get('confirmationStatus')).toBe('H');
    expect(sent?.get('notconfirmationNote')).toBe('R1');
    expect(sent?.get('pmsUser')).toBe('ayse');
    expect(sent?.get('partnerId')).toBe('1001');
    expect(sent?.get('paximumId')).toBe('1001');
    expect(server.seen.filter((s) => s.path === '/api/pax/sendconfirmationv2')).toHaveLength(0);
    // A confirmation keeps v2 (the voucher PDF), with the hotel number under both names.
    const confirmed = await client.sendConfirmation({ ...base, status: 'E' });
    expect(confirmed).toMatchObject({ keyField: '1001|1|1', status: 'E' });
    const v2 = server.seen.find((s) => s.path === '/api/pax/sendconfirmationv2')?.query;
    expect(v2?.get('confirmationStatus')).toBe('E');
    expect(v2?.get('partnerId')).toBe('1001');
    expect(v2?.get('paximumId')).toBe('1001');
  });

  it.each([
    ['another KeyField', { KeyField: '1001|2|1', Status: 'E' }, { keyField: '1001|2|1', status: 'E' }],
    ['another status', { KeyField: '1001|1|1', Status: 'H' }, { keyField: '1001|1|1', status: 'H' }],
    ['no status', { KeyField: '1001|1|1' }, { keyField: '1001|1|1', status: '' }],
    ['no KeyField', { Status: 'E' }, { keyField: '', status: 'E' }],
  ])('does not take an answer that echoes %s as a delivery', async (_what, item, got) => {
    const { client } = await serviceWith((_seen, res) =>
      send(res, 200, JSON.stringify({ Data: [item], Error: null, InfoMessage: '', IsSuccessful: true })),
    );
    const error = await client
      .sendConfirmation({ keyField: '1001|1|1', agencyId: 'AG', status: 'E' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnconfirmedAnswerError);
    expect(error).toMatchObject({ kind: 'unconfirmed', asked: { keyField: '1001|1|1', status: 'E' }, got });
  });

  it.each(['[]', 'null'])('does not take an empty Data (%s) as a delivery', async (data) => {
    const { client } = await serviceWith((_seen, res) =>
      send(
        res,
        200,
        `{"Data":${data},"Error":null,"InfoMessage":"0 data item returned","IsSuccessful":true}`,
      ),
    );
    const error = await client
      .sendConfirmation({ keyField: '1001|1|1', agencyId: 'AG', status: 'H', reasonId: 'R1' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unconfirmed', got: { keyField: null, status: null } });
  });

  it('downloads a voucher to a temporary file and renames it, leaving nothing behind on failure', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'resdesk-voucher-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const { server, client } = await serviceWith((seen, res) =>
      seen.path === '/v/ok.pdf' ? send(res, 200, '%PDF-1.4 test', 'application/pdf') : send(res, 404, 'gone'),
    );
    await client.downloadFile(`${server.url}/v/ok.pdf`, join(folder, 'ok.pdf'));
    expect(await readFile(join(folder, 'ok.pdf'), 'utf8')).toBe('%PDF-1.4 test');
    expect(server.seen.find((s) => s.path === '/v/ok.pdf')?.headers.cookie).toBe(TOKEN);
    await expect(
      client.downloadFile(`${server.url}/v/gone.pdf`, join(folder, 'gone.pdf')),
    ).rejects.toMatchObject({ kind: 'service' });
    expect(await readdir(folder)).toEqual(['ok.pdf']);
    await expect(client.downloadFile('file:///etc/passwd', join(folder, 'x'))).rejects.toMatchObject({
      kind: 'malformed',
    });
  });

  it('fetches a voucher on another host without the token, only a PDF, at most 20 MB', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'resdesk-voucher-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const { client } = await serviceWith((_seen, res) => send(res, 404, ''));
    const elsewhere = await startScriptedServer((seen, res) => {
      if (seen.path === '/temp/a.pdf') return send(res, 200, '%PDF-1.7 voucher', 'application/pdf');
      if (seen.path === '/temp/page.pdf') return send(res, 200, '<html>Sign in</html>', 'text/html');
      // An endless body: refused once it passes 20 MB, never written whole.
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      chunk.write('%PDF-1.4');
      let sent = 0;
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once('drain', more);
        else res.end();
      };
      more();
    });
    cleanups.push(() => elsewhere.close());
    await client.downloadFile(`${elsewhere.url}/temp/a.pdf`, join(folder, 'a.pdf'));
    expect(await readFile(join(folder, 'a.pdf'), 'utf8')).toBe('%PDF-1.7 voucher');
    const asked = elsewhere.seen.find((s) => s.path === '/temp/a.pdf');
    expect(asked?.headers.cookie).toBeUndefined();
    expect(asked?.headers.token).toBeUndefined();
    expect(asked?.headers.authorization).toBeUndefined();
    await expect(
      client.downloadFile(`${elsewhere.url}/temp/page.pdf`, join(folder, 'page.pdf')),
    ).rejects.toMatchObject({
      kind: 'malformed',
    });
    await expect(
      client.downloadFile(`${elsewhere.url}/temp/huge.pdf`, join(folder, 'huge.pdf')),
    ).rejects.toMatchObject({
      kind: 'malformed',
    });
    expect(await readdir(folder)).toEqual(['a.pdf']);
  });

  it('logs in without a format parameter and reads the JSON-quoted token', async () => {
    const { server, client } = await serviceWith((_seen, res) => send(res, 200, fixture('agencies.xml')), {
      format: 'xml',
    });
    await client.getHotelAgencies();
    const login = server.seen.find((s) => s.path === '/api/system/login');
    expect(login?.query.has('format')).toBe(false);
    expect(server.seen.find((s) => s.path === '/api/pax/gethotelagencies')?.headers.cookie).toBe(TOKEN);
  });

  it("learns the dialect from the mapping path: the live service's when the documented one is not there", async () => {
    const learnt: string[] = [];
    const { server, client } = await serviceWith(
      (seen, res) =>
        seen.path === '/api/pax/getsejourformapping'
          ? send(res, 200, fixture('stay-for-mapping.json'))
          : send(
              res,
              404,
              JSON.stringify({ Message: 'No HTTP resource was found that matches the request URI.' }),
            ),
      { onDialect: (d) => learnt.push(d) },
    );
    expect(client.dialect()).toBeNull();
    expect((await client.getStayForMapping('AG')).length).toBeGreaterThan(0);
    expect(client.dialect()).toBe('original');
    await client.getStayForMapping('AG');
    expect(learnt).toEqual(['original']);
    const paths = server.seen.map((s) => s.path).filter((p) => p.includes('formapping'));
    // Once learnt, the documented path is not asked again.
    expect(paths).toEqual([
      '/api/pax/getstayformapping',
      '/api/pax/getsejourformapping',
      '/api/pax/getsejourformapping',
    ]);
    const sent = server.seen.find((s) => s.path === '/api/pax/getsejourformapping')?.query;
    expect([sent?.get('paximumId'), sent?.get('partnerId'), sent?.get('agencyId')]).toEqual([
      '1001',
      '1001',
      'AG',
    ]);
  });

  it('reports the first failure when neither mapping path exists (a wrong address)', async () => {
    const { client } = await serviceWith((_seen, res) => send(res, 404, 'Not Found', 'text/html'));
    await expect(client.getStayForMapping('AG')).rejects.toMatchObject({ kind: 'service', httpStatus: 404 });
    expect(client.dialect()).toBeNull();
  });

  it('searches hotels with a Bearer token', async () => {
    const { server, client } = await serviceWith((_seen, res) => send(res, 200, fixture('hotels.json')));
    expect(await client.searchHotels('lara')).toHaveLength(2);
    const call = server.seen.find((s) => s.path === '/v1/search/hotels');
    expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(call?.body ?? '')).toEqual({ name: 'lara' });
  });
});
