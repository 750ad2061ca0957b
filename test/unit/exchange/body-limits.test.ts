// An answer that never ends, however fast it streams, ends at the size or the time limit
// of one answer body: the request is aborted (the service sees its connection closed), an AnswerLimitError
// says which limit in a sentence, it is not repeated, and nothing past the limit is handed on. Assertions
// are on bytes; times only get generous sanity bounds.
import { createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttp, type Http } from '../../../main/exchange/http';
import { AnswerLimitError } from '../../../main/exchange/body-errors';
import { bodyLimits, defaultBodyLimits } from '../../../main/exchange/body-limits';
import { MalformedResponseError } from '../../../main/exchange/errors';
import type { Reservation } from '../../../shared/domain';
import { startScriptedServer, type ScriptedServer } from './scripted-server';
import { writeForever, xmlEnvelopeHead, xmlReservation, type EndlessAnswer } from './endless-answer';
import { byteService, fileCodeAnswer, fileReadyAnswer, sendBytes, type ByteService } from './byte-service';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const KB = 1024;
const PIECE = 16 * KB;
const spaces = Buffer.alloc(PIECE, 0x20);

/** A server whose every answer is endless; `answers` are the ones it gave. */
async function endlessServer(
  options: Omit<Parameters<typeof writeForever>[2], 'piece'> & {
    piece?: (n: number) => string | Uint8Array;
  } = {},
) {
  const answers: EndlessAnswer[] = [];
  const server: ScriptedServer = await startScriptedServer((_seen, res, req) => {
    answers.push(writeForever(res, req, { piece: () => spaces, head: '<a>', ...options }));
  });
  cleanups.push(() => server.close());
  return { server, answers };
}

function httpWith(limits: Parameters<typeof createHttp>[0]): Http {
  const http = createHttp({ sleep: async () => undefined, ...limits });
  cleanups.push(() => http.close());
  return http;
}

const read = (http: Http, url: string) =>
  http
    .fetchText({ operation: 'agency list', method: 'GET', url: new URL(`${url}/x`), retry: true })
    .catch((e: unknown) => e);

describe('an answer read whole', () => {
  it('that streams forever, fast, is cut at its size limit and its connection closed', async () => {
    const { server, answers } = await endlessServer();
    const maxBytes = 256 * KB;
    const http = httpWith({ limits: { answer: { maxBytes } } });
    const error = await read(http, server.url);
    expect(error).toBeInstanceOf(AnswerLimitError);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ kind: 'malformed', limit: 'size', allowed: maxBytes });
    expect((error as Error).message).toBe(
      "The exchange service's answer during agency list went on past 262144 bytes, the most Resdesk reads of one answer, and was cut off.",
    );
    const { bytesRead } = error as AnswerLimitError;
    expect(bytesRead).toBeLessThanOrEqual(maxBytes);
    expect(bytesRead).toBeGreaterThan(maxBytes - 64 * KB);
    // The service saw the connection closed by the client, and stopped writing; the read was not repeated.
    expect(await answers[0]?.ended).toBe('client-closed');
    expect(answers).toHaveLength(1);
    expect(server.seen).toHaveLength(1);
  });

  it('that never ends at a rate the rate floor accepts is cut at its time limit', async () => {
    // 16 KB every 5 ms: far above the rate floor, so only the time limit can end it.
    const { server, answers } = await endlessServer({ pauseMs: 5 });
    const maxMs = 300;
    const http = httpWith({ limits: { answer: { maxMs } } });
    const started = Date.now();
    const error = await read(http, server.url);
    expect(error).toBeInstanceOf(AnswerLimitError);
    expect(error).toMatchObject({ kind: 'malformed', limit: 'time', allowed: maxMs });
    expect((error as Error).message).toContain('was still arriving after 0.3 seconds');
    const answer = answers[0] as EndlessAnswer;
    expect(await answer.ended).toBe('client-closed');
    // Something arrived, nothing past what the service wrote; the limit ended it, not the test's patience.
    expect((error as AnswerLimitError).bytesRead).toBeGreaterThan(0);
    expect((error as AnswerLimitError).bytesRead).toBeLessThanOrEqual(answer.written());
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(server.seen).toHaveLength(1);
  });

  it('that stalls after its first bytes is cut at its time limit, not left to the silence timeout', async () => {
    // One piece, then nothing: only the limit's own timer can notice, since no further read returns.
    const { server, answers } = await endlessServer({ pauseMs: 60_000 });
    // The silence timeout and the rate floor out of reach: only the limit can end this read in time.
    const far = 10 * 60_000;
    const http = httpWith({
      limits: { answer: { maxMs: 200 } },
      timeouts: { bodyMs: far, rate: { graceMs: far, minBytesPerSecond: 1 } },
    });
    const started = Date.now();
    const error = await read(http, server.url);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(error).toMatchObject({ kind: 'malformed', limit: 'time', allowed: 200 });
    expect(await answers[0]?.ended).toBe('client-closed');
    expect((error as AnswerLimitError).bytesRead).toBe(answers[0]?.written());
  });

  it('counts the bytes as decompressed, so a small gzip cannot unfold without end', async () => {
    const answers: { wire: () => number; ended: Promise<unknown> }[] = [];
    const server = await startScriptedServer((_seen, res, req) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      let wire = 0;
      gzip.on('data', (chunk: Buffer) => (wire += chunk.length));
      gzip.pipe(res);
      const zeros = Buffer.alloc(PIECE, 0x30);
      let open = true;
      const ended = new Promise((resolve) => req.socket.once('close', () => resolve((open = false))));
      const pump = () => {
        while (open && wire < 64 * 1024 * 1024 && gzip.write(zeros));
        if (open && wire < 64 * 1024 * 1024) gzip.once('drain', pump);
      };
      pump();
      answers.push({ wire: () => wire, ended });
    });
    cleanups.push(() => server.close());
    const maxBytes = 4 * 1024 * KB;
    const error = await read(httpWith({ limits: { answer: { maxBytes } } }), server.url);
    expect(error).toMatchObject({ limit: 'size', allowed: maxBytes });
    expect((error as AnswerLimitError).bytesRead).toBeLessThanOrEqual(maxBytes);
    await answers[0]?.ended;
    // Zeros compress about a thousandfold: the limit was reached on far fewer bytes on the wire.
    expect(answers[0]?.wire()).toBeLessThan(maxBytes / 10);
  });

  it('keeps the lower of the call’s own cap (login: 1 MB) and the answer limit', async () => {
    const { server } = await endlessServer();
    const http = httpWith({ limits: { answer: { maxBytes: 10 * 1024 * KB } } });
    const error = await http
      .fetchText(
        { operation: 'login', method: 'GET', url: new URL(`${server.url}/l`), retry: true },
        1024 * KB,
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ limit: 'size', allowed: 1024 * KB });
  });
});

