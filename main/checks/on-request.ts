// A room the agency does not hold firmly: on option (ReservationStatus 4), or asked for on request, outside its
// allotment (ReservationStatus 1, or QuotaType 2). Confirming one promises a room the contract does not: the
// hotel looks at its own availability first. A note, as such bookings are ordinary business; never a refusal.
import type { CheckedReservation } from './context';
import type { ReservationCheck } from './types';

const OPTION = 4;
const ON_REQUEST_STATUS = 1;
const ON_REQUEST_QUOTA = 2;

export function checkOnRequest(r: CheckedReservation, out: ReservationCheck[]): void {
  if (r.reservationStatus === OPTION) out.push({ kind: 'on-request', severity: 'note', held: 'option' });
  else if (r.reservationStatus === ON_REQUEST_STATUS || r.quotaType === ON_REQUEST_QUOTA)
    out.push({ kind: 'on-request', severity: 'note', held: 'on-request' });
}
