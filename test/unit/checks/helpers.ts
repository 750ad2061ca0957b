// A small hotel for the checks' unit tests: one agency whose codes are all mapped, one room with limits,
// and reservations from the store's fixtures. Tests add what they are about and read one kind of check.
import {
  createChecker,
  type CheckKind,
  type ChecksContext,
  type ReservationCheck,
} from '../../../main/checks';
import type { Guest, Reservation, StayCodeKind } from '../../../shared/domain';
import { makeGuest, makeReservation } from '../store/fixtures';

export { makeGuest, makeReservation };

export const TODAY = '2026-07-01';

export const mapping = (kind: StayCodeKind, channelCode: string, hotelCode: string, agencyId = 'AG1') => ({
  agencyId,
  kind,
  channelCode,
  hotelCode,
});

/** AG1's codes of makeReservation() (room R1, room type DBL, board AI, nationality TR), all mapped. */
export const ALL_MAPPED = [
  mapping('room', 'R1', 'STD'),
  mapping('roomType', 'DBL', 'DZ'),
  mapping('board', 'AI', 'HD'),
  mapping('nationality', 'TR', 'TUR'),
];

/** Room R1 of AG1: 1 to 2 adults, up to 2 children, 4 guests in all. */
export const ROOM_R1 = {
  agencyId: 'AG1',
  kind: 'room' as const,
  code: 'R1',
  minAdults: 1,
  maxAdults: 2,
  maxChildren: 2,
  maxPax: 4,
};

export function context(overrides: Partial<ChecksContext> = {}): ChecksContext {
  return {
    today: TODAY,
    stayCodes: [ROOM_R1],
    mappings: ALL_MAPPED,
    stopSales: [],
    reservations: [],
    ...overrides,
  };
}

/** The checks of one kind for `r`, the hotel's reservations being `others` (and r itself). */
export function checksOf<K extends CheckKind>(
  kind: K,
  r: Reservation,
  overrides: Partial<ChecksContext> = {},
): Extract<ReservationCheck, { kind: K }>[] {
  const { reservations = [], ...rest } = overrides;
  const checker = createChecker(context({ ...rest, reservations: [r, ...reservations] }));
  return checker.check(r).filter((c): c is Extract<ReservationCheck, { kind: K }> => c.kind === kind);
}

/** A reservation whose guests are given by name (and optionally title / birth date). */
export function withGuests(
  keyField: string,
  guests: (string | [string, Partial<Guest>])[],
  overrides: Partial<Reservation> = {},
): Reservation {
  return makeReservation({
    keyField,
    voucherNo: `V-${keyField}`,
    guests: guests.map((g) =>
      typeof g === 'string' ? makeGuest(g, keyField) : makeGuest(g[0], keyField, g[1]),
    ),
    ...overrides,
  });
}
