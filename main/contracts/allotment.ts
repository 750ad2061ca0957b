// How much of each operator's allotment is used, per room type and night: the contracts, the stays that count
// against them (main/store/allotment-stays.ts) and the mappings from the channel's room types to the hotel's. Pure:
// the caller passes today. One model for the calendar, the command line and the pre-confirm check
// (main/checks/allotment.ts reads the same counts).
import { addDays, localDate } from '../../shared/calendar';
import {
  roomsOn,
  type AllotmentNight,
  type CalendarDate,
  type Contract,
  type NightUse,
} from '../../shared/domain';
import { releaseDayOf } from '../checks/allotment';
import { hotelCodeOf, type AgencyCodes } from '../checks/mapped-codes';

const rowKey = (agencyId: string, roomType: string): string => `${agencyId}\u0000${roomType}`;

export interface AllotmentWindow {
  /** First and last night shown, both included. */
  from: CalendarDate;
  to: CalendarDate;
  today: CalendarDate;
}

/**
 * Every contracted night in the window with its use, by operator, room type and night, from the counts the store
 * keeps per channel room type (allotment_nights): a channel code not mapped to a hotel code, or a night no contract
 * covers, counts nowhere.
 */
export function allotmentUse(
  contracts: readonly Contract[],
  nights: Iterable<NightUse>,
  codesOf: (agencyId: string) => AgencyCodes,
  window: AllotmentWindow,
): AllotmentNight[] {
  // Operator and room type, then night: a stay's nights are looked up in its own row's map.
  const cells = new Map<string, Map<CalendarDate, AllotmentNight>>();
  const sorted = [...contracts].sort(
    (a, b) =>
      (a.agencyId < b.agencyId ? -1 : a.agencyId > b.agencyId ? 1 : 0) ||
      (a.roomType < b.roomType ? -1 : a.roomType > b.roomType ? 1 : 0) ||
      (a.from < b.from ? -1 : a.from > b.from ? 1 : 0),
  );
  const out: AllotmentNight[] = [];
  for (const c of sorted) {
    const first = c.from > window.from ? c.from : window.from;
    const last = c.to < window.to ? c.to : window.to;
    for (let night = first; night <= last; night = addDays(night, 1)) {
      const key = rowKey(c.agencyId, c.roomType);
      let row = cells.get(key);
      if (!row) cells.set(key, (row = new Map()));
      // Contracts of one operator and room type share no night (validate.ts); the first one stored wins if they do.
      if (row.has(night)) continue;
      const allotted = roomsOn(c, night);
      const releaseOn = releaseDayOf(night, c.releaseDays);
      const cell: AllotmentNight = {
        contractId: c.id,
        agencyId: c.agencyId,
        roomType: c.roomType,
        night,
        kind: c.kind,
        allotted,
        used: 0,
        asked: 0,
        free: allotted,
        releaseOn,
        released: window.today >= releaseOn,
      };
      row.set(night, cell);
      out.push(cell);
    }
  }
  if (cells.size === 0) return out;
  for (const count of nights) {
    const roomType = hotelCodeOf(codesOf(count.agencyId), 'roomType', count.roomTypeId);
    if (roomType === undefined) continue;
    const cell = cells.get(rowKey(count.agencyId, roomType))?.get(count.night);
    if (!cell) continue;
    cell.asked += count.asked;
    cell.used += count.used;
    cell.free -= count.used;
  }
  return out;
}

/** The nights a calendar shows, and the last of them. */
export function allotmentWindow(
  from: CalendarDate,
  count: number,
): { last: CalendarDate; nights: CalendarDate[] } {
  const nights = Array.from({ length: count }, (_, i) => addDays(from, i));
  return { last: nights[nights.length - 1] ?? from, nights };
}

/** The hotel's date now (the reception PC runs on the hotel's clock). */
export const hotelDate = (now: Date): CalendarDate => localDate(now);
