// Raw-HTTP helpers for the practice service contract tests: a clock the test moves, login, and
// requests carrying the token the way the desk does. No client code from main/exchange is used.
import { XMLParser } from 'fast-xml-parser';
import {
  startPracticeService,
  type PracticeService,
  type PracticeServiceOptions,
} from '../../../main/sandbox/index';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** 1 July 2026, 09:00 UTC (12:00 at the hotel). */
export function testClock(start = Date.parse('2026-07-01T09:00:00Z')): TestClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export async function startService(
  options: PracticeServiceOptions = {},
): Promise<{ service: PracticeService; clock: TestClock }> {
  const clock = testClock();
  const service = await startPracticeService({ now: clock.now, ...options });
  return { service, clock };
}

export async function login(service: PracticeService): Promise<string> {
  const response = await fetch(`${service.url}/api/system/login?user=demo&pass=demo&format=json`);
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  const token: unknown = await response.json();
  if (typeof token !== 'string') throw new Error('login did not return a string');
  return token;
}

/** GET with the token in a raw cookie header and a Token header, as the desk sends it. */
export function get(
  service: PracticeService,
  pathAndQuery: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${service.url}${pathAndQuery}`, { headers: { cookie: token, Token: token, ...headers } });
}

export async function getJson(
  service: PracticeService,
  pathAndQuery: string,
  token: string,
): Promise<JsonEnvelope> {
  const response = await get(
    service,
    `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}format=json`,
    token,
  );
  return (await response.json()) as JsonEnvelope;
}

export interface JsonEnvelope {
  Data: Record<string, unknown>[] | string[] | null;
  Error: { Code: string; Message: string };
  InfoMessage: string;
  IsSuccessful: boolean;
}

export async function control(
  service: PracticeService,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${service.url}/_sandbox/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface DeliveredOddity {
  kind: string;
  variant: string;
  keyField: string;
  logId: number;
  path: string;
  format: string;
  field?: string;
  guestName?: string;
  note?: string;
}

export interface SandboxState {
  dialect: 'spec' | 'original';
  voucherUrl: string;
  acknowledged: { logId: number; serviceId: string; at: string }[];
  confirmations: Record<string, unknown>[];
  requests: { at: string; method: string; path: string; status: number; hotelParameters: string[] }[];
  voucherRequests: {
    at: string;
    method: string;
    path: string;
    status: number;
    hadToken: boolean;
    credentialHeaders: string[];
  }[];
  oddities: { enabled: boolean; pending: Record<string, unknown>[]; delivered: DeliveredOddity[] };
  reservations: number;
}

export async function sandboxState(service: PracticeService): Promise<SandboxState> {
  return (await (await control(service, 'GET', 'state')).json()) as SandboxState;
}

/** Namespace-agnostic XML reading for assertions (the test's own parser, not the app's decoder). */
export const xml = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) =>
    [
      'ReservationPms',
      'CustomerPms',
      'string',
      'DefinitionHotelAgency',
      'NotConfirmMessage',
      'StayBoard',
      'StayRoom',
      'StayRoomType',
      'StayNational',
      'SejourBoard',
      'SejourRoom',
      'SejourRoomType',
      'SejourNational',
    ].includes(name),
});

export type XmlNode = Record<string, unknown>;

export function child(node: unknown, name: string): XmlNode {
  if (typeof node !== 'object' || node === null) throw new Error(`no node for ${name}`);
  const value = (node as XmlNode)[name];
  if (typeof value !== 'object' || value === null) throw new Error(`no element ${name}`);
  return value as XmlNode;
}

export function items(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** A wide check-in window that holds the whole practice world (today = 2026-07-01). */
export const WHOLE_YEAR = 'checkInStart=01.01.2026&checkInEnd=12.31.2027';