describe('the large-result file', () => {
  async function endlessFile(limits: NonNullable<Parameters<typeof byteService>[1]>['limits'], pauseMs = 0) {
    const answers: EndlessAnswer[] = [];
    const service: ByteService = await byteService(
      (seen, res, req) => {
        if (seen.path === '/api/pax/getReservationList')
          return sendBytes(res, 200, new TextEncoder().encode(fileCodeAnswer), 'application/json');
        if (seen.path === '/api/Pax/checkreservationfile')
          return sendBytes(
            res,
            200,
            new TextEncoder().encode(fileReadyAnswer(service.server.url)),
            'application/json',
          );
        if (seen.path === '/files/f1')
          return void answers.push(
            writeForever(res, req, { head: xmlEnvelopeHead, piece: xmlReservation, pauseMs }),
          );
        return sendBytes(res, 404, new Uint8Array(0));
      },
      { format: 'xml', limits, batchSize: 40 },
    );
    cleanups.push(() => service.close());
    const batches: Reservation[][] = [];
    const error = await service.client
      .fetchReservations(
        { checkInStart: '2025-07-01', checkInEnd: '2025-07-31', isSendRequired: true },
        async (batch) => void batches.push(batch),
        { pollFile: { initialDelayMs: 0 } },
      )
      .catch((e: unknown) => e);
    return { service, answers, batches, error };
  }

  it('that never ends, fast, stops at the file size limit; only whole batches were handed out', async () => {
    const maxBytes = 2 * 1024 * KB;
    const { answers, batches, error, service } = await endlessFile({ file: { maxBytes } });
    expect(error).toBeInstanceOf(AnswerLimitError);
    expect(error).toMatchObject({
      kind: 'malformed',
      limit: 'size',
      allowed: maxBytes,
      operation: 'reservation file download',
    });
    expect((error as AnswerLimitError).bytesRead).toBeLessThanOrEqual(maxBytes);
    expect(await answers[0]?.ended).toBe('client-closed');
    // Every batch handed out is whole, in order, and holds only items read within the limit.
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) expect(batch).toHaveLength(40);
    const logIds = batches.flat().map((r) => r.logId);
    expect(logIds).toEqual(logIds.map((_, n) => 1_000_000 + n));
    const itemBytes = Buffer.byteLength(xmlReservation(0));
    expect(logIds.length * itemBytes).toBeLessThanOrEqual(maxBytes);
    // One download, not repeated, and nothing acknowledged by the client on its own.
    expect(service.paths().filter((p) => p === '/files/f1')).toHaveLength(1);
    expect(service.paths().filter((p) => /postsentlogids/i.test(p))).toHaveLength(0);
  });

  it('that never ends at a moderate rate stops at the file time limit', async () => {
    const maxMs = 400;
    const { answers, batches, error } = await endlessFile({ file: { maxMs } }, 2);
    expect(error).toMatchObject({ kind: 'malformed', limit: 'time', allowed: maxMs });
    const answer = answers[0] as EndlessAnswer;
    expect(await answer.ended).toBe('client-closed');
    expect((error as AnswerLimitError).bytesRead).toBeLessThanOrEqual(answer.written());
    for (const batch of batches) expect(batch).toHaveLength(40);
  });
});

describe('the limits', () => {
  it('default to 64 MB and 3 minutes for answers, 1 GB and 30 minutes for the file, each settable alone', () => {
    expect(defaultBodyLimits).toEqual({
      answer: { maxBytes: 64 * 1024 * 1024, maxMs: 3 * 60_000 },
      file: { maxBytes: 1024 * 1024 * 1024, maxMs: 30 * 60_000 },
    });
    expect(bodyLimits({ file: { maxMs: 5 } })).toEqual({
      answer: defaultBodyLimits.answer,
      file: { maxBytes: defaultBodyLimits.file.maxBytes, maxMs: 5 },
    });
  });
});
