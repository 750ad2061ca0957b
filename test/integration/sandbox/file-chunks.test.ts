// The large-result file is streamed in pieces of tens of kilobytes, not one HTTP chunk per reservation:
// clients that pause per chunk (undici does) slowed to minutes on a 20k-reservation file otherwise.
// Read over a raw socket so the chunked transfer encoding itself is visible.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, get, getJson, login, startService } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 1500, fileReadyAfterMs: 0 }));
  token = await login(service);
});
afterAll(() => service.close());

function rawGet(path: string): Promise<Buffer> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nToken: ${token}\r\nConnection: close\r\n\r\n`,
      );
    });
    const parts: Buffer[] = [];
    socket.on('data', (part: Buffer) => parts.push(part));
    socket.on('end', () => resolve(Buffer.concat(parts)));
    socket.on('error', reject);
  });
}

/** The sizes of the chunks of a chunked body, and the body they make up. */
function chunksOf(response: Buffer): { sizes: number[]; body: string } {
  let at = response.indexOf('\r\n\r\n') + 4;
  const sizes: number[] = [];
  const pieces: Buffer[] = [];
  for (;;) {
    const lineEnd = response.indexOf('\r\n', at);
    const size = parseInt(response.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    sizes.push(size);
    pieces.push(response.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return { sizes, body: Buffer.concat(pieces).toString('utf8') };
}

async function fileUrlPath(format: 'json' | 'xml'): Promise<string> {
  const exceed = await get(service, `/api/pax/getReservationList?${WHOLE_YEAR}&format=${format}`, token);
  const fileCode = /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/.exec(await exceed.text())?.[0] ?? '';
  const ready = await getJson(service, `/api/Pax/checkreservationfile?fileCode=${fileCode}`, token);
  return new URL((ready.Data as { FileUrl: string }[])[0]?.FileUrl ?? '').pathname;
}

describe('reservation file chunks', () => {
  it.each(['json', 'xml'] as const)('streams the %s file in large pieces', async (format) => {
    const response = await rawGet(await fileUrlPath(format));
    expect(response.subarray(0, 200).toString('latin1')).toMatch(/transfer-encoding: chunked/i);
    const { sizes, body } = chunksOf(response);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeGreaterThan(1500 * 1000);
    expect(sizes.length).toBeGreaterThan(4);
    expect(sizes.length).toBeLessThan(total / (32 * 1024) + 2);
    if (format === 'json') expect((JSON.parse(body) as { Data: unknown[] }).Data.length).toBe(1500);
    else expect(body.match(/<a:ReservationPms>/g)?.length).toBe(1500);
  });
});
