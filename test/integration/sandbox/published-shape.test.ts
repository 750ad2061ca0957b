// The original dialect in the live service's published shape, read the way its Python client reads it:
// login without format (a JSON-quoted GUID, quotes stripped), then format=xml with the token in a raw
// cookie, and items looked up by plain tag names with no namespace handling. Three readers: ElementTree
// semantics in TypeScript (element-tree.ts), fast-xml-parser keeping prefixes (a prefixed member would
// not be found), and Python's own ElementTree when python3 is installed. The spec dialect's prefixed
// items are the control: the same lookups find nothing there.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { find, findAll, fromString, iter, members, type Element } from './element-tree';
import { WHOLE_YEAR, getJson, startService } from './helpers';
import { hasPython, pythonFindAll } from './python-etree';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let original: PracticeService;
let spec: PracticeService;
let token: string;
let specToken: string;
let agencyId: string;

/** Login as the Python client does it: no format, the JSON quotes stripped from the body. */
async function pythonLogin(service: PracticeService): Promise<string> {
  const response = await fetch(`${service.url}/api/system/login?user=demo&pass=demo`);
  return (await response.text()).replace(/"/g, '');
}

/** format=xml and a raw cookie, as both public clients of the live service send it. */
async function xmlOf(service: PracticeService, pathAndQuery: string, cookie: string): Promise<string> {
  const response = await fetch(`${service.url}${pathAndQuery}&format=xml`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  ({ service: original } = await startService({ reservations: 30, dialect: 'original' }));
  ({ service: spec } = await startService({ reservations: 30 }));
  token = await pythonLogin(original);
  specToken = await pythonLogin(spec);
  agencyId =
    ((await getJson(original, '/api/pax/gethotelagencies', token)).Data as { Id: string }[])[0]?.Id ?? '';
});
afterAll(async () => {
  await original.close();
  await spec.close();
});

/** Every element below Data, for the "nothing is prefixed or namespaced" checks. */
function below(element: Element): Element[] {
  return element.children.flatMap((child) => [child, ...below(child)]);
}

function expectUnqualified(root: Element, itemTag: string): Element[] {
  const items = iter(root, itemTag);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.attributes).toEqual({ xmlns: '' });
    for (const element of below(item)) {
      expect(element.qualifiedName).not.toContain(':');
      expect(element.tag).toBe(element.qualifiedName);
    }
  }
  return items;
}

