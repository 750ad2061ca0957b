// The stays that count against allotments, indexed in memory for the full rebuild (createChecker): the answer to
// the allotment question that the desk's store gives from SQL (main/store/allotment-stays.ts), and must agree with.
import type { AllotmentQuestion, CountedStay } from '../../shared/domain';

export class AllotmentStayIndex {
  private readonly byAgency = new Map<string, CountedStay[]>();

  constructor(stays: Iterable<CountedStay>) {
    const seen = new Set<string>();
    for (const stay of stays) {
      if (seen.has(stay.keyField)) continue;
      seen.add(stay.keyField);
      const list = this.byAgency.get(stay.agencyId);
      if (list) list.push(stay);
      else this.byAgency.set(stay.agencyId, [stay]);
    }
  }

  /** The agency's stays in the room types, checked in from `since` to `last`, leaving after `from`; not `self`. */
  of(q: AllotmentQuestion): CountedStay[] {
    const types = new Set(q.roomTypeIds);
    return (this.byAgency.get(q.agencyId) ?? []).filter(
      (s) =>
        s.keyField !== q.self &&
        types.has(s.roomTypeId) &&
        s.checkIn >= q.since &&
        s.checkIn <= q.last &&
        s.checkOut > q.from,
    );
  }
}
