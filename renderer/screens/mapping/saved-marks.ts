// "Saved ✓" belongs to one code of one agency: (agency, kind, channel code). A mark records what the store
// answered after the save, and a row shows it only while the store still says exactly that for the same
// agency, so a mark can neither follow a row to another agency nor outlive a change made elsewhere.
import type { MappingRow, MappingView, StayCodeKind } from '../../../shared/domain';

interface Mark {
  hotelCode: string;
  mappedFor: MappingRow['mappedFor'];
}

export type SavedMarks = ReadonlyMap<string, Mark>;

export const noMarks: SavedMarks = new Map();

const markKey = (agencyId: string, kind: StayCodeKind, channelCode: string): string =>
  JSON.stringify([agencyId, kind, channelCode]);

/** The marks after a save of these codes: each takes what the store's view now says of it, if mapped. */
export function marksAfterSave(
  marks: SavedMarks,
  view: MappingView,
  saved: readonly { kind: StayCodeKind; channelCode: string }[],
): SavedMarks {
  const next = new Map(marks);
  for (const { kind, channelCode } of saved) {
    const key = markKey(view.agencyId, kind, channelCode);
    const row = view.rows.find((r) => r.kind === kind && r.channelCode === channelCode);
    if (row?.hotelCode) next.set(key, { hotelCode: row.hotelCode, mappedFor: row.mappedFor });
    else next.delete(key);
  }
  return next;
}

/** Whether this row of this view shows "saved": only if the store says what it said right after the save. */
export function isSaved(marks: SavedMarks, view: MappingView, row: MappingRow): boolean {
  const mark = marks.get(markKey(view.agencyId, row.kind, row.channelCode));
  return mark !== undefined && mark.hotelCode === row.hotelCode && mark.mappedFor === row.mappedFor;
}
