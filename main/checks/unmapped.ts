// Every code of the reservation that has no hotel code yet: the reservation cannot be typed into the PMS
// until someone maps it. The same codes as the store's hasUnmappedCodes (room, room type, board, each
// guest's nationality; an empty code is nothing to map), one check per distinct code. A note, not a problem:
// it says nothing against confirming (on a new agency's first day every reservation has some), it is work
// for the mapping screen.
import type { StayCodeKind } from '../../shared/domain';
import type { CheckedReservation } from './context';
import { hotelCodeOf, type AgencyCodes } from './mapped-codes';
import type { ReservationCheck } from './types';

function report(
  codes: AgencyCodes,
  agencyId: string,
  codeKind: StayCodeKind,
  code: string,
  out: ReservationCheck[],
): void {
  if (code !== '' && hotelCodeOf(codes, codeKind, code) === undefined)
    out.push({ kind: 'unmapped', severity: 'note', agencyId, codeKind, code });
}

export function checkUnmapped(codes: AgencyCodes, r: CheckedReservation, out: ReservationCheck[]): void {
  report(codes, r.agencyId, 'room', r.roomId, out);
  report(codes, r.agencyId, 'roomType', r.roomTypeId, out);
  report(codes, r.agencyId, 'board', r.accomId, out);
  // Guests of one booking mostly share a nationality: compare with the ones already seen, no Set needed.
  const guests = r.guests;
  for (let i = 0; i < guests.length; i += 1) {
    const code = guests[i]?.nationality ?? '';
    let seen = false;
    for (let j = 0; j < i && !seen; j += 1) seen = guests[j]?.nationality === code;
    if (!seen) report(codes, r.agencyId, 'nationality', code, out);
  }
}
