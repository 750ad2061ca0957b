// The update list read with a limit before electron-updater reads it (main/updates/feed-size.ts), against a real
// HTTP server on 127.0.0.1: a short list passes; one that says it is 400 MB, or streams on past the limit without
// saying, is refused having read no more than the limit; an address that does not answer is left to the updater.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEED_FILE_MAX_BYTES,
  FeedFileTooLarge,
  channelFile,
  refuseOversizedFeedFile,
} from '../../../main/updates/feed-size';

let server: http.Server;
let base = '';
let streamed = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/small/latest-linux.yml') return res.end('version: 0.2.0\npath: Resdesk.AppImage\n');
    if (req.url === '/declared/latest-linux.yml') {
      res.writeHead(200, { 'content-length': String(400 * 1024 * 1024) });
      return res.write(Buffer.alloc(1024, 0x61));
    }
    if (req.url === '/endless/latest-linux.yml') {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 0x62);
      const more = (): void => {
        while (!res.destroyed && streamed < 50 * 1024 * 1024) {
          streamed += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the update list, read with a limit', () => {
  it('names the list of each platform', () => {
    expect(channelFile('win32')).toBe('latest.yml');
    expect(channelFile('linux')).toBe('latest-linux.yml');
  });

  it('lets a short list through', async () => {
    await expect(refuseOversizedFeedFile(`${base}/small/latest-linux.yml`)).resolves.toBeUndefined();
  });

  it('refuses a list that says it is 400 MB, at its headers', async () => {
    await expect(refuseOversizedFeedFile(`${base}/declared/latest-linux.yml`)).rejects.toBeInstanceOf(
      FeedFileTooLarge,
    );
  });

  it('refuses a list that streams on past the limit, having read little more than the limit', async () => {
    const refused = await refuseOversizedFeedFile(`${base}/endless/latest-linux.yml`).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(FeedFileTooLarge);
    expect((refused as FeedFileTooLarge).bytes).toBeLessThan(FEED_FILE_MAX_BYTES + 256 * 1024);
    expect(streamed).toBeLessThan(20 * 1024 * 1024);
  });

  it('leaves an address that does not answer to the updater', async () => {
    await expect(refuseOversizedFeedFile('http://127.0.0.1:9/latest-linux.yml')).resolves.toBeUndefined();
  });
});
