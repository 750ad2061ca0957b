// Another active reservation of the same agency with the same voucher number: booked twice, or a
// rebooking whose old version was never cancelled. Voucher numbers are each agency's own numbering, so
// two agencies may well use the same one: only the same agency counts. Compared trimmed and in capitals
// (agencies retype them). Cancelled and declined reservations hold no room, so they never count, and a
// cancelled reservation is never checked.
import type { CheckedReservation, KnownReservation } from './context';
import { isActive } from './status';
import type { ReservationCheck } from './types';

/** How many of the other keyFields a check names; `count` says how many there are. */
export const DUPLICATES_SHOWN = 5;

const voucherKey = (agencyId: string, voucherNo: string): string | null => {
  const voucher = voucherNo.trim().toUpperCase();
  return voucher === '' ? null : `${agencyId}\u0000${voucher}`;
};

export class DuplicateVoucherRule {
  /** agencyId NUL voucher → keyFields of the active reservations holding it, sorted when first read. */
  private readonly holders = new Map<string, string[]>();
  /** keyField → its voucher key, for the active reservations indexed (to leave a reservation out of its own count). */
  private readonly voucherOf = new Map<string, string>();
  private sorted = true;

  addReservation(r: KnownReservation): void {
    if (!isActive(r)) return;
    const key = voucherKey(r.agencyId, r.voucherNo);
    if (key === null) return;
    this.voucherOf.set(r.keyField, key);
    const list = this.holders.get(key);
    if (list) {
      list.push(r.keyField);
      this.sorted = false;
    } else this.holders.set(key, [r.keyField]);
  }

  check(r: CheckedReservation, out: ReservationCheck[]): void {
    if (!isActive(r)) return;
    const key = voucherKey(r.agencyId, r.voucherNo);
    if (key === null) return;
    const list = this.holders.get(key);
    if (!list) return;
    const count = list.length - (this.voucherOf.get(r.keyField) === key ? 1 : 0);
    if (count === 0) return;
    this.sort();
    const keyFields: string[] = [];
    for (let i = 0; i < list.length && keyFields.length < DUPLICATES_SHOWN; i += 1) {
      const keyField = list[i] as string;
      if (keyField !== r.keyField) keyFields.push(keyField);
    }
    out.push({ kind: 'duplicate-voucher', severity: 'problem', voucherNo: r.voucherNo, keyFields, count });
  }

  private sort(): void {
    if (this.sorted) return;
    for (const list of this.holders.values()) if (list.length > 1) list.sort();
    this.sorted = true;
  }
}
