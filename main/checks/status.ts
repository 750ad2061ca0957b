// Which reservations still count. The checks run on every version the desk holds, but a cancelled or
// declined reservation brings no guest, takes no room and holds no voucher.
import type { Reservation } from '../../shared/domain';

type Status = Pick<Reservation, 'pmsStatus' | 'confirmationStatus'>;

/** PmsStatus 3: the agency cancelled it. */
export const isCancelled = (r: Status): boolean => r.pmsStatus === 3;

/**
 * Not cancelled and not declined (H). Waiting, confirmed and the live service's other letters (S sent,
 * G not sent: dealt with elsewhere, still bookings) all count.
 */
export const isActive = (r: Status): boolean => r.pmsStatus !== 3 && r.confirmationStatus !== 'H';
