import { describe, expect, it } from 'vitest';
import type { Contract, CountedStay, Reservation } from '../../../shared/domain';
import { checksOf, makeReservation } from './helpers';
import { storedJulyAllotment } from '../../harness/contracts';

// AG1's channel room type DBL is the hotel's DZ (helpers ALL_MAPPED). The stay: nights of 10..12 July.
const contract = (over: Partial<Contract> = {}): Contract =>
  storedJulyAllotment({ rooms: 2, kind: 'guaranteed', ...over });
const stayOf = (r: Reservation): CountedStay => ({
  keyField: r.keyField,
  agencyId: r.agencyId,
  roomTypeId: r.roomTypeId,
  checkIn: r.checkIn.slice(0, 10),
  checkOut: r.checkOut.slice(0, 10),
  rooms: r.roomCount,
  waiting: r.confirmationStatus === 'W',
});
const booking = (key: string, over: Partial<Reservation> = {}): Reservation =>
  makeReservation({ keyField: key, checkIn: '2026-07-10', checkOut: '2026-07-13', nights: 3, ...over });

const asked = booking('asked');
const allotmentOf = (r: Reservation, others: Reservation[], contracts: Contract[], today = '2026-07-01') =>
  checksOf('allotment', r, {
    today,
    contracts,
    reservations: others,
    // What the store reads: neither declined nor cancelled.
    stays: [r, ...others].filter((o) => o.confirmationStatus !== 'H' && o.pmsStatus !== 3).map(stayOf),
  });

describe('allotment', () => {
  it('says nothing while the operator has rooms left on every night', () => {
    const confirmed = booking('c1', { confirmationStatus: 'E' });
    expect(allotmentOf(asked, [confirmed], [contract()])).toEqual([]);
  });

  it('is a problem when confirming takes the operator over its allotment on a night, counting only confirmed rooms', () => {
    const full = [
      booking('c1', { confirmationStatus: 'E' }),
      booking('c2', { confirmationStatus: 'E', checkIn: '2026-07-11', checkOut: '2026-07-12', nights: 1 }),
      // Waiting and declined reservations use no room; another room type and another operator count elsewhere.
      booking('w1', { confirmationStatus: 'W' }),
      booking('h1', { confirmationStatus: 'H' }),
      booking('x1', { confirmationStatus: 'E', roomTypeId: 'SGL' }),
      booking('a2', { confirmationStatus: 'E', agencyId: 'AG2' }),
    ];
    expect(allotmentOf(asked, full, [contract()])).toEqual([
      {
        kind: 'allotment',
        severity: 'problem',
        reason: 'over',
        roomType: 'DZ',
        allotment: 'guaranteed',
        night: '2026-07-11',
        nights: 1,
        allotted: 2,
        used: 2,
        releaseOn: '2026-07-04',
      },
    ]);
  });

  it('counts the rooms of the booking itself and the weekday counts of the contract', () => {
    const threeRooms = booking('big', { roomCount: 3 });
    expect(allotmentOf(threeRooms, [], [contract()])[0]).toMatchObject({
      reason: 'over',
      nights: 3,
      used: 0,
    });
    // Friday 10 July and Saturday 11 July have 5 rooms; Sunday 12 July has 2.
    const weekend = contract({ weekdayRooms: [2, 2, 2, 2, 5, 5, 2] });
    expect(allotmentOf(threeRooms, [], [weekend])[0]).toMatchObject({
      reason: 'over',
      night: '2026-07-12',
      nights: 1,
      allotted: 2,
    });
  });

  it('checks only nights a contract covers, and no unmapped room type', () => {
    const endsBefore = contract({ to: '2026-07-10', rooms: 0 });
    expect(allotmentOf(asked, [], [endsBefore])[0]).toMatchObject({ night: '2026-07-10', nights: 1 });
    expect(allotmentOf(booking('other', { roomTypeId: 'UNMAPPED' }), [], [contract({ rooms: 0 })])).toEqual(
      [],
    );
    expect(allotmentOf(asked, [], [])).toEqual([]);
  });

  it('is a problem inside the release period of a normal allotment, or for a booking on request', () => {
    const normal = contract({ kind: 'normal' });
    // Release 7 days: the night of 10 July went back on 3 July.
    expect(allotmentOf(asked, [], [normal], '2026-07-02')).toEqual([]);
    expect(allotmentOf(asked, [], [normal], '2026-07-04')).toEqual([
      expect.objectContaining({
        reason: 'released',
        night: '2026-07-10',
        nights: 2,
        releaseOn: '2026-07-03',
      }),
    ]);
    // A guaranteed allotment is the operator's to the end; a booking on request is not.
    expect(allotmentOf(asked, [], [contract()], '2026-07-09')).toEqual([]);
    expect(allotmentOf(booking('req', { quotaType: 2 }), [], [contract()], '2026-07-09')).toEqual([
      expect.objectContaining({ reason: 'released', nights: 3 }),
    ]);
  });

  it('leaves a cancelled booking alone', () => {
    expect(allotmentOf(booking('gone', { pmsStatus: 3 }), [], [contract({ rooms: 0 })])).toEqual([]);
  });
});
