import { setTimeout as wait } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttp, type ExchangeLogger } from '../../../main/exchange/http';
import { CancelledError, NetworkError } from '../../../main/exchange/errors';
import { send, startScriptedServer, type ScriptedServer } from './scripted-server';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const start = async (...args: Parameters<typeof startScriptedServer>) => {
  const server = await startScriptedServer(...args);
  servers.push(server);
  return server;
};

function recordingLogger() {
  const lines: string[] = [];
  const logger: ExchangeLogger = {
    info: (message, fields) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`),
    warn: (message, fields) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`),
  };
  return { lines, logger };
}

describe('http', () => {
  it('retries a read after 5xx with growing, jittered waits and returns the good answer', async () => {
    let calls = 0;
    const server = await start((_seen, res) =>
      ++calls < 3 ? send(res, 503, 'busy') : send(res, 200, 'fine'),
    );
    const waits: number[] = [];
    const http = createHttp({
      retries: { attempts: 4, baseDelayMs: 100, maxDelayMs: 150 },
      sleep: async (ms) => void waits.push(ms),
      random: () => 1,
    });
    const res = await http.fetchText({
      operation: 't',
      method: 'GET',
      url: new URL(`${server.url}/a`),
      retry: true,
    });
    expect(res).toEqual({ status: 200, text: 'fine' });
    expect(server.seen).toHaveLength(3);
    expect(waits).toEqual([100, 150]);
    await http.close();
  });

  it('never repeats a request that is not a read', async () => {
    const server = await start((_seen, res) => send(res, 500, 'broken'));
    const http = createHttp({ sleep: async () => undefined });
    const res = await http.fetchText({
      operation: 't',
      method: 'POST',
      url: new URL(`${server.url}/p`),
      body: '{}',
      retry: false,
    });
    expect(res.status).toBe(500);
    expect(server.seen).toHaveLength(1);
    await http.close();
  });

  it('retries a read after a reset connection, not a write', async () => {
    let calls = 0;
    const server = await start(
      (_seen, res, req) => void (++calls === 1 ? req.socket.destroy() : send(res, 200, 'ok')),
    );
    const http = createHttp({ sleep: async () => undefined });
    const read = await http.fetchText({
      operation: 't',
      method: 'GET',
      url: new URL(`${server.url}/r`),
      retry: true,
    });
    expect(read.text).toBe('ok');
    calls = 0;
    const write = await http
      .fetchText({ operation: 't', method: 'POST', url: new URL(`${server.url}/w`), body: 'x', retry: false })
      .catch((e: unknown) => e);
    expect(write).toBeInstanceOf(NetworkError);
    expect(write).toMatchObject({ reason: 'reset' });
    await http.close();
  });

  it('logs method and path only, never the query', async () => {
    const server = await start((_seen, res) => send(res, 200, '"t"'));
    const { lines, logger } = recordingLogger();
    const http = createHttp({ logger });
    const url = new URL(`${server.url}/api/system/login?user=demo&pass=s3cret`);
    await http.fetchText({ operation: 'login', method: 'GET', url, retry: true });
    expect(lines.join('\n')).toContain('GET /api/system/login');
    expect(lines.join('\n')).not.toMatch(/s3cret|pass=|\?/);
    await http.close();
  });

  it('times out waiting for headers', async () => {
    const server = await start(() => undefined);
    const http = createHttp({ timeouts: { headersMs: 100 }, retries: { attempts: 1 } });
    const error = await http
      .fetchText({ operation: 'slow', method: 'GET', url: new URL(`${server.url}/slow`), retry: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', reason: 'timeout' });
    await http.close();
  });

  it('stops at once when cancelled, also while waiting to retry', async () => {
    const server = await start(() => undefined);
    const http = createHttp();
    const controller = new AbortController();
    const pending = http.fetchText({
      operation: 't',
      method: 'GET',
      url: new URL(`${server.url}/x`),
      retry: true,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);

    const failing = await start((_seen, res) => send(res, 500, 'no'));
    const waiting = new AbortController();
    let waitStarted: () => void = () => undefined;
    const inWait = new Promise<void>((resolve) => (waitStarted = resolve));
    const http2 = createHttp({
      retries: { attempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      // Node's abortable timer, as the client's own, told when the wait begins: the cancel lands in it whatever
      // the machine's pace (a fixed 50 ms could come before the first answer on a loaded machine).
      sleep: (ms, signal) => {
        waitStarted();
        return wait(ms, undefined, signal ? { signal } : undefined);
      },
    });
    const retrying = http2.fetchText({
      operation: 't',
      method: 'GET',
      url: new URL(`${failing.url}/x`),
      retry: true,
      signal: waiting.signal,
    });
    await inWait;
    waiting.abort();
    await expect(retrying).rejects.toBeInstanceOf(CancelledError);
    expect(failing.seen).toHaveLength(1);
    await http.close();
    await http2.close();
  });

  it('reports an unreachable service', async () => {
    const server = await start(() => undefined);
    const url = new URL(`${server.url}/x`);
    await server.close();
    const http = createHttp({ retries: { attempts: 2 }, sleep: async () => undefined });
    const error = await http
      .fetchText({ operation: 't', method: 'GET', url, retry: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', reason: 'unreachable' });
    await http.close();
  });
});
