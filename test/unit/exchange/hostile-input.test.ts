// Broken and hostile answers: whatever comes, the decoders give a typed error or a valid result.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readAnswer, decodeItems } from '../../../main/exchange/answer';
import { decodeReservation } from '../../../main/exchange/decode-reservation';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { isExchangeError } from '../../../main/exchange/errors';
import { parseToken } from '../../../main/exchange/session';
import { fixture, fixtureBytes } from './fixtures';
import { propertyRuns } from '../../harness/property-runs';

/** Runs a decode; passes if it returns, or throws one of the typed exchange errors. */
function typedOutcome(run: () => unknown): 'ok' | 'typed-error' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (isExchangeError(error)) return 'typed-error';
    throw error;
  }
}

async function typedOutcomeAsync(run: () => Promise<unknown>): Promise<'ok' | 'typed-error'> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (isExchangeError(error)) return 'typed-error';
    throw error;
  }
}

const decodeWhole = (text: string) =>
  decodeItems(readAnswer(200, text, 'test', []).items, decodeReservation, 'a reservation', 'test');

async function* once(bytes: Uint8Array) {
  yield bytes;
}
const stream = (bytes: Uint8Array) => decodeReservationStream(once(bytes), async () => undefined);

const xmlPieces = fc.constantFrom(
  '<',
  '>',
  '</',
  '/>',
  'Data',
  'ReservationPms',
  'KeyField',
  ' i:nil="true"',
  ' xmlns=""',
  '&amp;',
  '&bogus;',
  '<![CDATA[',
  ']]>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x>',
  'text',
  '"',
  '=',
  ' ',
);
const jsonPieces = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  '"Data"',
  '"KeyField"',
  'null',
  'true',
  '1',
  '-',
  'e',
  ' ',
);

describe('hostile input', () => {
  it('random text: a typed error or a result, never a crash', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => void typedOutcome(() => decodeWhole(text))),
      { numRuns: propertyRuns(400) },
    );
  });

  it('random XML-like and JSON-like token soup', () => {
    fc.assert(
      fc.property(
        fc.array(xmlPieces, { maxLength: 120 }),
        (pieces) => void typedOutcome(() => decodeWhole(pieces.join(''))),
      ),
      { numRuns: propertyRuns(400) },
    );
    fc.assert(
      fc.property(
        fc.array(jsonPieces, { maxLength: 120 }),
        (pieces) => void typedOutcome(() => decodeWhole(pieces.join(''))),
      ),
      { numRuns: propertyRuns(400) },
    );
  });

  it('random bytes through the streaming decoder', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        async (bytes) => void (await typedOutcomeAsync(() => stream(bytes))),
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('every fixture cut at a random place', async () => {
    const names = [
      'reservations-envelope.xml',
      'reservations-envelope.json',
      'reservations-list.xml',
      'reservations-list.json',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (name, share) => {
          const bytes = fixtureBytes(name);
          const cut = bytes.subarray(0, Math.floor(bytes.length * share));
          const outcome = await typedOutcomeAsync(() => stream(cut));
          // Only the whole document can succeed... or a cut inside trailing whitespace.
          if (outcome === 'ok') expect(new TextDecoder().decode(bytes.subarray(cut.length)).trim()).toBe('');
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('reservations whose fields hold values of the wrong type', () => {
    const [good] = JSON.parse(fixture('reservations-list.json').replace(/^\uFEFF/, '')) as Record<
      string,
      unknown
    >[];
    const keys = Object.keys(good ?? {});
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 }), (key, value) => {
        const text = JSON.stringify([{ ...good, [key]: value }]);
        void typedOutcome(() => decodeWhole(text));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('deep nesting is refused, not followed', () => {
    const depth = 100_000;
    for (const text of [
      '['.repeat(depth),
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `{"Data":[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]}`,
      '<a>'.repeat(depth),
      `<ArrayOfReservationPms>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</ArrayOfReservationPms>`,
    ]) {
      expect(typedOutcome(() => decodeWhole(text))).toBe('typed-error');
    }
  });

  it('a huge string or an entity bomb is refused', () => {
    const huge = `[{"KeyField":"${'x'.repeat(9 * 1024 * 1024)}"}]`;
    expect(typedOutcome(() => decodeWhole(huge))).toBe('typed-error');
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<ArrayOfReservationPms><ReservationPms><KeyField>&lol2;</KeyField></ReservationPms></ArrayOfReservationPms>';
    expect(typedOutcome(() => decodeWhole(bomb))).toBe('typed-error');
    const external =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><string>&e;</string>';
    expect(typedOutcome(() => decodeWhole(external))).toBe('typed-error');
  });

  it('an XML element named __proto__ stays an ordinary field', () => {
    const text =
      '<ArrayOfReservationPms><ReservationPms><__proto__><polluted>yes</polluted></__proto__><KeyField>k</KeyField>' +
      '<LogId>1</LogId><ServiceId>s</ServiceId><ConfirmationStatus>W</ConfirmationStatus><CheckIn>2025-01-01T00:00:00</CheckIn>' +
      '<CheckOut>2025-01-02T00:00:00</CheckOut></ReservationPms></ArrayOfReservationPms>';
    const [reservation] = decodeWhole(text);
    expect(Object.getPrototypeOf(reservation?.raw)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('login bodies of any shape never throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(xmlPieces).map((p) => p.join('')),
        ),
        (body) => {
          const token = parseToken(body);
          if (token !== null) expect(token).toMatch(/^[\x21-\x7e]+$/);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
