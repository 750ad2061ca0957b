import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeItems, readAnswer } from '../../../main/exchange/answer';
import { decodeReservation } from '../../../main/exchange/decode-reservation';
import {
  decodeAgency,
  decodeConfirmation,
  decodeFileCode,
  decodeFileUrl,
  decodeHotels,
  decodeNotConfirmMessage,
  decodeSentId,
  decodeStayCodes,
  hasFileCode,
} from '../../../main/exchange/decode-setup';
import { readDocument } from '../../../main/exchange/document';
import { MalformedResponseError, ServiceError } from '../../../main/exchange/errors';
import type { Reservation, StayCode } from '../../../shared/domain';
import { fixture } from './fixtures';

const reservations = (name: string): Reservation[] =>
  decodeItems(readAnswer(200, fixture(name), 'test', []).items, decodeReservation, 'a reservation', 'test');

const withoutRaw = (list: Reservation[]) => list.map(({ raw: _raw, ...rest }) => rest);

describe('reservation answers', () => {
  it('decodes the XML envelope: BOM, default namespace, xmlns="" item, i:nil, empty elements, entities', () => {
    const [first, second] = reservations('reservations-envelope.xml');
    expect(first).toMatchObject({
      keyField: '1001|55012|7',
      logId: 900001,
      serviceId: 'a3c1e5f7-9b2d-4f6a-8e0c-2d4f6a8b0c1e',
      confirmationStatus: 'W',
      confirmDate: null,
      confirmationNo: '',
      agencyName: 'Sun & Sea Tours',
      hotelName: 'Hotel Lara <Beach>',
      note: 'Late arrival – keep room "sea view" ☺',
      checkIn: '2025-07-01',
      checkOut: '2025-07-08',
      sellDate: '2025-05-20T23:30:15',
      roomNo: null,
      accomId: 'AI',
      roomTypeId: 'SV',
      roomId: 'DBL',
      soldPrice: 1234.5,
      adults: 2,
      childs: 1,
      pax: 3,
    });
    expect(first?.guests).toEqual([
      {
        name: 'ÖZTÜRK AYŞE',
        title: 'Mrs',
        age: 44,
        birthDate: '1980-12-31T00:00:00',
        nationality: 'TR',
        nationalityString: 'Türkiye',
        arrival: 'AYT',
        arrivalTime: null,
        departure: 'AYT',
        departureTime: '2025-07-08T05:45:00',
        musNo: 1,
        musTakipNo: '',
        reservationKeyField: '1001|55012|7',
      },
    ]);
    expect(second).toMatchObject({
      keyField: '1001|55013|2',
      confirmationStatus: 'E',
      roomNo: '214',
      pmsStatus: 2,
    });
    expect(second?.guests.map((guest) => guest.name)).toEqual(['SMITH JOHN', 'SMITH JANE']);
    expect(second?.guests[1]?.birthDate).toBe('1996-02-29T00:00:00');
  });

  it('gives the same reservations from XML and JSON', () => {
    expect(withoutRaw(reservations('reservations-envelope.json'))).toEqual(
      withoutRaw(reservations('reservations-envelope.xml')),
    );
    expect(withoutRaw(reservations('reservations-list.json'))).toEqual(
      withoutRaw(reservations('reservations-list.xml')),
    );
  });

  it('keeps unknown extra fields in raw', () => {
    const [fromXml] = reservations('reservations-envelope.xml');
    const [fromJson, secondJson] = reservations('reservations-envelope.json');
    expect(fromXml?.raw.WebPromoCode).toBe('SUMMER25');
    expect(fromJson?.raw.WebPromoCode).toBe('SUMMER25');
    expect(secondJson?.raw.Tricky).toBe('a]},{"x\\\\"[{');
    expect(fromJson?.raw.ExtraServices).toEqual([]);
  });

  it('makes raw from the item text when asked: the whole item, once, and a copy carries it', () => {
    const { items } = readDocument(fixture('reservations-envelope.json'));
    const item = items[1];
    const decoded = decodeReservation(item ?? null);
    expect(decoded.raw).toEqual(item);
    expect(decoded.raw).not.toBe(item); // the parsed item is not held by the reservation
    expect(decoded.raw).toBe(decoded.raw);
    const copy = { ...decoded, logId: decoded.logId + 1 };
    expect(copy.raw).toEqual(item);
    expect(copy.itemJson).toBeUndefined();
    expect(JSON.parse(decoded.itemJson ?? 'null')).toEqual(item);
  });

  it("keeps every decoded reservation in V8's fast properties, all of one shape", () => {
    // A getter written in the object literal once made each reservation a dictionary: every later read of its
    // fields (the store's values, keys, search text) was a hash lookup. V8's own test helpers tell the shapes apart.
    setFlagsFromString('--allow-natives-syntax');
    const shapes = new Function('a', 'b', 'return [%HasFastProperties(a), %HaveSameMap(a, b)]') as (
      a: object,
      b: object,
    ) => [boolean, boolean];
    const [first, second] = reservations('reservations-envelope.json');
    expect(first && second && shapes(first, second)).toEqual([true, true]);
  });

  it('decodes bare lists: BOM + JSON array, prefixed XML with CDATA and one item', () => {
    const [fromJson] = reservations('reservations-list.json');
    const [fromXml] = reservations('reservations-list.xml');
    expect(fromJson).toMatchObject({
      keyField: '1001|1|1',
      logId: 42,
      confirmationStatus: 'H',
      guests: [],
      roomNo: '',
    });
    expect(fromJson?.note).toBe('tab\there, slash / and \\');
    expect(fromXml?.note).toBe('tab\there, slash / and \\');
    expect(fromXml?.checkIn).toBe('2025-03-30');
  });

  it('never shifts dates, whatever the machine time zone', () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'America/Adak', 'Europe/Istanbul', 'UTC']) {
        process.env.TZ = zone;
        const [first, second] = reservations('reservations-envelope.xml');
        expect([first?.checkIn, first?.checkOut, second?.checkIn, second?.checkOut]).toEqual([
          '2025-07-01',
          '2025-07-08',
          '2025-12-31',
          '2026-01-01',
        ]);
        expect(second?.confirmDate).toBe('2025-06-02T09:15:00');
      }
    } finally {
      process.env.TZ = saved;
    }
  });

  it('turns IsSuccessful false into a ServiceError with Code and the first line of a .NET exception', () => {
    const error = catchError(() => readAnswer(200, fixture('error-dotnet.xml'), 'reservation list', []));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      kind: 'service',
      code: '500',
      serviceMessage: 'System.NullReferenceException: Object reference not set to an instance of an object.',
    });
  });

  it('reads an envelope under a 4xx status as the service error it carries', () => {
    const error = catchError(() => readAnswer(400, fixture('error.json'), 'stay codes', []));
    expect(error).toMatchObject({ kind: 'service', code: 'E104', httpStatus: 400 });
    expect((error as ServiceError).serviceMessage).toBe('Partner 1001 is not connected to this agency.');
  });

  it('calls a web page where the service should answer "not connected", and names an error page as such', () => {
    const page = fixture('error-page.html');
    const wifi =
      '\uFEFF\n  <!-- portal --><HTML><HEAD><TITLE>Hotel Wi-Fi</TITLE></HEAD><BODY>Accept</BODY></HTML>';
    // Under 2xx, a redirect or 511: a sign-in page between the desk and the internet.
    for (const [status, text] of [
      [200, page],
      [200, wifi],
      [302, ''],
      [307, wifi],
      [511, wifi],
      [407, page],
    ] as const)
      expect(catchError(() => readAnswer(status, text, 'agency list', []))).toMatchObject({
        kind: 'network',
        reason: 'login-page',
      });
    // A gateway's page: a proxy answered, not the service.
    for (const status of [502, 503, 504])
      expect(catchError(() => readAnswer(status, page, 'agency list', []))).toMatchObject({
        kind: 'network',
        reason: 'not-service',
      });
    // The web server's own error page (IIS 500, 404): the service failing, named as an HTML page.
    for (const status of [500, 404, 403])
      expect(catchError(() => readAnswer(status, page, 'agency list', []))).toMatchObject({
        kind: 'service',
        code: `HTTP ${status}`,
        httpStatus: status,
        htmlPage: true,
      });
    // Well-formed, but not the envelope: another program answered.
    for (const text of ['{"status":"ok"}', '{"Message":"Welcome"}'])
      expect(catchError(() => readAnswer(200, text, 'agency list', []))).toMatchObject({
        kind: 'network',
        reason: 'not-service',
      });
  });

  it('calls a cut-off document malformed', () => {
    const text = fixture('reservations-envelope.json');
    expect(catchError(() => readAnswer(200, text.slice(0, 900), 'x', []))).toBeInstanceOf(
      MalformedResponseError,
    );
    const xml = fixture('reservations-envelope.xml');
    expect(catchError(() => readAnswer(200, xml.slice(0, 900), 'x', []))).toBeInstanceOf(
      MalformedResponseError,
    );
  });

  it('keeps the token out of excerpts', () => {
    const error = catchError(() => readAnswer(200, 'oops token-123 leaked', 'x', ['token-123']));
    expect((error as MalformedResponseError).excerpt).toBe('oops [hidden] leaked');
    expect((error as Error).message).not.toContain('token-123');
  });
});

