import { describe, expect, it } from 'vitest';
import { checksOf, makeReservation, ROOM_R1 } from './helpers';

const guests = (adults: number, childs: number, infants = 0, roomCount = 1) =>
  makeReservation({ adults, childs, infants, roomCount, pax: adults + childs + infants });

describe('capacity', () => {
  it('says nothing while the guests fit the room', () => {
    expect(checksOf('capacity', guests(2, 2))).toEqual([]);
    expect(checksOf('capacity', guests(1, 0))).toEqual([]);
  });

  it('says which limit: too many adults, too few, too many children, too many in all', () => {
    expect(checksOf('capacity', guests(3, 0))).toEqual([
      { kind: 'capacity', severity: 'problem', limit: 'maxAdults', value: 3, allowed: 2, roomId: 'R1' },
    ]);
    expect(checksOf('capacity', guests(0, 1))).toEqual([
      { kind: 'capacity', severity: 'problem', limit: 'minAdults', value: 0, allowed: 1, roomId: 'R1' },
    ]);
    expect(checksOf('capacity', guests(1, 3)).map((c) => [c.limit, c.value, c.allowed])).toEqual([
      ['maxChildren', 3, 2],
    ]);
    const room = { ...ROOM_R1, maxChildren: 3 };
    expect(
      checksOf('capacity', guests(2, 3), { stayCodes: [room] }).map((c) => [c.limit, c.value, c.allowed]),
    ).toEqual([['maxPax', 5, 4]]);
  });

  it('reports every limit broken', () => {
    expect(checksOf('capacity', guests(3, 3)).map((c) => c.limit)).toEqual([
      'maxAdults',
      'maxChildren',
      'maxPax',
    ]);
  });

  it('never counts infants (they sleep in a cot)', () => {
    expect(checksOf('capacity', guests(2, 2, 2))).toEqual([]);
  });

  it('takes each limit per room when several rooms are booked', () => {
    expect(checksOf('capacity', guests(4, 2, 0, 2))).toEqual([]);
    expect(checksOf('capacity', guests(5, 0, 0, 2)).map((c) => [c.limit, c.allowed])).toEqual([
      ['maxAdults', 4],
    ]);
  });

  it('says nothing when the room has no known limits', () => {
    expect(checksOf('capacity', guests(9, 9), { stayCodes: [] })).toEqual([]);
    const blank = { ...ROOM_R1, minAdults: null, maxAdults: null, maxChildren: null, maxPax: null };
    expect(checksOf('capacity', guests(9, 9), { stayCodes: [blank] })).toEqual([]);
    // A service writing 0 for "not given" must not turn every booking into a problem.
    const zeros = { ...ROOM_R1, minAdults: 0, maxAdults: 0, maxChildren: 0, maxPax: 0 };
    expect(checksOf('capacity', guests(2, 1), { stayCodes: [zeros] })).toEqual([]);
  });

  it('believes "no children" when the room states other limits', () => {
    const adultsOnly = { ...ROOM_R1, maxChildren: 0 };
    expect(checksOf('capacity', guests(2, 1), { stayCodes: [adultsOnly] }).map((c) => c.limit)).toEqual([
      'maxChildren',
    ]);
  });

  it("uses the limits of the reservation's own agency and room only", () => {
    const other = { ...ROOM_R1, agencyId: 'AG2', maxAdults: 1 };
    expect(checksOf('capacity', guests(2, 0), { stayCodes: [other] })).toEqual([]);
    const otherRoom = { ...ROOM_R1, code: 'R2', maxAdults: 1 };
    expect(checksOf('capacity', guests(2, 0), { stayCodes: [ROOM_R1, otherRoom] })).toEqual([]);
    const roomType = { ...ROOM_R1, kind: 'roomType' as const, code: 'R1', maxAdults: 1 };
    expect(checksOf('capacity', guests(2, 0), { stayCodes: [roomType] })).toEqual([]);
  });
});
