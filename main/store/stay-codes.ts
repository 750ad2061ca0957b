import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { StayCode, StayCodeKind } from '../../shared/domain';

interface StayCodeRow {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
  name: string;
  hotel: string;
  hotelNumber: number | null;
  pax: number | null;
  minAdults: number | null;
  maxAdults: number | null;
  maxChildren: number | null;
  maxPax: number | null;
}

const columns = `agency_id AS agencyId, kind, code, name, hotel, hotel_number AS hotelNumber, pax,
  min_adults AS minAdults, max_adults AS maxAdults, max_children AS maxChildren, max_pax AS maxPax`;
const kindOrder = `CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

type InsertRow = [
  string,
  StayCodeKind,
  string,
  string,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  number,
];

const prepare = (db: Database) => ({
  deleteAgency: db.prepare<[string]>('DELETE FROM stay_codes WHERE agency_id = ?'),
  insert: db.prepare<InsertRow>(
    `INSERT OR REPLACE INTO stay_codes
       (agency_id, kind, code, name, hotel, hotel_number, pax, min_adults, max_adults, max_children, max_pax,
        raw_json, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  listAll: db.prepare<[string], StayCodeRow>(
    `SELECT ${columns} FROM stay_codes WHERE agency_id = ? ORDER BY ${kindOrder}, position`,
  ),
  listKind: db.prepare<[string, StayCodeKind], StayCodeRow>(
    `SELECT ${columns} FROM stay_codes WHERE agency_id = ? AND kind = ? ORDER BY position`,
  ),
});
const statements = statementsOf(prepare);

/**
 * Replaces every stay code of one agency: the service sends rooms, room types, boards and
 * nationalities together, so a code missing from the new list is gone. Mappings are kept. Codes are
 * filed under the agency asked for, whatever id spelling (GUID case) the items carry. Every field the
 * service gives is kept, and the element itself too, so a field no one reads yet is not lost.
 */
export function replaceStayCodes(db: Database, agencyId: string, codes: readonly StayCode[]): void {
  const s = statements(db);
  db.transaction(() => {
    s.deleteAgency.run(agencyId);
    codes.forEach((c, position) =>
      s.insert.run(
        agencyId,
        c.kind,
        c.code,
        c.name,
        c.hotel ?? '',
        c.hotelNumber ?? null,
        c.pax ?? null,
        c.minAdults ?? null,
        c.maxAdults ?? null,
        c.maxChildren ?? null,
        c.maxPax ?? null,
        c.raw === undefined ? null : JSON.stringify(c.raw),
        position,
      ),
    );
  })();
}

/** An agency's stay codes (optionally of one kind), rooms first, each kind in the service's order. */
export function listStayCodes(db: Database, agencyId: string, kind?: StayCodeKind): StayCode[] {
  const s = statements(db);
  const rows = kind ? s.listKind.all(agencyId, kind) : s.listAll.all(agencyId);
  return rows.map((r): StayCode => {
    const common = {
      agencyId: r.agencyId,
      kind: r.kind,
      code: r.code,
      name: r.name,
      hotel: r.hotel,
      hotelNumber: r.hotelNumber,
    };
    if (r.kind !== 'room') return common;
    return {
      ...common,
      pax: r.pax,
      minAdults: r.minAdults,
      maxAdults: r.maxAdults,
      maxChildren: r.maxChildren,
      maxPax: r.maxPax,
    };
  });
}
