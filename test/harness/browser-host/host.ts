// The browser host: serves the BUILT renderer to a real Chromium and answers `window.resdesk` over a local
// WebSocket with the same dispatchRequest the Electron IPC adapter uses, forwarding the core's push events.
// Only the transport differs from the app. Binds 127.0.0.1; accepts sockets only from its own page.
import { build } from 'esbuild';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import type { Core, Logger } from '../../../main/kernel/core-types';
import { eventNames, requestNames, type Events } from '../../../shared/ipc';
import type { BridgeConfig, BridgeRequest, HostMessage } from './bridge-protocol';
import { buildRenderer } from './build-renderer';

export interface BrowserHostOptions {
  core: Pick<Core, 'handlers' | 'on' | 'messages'>;
  /** 0 (default) picks a free port. */
  port?: number;
  /** A renderer build to serve; built (or reused from the cache) when absent. */
  rendererDir?: string;
  logger?: Logger;
}

export interface BrowserHost {
  /** http://127.0.0.1:PORT/ */
  readonly url: string;
  close(): Promise<void>;
}

const BRIDGE_PATH = '/resdesk-bridge.js';
const SOCKET_PATH = '/bridge';
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The app's production policy (main/shell/window.ts), with the bridge's own WebSocket origin allowed. */
export function hostContentSecurityPolicy(origin: string): string {
  const ws = origin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${ws}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

async function bundleBridge(config: BridgeConfig): Promise<string> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bridge.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome130',
    define: { __RESDESK_BRIDGE__: JSON.stringify(config) },
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('the bridge script did not bundle');
  return file.text;
}

/** The built index.html with the host's policy and the bridge script loaded before the renderer. */
function hostPage(html: string, policy: string): string {
  const withPolicy = html.replace(
    /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i,
    (_m, start: string, end: string) => `${start}${policy}${end}`,
  );
  const bridgeTag = `<script src=".${BRIDGE_PATH}"></script>\n    `;
  return withPolicy.replace(/<script type="module"/, `${bridgeTag}<script type="module"`);
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = options.rendererDir ?? (await buildRenderer());
  const files = new Map<string, { body: Buffer | string; type: string }>();
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the browser host has no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  const policy = hostContentSecurityPolicy(origin);

  const bridge = await bundleBridge({
    url: `ws://127.0.0.1:${address.port}${SOCKET_PATH}`,
    requests: requestNames,
    events: eventNames,
  });
  files.set(BRIDGE_PATH, { body: bridge, type: contentTypes['.js'] ?? 'text/javascript' });
  const index = hostPage(await readFile(path.join(rendererDir, 'index.html'), 'utf8'), policy);
  files.set('/', { body: index, type: contentTypes['.html'] ?? 'text/html' });
  files.set('/index.html', files.get('/') ?? { body: index, type: 'text/html' });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = {
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const known = files.get(pathname);
    if (req.method !== 'GET') {
      res.writeHead(405, headers).end();
      return;
    }
    // Chromium asks for a favicon that Electron never would; answer it so it is not a console error.
    if (pathname === '/favicon.ico') {
      res.writeHead(204, headers).end();
      return;
    }
    if (known) {
      res.writeHead(200, { ...headers, 'Content-Type': known.type }).end(known.body);
      return;
    }
    const file = path.resolve(rendererDir, `.${decodeURIComponent(pathname)}`);
    const type = contentTypes[path.extname(file)];
    if (!file.startsWith(rendererDir + path.sep) || !type) {
      res.writeHead(404, headers).end();
      return;
    }
    try {
      res.writeHead(200, { ...headers, 'Content-Type': type }).end(await readFile(file));
    } catch {
      res.writeHead(404, headers).end();
    }
  }

  const sockets = new WebSocketServer({
    server,
    path: SOCKET_PATH,
    verifyClient: (info: { origin: string }) => info.origin === origin,
  });
  const send = (socket: WebSocket, message: HostMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  sockets.on('connection', (socket) => {
    socket.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      // A page may send anything, `null` and `[]` included: only a well-formed request is answered.
      if (!isBridgeRequest(parsed)) return;
      const request = parsed;
      void dispatchRequest(options.core.handlers, request.name, request.payload, {
        messages: options.core.messages,
        logger: options.logger,
      }).then((result) => send(socket, { kind: 'result', id: request.id, result }));
    });
  });

  const forward = <E extends keyof Events>(event: E) =>
    options.core.on(event, (payload) => {
      for (const socket of sockets.clients) send(socket, { kind: 'event', event, payload });
    });
  const unsubscribe = eventNames.map((event) => forward(event));

  return {
    url: `${origin}/`,
    async close() {
      for (const off of unsubscribe) off();
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function isBridgeRequest(value: unknown): value is BridgeRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as Partial<Record<keyof BridgeRequest, unknown>>;
  return (
    candidate.kind === 'request' && typeof candidate.id === 'number' && typeof candidate.name === 'string'
  );
}
