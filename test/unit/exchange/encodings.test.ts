// Reservation answers in windows-1254, ISO-8859-9 and UTF-16 (either byte order), named
// by a byte order mark, the Content-Type charset or the XML declaration, are read with every Turkish letter
// intact: the streamed file cut anywhere, the inline list, and the large-result file behind a FileUrl. An
// encoding that cannot be read is refused before anything of the answer is handed on.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { UnreadableEncodingError } from '../../../main/exchange/body-errors';
import { MalformedResponseError } from '../../../main/exchange/errors';
import type { Reservation } from '../../../shared/domain';
import { fixture } from './fixtures';
import { encode, inPieces, TURKISH, type TestEncoding } from './encoded';
import { byteService, fileCodeAnswer, fileReadyAnswer, sendBytes, type ByteService } from './byte-service';
import { propertyRuns } from '../../harness/property-runs';

const services: ByteService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** The fixture's documents without their declaration, a guest renamed with every Turkish letter. */
const xmlBody = fixture('reservations-envelope.xml')
  .replace(/^\uFEFF/, '')
  .replace(/^<\?xml[^>]*\?>/, '')
  .replace('ÖZTÜRK AYŞE', TURKISH);
const jsonText = fixture('reservations-envelope.json')
  .replace(/^\uFEFF/, '')
  .replace('ÖZTÜRK AYŞE', TURKISH);
const declaration = (encoding: string | null) =>
  encoding === null ? '<?xml version="1.0"?>' : `<?xml version="1.0" encoding="${encoding}"?>`;

interface Variant {
  name: string;
  text: string;
  encoding: TestEncoding;
  bom?: boolean;
  contentType?: string;
}

const xmlVariants: Variant[] = [
  {
    name: 'windows-1254 named in the declaration',
    text: declaration('windows-1254') + xmlBody,
    encoding: 'windows-1254',
    contentType: 'application/xml',
  },
  {
    name: 'ISO-8859-9 named by the charset over a declaration saying utf-8',
    text: declaration('utf-8') + xmlBody,
    encoding: 'windows-1254',
    contentType: 'text/xml; charset=ISO-8859-9',
  },
  {
    name: 'windows-1254 by the charset, no declaration',
    text: xmlBody,
    encoding: 'windows-1254',
    contentType: 'application/xml; charset=windows-1254',
  },
  {
    name: 'ISO-8859-9 in the declaration, no Content-Type',
    text: declaration('iso-8859-9') + xmlBody,
    encoding: 'windows-1254',
  },
  {
    name: 'UTF-16LE with a mark, over a charset saying windows-1254',
    text: declaration('utf-16') + xmlBody,
    encoding: 'utf-16le',
    bom: true,
    contentType: 'application/xml; charset=windows-1254',
  },
  { name: 'UTF-16BE with a mark', text: declaration('utf-16') + xmlBody, encoding: 'utf-16be', bom: true },
  {
    name: 'UTF-16BE without a mark, named in the declaration',
    text: declaration('UTF-16') + xmlBody,
    encoding: 'utf-16be',
    contentType: 'application/xml',
  },
  {
    name: 'UTF-16LE without a mark, by the charset',
    text: declaration(null) + xmlBody,
    encoding: 'utf-16le',
    contentType: 'text/xml; charset=utf-16',
  },
  {
    name: 'UTF-8 with a mark, over a declaration saying windows-1254',
    text: declaration('windows-1254') + xmlBody,
    encoding: 'utf-8',
    bom: true,
  },
  {
    name: 'UTF-8 declared utf-16, as .NET writes it',
    text: declaration('utf-16') + xmlBody,
    encoding: 'utf-8',
  },
  { name: 'UTF-8 with nothing said', text: xmlBody, encoding: 'utf-8' },
];

const jsonVariants: Variant[] = [
  {
    name: 'JSON in UTF-8 labelled iso-8859-1 (the label is ignored)',
    text: jsonText,
    encoding: 'utf-8',
    contentType: 'application/json; charset=iso-8859-1',
  },
  { name: 'JSON in UTF-8 with a mark', text: jsonText, encoding: 'utf-8', bom: true },
  { name: 'JSON in UTF-16LE with a mark', text: jsonText, encoding: 'utf-16le', bom: true },
  { name: 'JSON in UTF-16BE without a mark', text: jsonText, encoding: 'utf-16be' },
];

const bytesOf = (variant: Variant) =>
  encode(variant.text, variant.encoding, { bom: variant.bom, xmlReferences: true });

async function decodeFile(chunks: AsyncIterable<Uint8Array>, contentType?: string) {
  const batches: Reservation[][] = [];
  await decodeReservationStream(chunks, async (batch) => void batches.push(batch), {
    contentType,
    batchSize: 2,
  });
  return batches.flat();
}

const names = (reservations: Reservation[]) => reservations.flatMap((r) => r.guests.map((g) => g.name));

