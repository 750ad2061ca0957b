// The client's XML reader on what the practice service really sends: every read answer in both dialects
// with the odd values on, the large-result file as envelope and as bare list, and answers spoiled with
// forbidden characters (raw and as references). Each is read cut into random pieces as it reads whole,
// and whole it gives the values of an independent reader (fast-xml-parser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService } from '../../../main/sandbox';
import { createXmlReader, parseXml } from '../../../main/exchange/xml-reader';
import type { WireValue } from '../../../main/exchange/wire-value';
import { independentRoot } from '../../unit/exchange/independent-xml';
import { control, HOTEL_NOW } from './practice';

type Service = Awaited<ReturnType<typeof startPracticeService>>;

/**
 * Items and summary as JSON text (key order included), the text cut in pieces from a seeded generator;
 * seed 0 reads it whole.
 */
function read(text: string, seed: number) {
  let state = seed;
  const nextSize = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return seed === 0 ? text.length : 1 + (state % 5000);
  };
  const items: WireValue[] = [];
  const reader = createXmlReader({ onItem: (item) => void items.push(item) });
  for (let at = 0; at < text.length;) {
    const size = nextSize();
    reader.write(text.slice(at, at + size));
    at += size;
  }
  return JSON.stringify({ items, summary: reader.close() });
}

function expectSame(text: string): void {
  expect(text.startsWith('<') || text.startsWith('\uFEFF<')).toBe(true);
  const whole = read(text, 0);
  for (const seed of [1, 2, 3]) expect(read(text, seed)).toBe(whole);
  const summary = parseXml(text);
  const independent = independentRoot(text);
  expect(JSON.stringify([summary.rootName, summary.root])).toBe(
    JSON.stringify([independent.name, independent.value]),
  );
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/system/login?user=demo&pass=demo&format=json`);
  return (await res.json()) as string;
}

async function get(url: string, token: string, path: string): Promise<string> {
  const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}format=xml`, {
    headers: { Token: token },
  });
  return res.text();
}

async function file(url: string, token: string, query: string): Promise<string> {
  const list = await get(url, token, `/api/pax/getReservationList?${query}`);
  const code = /<(?:a:)?FileCode>([^<]+)</.exec(list)?.[1];
  if (!code) throw new Error('expected a FileCode');
  for (;;) {
    const check = await get(url, token, `/api/Pax/checkreservationfile?fileCode=${code}`);
    const fileUrl = /<(?:a:)?FileUrl>([^<]+)</.exec(check)?.[1];
    if (fileUrl) return (await fetch(fileUrl, { headers: { Token: token } })).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const WIDE = 'checkInStart=01.01.2000&checkInEnd=12.31.2100';

describe.each(['spec', 'original'] as const)(
  'XML reader on the practice service, in pieces and against an independent reader (%s dialect)',
  (dialect) => {
    let service: Service;
    let token: string;
    const hotel = dialect === 'spec' ? 'partnerId=1001' : 'paximumId=1001';

    beforeAll(async () => {
      service = await startPracticeService({
        port: 0,
        seed: 5,
        reservations: 1200,
        oddities: true,
        dialect,
        fileReadyAfterMs: 0,
        now: HOTEL_NOW,
      });
      token = await login(service.url);
    });
    afterAll(() => service.close());

    it('reads every setup answer and a refused request the same way', async () => {
      const agencies = await get(service.url, token, '/api/pax/gethotelagencies');
      expectSame(agencies);
      const agencyId = /<(?:a:)?Id>([^<]+)</.exec(agencies)?.[1] ?? '';
      expect(agencyId).not.toBe('');
      for (const lang of ['tr-TR', 'en-US'])
        expectSame(await get(service.url, token, `/api/pax/getnotconfirmmessages?${hotel}&langId=${lang}`));
      const mapping = dialect === 'spec' ? 'getstayformapping' : 'getsejourformapping';
      expectSame(await get(service.url, token, `/api/pax/${mapping}?${hotel}&agencyId=${agencyId}`));
      expectSame(await get(service.url, token, `/api/pax/getReservationList?${hotel}&status=X`));
      expectSame(await get(service.url, token, `/api/pax/${mapping}?agencyId=${agencyId}`));
    });

    it('reads inline lists, with items spoiled by forbidden characters and unreadable values', async () => {
      const window = `${hotel}&checkInStart=06.01.2025&checkInEnd=06.03.2025`;
      expectSame(await get(service.url, token, `/api/pax/getReservationList?${window}`));
      for (const variant of ['reference', 'raw']) {
        await control(service.url, 'POST', 'oddities', { kind: 'forbiddenChars', variant });
        await control(service.url, 'POST', 'oddities', { kind: 'forbiddenChars', variant });
        await control(service.url, 'POST', 'oddities', { kind: 'unreadable', variant: 'garbledNumber' });
        const spoiled = await get(service.url, token, `/api/pax/getReservationList?${window}`);
        expect(spoiled.includes(variant === 'raw' ? '\u0001' : '&#x1;')).toBe(true);
        expectSame(spoiled);
      }
    });

    it('reads the large-result file as an envelope and as a bare list', async () => {
      const envelope = await file(service.url, token, `${hotel}&${WIDE}`);
      expect(envelope.length).toBeGreaterThan(1_000_000);
      expectSame(envelope);
      await control(service.url, 'POST', 'file-shape', { shape: 'list' });
      await control(service.url, 'POST', 'oddities', { kind: 'forbiddenChars', variant: 'raw' });
      const list = await file(service.url, token, `${hotel}&${WIDE}`);
      expect(list).toMatch(/<ArrayOfReservationPms/);
      expectSame(list);
      await control(service.url, 'POST', 'file-shape', { shape: 'envelope' });
    });
  },
);