describe('preparation answers', () => {
  it('decodes agencies in both formats, single XML item and null Error parts', () => {
    expect(
      decodeItems(readAnswer(200, fixture('agencies.xml'), 't', []).items, decodeAgency, 'a', 't'),
    ).toEqual([{ id: '6f1c2a9e-4b7d-4c1e-9a55-0d3e8b7f1a22', name: 'Sun & Sea Tours' }]);
    expect(
      decodeItems(readAnswer(200, fixture('agencies.json'), 't', []).items, decodeAgency, 'a', 't'),
    ).toHaveLength(2);
  });

  it('refuses an agency list holding an id over 200 characters, in a sentence naming the field', () => {
    const list = (id: string, name: string): string => JSON.stringify([{ Id: id, Name: name }]);
    const agencies = (id: string, name: string) =>
      decodeItems(readAnswer(200, list(id, name), 't', []).items, decodeAgency, 'an agency', 'agency list');
    expect(() => agencies('A'.repeat(201), 'Sun')).toThrow(/Id.*text of at most 200 characters/);
    expect(agencies('A'.repeat(200), 'S'.repeat(200))).toEqual([
      { id: 'A'.repeat(200), name: 'S'.repeat(200) },
    ]);
  });

  it('keeps an agency whose name is over 200 characters, its name cut to 200 ending with "…"', () => {
    const agencies = (name: string) =>
      decodeItems(
        readAnswer(200, JSON.stringify([{ Id: 'AG', Name: name }]), 't', []).items,
        decodeAgency,
        'an agency',
        'agency list',
      );
    const [long] = agencies(`Sun ${'S'.repeat(300)}`);
    expect(long?.name).toHaveLength(200);
    expect(long?.name).toBe(`Sun ${'S'.repeat(195)}…`);
    // A cut through a character written as two UTF-16 units keeps the character whole or leaves it out.
    const [astral] = agencies(`${'S'.repeat(198)}😀 Tours`);
    expect(astral?.name).toBe(`${'S'.repeat(198)}…`);
    expect(astral?.name.isWellFormed()).toBe(true);
    const [whole] = agencies(`${'S'.repeat(197)}😀 Tours`);
    expect(whole?.name).toBe(`${'S'.repeat(197)}😀…`);
    expect(whole?.name).toHaveLength(200);
    // No space left before the "…".
    const [spaced] = agencies(`${'S'.repeat(198)} Tours and more`);
    expect(spaced?.name).toBe(`${'S'.repeat(198)}…`);
  });

  it('decodes not-confirm reasons with their language', () => {
    const items = readAnswer(200, fixture('notconfirm.xml'), 't', []).items;
    expect(items.map((item) => decodeNotConfirmMessage(item, 'tr-TR'))).toEqual([
      { id: 'c1d2e3f4-0000-4000-8000-000000000001', name: 'Otel dolu', lang: 'tr-TR' },
      { id: 'c1d2e3f4-0000-4000-8000-000000000002', name: 'Fiyat hatalı', lang: 'tr-TR' },
    ]);
  });

  it('decodes stay codes whatever their element names, the same from XML and JSON', () => {
    const fromXml = readAnswer(200, fixture('stay-for-mapping.xml'), 't', []).items.flatMap((i) =>
      decodeStayCodes(i, 'AG'),
    );
    const fromJson = readAnswer(200, fixture('stay-for-mapping.json'), 't', []).items.flatMap((i) =>
      decodeStayCodes(i, 'AG'),
    );
    // The same codes either way; only the kept elements differ (XML leaves are text, JSON has numbers).
    const withoutRaw = (codes: StayCode[]) => codes.map(({ raw: _raw, ...code }) => code);
    expect(withoutRaw(fromXml)).toEqual(withoutRaw(fromJson));
    expect(withoutRaw(fromXml)).toContainEqual({
      agencyId: 'AG',
      kind: 'nationality',
      code: 'TR',
      name: 'Türkiye',
      hotel: '',
      hotelNumber: null,
    });
    expect(withoutRaw(fromXml)).toContainEqual({
      agencyId: 'AG',
      kind: 'room',
      code: 'SGL',
      name: 'Single',
      hotel: '',
      hotelNumber: null,
      pax: null,
      minAdults: 1,
      maxAdults: 1,
      maxChildren: null,
      maxPax: null,
    });
    expect(fromXml.filter((code) => code.kind === 'board').map((code) => code.code)).toEqual(['AI', 'HB']);
  });

  it('finds the file code, the not-ready answer and the file address', () => {
    for (const name of ['file-code.xml', 'file-code.json']) {
      const [first] = readAnswer(200, fixture(name), 't', []).items;
      expect(first !== undefined && hasFileCode(first)).toBe(true);
      expect(decodeFileCode(first ?? null)).toBe('5d8e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a');
    }
    const notReady = readAnswer(200, fixture('file-not-ready.xml'), 't', [], true);
    expect(notReady.parts).toMatchObject({
      isSuccessful: false,
      errorCode: '',
      infoMessage: 'Reservation list is not ready.',
    });
    expect(notReady.items).toEqual([]);
    const [ready] = readAnswer(200, fixture('file-ready.json'), 't', []).items;
    expect(decodeFileUrl(ready ?? null)).toBe('http://uploads.example.test/files/5d8e1f2a.json');
  });

  it('reads acknowledged ids, one or many', () => {
    expect(readAnswer(200, fixture('sent-ids.xml'), 't', []).items.map(decodeSentId)).toEqual([
      '900001',
      '900002',
    ]);
    expect(readAnswer(200, fixture('sent-ids-single.xml'), 't', []).items.map(decodeSentId)).toEqual([
      '900001',
    ]);
  });

  it('finds the voucher PDF under PdfUrl or any other web-address field', () => {
    const [json] = readAnswer(200, fixture('confirmation.json'), 't', []).items;
    expect(decodeConfirmation(json ?? null)).toEqual({
      keyField: '1001|55012|7',
      status: 'E',
      pdfUrl: 'http://127.0.0.1:9/vouchers/55012.pdf',
    });
    const [xml] = readAnswer(200, fixture('confirmation.xml'), 't', []).items;
    expect(decodeConfirmation(xml ?? null).pdfUrl).toBe(
      'https://files.example.test/pdf/55012.pdf?sig=abc&exp=1',
    );
  });

  it('decodes the hotel search answer', () => {
    expect(decodeHotels(readDocument(fixture('hotels.json')).summary.fields)).toEqual([
      { partnerId: 1001, name: 'Hotel Lara', city: 'Antalya' },
      { partnerId: 1002, name: 'Lara Palace', city: 'Antalya' },
    ]);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
