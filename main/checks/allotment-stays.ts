// The stays that count against allotments, counted night by night in memory for the full rebuild (createChecker):
// the answer to the allotment question that the desk's store keeps in allotment_nights, and must agree with.
import type { AllotmentQuestion, CountedStay, NightUse } from '../../shared/domain';
import { stayNights } from './allotment';

export class AllotmentNightIndex {
  /** agency → channel room type → night → counts. */
  private readonly counts = new Map<string, Map<string, Map<string, NightUse>>>();

  constructor(stays: Iterable<CountedStay>) {
    const seen = new Set<string>();
    for (const stay of stays) {
      if (seen.has(stay.keyField)) continue;
      seen.add(stay.keyField);
      let byType = this.counts.get(stay.agencyId);
      if (!byType) this.counts.set(stay.agencyId, (byType = new Map()));
      let byNight = byType.get(stay.roomTypeId);
      if (!byNight) byType.set(stay.roomTypeId, (byNight = new Map()));
      for (const night of stayNights(stay.checkIn, stay.checkOut)) {
        let use = byNight.get(night);
        if (!use)
          byNight.set(
            night,
            (use = { agencyId: stay.agencyId, roomTypeId: stay.roomTypeId, night, used: 0, asked: 0 }),
          );
        if (stay.waiting) use.asked += stay.rooms;
        else use.used += stay.rooms;
      }
    }
  }

  /** The agency's counts in the question's room types on its nights. */
  of(q: AllotmentQuestion): NightUse[] {
    const byType = this.counts.get(q.agencyId);
    if (!byType) return [];
    const out: NightUse[] = [];
    for (const roomTypeId of new Set(q.roomTypeIds))
      for (const night of q.nights) {
        const use = byType.get(roomTypeId)?.get(night);
        if (use) out.push({ ...use });
      }
    return out;
  }
}
