// XML answers in windows-1254, ISO-8859-9 or UTF-16 (with and without a byte order mark),
// said in the declaration, the Content-Type or both; JSON stays UTF-8. One at a time through a `charset`
// fault, and seeded for a small share of XML answers with the charsets oddity on. Every such answer is the
// same document as the UTF-8 one: decoded by its charset, and read by Python's ElementTree from its bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, login, sandboxState, startService } from './helpers';
import { hasPython, pythonFindAll } from './python-etree';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 40, fileReadyAfterMs: 0 }));
  token = await login(service);
});
afterAll(() => service.close());

async function fault(body: Record<string, unknown>): Promise<Response> {
  return control(service, 'POST', 'faults', { kind: 'charset', ...body });
}

async function bytesOf(path: string): Promise<{ bytes: Buffer; contentType: string }> {
  const response = await fetch(`${service.url}${path}`, { headers: { cookie: token } });
  expect(response.status).toBe(200);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** The plain UTF-8 answer, the same request with no fault pending. */
const utf8Of = async (path: string): Promise<string> => (await bytesOf(path)).bytes.toString('utf8');

const REASONS = '/api/pax/getnotconfirmmessages?format=xml';
const LIST = `/api/pax/getReservationList?${WHOLE_YEAR}&format=xml`;
const DECLARED = (label: string) => `<?xml version="1.0" encoding="${label}"?>`;

describe('Turkish code pages', () => {
  it.each([
    ['windows-1254', 'windows-1254'],
    ['iso-8859-9', 'iso-8859-9'],
  ])('%s: Turkish letters in one byte each, declared in both places', async (charset, label) => {
    const plain = await utf8Of(REASONS);
    expect(plain).toMatch(/[ğışİçöü]/);
    expect((await fault({ charset, path: 'getnotconfirmmessages' })).status).toBe(200);
    const { bytes, contentType } = await bytesOf(REASONS);
    expect(contentType).toBe(`application/xml; charset=${label}`);
    expect(bytes.subarray(0, DECLARED(label).length).toString('latin1')).toBe(DECLARED(label));
    // ı is 0xFD and ş 0xFE in both Turkish code pages; ü is Latin-1's 0xFC.
    const text = bytes.toString('latin1');
    expect(text).not.toMatch(/[\u00c3\u00c4\u00c5]/);
    expect(new TextDecoder('windows-1254').decode(bytes)).toBe(`${DECLARED(label)}${plain}`);
    expect(bytes.length).toBe(DECLARED(label).length + [...plain].length);
  });

  it('writes characters the code page cannot hold as character references', async () => {
    const plain = await utf8Of(LIST);
    expect(plain).toMatch(/[\u0400-\u04ff]/);
    await fault({ charset: 'windows-1254', path: 'getreservationlist' });
    const { bytes } = await bytesOf(LIST);
    const text = new TextDecoder('windows-1254').decode(bytes);
    expect(text).not.toMatch(/[\u0400-\u04ff]/);
    expect(text).toMatch(/&#x4[0-9A-F]{2};/);
    const unescaped = text.replace(/&#x([0-9A-F]+);/g, (_, hex: string) =>
      String.fromCodePoint(parseInt(hex, 16)),
    );
    expect(unescaped).toBe(`${DECLARED('windows-1254')}${plain}`);
  });
});

describe('UTF-16', () => {
  it.each([
    ['utf-16', true, [0xff, 0xfe, 0x3c, 0x00], 'utf-16le', 'utf-16'],
    ['utf-16', false, [0x3c, 0x00, 0x3f, 0x00], 'utf-16le', 'utf-16'],
    ['utf-16be', true, [0xfe, 0xff, 0x00, 0x3c], 'utf-16be', 'utf-16BE'],
    ['utf-16be', false, [0x00, 0x3c, 0x00, 0x3f], 'utf-16be', 'utf-16BE'],
  ])('%s, byte order mark %s', async (charset, bom, start, decoder, label) => {
    const plain = await utf8Of(REASONS);
    await fault({ charset, bom, path: 'getnotconfirmmessages' });
    const { bytes, contentType } = await bytesOf(REASONS);
    expect(contentType).toBe(`application/xml; charset=${label}`);
    expect([...bytes.subarray(0, 4)]).toEqual(start);
    // TextDecoder drops the byte order mark itself.
    expect(new TextDecoder(decoder).decode(bytes)).toBe(`${DECLARED(label)}${plain}`);
  });

  it('streams a large-result file in UTF-16 with its declaration replaced', async () => {
    const { service: big } = await startService({ reservations: 1010, fileReadyAfterMs: 0 });
    try {
      const own = await login(big);
      const list = await (
        await fetch(`${big.url}/api/pax/getReservationList?${WHOLE_YEAR}&format=json`, {
          headers: { cookie: own },
        })
      ).json();
      const fileCode = (list as { Data: { FileCode: string }[] }).Data[0]?.FileCode ?? '';
      const check = await (
        await fetch(`${big.url}/api/Pax/checkreservationfile?fileCode=${fileCode}&format=json`, {
          headers: { cookie: own },
        })
      ).json();
      const jsonUrl = (check as { Data: { FileUrl: string }[] }).Data[0]?.FileUrl ?? '';
      // The JSON file stays UTF-8 even with a charset fault pending: the fault waits for an XML answer.
      await control(big, 'POST', 'faults', { kind: 'charset', charset: 'utf-16', path: 'upload' });
      const json = await fetch(jsonUrl, { headers: { cookie: own } });
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(((await json.json()) as { Data: unknown[] }).Data).toHaveLength(1010);
      expect((await (await control(big, 'GET', 'faults')).json()) as { faults: unknown[] }).toMatchObject({
        faults: [{ kind: 'charset', charset: { charset: 'utf-16', declare: 'both', bom: true } }],
      });
      const xmlList = await (
        await fetch(`${big.url}/api/pax/getReservationList?${WHOLE_YEAR}&format=xml`, {
          headers: { cookie: own },
        })
      ).text();
      // The fault is for paths with 'upload': this XML list answer is not one, so it stays UTF-8.
      expect(xmlList.startsWith('<ServiceResultOfArrayOfPmsResListExceed')).toBe(true);
      const xmlCode = /<a:FileCode>([^<]+)</.exec(xmlList)?.[1] ?? '';
      const xmlCheck = await (
        await fetch(`${big.url}/api/Pax/checkreservationfile?fileCode=${xmlCode}&format=json`, {
          headers: { cookie: own },
        })
      ).json();
      const xmlUrl = (xmlCheck as { Data: { FileUrl: string }[] }).Data[0]?.FileUrl ?? '';
      const file = await fetch(xmlUrl, { headers: { cookie: own } });
      expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-16');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
      const text = new TextDecoder('utf-16le').decode(bytes);
      expect(text.startsWith(`${DECLARED('utf-16')}<ServiceResultOfArrayOfReservationPms `)).toBe(true);
      expect(text.match(/<a:ReservationPms>/g)).toHaveLength(1010);
      expect(text.endsWith('</ServiceResultOfArrayOfReservationPms>')).toBe(true);
    } finally {
      await big.close();
    }
  });
});

describe('where the charset is said', () => {
  it('only in the declaration: Content-Type without a charset', async () => {
    await fault({ charset: 'iso-8859-9', declare: 'declaration', path: 'getnotconfirmmessages' });
    const { bytes, contentType } = await bytesOf(REASONS);
    expect(contentType).toBe('application/xml');
    expect(bytes.toString('latin1').startsWith(DECLARED('iso-8859-9'))).toBe(true);
  });

  it('only in the Content-Type: no declaration at all', async () => {
    const plain = await utf8Of(REASONS);
    await fault({ charset: 'utf-16', declare: 'header', bom: false, path: 'getnotconfirmmessages' });
    const { bytes, contentType } = await bytesOf(REASONS);
    expect(contentType).toBe('application/xml; charset=utf-16');
    expect(new TextDecoder('utf-16le').decode(bytes)).toBe(plain);
  });

  it('refuses a charset fault it cannot make', async () => {
    expect((await fault({ charset: 'koi8-r' })).status).toBe(400);
    expect((await fault({ charset: 'windows-1254', bom: true })).status).toBe(400);
    expect((await fault({ charset: 'utf-16', declare: 'nowhere' })).status).toBe(400);
  });

  it('logs every answer sent in another charset', async () => {
    await fault({ charset: 'windows-1254', path: 'gethotelagencies' });
    await bytesOf('/api/pax/gethotelagencies?format=xml');
    const state = (await sandboxState(service)) as unknown as {
      oddities: { charsets: { charset: string; path: string; trigger: string; contentType: string }[] };
    };
    expect(state.oddities.charsets.at(-1)).toMatchObject({
      charset: 'windows-1254',
      declare: 'both',
      bom: false,
      path: '/api/pax/gethotelagencies',
      status: 200,
      contentType: 'application/xml; charset=windows-1254',
      trigger: 'fault',
    });
  });
});

describe.runIf(hasPython())("Python's ElementTree reads each from its bytes", () => {
  it.each([
    ['windows-1254', 'both', undefined],
    ['iso-8859-9', 'declaration', undefined],
    ['utf-16', 'both', true],
    ['utf-16', 'both', false],
    ['utf-16be', 'declaration', true],
  ])('%s (%s, bom %s)', async (charset, declare, bom) => {
    const expected = pythonFindAll(Buffer.from(await utf8Of(LIST), 'utf8'), './/{*}ReservationPms');
    expect(expected.length).toBe(40);
    await fault({ charset, declare, bom, path: 'getreservationlist' });
    const { bytes } = await bytesOf(LIST);
    expect(pythonFindAll(bytes, './/{*}ReservationPms')).toEqual(expected);
  });
});

describe('seeded, with the charsets oddity on', () => {
  const run = async (oddities: 'all' | true): Promise<unknown[]> => {
    const { service: seeded } = await startService({ reservations: 5, seed: 3, oddities });
    try {
      const own = await login(seeded);
      for (let i = 0; i < 300; i += 1) {
        const response = await fetch(
          `${seeded.url}/api/pax/gethotelagencies?format=${i % 3 === 0 ? 'json' : 'xml'}`,
          {
            headers: { cookie: own },
          },
        );
        await response.arrayBuffer();
      }
      const state = (await sandboxState(seeded)) as unknown as {
        oddities: { charsets: Record<string, unknown>[] };
      };
      return state.oddities.charsets.map(({ at: _at, ...rest }) => rest);
    } finally {
      await seeded.close();
    }
  };

  it('sends about 1 % of XML answers in another charset, the same ones for a seed, none with oddities: true', async () => {
    const first = await run('all');
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(10);
    expect(first.every((entry) => (entry as { trigger: string }).trigger === 'seeded')).toBe(true);
    expect(await run('all')).toEqual(first);
    expect(await run(true)).toEqual([]);
  });
});
