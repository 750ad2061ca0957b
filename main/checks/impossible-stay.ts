// A stay that cannot be as booked: check-out before check-in, Nights that the dates contradict, or a count
// below zero. It is the agency's mistake, and one the hotel must see and answer (decline it, or have the
// agency correct it, which comes as a new version): so it is stored and shown first among the problems,
// rather than set aside where only "could not be read" would be said of it. Negative counts are set aside
// before they are stored (main/sync/pull-screen.ts); the check still names them in a
// reservation stored before the sync did so. Dates that are not calendar dates are left to the decoder.
import { daysBetween, startsWithCalendarDate } from '../../shared/calendar';
import type { CheckedReservation } from './context';
import type { ImpossibleStayCheck, ReservationCheck } from './types';

const COUNTS = [
  ['roomCount', 'RoomCount'],
  ['nights', 'Nights'],
  ['adults', 'Adults'],
  ['childs', 'Childs'],
  ['infants', 'Infants'],
] as const;

export function checkImpossibleStay(r: CheckedReservation, out: ReservationCheck[]): void {
  if (!startsWithCalendarDate(r.checkIn) || !startsWithCalendarDate(r.checkOut)) return;
  const checkIn = r.checkIn.slice(0, 10);
  const checkOut = r.checkOut.slice(0, 10);
  const nightsByDates = daysBetween(checkIn, checkOut);
  const stay = {
    kind: 'impossible-stay',
    severity: 'problem',
    checkIn,
    checkOut,
    nights: r.nights,
    nightsByDates,
  } as const;
  const push = (check: Omit<ImpossibleStayCheck, keyof typeof stay>): void => {
    out.push({ ...stay, ...check });
  };
  // Before check-in, Nights cannot match the dates either: one sentence says it.
  if (checkOut < checkIn) push({ reason: 'check-out-before-check-in' });
  else if (r.nights !== nightsByDates) push({ reason: 'nights-mismatch' });
  for (const [field, name] of COUNTS)
    if (r[field] < 0) push({ reason: 'negative-count', count: { field: name, value: r[field] } });
}
