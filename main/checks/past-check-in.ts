// Still waiting (W) after its check-in date: the guest may be at the desk already, or the agency forgot
// the booking. On the check-in day itself nothing is late yet.
import { daysBetween, startsWithCalendarDate } from '../../shared/calendar';
import type { CheckedReservation } from './context';
import type { ReservationCheck } from './types';

export function checkPastCheckIn(r: CheckedReservation, today: string, out: ReservationCheck[]): void {
  if (r.confirmationStatus !== 'W' || !startsWithCalendarDate(r.checkIn)) return;
  const checkIn = r.checkIn.slice(0, 10);
  if (checkIn < today)
    out.push({ kind: 'past-check-in', severity: 'problem', checkIn, days: daysBetween(checkIn, today) });
}
