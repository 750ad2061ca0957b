// Practice mode's demo contracts: the operators and room types the practice world books most get an allotment one
// room short of their busiest night, so the calendar and the checks show every case at once (full and over nights,
// a normal allotment's release period close ahead, a guaranteed one beside it). Pure: the desk applies them.
import { addDays } from '../../shared/calendar';
import type { CalendarDate, ContractInput } from '../../shared/domain';

/** An operator's channel room type with its busiest night's answered rooms (allotment_nights). */
export interface BusyRoomType {
  agencyId: string;
  roomTypeId: string;
  peak: number;
}

export interface DemoContracts {
  /** Channel room type → hotel code (the same code: what a receptionist would type first). */
  mappings: { agencyId: string; roomTypeId: string; hotelCode: string }[];
  contracts: ContractInput[];
}

export function demoContracts(busiest: readonly BusyRoomType[], today: CalendarDate): DemoContracts {
  const demo: DemoContracts = { mappings: [], contracts: [] };
  busiest.slice(0, 4).forEach((b, i) => {
    const hotelCode = b.roomTypeId.trim().toUpperCase();
    if (hotelCode === '') return;
    demo.mappings.push({ agencyId: b.agencyId, roomTypeId: b.roomTypeId, hotelCode });
    const normal = i % 2 === 0;
    demo.contracts.push({
      agencyId: b.agencyId,
      roomType: hotelCode,
      from: addDays(today, -30),
      to: addDays(today, 180),
      rooms: Math.max(0, b.peak - 1),
      weekdayRooms: null,
      kind: normal ? 'normal' : 'guaranteed',
      releaseDays: normal ? 7 : 0,
      note: '',
    });
  });
  return demo;
}
