// The allotment calendar's rows (the Allotments screen): a row per operator and room type with a contract in the
// window, a cell per night (null where no contract covers it), operators by name.
import type { AllotmentCell, AllotmentRow, AllotmentView } from '../../shared/ipc';
import type { CalendarDate, Contract, Mapping, NightUse } from '../../shared/domain';
import { MappedCodes } from '../checks/mapped-codes';
import { allotmentUse } from './allotment';

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface AllotmentInput {
  contracts: Contract[];
  mappings: Pick<Mapping, 'agencyId' | 'kind' | 'channelCode' | 'hotelCode'>[];
  nights: NightUse[];
}

export function allotmentView(
  input: AllotmentInput,
  names: ReadonlyMap<string, string>,
  nights: readonly CalendarDate[],
  today: CalendarDate,
): AllotmentView {
  const from = nights[0] ?? today;
  const to = nights[nights.length - 1] ?? from;
  const codes = new MappedCodes();
  for (const m of input.mappings) codes.add(m);
  const rows = new Map<string, AllotmentRow>();
  const column = new Map(nights.map((n, i) => [n, i]));
  for (const n of allotmentUse(input.contracts, input.nights, (a) => codes.of(a), { from, to, today })) {
    const key = `${n.agencyId}\u0000${n.roomType}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        agencyId: n.agencyId,
        agencyName: names.get(n.agencyId) ?? n.agencyId,
        roomType: n.roomType,
        cells: nights.map(() => null),
      };
      rows.set(key, row);
    }
    const cell: AllotmentCell = {
      kind: n.kind,
      allotted: n.allotted,
      used: n.used,
      asked: n.asked,
      free: n.free,
      releaseOn: n.releaseOn,
      released: n.released,
    };
    const at = column.get(n.night);
    if (at !== undefined) row.cells[at] = cell;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.agencyName.localeCompare(b.agencyName) ||
      byCode(a.agencyId, b.agencyId) ||
      byCode(a.roomType, b.roomType),
  );
  return { from, nights: [...nights], today, rows: sorted };
}
