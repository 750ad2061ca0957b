// Dates the hotel closed. The hotel keeps them in its own codes (what the PMS calls the room type), so a
// reservation's channel code is first mapped to the hotel's code: an unmapped code cannot be checked
// (the unmapped check already says so). The stay is the nights [checkIn, checkOut): a range closed from
// the check-out day on does not touch it. A day-use stay (checkOut = checkIn) is its one day.
import { startsWithCalendarDate } from '../../shared/calendar';
import type { CheckedReservation } from './context';
import { hotelCodeOf, type AgencyCodes } from './mapped-codes';
import type { ReservationCheck, StopSale, StopSaleCodeKind } from './types';

/** Whether closed dates [from, to] touch the nights of a stay (dates as 'YYYY-MM-DD'). */
export function touchesStay(range: StopSale, checkIn: string, checkOut: string): boolean {
  if (range.to < checkIn) return false;
  return checkOut > checkIn ? range.from < checkOut : range.from <= checkIn;
}

export class StopSaleRule {
  /** kind → hotel code → its closed ranges (a hotel enters a handful: a scan is enough). */
  private readonly ranges = new Map<StopSaleCodeKind, Map<string, StopSale[]>>();

  add(stopSale: StopSale): void {
    const { from, to } = stopSale;
    if (!startsWithCalendarDate(from) || !startsWithCalendarDate(to) || to < from) return;
    const hotelCode = stopSale.hotelCode.trim();
    let byCode = this.ranges.get(stopSale.codeKind);
    if (!byCode) this.ranges.set(stopSale.codeKind, (byCode = new Map()));
    const entry = { codeKind: stopSale.codeKind, hotelCode, from: from.slice(0, 10), to: to.slice(0, 10) };
    const list = byCode.get(hotelCode);
    if (list) list.push(entry);
    else byCode.set(hotelCode, [entry]);
  }

  check(r: CheckedReservation, codes: AgencyCodes, out: ReservationCheck[]): void {
    if (this.ranges.size === 0 || !startsWithCalendarDate(r.checkIn) || !startsWithCalendarDate(r.checkOut))
      return;
    this.scan(codes, 'roomType', r.roomTypeId, r.checkIn.slice(0, 10), r.checkOut.slice(0, 10), out);
    this.scan(codes, 'room', r.roomId, r.checkIn.slice(0, 10), r.checkOut.slice(0, 10), out);
  }

  private scan(
    codes: AgencyCodes,
    codeKind: StopSaleCodeKind,
    channelCode: string,
    checkIn: string,
    checkOut: string,
    out: ReservationCheck[],
  ): void {
    const hotelCode = hotelCodeOf(codes, codeKind, channelCode);
    const ranges = hotelCode === undefined ? undefined : this.ranges.get(codeKind)?.get(hotelCode);
    if (ranges)
      for (const range of ranges)
        if (touchesStay(range, checkIn, checkOut))
          out.push({ kind: 'stop-sale', severity: 'problem', ...range });
  }
}
