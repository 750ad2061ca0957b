import type { Database } from 'better-sqlite3';
import type { StayCode, StayCodeKind } from '../../shared/domain';

interface StayCodeRow {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
  name: string;
  pax: number | null;
  minAdults: number | null;
  maxAdults: number | null;
  maxChildren: number | null;
}

const columns = `agency_id AS agencyId, kind, code, name, pax, min_adults AS minAdults,
  max_adults AS maxAdults, max_children AS maxChildren`;
const kindOrder = `CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

const prepare = (db: Database) => ({
  deleteAgency: db.prepare<[string]>('DELETE FROM stay_codes WHERE agency_id = ?'),
  insert: db.prepare<
    [string, StayCodeKind, string, string, number | null, number | null, number | null, number | null, number]
  >(
    `INSERT OR REPLACE INTO stay_codes
       (agency_id, kind, code, name, pax, min_adults, max_adults, max_children, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  listAll: db.prepare<[string], StayCodeRow>(
    `SELECT ${columns} FROM stay_codes WHERE agency_id = ? ORDER BY ${kindOrder}, position`,
  ),
  listKind: db.prepare<[string, StayCodeKind], StayCodeRow>(
    `SELECT ${columns} FROM stay_codes WHERE agency_id = ? AND kind = ? ORDER BY position`,
  ),
});
const cache = new WeakMap<Database, ReturnType<typeof prepare>>();
const statements = (db: Database): ReturnType<typeof prepare> => {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
};

/**
 * Replaces every stay code of one agency: the service sends rooms, room types, boards and
 * nationalities together, so a code missing from the new list is gone. Mappings are kept. Codes are
 * filed under the agency asked for, whatever id spelling (GUID case) the items carry.
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
        c.pax ?? null,
        c.minAdults ?? null,
        c.maxAdults ?? null,
        c.maxChildren ?? null,
        position,
      ),
    );
  })();
}

/** An agency's stay codes (optionally of one kind), rooms first, each kind in the service's order. */
export function listStayCodes(db: Database, agencyId: string, kind?: StayCodeKind): StayCode[] {
  const s = statements(db);
  const rows = kind ? s.listKind.all(agencyId, kind) : s.listAll.all(agencyId);
  return rows.map((r): StayCode =>
    r.kind === 'room' ? r : { agencyId: r.agencyId, kind: r.kind, code: r.code, name: r.name },
  );
}
