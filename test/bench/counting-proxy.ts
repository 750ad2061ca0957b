// A loopback HTTP proxy in front of the practice service that counts what a hotel line would carry:
// bytes on the wire both ways (headers included, as sent: compressed when the client asked), requests,
// logins and TCP connections. The large-result file's address names the service's own port, so the one
// small answer that carries it (checkreservationfile) is read uncompressed and pointed back at the proxy.
// The practice service never compresses; a live service behind IIS with dynamic compression does, so the
// proxy gzips what the client asked compressed. `compress: false` drops the client's Accept-Encoding: the
// same sync as it was before the client asked for compression.
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createGzip } from 'node:zlib';

export interface WireCount {
  bytes: number;
  requests: number;
  logins: number;
  connections: number;
}

export interface CountingProxy {
  url: string;
  compress: boolean;
  count(): WireCount;
  close(): Promise<void>;
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  let requests = 0;
  let logins = 0;
  let connections = 0;
  let origin = '';
  const state = { compress: true };

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    requests++;
    const path = req.url ?? '/';
    if (path.toLowerCase().startsWith('/api/system/login')) logins++;
    const rewrite = path.toLowerCase().startsWith('/api/pax/checkreservationfile');
    const headers = { ...req.headers, host: upstream.host };
    if (!state.compress || rewrite) delete headers['accept-encoding'];
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers, agent },
      (answer) => {
        const copied: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP.has(name)) copied[name] = value;
        const asked = String(req.headers['accept-encoding'] ?? '').includes('gzip');
        if (!rewrite && state.compress && asked && !answer.headers['content-encoding']) {
          res.writeHead(answer.statusCode ?? 502, { ...copied, 'content-encoding': 'gzip' });
          answer.pipe(createGzip()).pipe(res);
          return;
        }
        if (!rewrite) {
          if (answer.headers['content-length']) copied['content-length'] = answer.headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, copied);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.from(
            Buffer.concat(chunks).toString('utf8').split(upstream.origin).join(origin),
          );
          res.writeHead(answer.statusCode ?? 502, { ...copied, 'content-length': String(body.length) });
          res.end(body);
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const server = createServer(forward);
  server.keepAliveTimeout = 120_000;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => {
      closedBytes += socket.bytesRead + socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    get compress() {
      return state.compress;
    },
    set compress(on: boolean) {
      state.compress = on;
    },
    count: () => {
      let bytes = closedBytes;
      for (const s of sockets) bytes += s.bytesRead + s.bytesWritten;
      return { bytes, requests, logins, connections };
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const difference = (after: WireCount, before: WireCount): WireCount => ({
  bytes: after.bytes - before.bytes,
  requests: after.requests - before.requests,
  logins: after.logins - before.logins,
  connections: after.connections - before.connections,
});
