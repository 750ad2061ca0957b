// The hotel's own PMS codes, one list per kind (migration 010): what channel codes are mapped to. A code is
// unique per kind whatever its case, in Turkish and in English (hotelCodeKey); it is kept as first written.
import type { Database } from 'better-sqlite3';
import { hotelCodeKey, type HotelCode, type StayCodeKind } from '../../shared/domain';
import { statementsOf } from './statements';

export interface NewHotelCode {
  kind: StayCodeKind;
  code: string;
  name: string;
  user: string;
  at: string;
}

/** Refused: the list already has this code, maybe in another case (`existing` is how it is written). */
export class HotelCodeTaken extends Error {
  constructor(readonly existing: HotelCode) {
    super(`The hotel already has the ${existing.kind} code ${existing.code}.`);
    this.name = 'HotelCodeTaken';
  }
}

const kindOrder = `CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

const prepare = (db: Database) => ({
  list: db.prepare<[], HotelCode>(
    `SELECT kind, code, name FROM hotel_codes ORDER BY ${kindOrder}, code_key, code`,
  ),
  find: db.prepare<[StayCodeKind, string], HotelCode>(
    'SELECT kind, code, name FROM hotel_codes WHERE kind = ? AND code_key = ?',
  ),
  insert: db.prepare<[StayCodeKind, string, string, string, string, string]>(
    `INSERT INTO hotel_codes (kind, code_key, code, name, added_by, added_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, code_key) DO NOTHING`,
  ),
});
const statements = statementsOf(prepare);

/** Every code of the hotel's list, by kind (rooms, room types, boards, nationalities), then by code. */
export function listHotelCodes(db: Database): HotelCode[] {
  return statements(db).list.all();
}

/** The list's code of this kind that is `code` whatever its case, or null when the list lacks it. */
export function findHotelCode(db: Database, kind: StayCodeKind, code: string): HotelCode | null {
  const key = hotelCodeKey(code);
  return key === '' ? null : (statements(db).find.get(kind, key) ?? null);
}

/** Adds a code to the hotel's list; one already there in any case is refused with HotelCodeTaken. */
export function addHotelCode(db: Database, added: NewHotelCode): HotelCode {
  const code = added.code.trim();
  const key = hotelCodeKey(code);
  if (key === '') throw new Error('A hotel code cannot be empty.');
  const s = statements(db);
  const inserted = s.insert.run(added.kind, key, code, added.name.trim(), added.user, added.at);
  if (inserted.changes === 0) {
    const existing = s.find.get(added.kind, key);
    if (existing) throw new HotelCodeTaken(existing);
  }
  return { kind: added.kind, code, name: added.name.trim() };
}

/**
 * The list's spelling of `code`, adding it to the list first when it is not there: what a mapping stores,
 * so every mapped hotel code is in the list. Callers that must refuse a code the list lacks (the desk's
 * requests) ask findHotelCode first.
 */
export function hotelCodeInList(
  db: Database,
  kind: StayCodeKind,
  code: string,
  user: string,
  at: string,
): string {
  const found = findHotelCode(db, kind, code);
  return found ? found.code : addHotelCode(db, { kind, code, name: '', user, at }).code;
}