describe('login', () => {
  it('gives a GUID token, JSON-quoted, without format', () => {
    expect(token).toMatch(GUID);
    expect(specToken).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe('ElementTree lookups by plain tag names (no namespace handling)', () => {
  it('finds the agencies: Data/DefinitionHotelAgency/Id and Name', async () => {
    const text = await xmlOf(original, '/api/pax/gethotelagencies?x=1', token);
    const root = fromString(text);
    const agencies = expectUnqualified(root, 'DefinitionHotelAgency').map(members);
    const json = await getJson(original, '/api/pax/gethotelagencies', token);
    expect(agencies).toEqual(json.Data);
    expect(agencies[0]?.Id).toMatch(GUID);
    // The envelope around them, as the reference shows it.
    expect(text).toContain('<Error><Code/><Message/></Error><InfoMessage>5 data item returned</InfoMessage>');
    const control = fromString(await xmlOf(spec, '/api/pax/gethotelagencies?x=1', specToken));
    expect(iter(control, 'DefinitionHotelAgency')).toEqual([]);
  });

  it('finds the decline reasons, in Turkish by default', async () => {
    const root = fromString(await xmlOf(original, '/api/pax/getnotconfirmmessages?x=1', token));
    const reasons = expectUnqualified(root, 'NotConfirmMessage').map(members);
    expect(reasons).toHaveLength(6);
    expect(reasons.every((reason) => GUID.test(reason.Id ?? ''))).toBe(true);
    expect(reasons.some((reason) => /[ğışİçö]/.test(reason.Name ?? ''))).toBe(true);
  });

  it('finds the stay codes: SejourCodesForMapping/SejourRooms/SejourRoom with the COBOL fields', async () => {
    const root = fromString(
      await xmlOf(original, `/api/pax/getsejourformapping?paximumId=1001&agencyId=${agencyId}`, token),
    );
    const [codes] = expectUnqualified(root, 'SejourCodesForMapping');
    const rooms = findAll(find(codes ?? root, 'SejourRooms') ?? root, 'SejourRoom').map(members);
    expect(rooms).toHaveLength(5);
    expect(rooms[0]).toEqual({
      MaxAdl: '2',
      MaxChd: '2',
      MaxPax: '4',
      MinAdl: '1',
      Oda: 'DBL',
      Otel: 'AYT-KUMSAL',
      Pax: '2',
      PaximumId: '1001',
      Tanim: 'Double Room',
    });
    const boards = findAll(find(codes ?? root, 'SejourBoards') ?? root, 'SejourBoard').map(members);
    expect(boards.map((board) => board.Kodu)).toEqual(['AI', 'UAI', 'FB', 'HB', 'BB', 'RO']);
    const nationals = findAll(find(codes ?? root, 'SejourNationals') ?? root, 'SejourNational').map(members);
    expect(nationals[0]).toEqual({ Kodu: 'TUR', adi: 'Turkey' });
    expect(findAll(find(codes ?? root, 'SejourRoomTypes') ?? root, 'SejourRoomType')).toHaveLength(3);
  });

  it('finds the reservations and their guests, the whole list', async () => {
    const root = fromString(await xmlOf(original, `/api/pax/getReservationList?${WHOLE_YEAR}`, token));
    const items = expectUnqualified(root, 'ReservationPms');
    const json = (await getJson(original, `/api/pax/getReservationList?${WHOLE_YEAR}`, token)).Data as {
      KeyField: string;
      LogId: number;
    }[];
    expect(items.map((item) => members(item).KeyField)).toEqual(json.map((item) => item.KeyField));
    expect(items.map((item) => Number(members(item).LogId))).toEqual(json.map((item) => item.LogId));
    for (const item of items) {
      expect(members(item).PaximumId).toBe('1001');
      const guests = findAll(find(item, 'Customers') ?? item, 'CustomerPms');
      expect(guests.length).toBeGreaterThan(0);
      expect(members(guests[0] ?? item).Name).not.toBe('');
    }
    const control = fromString(await xmlOf(spec, `/api/pax/getReservationList?${WHOLE_YEAR}`, specToken));
    expect(iter(control, 'ReservationPms')).toEqual([]);
  });
});

describe('fast-xml-parser keeping prefixes', () => {
  const raw = new XMLParser({ ignoreAttributes: false, removeNSPrefix: false, parseTagValue: false });

  it('reaches Data/DefinitionHotelAgency/Id by plain names, the item carrying xmlns=""', async () => {
    const parsed = raw.parse(await xmlOf(original, '/api/pax/gethotelagencies?x=1', token)) as Record<
      string,
      { Data: Record<string, { '@_xmlns': string; Id: string; Name: string }[]> }
    >;
    const agencies = parsed.ServiceResultOfArrayOfDefinitionHotelAgency?.Data.DefinitionHotelAgency ?? [];
    expect(agencies).toHaveLength(5);
    expect(agencies.every((agency) => agency['@_xmlns'] === '' && GUID.test(agency.Id))).toBe(true);
    const control = raw.parse(await xmlOf(spec, '/api/pax/gethotelagencies?x=1', specToken)) as Record<
      string,
      { Data: Record<string, unknown> }
    >;
    expect(Object.keys(control.ServiceResultOfArrayOfDefinitionHotelAgency?.Data ?? {})).toContain(
      'a:DefinitionHotelAgency',
    );
  });
});

describe('the JSON envelope as the reference shows it', () => {
  it('puts IsSuccessful first, Error null and "N data item returned" on success', async () => {
    const response = await fetch(`${original.url}/api/pax/gethotelagencies?format=json`, {
      headers: { cookie: token },
    });
    const text = await response.text();
    expect(text).toMatch(
      /^\{"IsSuccessful":true,"InfoMessage":"5 data item returned","Error":null,"Data":\[/,
    );
    const list = await getJson(original, `/api/pax/getReservationList?${WHOLE_YEAR}`, token);
    expect(list).toMatchObject({ IsSuccessful: true, InfoMessage: '30 data item returned', Error: null });
  });

  it('says "Operation Successful" for an acknowledgement', async () => {
    const [first] = (await getJson(original, `/api/pax/getReservationList?${WHOLE_YEAR}`, token)).Data as {
      LogId: number;
      ServiceId: string;
    }[];
    const response = await fetch(
      `${original.url}/api/Pax/postsentlogids?serviceId=${first?.ServiceId ?? ''}&format=json`,
      { method: 'POST', headers: { cookie: token }, body: JSON.stringify({ logIds: String(first?.LogId) }) },
    );
    expect(await response.text()).toBe(
      `{"IsSuccessful":true,"InfoMessage":"Operation Successful","Error":null,"Data":["${first?.LogId}"]}`,
    );
  });
});

describe.runIf(hasPython())("Python's ElementTree, as the live service's Python client reads", () => {
  const bytesOf = async (service: PracticeService, path: string, cookie: string) =>
    Buffer.from(await xmlOf(service, path, cookie), 'utf8');

  it('finds agencies, reasons, stay codes and reservations by plain names', async () => {
    const agencies = pythonFindAll(
      await bytesOf(original, '/api/pax/gethotelagencies?x=1', token),
      './/DefinitionHotelAgency',
    );
    expect(agencies).toEqual((await getJson(original, '/api/pax/gethotelagencies', token)).Data);
    const reasons = pythonFindAll(
      await bytesOf(original, '/api/pax/getnotconfirmmessages?x=1', token),
      './/NotConfirmMessage',
    );
    expect(reasons).toHaveLength(6);
    const rooms = pythonFindAll(
      await bytesOf(original, `/api/pax/getsejourformapping?paximumId=1001&agencyId=${agencyId}`, token),
      './/SejourCodesForMapping/SejourRooms/SejourRoom',
    );
    expect(rooms.map((room) => [room.Oda, room.MaxPax])).toEqual([
      ['DBL', '4'],
      ['SGL', '2'],
      ['FAM', '5'],
      ['JSU', '4'],
      ['TRP', '4'],
    ]);
    const reservations = pythonFindAll(
      await bytesOf(original, `/api/pax/getReservationList?${WHOLE_YEAR}`, token),
      './/ReservationPms',
    );
    expect(reservations).toHaveLength(30);
    expect(reservations.every((item) => item.PaximumId === '1001' && GUID.test(item.AgencyId ?? ''))).toBe(
      true,
    );
    const control = pythonFindAll(
      await bytesOf(spec, `/api/pax/getReservationList?${WHOLE_YEAR}`, specToken),
      './/ReservationPms',
    );
    expect(control).toEqual([]);
  });
});
