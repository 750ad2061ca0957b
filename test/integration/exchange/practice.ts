// Helpers to drive the practice service's control API from the exchange client's integration tests.
import { request } from 'undici';
import {
  createExchangeClient,
  type ExchangeClient,
  type ExchangeClientOptions,
} from '../../../main/exchange';

const HOTEL_START = Date.parse('2025-06-01T09:00:00Z');
const startedAt = Date.now();
/** The service's clock: a fixed day, still ticking (the file becomes ready after fileReadyAfterMs of it). */
export const HOTEL_NOW = () => new Date(HOTEL_START + (Date.now() - startedAt));
export const WINDOW = { checkInStart: '2025-05-01', checkInEnd: '2026-01-31' } as const;

export interface SandboxState {
  acknowledged: { logId: number; serviceId: string }[];
  confirmations: unknown[];
  requests: { method: string; path: string; status: number }[];
}

export async function control(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await request(`${baseUrl}/_sandbox/${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`control ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text) as unknown;
}

export const sandboxState = async (baseUrl: string) =>
  (await control(baseUrl, 'GET', 'state')) as SandboxState;

export const clearFaults = (baseUrl: string) => control(baseUrl, 'DELETE', 'faults');

export const addFault = (
  baseUrl: string,
  fault: { kind: string; count?: number; path?: string; delayMs?: number },
) => control(baseUrl, 'POST', 'faults', fault);

/** Requests to one operation seen by the service (paths compared without case). */
export const requestsTo = (state: SandboxState, path: string) =>
  state.requests.filter((entry) => entry.path.toLowerCase() === path.toLowerCase());

export const clientFor = (url: string, extra: Partial<ExchangeClientOptions> = {}): ExchangeClient =>
  createExchangeClient({
    baseUrl: url,
    user: 'demo',
    getPassword: async () => 'demo',
    partnerId: 1001,
    // Real backoff shape, short waits: the tests check what is retried, not how long it takes.
    retries: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    ...extra,
  });
