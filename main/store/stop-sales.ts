// The hotel's stop-sale dates (issue 14): typed in by the hotel, never sent by the service. Each add and
// remove is an activity row in the same transaction, so the log never misses one.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import { addActivity } from './activity';
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

const columns = `id, code_kind AS codeKind, hotel_code AS hotelCode, date_from AS "from", date_to AS "to",
  note, created_by AS createdBy, created_at AS createdAt`;

const prepare = (db: Database) => ({
  insert: db.prepare<[StopSaleCodeKind, string, string, string, string, string, string], StopSaleEntry>(
    `INSERT INTO stop_sales (code_kind, hotel_code, date_from, date_to, note, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`,
  ),
  list: db.prepare<[], StopSaleEntry>(
    `SELECT ${columns} FROM stop_sales ORDER BY date_from, date_to, code_kind, hotel_code, id`,
  ),
  remove: db.prepare<[number], StopSaleEntry>(`DELETE FROM stop_sales WHERE id = ? RETURNING ${columns}`),
  // Room type and room codes hotels have mapped channel codes to: what a stop-sale can name.
  hotelCodes: db.prepare<[], { kind: StopSaleCodeKind; hotelCode: string }>(
    `SELECT DISTINCT kind, hotel_code AS hotelCode FROM mappings WHERE kind IN ('roomType', 'room')
     ORDER BY kind, hotel_code`,
  ),
});
const statements = statementsOf(prepare);

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

/**
 * Stores a stop-sale and its activity row. The table refuses what makes no sense (an empty code, a date
 * not written YYYY-MM-DD, an end before the start), so callers check first to say it in words.
 */
export function addStopSale(db: Database, entry: NewStopSale): StopSaleEntry {
  return db
    .transaction(() => {
      const s = statements(db);
      const saved = s.insert.get(
        entry.codeKind,
        entry.hotelCode.trim(),
        entry.from,
        entry.to,
        (entry.note ?? '').trim(),
        entry.user,
        entry.at,
      );
      if (!saved) throw new Error('stop_sales insert returned no row');
      addActivity(db, {
        at: entry.at,
        user: entry.user,
        action: 'stop-sale',
        keyField: null,
        detail: describe('added', saved),
      });
      return saved;
    })
    .immediate();
}

/** Every stop-sale, earliest first. */
export function listStopSales(db: Database): StopSaleEntry[] {
  return statements(db).list.all();
}

/** Removes one stop-sale (with its activity row); null when there is none with that id. */
export function removeStopSale(db: Database, id: number, user: string, at: string): StopSaleEntry | null {
  return db
    .transaction(() => {
      const removed = statements(db).remove.get(id) ?? null;
      if (removed)
        addActivity(db, {
          at,
          user,
          action: 'stop-sale',
          keyField: null,
          detail: describe('removed', removed),
        });
      return removed;
    })
    .immediate();
}

/** The hotel's own room type and room codes (from the mappings), the codes a stop-sale can close. */
export function stopSaleHotelCodes(db: Database): Record<StopSaleCodeKind, string[]> {
  const codes: Record<StopSaleCodeKind, string[]> = { roomType: [], room: [] };
  for (const row of statements(db).hotelCodes.iterate()) codes[row.kind].push(row.hotelCode);
  return codes;
}
