// Every request asks for compression, and every answer that comes compressed is read: login,
// lists, the large-result file, acknowledgements, confirmations and vouchers (on the service's own host
// and on another).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createExchangeClient } from '../../../main/exchange';
import { envelope, startScriptedServer, type Seen, type ScriptedServer } from './scripted-server';
import { fixture } from './fixtures';

type Encoding = 'gzip' | 'deflate' | 'br';

const compress: Record<Encoding, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text),
  deflate: (text) => deflateSync(text),
  br: (text) => brotliCompressSync(text),
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Answers in `encoding` whenever the request offers it, plainly otherwise (as a real server does). */
function sender(encoding: Encoding) {
  return (seen: Seen, res: ServerResponse, status: number, body: string, type = 'application/json'): void => {
    const offered = String(seen.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim());
    if (!offered.includes(encoding)) {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
      return;
    }
    const packed = compress[encoding](body);
    res.writeHead(status, {
      'content-type': type,
      'content-encoding': encoding,
      'content-length': packed.length,
    });
    res.end(packed);
  };
}

async function start(script: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  cleanups.push(() => server.close());
  return server;
}

describe.each(['gzip', 'deflate', 'br'] as const)('compressed answers (%s)', (encoding) => {
  it('asks for gzip, deflate and br on every request and reads every answer', async () => {
    const send = sender(encoding);
    const folder = await mkdtemp(join(tmpdir(), 'resdesk-compressed-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const elsewhere = await start((seen, res) =>
      send(seen, res, 200, '%PDF-1.7 other host', 'application/pdf'),
    );
    const service = await start((seen, res) => {
      const origin = `http://${seen.headers.host}`;
      switch (seen.path) {
        case '/api/system/login':
          return send(seen, res, 200, JSON.stringify('tok-1'));
        case '/api/pax/gethotelagencies':
          return send(seen, res, 200, fixture('agencies.json'));
        case '/api/pax/getReservationList':
          return send(seen, res, 200, fixture('file-code.json'));
        case '/api/Pax/checkreservationfile':
          return send(seen, res, 200, envelope([{ FileUrl: `${origin}/upload/f.xml` }]));
        case '/upload/f.xml':
          return send(seen, res, 200, fixture('reservations-list.xml'), 'text/plain');
        case '/api/Pax/postsentlogids':
          return send(seen, res, 200, fixture('sent-ids.xml'), 'application/xml');
        case '/v/own.pdf':
          return send(seen, res, 200, '%PDF-1.4 own host', 'application/pdf');
        default:
          return send(seen, res, 404, '');
      }
    });
    const client = createExchangeClient({
      baseUrl: `${service.url}/`,
      user: 'desk',
      getPassword: async () => 'pw',
      partnerId: 1001,
      sleep: async () => undefined,
    });
    cleanups.push(() => client.close());

    expect((await client.getHotelAgencies()).length).toBeGreaterThan(0);
    const logIds: number[] = [];
    const result = await client.fetchReservations(
      { checkInStart: '2025-01-01', checkInEnd: '2025-12-31' },
      async (batch) => void logIds.push(...batch.map((r) => r.logId)),
      { pollFile: { initialDelayMs: 1, maxDelayMs: 4, timeoutMs: 1000 } },
    );
    expect(result.source).toBe('file');
    expect(logIds.length).toBeGreaterThan(0);
    expect(await client.postSentLogIds('svc-1', [900001, 900002])).toEqual(['900001', '900002']);
    await client.downloadFile(`${service.url}/v/own.pdf`, join(folder, 'own.pdf'));
    await client.downloadFile(`${elsewhere.url}/v/other.pdf`, join(folder, 'other.pdf'));
    expect(await readFile(join(folder, 'own.pdf'), 'utf8')).toBe('%PDF-1.4 own host');
    expect(await readFile(join(folder, 'other.pdf'), 'utf8')).toBe('%PDF-1.7 other host');

    const seen = [...service.seen, ...elsewhere.seen];
    expect(new Set(seen.map((s) => s.path))).toEqual(
      new Set([
        '/api/system/login',
        '/api/pax/gethotelagencies',
        '/api/pax/getReservationList',
        '/api/Pax/checkreservationfile',
        '/upload/f.xml',
        '/api/Pax/postsentlogids',
        '/v/own.pdf',
        '/v/other.pdf',
      ]),
    );
    for (const request of seen)
      expect(request.headers['accept-encoding'], request.path).toBe('gzip, deflate, br');
  });
});
