// A generic update feed as electron-builder publishes one (latest.yml for Windows, latest-linux.yml for
// Linux, and the installer files they name with their sha512), served on 127.0.0.1 for one test. The
// server stops by itself when the test closes it, and never keeps the process alive.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedRelease {
  version: string;
  /** The installer's name on the feed, e.g. Resdesk-0.2.0.AppImage. */
  file: string;
  bytes: Buffer;
  /** Published with another file's checksum: the download must be refused. */
  wrongChecksum?: boolean;
}

export interface FeedServer {
  /** The feed's address, ending in /. */
  url: string;
  /** Every request's path with its query, in order. */
  requests: string[];
  close(): Promise<void>;
}

const sha512 = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

/** electron-builder's update info file for one installer. */
export function updateInfoYml(release: FeedRelease): string {
  const checksum = sha512(release.wrongChecksum ? Buffer.from('another file') : release.bytes);
  return [
    `version: ${release.version}`,
    'files:',
    `  - url: ${release.file}`,
    `    sha512: ${checksum}`,
    `    size: ${release.bytes.length}`,
    `path: ${release.file}`,
    `sha512: ${checksum}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    '',
  ].join('\n');
}

/** Serves `release` under `base` (e.g. /resdesk/); anything else is a 404, as a web server's would be. */
export async function startFeedServer(release: FeedRelease, base = '/resdesk/'): Promise<FeedServer> {
  const requests: string[] = [];
  const files = new Map<string, Buffer>([
    [
      `${base}latest.yml`,
      Buffer.from(updateInfoYml({ ...release, file: release.file.replace(/\.AppImage$/, '.exe') })),
    ],
    [`${base}latest-linux.yml`, Buffer.from(updateInfoYml(release))],
    [`${base}${release.file}`, release.bytes],
  ]);
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = files.get(new URL(req.url ?? '/', 'http://feed').pathname);
    if (!body || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
