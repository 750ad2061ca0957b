// Dates the hotel closed. The hotel keeps them in its own codes (what the PMS calls the room type), so a
// reservation's channel code is first mapped to the hotel's code: an unmapped code cannot be checked
// (the unmapped check already says so). The stay is the nights [checkIn, checkOut): a range closed from
// the check-out day on does not touch it. A day-use stay (checkOut = checkIn) is its one day.
import { isCalendarDate } from './calendar';
import type { CheckedReservation } from './context';
import type { MappedCodes } from './mapped-codes';
import type { ReservationCheck, StopSale, StopSaleCodeKind } from './types';

export class StopSaleRule {
  /** kind NUL hotel code → its closed ranges (a hotel enters a handful: a scan is enough). */
  private readonly ranges = new Map<string, StopSale[]>();

  private readonly mapped: MappedCodes;

  constructor(mapped: MappedCodes) {
    this.mapped = mapped;
  }

  add(stopSale: StopSale): void {
    if (!isCalendarDate(stopSale.from) || !isCalendarDate(stopSale.to) || stopSale.to < stopSale.from) return;
    const key = `${stopSale.codeKind}\u0000${stopSale.hotelCode.trim()}`;
    const entry = { ...stopSale, from: stopSale.from.slice(0, 10), to: stopSale.to.slice(0, 10) };
    const list = this.ranges.get(key);
    if (list) list.push(entry);
    else this.ranges.set(key, [entry]);
  }

  check(r: CheckedReservation, out: ReservationCheck[]): void {
    if (this.ranges.size === 0 || !isCalendarDate(r.checkIn) || !isCalendarDate(r.checkOut)) return;
    const checkIn = r.checkIn.slice(0, 10);
    const checkOut = r.checkOut.slice(0, 10);
    this.scan(r, 'roomType', r.roomTypeId, checkIn, checkOut, out);
    this.scan(r, 'room', r.roomId, checkIn, checkOut, out);
  }

  private scan(
    r: CheckedReservation,
    codeKind: StopSaleCodeKind,
    channelCode: string,
    checkIn: string,
    checkOut: string,
    out: ReservationCheck[],
  ): void {
    const hotelCode = this.mapped.hotelCode(r.agencyId, codeKind, channelCode);
    if (hotelCode === undefined) return;
    const ranges = this.ranges.get(`${codeKind}\u0000${hotelCode}`);
    if (!ranges) return;
    for (const range of ranges) {
      const touches =
        checkOut > checkIn
          ? range.from < checkOut && range.to >= checkIn
          : range.from <= checkIn && range.to >= checkIn;
      if (touches)
        out.push({
          kind: 'stop-sale',
          severity: 'problem',
          codeKind,
          hotelCode,
          from: range.from,
          to: range.to,
        });
    }
  }
}
