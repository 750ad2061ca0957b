// Another active reservation of the same agency with the same voucher number: booked twice, or a
// rebooking whose old version was never cancelled. Voucher numbers are each agency's own numbering, so
// two agencies may well use the same one: only the same agency counts. Compared trimmed and in capitals
// (agencies retype them). Cancelled and declined reservations hold no room, so they never count, and
// neither is checked.
import type { CheckedReservation, KnownReservation } from '../../shared/domain';
import type { HotelReservations, VoucherHolders } from './hotel-reservations';
import { voucherKey } from './reservation-keys';
import { isActive } from './status';
import type { ReservationCheck } from './types';

/** How many of the other keyFields a check names; `count` says how many there are. */
export const DUPLICATES_SHOWN = 5;

/** Past this many holders, membership is asked of a Set (an agency typing "TBA" for every voucher). */
const SCAN_LIMIT = 16;

interface Holders {
  keyFields: string[];
  set: Set<string> | null;
}

/** Every active reservation's voucher, in memory: the full index a rebuild makes. */
export class VoucherIndex {
  /** agencyId → voucher → the active reservations holding it. */
  private readonly agencies = new Map<string, Map<string, Holders>>();

  addReservation(r: KnownReservation): void {
    if (!isActive(r)) return;
    const voucher = voucherKey(r.voucherNo);
    if (voucher === '') return;
    let vouchers = this.agencies.get(r.agencyId);
    if (!vouchers) this.agencies.set(r.agencyId, (vouchers = new Map()));
    const holders = vouchers.get(voucher);
    if (holders) holders.keyFields.push(r.keyField);
    else vouchers.set(voucher, { keyFields: [r.keyField], set: null });
  }

  /** Sorts the holders of shared vouchers: called once, after the last reservation is added. */
  finish(): void {
    for (const vouchers of this.agencies.values())
      for (const holders of vouchers.values())
        if (holders.keyFields.length > 1) {
          holders.keyFields.sort();
          if (holders.keyFields.length > SCAN_LIMIT) holders.set = new Set(holders.keyFields);
        }
  }

  voucherHolders(agencyId: string, voucher: string, self: string, shown: number): VoucherHolders {
    const holders = this.agencies.get(agencyId)?.get(voucher);
    if (!holders) return { keyFields: [], count: 0 };
    const list = holders.keyFields;
    const itself = holders.set ? holders.set.has(self) : list.includes(self);
    const keyFields: string[] = [];
    for (let i = 0; i < list.length && keyFields.length < shown; i += 1) {
      const keyField = list[i] as string;
      if (keyField !== self) keyFields.push(keyField);
    }
    return { keyFields, count: list.length - (itself ? 1 : 0) };
  }
}

export function checkDuplicateVoucher(
  r: CheckedReservation,
  hotel: HotelReservations,
  out: ReservationCheck[],
): void {
  if (!isActive(r)) return;
  const voucher = voucherKey(r.voucherNo);
  if (voucher === '') return;
  const { keyFields, count } = hotel.voucherHolders(r.agencyId, voucher, r.keyField, DUPLICATES_SHOWN);
  if (count > 0)
    out.push({ kind: 'duplicate-voucher', severity: 'problem', voucherNo: r.voucherNo, keyFields, count });
}
