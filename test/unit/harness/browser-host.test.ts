// The browser host answers only well-formed requests: a page sending `null`, a list or half a request
// gets nothing back and the host keeps serving (it used to crash on `null`).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startBrowserHost } from '../../harness/browser-host/host';
import { createFakeDesk } from '../../e2e/fake-desk';

const rendererDir = mkdtempSync(path.join(tmpdir(), 'resdesk-host-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
afterAll(() => rmSync(rendererDir, { recursive: true, force: true }));

describe('the browser host', () => {
  it('survives null and malformed frames and still answers a real request', async () => {
    const desk = createFakeDesk({ reservations: 3 });
    const host = await startBrowserHost({ core: desk.core, rendererDir });
    const origin = host.url.replace(/\/$/, '');
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { origin });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answers: string[] = [];
    socket.on('message', (data) => answers.push(String(data)));
    for (const frame of ['null', '[]', '42', '"x"', '{"kind":"request"}', '{"kind":"request","id":1}'])
      socket.send(frame);
    socket.send(JSON.stringify({ kind: 'request', id: 7, name: 'getSetup', payload: {} }));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (answers.some((a) => a.includes('"id":7'))) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    const results = answers
      .map((a) => JSON.parse(a) as { kind: string; id?: number })
      .filter((a) => a.kind === 'result');
    expect(results.map((r) => r.id)).toEqual([7]);
    socket.close();
    await host.close();
  });
});