describe('reading answers in the encoding they are in', () => {
  const utf8Xml = encode(declaration('utf-8') + xmlBody, 'utf-8');
  const utf8Json = encode(jsonText, 'utf-8');

  it.each([...xmlVariants, ...jsonVariants].map((v) => [v.name, v] as const))(
    '%s: the same reservations as UTF-8, however the file is cut',
    async (_name, variant) => {
      const isJson = jsonVariants.includes(variant);
      const expected = await decodeFile(inPieces(isJson ? utf8Json : utf8Xml, [1 << 20]));
      expect(names(expected)).toContain(TURKISH);
      const bytes = bytesOf(variant);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 41 }), { minLength: 1, maxLength: 20 }),
          async (sizes) => {
            const got = await decodeFile(inPieces(bytes, sizes), variant.contentType);
            expect(got).toEqual(expected);
            expect(names(got)).toContain(TURKISH);
          },
        ),
        { numRuns: propertyRuns(25) },
      );
    },
  );

  it.each(xmlVariants.map((v) => [v.name, v] as const))(
    '%s: the inline list and the large-result file through the client',
    async (_name, variant) => {
      const bytes = bytesOf(variant);
      const service = await byteService(
        (seen, res) => {
          if (seen.path === '/api/pax/getReservationList')
            return seen.query.get('IsSendRequired') === 'true'
              ? sendBytes(
                  res,
                  200,
                  new TextEncoder().encode(fileCodeAnswer),
                  'application/json; charset=utf-8',
                )
              : sendBytes(res, 200, bytes, variant.contentType);
          if (seen.path === '/api/Pax/checkreservationfile')
            return sendBytes(
              res,
              200,
              new TextEncoder().encode(fileReadyAnswer(service.server.url)),
              'application/json',
            );
          if (seen.path === '/files/f1') return sendBytes(res, 200, bytes, variant.contentType);
          return sendBytes(res, 404, new Uint8Array(0));
        },
        { format: 'xml' },
      );
      services.push(service);
      const window = { checkInStart: '2025-07-01', checkInEnd: '2025-07-31' } as const;
      const list = await service.client.getReservationList(window);
      expect(list.kind).toBe('list');
      expect(names(list.kind === 'list' ? list.reservations : [])).toContain(TURKISH);
      const fromFile: Reservation[] = [];
      const result = await service.client.fetchReservations(
        { ...window, isSendRequired: true },
        async (batch) => void fromFile.push(...batch),
        { pollFile: { initialDelayMs: 0 } },
      );
      expect(result.source).toBe('file');
      expect(names(fromFile)).toContain(TURKISH);
      expect(fromFile).toEqual(list.kind === 'list' ? list.reservations : []);
    },
  );
});

describe('refusing an encoding that cannot be read', () => {
  const refused: [string, Uint8Array, string | undefined, string][] = [
    [
      'an unknown charset',
      encode(declaration('utf-8') + xmlBody, 'utf-8'),
      'application/xml; charset=x-turkish-9',
      'unknown',
    ],
    [
      'an unknown declared encoding',
      encode(declaration('x-mac-turkish') + xmlBody, 'utf-8'),
      undefined,
      'unknown',
    ],
    [
      'windows-1254 bytes in a document saying UTF-8',
      encode(declaration('utf-8') + xmlBody, 'windows-1254', { xmlReferences: true }),
      undefined,
      'invalid',
    ],
    [
      'windows-1254 bytes in JSON (JSON is UTF-8)',
      encode(jsonText, 'windows-1254', { xmlReferences: true }),
      'application/json; charset=windows-1254',
      'invalid',
    ],
    [
      'UTF-16 bytes under a windows-1254 charset',
      encode(declaration(null) + xmlBody, 'utf-16le'),
      'text/xml; charset=windows-1254',
      'contradiction',
    ],
  ];

  it.each(refused)(
    '%s: refused as a streamed file before any batch',
    async (_name, bytes, contentType, problem) => {
      const batches: Reservation[][] = [];
      const error = await decodeReservationStream(
        inPieces(bytes, [64]),
        async (batch) => void batches.push(batch),
        {
          contentType,
          batchSize: 1,
        },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnreadableEncodingError);
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(error).toMatchObject({ kind: 'malformed', problem });
      expect((error as Error).message).toMatch(
        /character encoding of the exchange service's answer could not be read/,
      );
      expect(batches).toEqual([]);
    },
  );

  it.each(refused)(
    '%s: refused as an inline list, nothing acknowledged',
    async (_name, bytes, contentType, problem) => {
      const service = await byteService((seen, res) => {
        if (seen.path === '/api/pax/getReservationList') return sendBytes(res, 200, bytes, contentType);
        return sendBytes(
          res,
          200,
          new TextEncoder().encode('{"Data":[],"IsSuccessful":true}'),
          'application/json',
        );
      });
      services.push(service);
      const delivered: Reservation[] = [];
      const error = await service.client
        .fetchReservations(
          { checkInStart: '2025-07-01', checkInEnd: '2025-07-31' },
          async (batch) => void delivered.push(...batch),
        )
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'malformed', problem });
      expect(delivered).toEqual([]);
      // Asked once: an answer refused for its encoding would come again the same, so it is not repeated.
      expect(service.paths()).toEqual(['/api/pax/getReservationList']);
    },
  );

  it('still reports the status of an error page it cannot decode', async () => {
    const page = encode('<html><body>Yetkisiz erişim: Ğ</body></html>', 'windows-1254');
    const service = await byteService((_seen, res) =>
      sendBytes(res, 401, page, 'text/html; charset=x-unknown'),
    );
    services.push(service);
    await expect(service.client.getHotelAgencies()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
