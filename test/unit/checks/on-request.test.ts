// Options and on-request bookings are flagged before they are confirmed: the agency does not hold the room.
import { describe, expect, it } from 'vitest';
import { checkOnRequest } from '../../../main/checks/on-request';
import type { ReservationCheck } from '../../../main/checks/types';
import { makeReservation } from '../store/fixtures';

const checksOf = (quotaType: number, reservationStatus: number): ReservationCheck[] => {
  const out: ReservationCheck[] = [];
  checkOnRequest(makeReservation({ quotaType, reservationStatus }), out);
  return out;
};

describe('an option or an on-request booking', () => {
  it('is a note to look at before confirming, saying which', () => {
    expect(checksOf(0, 4)).toEqual([{ kind: 'on-request', severity: 'note', held: 'option' }]);
    expect(checksOf(1, 1)).toEqual([{ kind: 'on-request', severity: 'note', held: 'on-request' }]);
    expect(checksOf(2, 0)).toEqual([{ kind: 'on-request', severity: 'note', held: 'on-request' }]);
    // An option asked outside the allotment is still an option: the firmer word is said.
    expect(checksOf(2, 4)).toEqual([{ kind: 'on-request', severity: 'note', held: 'option' }]);
  });

  it('says nothing of a room held under a guaranteed or normal allotment', () => {
    for (const quota of [0, 1]) for (const status of [0, 2, 3]) expect(checksOf(quota, status)).toEqual([]);
  });
});
