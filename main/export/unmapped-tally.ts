// Counts, while the rows stream past, the channel codes that have no hotel code: how many exported
// reservations use each. The same numbers the preview gets from SQL, without a second pass.
import type { StayCodeKind } from '../../shared/domain';
import type { UnmappedCode } from '../../shared/domain';
import type { ExportGuestRow } from '../store';

const kindRank: Record<StayCodeKind, number> = { room: 0, roomType: 1, board: 2, nationality: 3 };

export class UnmappedTally {
  private readonly counts = new Map<string, UnmappedCode>();
  /** Codes already counted for the reservation whose rows are passing (they come together). */
  private seen = new Set<string>();
  private keyField: string | null = null;

  add(row: ExportGuestRow): void {
    if (row.keyField !== this.keyField) {
      this.keyField = row.keyField;
      this.seen = new Set();
    }
    this.count(row.agencyId, 'room', row.roomId, row.roomHotel);
    this.count(row.agencyId, 'roomType', row.roomTypeId, row.roomTypeHotel);
    this.count(row.agencyId, 'board', row.accomId, row.boardHotel);
    this.count(row.agencyId, 'nationality', row.nationality, row.nationalityHotel);
  }

  private count(agencyId: string, kind: StayCodeKind, code: string | null, hotel: string | null): void {
    if (hotel !== null || !code) return;
    const key = `${agencyId}\u0000${kind}\u0000${code}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const entry = this.counts.get(key);
    if (entry) entry.count++;
    else this.counts.set(key, { agencyId, kind, channelCode: code, count: 1 });
  }

  /** Most used first, like the preview. */
  result(): UnmappedCode[] {
    const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    return [...this.counts.values()].sort(
      (a, b) =>
        b.count - a.count ||
        cmp(a.agencyId, b.agencyId) ||
        kindRank[a.kind] - kindRank[b.kind] ||
        cmp(a.channelCode, b.channelCode),
    );
  }
}
