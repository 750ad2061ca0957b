// Electron's net.request, faked over Node's http: electron-updater's ElectronHttpExecutor runs its real
// request, redirect and download code against it. Only loopback http is allowed, so a test can never
// reach the internet; every request is recorded (path with its query) for the test to look at.
import http from 'node:http';
import type { ClientRequestConstructorOptions } from 'electron';
import { FakeSession } from './web-contents';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export const netState = {
  requests: [] as { method: string; host: string; path: string; partition: string | null }[],
  partitions: new Map<string, FakeSession>(),
};

export function resetNet(): void {
  netState.requests = [];
  netState.partitions = new Map();
}

/** session.fromPartition: one fake session per name, as Electron keeps one per partition. */
export function fromPartition(partition: string, _options?: { cache?: boolean }): FakeSession {
  let found = netState.partitions.get(partition);
  if (!found) {
    found = new FakeSession();
    netState.partitions.set(partition, found);
  }
  return found;
}

function partitionOf(session: unknown): string | null {
  for (const [name, known] of netState.partitions) if (known === session) return name;
  return null;
}

export function request(options: ClientRequestConstructorOptions | string): http.ClientRequest {
  const url =
    typeof options === 'string'
      ? new URL(options)
      : new URL(
          options.url ??
            `${options.protocol ?? 'http:'}//${options.hostname ?? options.host ?? ''}${
              options.port ? `:${options.port}` : ''
            }${options.path ?? '/'}`,
        );
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) {
    throw new Error(`the fake net only reaches loopback http, not ${url.protocol}//${url.hostname}`);
  }
  const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET').toUpperCase();
  const headers = typeof options === 'string' ? {} : (options.headers ?? {});
  netState.requests.push({
    method,
    host: url.host,
    path: `${url.pathname}${url.search}`,
    partition: typeof options === 'string' ? null : partitionOf(options.session),
  });
  return http.request({
    method,
    hostname: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    headers,
  });
}
