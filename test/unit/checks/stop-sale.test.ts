import { describe, expect, it } from 'vitest';
import type { StopSale } from '../../../main/checks';
import { ALL_MAPPED, checksOf, makeReservation, mapping } from './helpers';

// The stay: nights of 10..16 July (check-out 17 July) in channel room type DBL, the hotel's DZ.
const stay = makeReservation({ checkIn: '2026-07-10', checkOut: '2026-07-17' });
const closed = (
  from: string,
  to: string,
  hotelCode = 'DZ',
  codeKind: StopSale['codeKind'] = 'roomType',
): StopSale => ({
  codeKind,
  hotelCode,
  from,
  to,
});

describe('stop-sale', () => {
  it('says which dates the hotel closed for the room type', () => {
    expect(checksOf('stop-sale', stay, { stopSales: [closed('2026-07-12', '2026-07-13')] })).toEqual([
      {
        kind: 'stop-sale',
        severity: 'problem',
        codeKind: 'roomType',
        hotelCode: 'DZ',
        from: '2026-07-12',
        to: '2026-07-13',
      },
    ]);
  });

  it('counts the nights [check-in, check-out): the first night and the last night touch, the check-out day does not', () => {
    const touches = (from: string, to: string) =>
      checksOf('stop-sale', stay, { stopSales: [closed(from, to)] }).length === 1;
    expect(touches('2026-07-01', '2026-07-10')).toBe(true);
    expect(touches('2026-07-16', '2026-07-20')).toBe(true);
    expect(touches('2026-07-01', '2026-07-31')).toBe(true);
    expect(touches('2026-07-17', '2026-07-20')).toBe(false);
    expect(touches('2026-07-01', '2026-07-09')).toBe(false);
  });

  it('a day-use stay is its one day', () => {
    const dayUse = makeReservation({ checkIn: '2026-07-10', checkOut: '2026-07-10' });
    expect(checksOf('stop-sale', dayUse, { stopSales: [closed('2026-07-10', '2026-07-10')] })).toHaveLength(
      1,
    );
    expect(checksOf('stop-sale', dayUse, { stopSales: [closed('2026-07-11', '2026-07-12')] })).toEqual([]);
  });

  it("goes through the agency's mapping: the hotel closes its own code for every agency", () => {
    const other = makeReservation({
      agencyId: 'AG2',
      roomTypeId: 'DOUBLE',
      checkIn: '2026-07-10',
      checkOut: '2026-07-17',
    });
    const mappings = [...ALL_MAPPED, mapping('roomType', 'DOUBLE', 'DZ', 'AG2')];
    expect(
      checksOf('stop-sale', other, { mappings, stopSales: [closed('2026-07-12', '2026-07-12')] }),
    ).toHaveLength(1);
  });

  it('cannot tell for an unmapped room type (the unmapped check says so)', () => {
    const mappings = ALL_MAPPED.filter((m) => m.kind !== 'roomType');
    expect(
      checksOf('stop-sale', stay, { mappings, stopSales: [closed('2026-07-12', '2026-07-12')] }),
    ).toEqual([]);
  });

  it('closes only the code it was entered for', () => {
    expect(checksOf('stop-sale', stay, { stopSales: [closed('2026-07-12', '2026-07-12', 'SUIT')] })).toEqual(
      [],
    );
    // The channel's code is not the hotel's code.
    expect(checksOf('stop-sale', stay, { stopSales: [closed('2026-07-12', '2026-07-12', 'DBL')] })).toEqual(
      [],
    );
  });

  it('closes a room (kind room) through the room mapping', () => {
    const found = checksOf('stop-sale', stay, {
      stopSales: [closed('2026-07-12', '2026-07-12', 'STD', 'room')],
    });
    expect(found.map((c) => [c.codeKind, c.hotelCode])).toEqual([['room', 'STD']]);
  });

  it('reports each closed range touched, and ignores a range that ends before it starts', () => {
    const stopSales = [
      closed('2026-07-10', '2026-07-10'),
      closed('2026-07-15', '2026-07-20'),
      closed('2026-07-14', '2026-07-11'),
    ];
    expect(checksOf('stop-sale', stay, { stopSales }).map((c) => c.from)).toEqual([
      '2026-07-10',
      '2026-07-15',
    ]);
  });
});
