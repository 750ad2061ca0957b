// A full sync + confirmation through the core, with the real file logger, then every file the desk wrote
// (SQLite files, vouchers, logs, settings) is scanned for the password and the token: none may be there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { createCore } from '../../../main/desk/core';
import { createFileLogger } from '../../../main/shell/log';
import { memoryStore } from '../../../main/secrets/memory-store';
import type { Core } from '../../../main/kernel/core-types';

const PASSWORD = 'Gizli-Parola-9931';

/** A pass-through proxy that remembers every token the service hands out. */
function tokenRecordingProxy(target: string, tokens: Set<string>): Promise<http.Server> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        const isLogin = /\/api\/system\/login/i.test(req.url ?? '');
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (c: Buffer) => {
          if (isLogin) chunks.push(c);
          res.write(c);
        });
        answer.on('end', () => {
          if (isLogin) {
            const text = Buffer.concat(chunks).toString('utf8');
            const token =
              /^"(.*)"$/.exec(text.trim())?.[1] ?? /<string[^>]*>([^<]*)<\/string>/.exec(text)?.[1];
            if (token) tokens.add(token);
          }
          res.end();
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('no secret on disk', () => {
  let service: PracticeService;
  let proxy: http.Server;
  let core: Core;
  let dir: string;
  const tokens = new Set<string>();

  beforeAll(async () => {
    service = await startPracticeService({
      port: 0,
      reservations: 1200,
      password: PASSWORD,
      fileReadyAfterMs: 50,
    });
    proxy = await tokenRecordingProxy(service.url, tokens);
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-secrets-'));
    const logger = createFileLogger({ file: path.join(dir, 'logs', 'resdesk.log') });
    core = createCore({ dataDir: dir, credentials: memoryStore(), logger }, { answerGraceDefaultSeconds: 0 });
    await core.start();
  });
  afterAll(async () => {
    await core.stop();
    await new Promise((r) => proxy.close(r));
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the password and the token out of every file', async () => {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    await core.handlers.saveSetup({
      serviceUrl: url,
      user: 'demo',
      password: PASSWORD,
      partnerId: 1001,
      format: 'json',
    });
    const status = await core.handlers.syncNow({});
    expect(status.lastError).toBeNull();
    const row = (
      await core.handlers.listReservations({
        filter: { statuses: ['W'], kinds: ['new'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: 0,
        limit: 1,
      })
    ).rows[0];
    if (!row) throw new Error('no waiting reservation');
    await core.handlers.confirm({ keyField: row.keyField, note: 'scan' });
    // Sent within a cycle or two; a loaded machine may take some seconds. The voucher is fetched and attached
    // after the answer is recorded as sent (push.ts attachVoucher): waited for too, not only the sending.
    const until = Date.now() + 30_000;
    while (
      Date.now() < until &&
      (await core.handlers.getReservation({ keyField: row.keyField })).decision?.voucherSaved !== true
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await core.handlers.getReservation({ keyField: row.keyField })).decision?.voucherSaved).toBe(
      true,
    );
    await core.stop();

    expect(tokens.size).toBeGreaterThan(0);
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('resdesk.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('.pdf'))).toBe(true);
    expect(files.some((f) => f.endsWith('resdesk.log'))).toBe(true);
    const secrets = [PASSWORD, ...tokens];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of secrets) {
        expect(bytes.includes(Buffer.from(secret, 'utf8')), `${path.basename(file)} contains a secret`).toBe(
          false,
        );
        expect(
          bytes.includes(Buffer.from(secret, 'utf16le')),
          `${path.basename(file)} contains a secret (UTF-16)`,
        ).toBe(false);
      }
    }
  });
});
