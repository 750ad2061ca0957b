// The hotel's stop-sale dates: typed in by the hotel, never sent by the service. Each add and
// remove is an activity row in the same transaction, so the log never misses one.
import { activityOps } from './activity';
import { all, changed, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import type { ActivityDetail, CalendarDate, StopSaleCodeKind, StopSaleEntry } from '../../shared/domain';

export interface NewStopSale {
  codeKind: StopSaleCodeKind;
  hotelCode: string;
  from: CalendarDate;
  to: CalendarDate;
  note?: string;
  user: string;
  at: string;
}

// What a stop-sale reads back as (StopSaleEntry), on both engines.
const entry = [
  'id',
  'code_kind as codeKind',
  'hotel_code as hotelCode',
  'date_from as from',
  'date_to as to',
  'note',
  'created_by as createdBy',
  'created_at as createdAt',
] as const;

const insert = prepared((p: Omit<NewStopSale, 'note'> & { note: string }) =>
  q
    .insertInto('stop_sales')
    .values({
      code_kind: p.codeKind,
      hotel_code: p.hotelCode,
      date_from: p.from,
      date_to: p.to,
      note: p.note,
      created_by: p.user,
      created_at: p.at,
    })
    .returning(entry),
);
const everyEntry = prepared(() =>
  q
    .selectFrom('stop_sales')
    .select(entry)
    .orderBy('date_from')
    .orderBy('date_to')
    .orderBy('code_kind')
    .orderBy('hotel_code')
    .orderBy('id'),
);
const remove = prepared((p: { id: number }) =>
  q.deleteFrom('stop_sales').where('id', '=', p.id).returning(entry),
);
// Room type and room codes hotels have mapped channel codes to: what a stop-sale can name.
const mappedRoomCodes = prepared(() =>
  q
    .selectFrom('mappings')
    .select(['kind', 'hotel_code as hotelCode'])
    .distinct()
    .where('kind', 'in', ['roomType', 'room'])
    .orderBy('kind')
    .orderBy('hotel_code'),
);

/** What the activity log keeps of an entry: codes and dates, worded in the desk's language when read. */
const describe = (change: 'added' | 'removed', s: StopSaleEntry): string =>
  JSON.stringify({
    kind: 'stop-sale',
    change,
    codeKind: s.codeKind,
    hotelCode: s.hotelCode,
    from: s.from,
    to: s.to,
    note: s.note,
  } satisfies ActivityDetail);

/** Stop-sales' operations, one definition for both engines (engines/op.ts). */
export const stopSaleOps = {
  /**
   * Stores a stop-sale and its activity row. The table refuses what makes no sense (an empty code, a date
   * not written YYYY-MM-DD, an end before the start), so callers check first to say it in words.
   */
  *add(added: NewStopSale): Op<StopSaleEntry> {
    const saved = yield* first(
      insert({ ...added, hotelCode: added.hotelCode.trim(), note: (added.note ?? '').trim() }),
    );
    if (!saved) throw new Error('stop_sales insert returned no row');
    yield* activityOps.add({
      at: added.at,
      user: added.user,
      action: 'stop-sale',
      keyField: null,
      detail: describe('added', saved),
    });
    yield* changed('stop_sales', 'added', [String(saved.id)]);
    return saved;
  },

  /** Every stop-sale, earliest first. */
  *list(): Op<StopSaleEntry[]> {
    return yield* all(everyEntry({}));
  },

  /** Removes one stop-sale (with its activity row); null when there is none with that id. */
  *remove(id: number, user: string, at: string): Op<StopSaleEntry | null> {
    const removed = yield* first(remove({ id }));
    if (!removed) return null;
    yield* activityOps.add({
      at,
      user,
      action: 'stop-sale',
      keyField: null,
      detail: describe('removed', removed),
    });
    yield* changed('stop_sales', 'removed', [String(removed.id)]);
    return removed;
  },

  /** The hotel's own room type and room codes (from the mappings), the codes a stop-sale can close. */
  *hotelCodes(): Op<Record<StopSaleCodeKind, string[]>> {
    const codes: Record<StopSaleCodeKind, string[]> = { roomType: [], room: [] };
    const rows = yield* all(mappedRoomCodes({}));
    for (const row of rows)
      if (row.kind === 'roomType' || row.kind === 'room') codes[row.kind].push(row.hotelCode);
    return codes;
  },
};
