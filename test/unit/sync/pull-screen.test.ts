// What the sync keeps out of the store although it could be read. Another
// hotel's reservation (acknowledging it would take it from the hotel it belongs to) and a count below zero
// are set aside with their text; contradictory dates are not (they are stored and checked as a problem).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screenBatch, screenReservation } from '../../../main/sync/pull-screen';
import type { Reservation } from '../../../shared/domain';
import { makeReservation } from '../store/fixtures';

const HOTEL = 1001;
const decoded = (r: Reservation, item: Record<string, unknown>): Reservation =>
  Object.defineProperty(r, 'itemJson', { value: JSON.stringify(item), enumerable: false });

describe('another hotel', () => {
  it('is set aside, named by the spelling its item uses', () => {
    const spec = decoded(makeReservation({ partnerId: 2002 }), { KeyField: 'K', PartnerId: 2002 });
    expect(screenReservation(spec, HOTEL)).toMatchObject({
      reason: 'other-hotel',
      field: 'PartnerId',
      expected: "this desk's hotel number, 1001",
      keyField: spec.keyField,
      logId: spec.logId,
      serviceId: spec.serviceId,
      text: spec.itemJson,
    });
    const original = makeReservation({ partnerId: 2002, raw: { KeyField: 'K', PaximumId: 2002 } });
    expect(screenReservation(original, HOTEL)?.field).toBe('PaximumId');
  });

  it("the desk's own hotel passes", () => {
    expect(screenReservation(makeReservation({ partnerId: HOTEL }), HOTEL)).toBeNull();
  });
});

describe('impossible counts', () => {
  it.each([
    ['roomCount', 'RoomCount'],
    ['nights', 'Nights'],
    ['adults', 'Adults'],
    ['childs', 'Childs'],
    ['infants', 'Infants'],
    ['pax', 'Pax'],
    ['extraBed', 'ExtraBed'],
  ] as const)('%s below zero is set aside', (field, wire) => {
    const refused = screenReservation(makeReservation({ [field]: -1 }), HOTEL);
    expect(refused).toMatchObject({ reason: 'impossible', field: wire, expected: 'a count of 0 or more' });
    // Built by hand: the text holds every field, the impossible one too.
    expect(JSON.parse(refused?.text ?? '{}')[field]).toBe(-1);
  });

  it('dates that contradict each other are not set aside (the checks show them)', () => {
    expect(
      screenReservation(makeReservation({ checkIn: '2026-07-10', checkOut: '2026-07-08', nights: 5 }), HOTEL),
    ).toBeNull();
  });
});

describe('a batch', () => {
  it('is split, order kept, nothing lost: set aside exactly the other hotels and the negative counts', () => {
    const item = fc.record({
      partnerId: fc.constantFrom(HOTEL, 2002, 0),
      adults: fc.integer({ min: -2, max: 4 }),
      nights: fc.integer({ min: -1, max: 14 }),
      roomCount: fc.integer({ min: -1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (fields) => {
        const batch = fields.map((f, i) => makeReservation({ ...f, keyField: `K${i}`, logId: i + 1 }));
        const { take, aside } = screenBatch(batch, HOTEL);
        const refused = (f: (typeof fields)[number]) =>
          f.partnerId !== HOTEL || f.adults < 0 || f.nights < 0 || f.roomCount < 0;
        expect(take.map((r) => r.keyField)).toEqual(
          batch.filter((_, i) => !refused(fields[i] as (typeof fields)[number])).map((r) => r.keyField),
        );
        expect(aside.map((a) => a.keyField)).toEqual(
          batch.filter((_, i) => refused(fields[i] as (typeof fields)[number])).map((r) => r.keyField),
        );
        for (const a of aside) expect(a.reason === 'other-hotel' || a.reason === 'impossible').toBe(true);
      }),
    );
  });
});
