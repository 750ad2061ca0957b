// The hotel's own PMS codes, one list per kind (migration 010): what channel codes are mapped to. A code is
// unique per kind whatever its case, in Turkish and in English (hotelCodeKey); it is kept as first written.
import { hotelCodeKey, type HotelCode, type StayCodeKind } from '../../shared/domain';
import { sql } from 'kysely';
import { all, changed, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';

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

// By kind (rooms, room types, boards, nationalities), then by code.
const kindOrder = sql<number>`CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

const everyCode = prepared(() =>
  q
    .selectFrom('hotel_codes')
    .select(['kind', 'code', 'name'])
    .orderBy(kindOrder)
    .orderBy('code_key')
    .orderBy('code'),
);
const byKey = prepared((p: { kind: StayCodeKind; key: string }) =>
  q
    .selectFrom('hotel_codes')
    .select(['kind', 'code', 'name'])
    .where('kind', '=', p.kind)
    .where('code_key', '=', p.key),
);
// ON CONFLICT DO NOTHING, not a read first: two desks adding the same code at once get one row, and the one that
// did not add it learns so from the insert (no row returned).
const insert = prepared(
  (p: { kind: StayCodeKind; key: string; code: string; name: string; user: string; at: string }) =>
    q
      .insertInto('hotel_codes')
      .values({ kind: p.kind, code_key: p.key, code: p.code, name: p.name, added_by: p.user, added_at: p.at })
      .onConflict((c) => c.columns(['kind', 'code_key']).doNothing())
      .returning('code'),
);

/** Hotel codes' operations, one definition for both engines (engines/op.ts). */
export const hotelCodeOps = {
  *list(): Op<HotelCode[]> {
    return yield* all(everyCode({}));
  },

  *find(kind: StayCodeKind, code: string): Op<HotelCode | null> {
    const key = hotelCodeKey(code);
    if (key === '') return null;
    return (yield* first(byKey({ kind, key }))) ?? null;
  },

  /** Adds a code to the list; null when the list already has it in some case. */
  *insert(added: NewHotelCode): Op<HotelCode | null> {
    const code = added.code.trim();
    const key = hotelCodeKey(code);
    if (key === '') throw new Error('A hotel code cannot be empty.');
    const name = added.name.trim();
    const inserted = yield* first(
      insert({ kind: added.kind, key, code, name, user: added.user, at: added.at }),
    );
    if (!inserted) return null;
    yield* changed('hotel_codes', 'added', [`${added.kind}:${key}`]);
    return { kind: added.kind, code, name };
  },

  /** Adds a code to the hotel's list; one already there in any case is refused with HotelCodeTaken. */
  *add(added: NewHotelCode): Op<HotelCode> {
    const saved = yield* hotelCodeOps.insert(added);
    if (saved) return saved;
    const existing = yield* first(byKey({ kind: added.kind, key: hotelCodeKey(added.code) }));
    if (existing) throw new HotelCodeTaken(existing);
    throw new Error('hotel_codes refused a code it does not hold');
  },

  /** The list's spelling of `code`, added first when the list lacks it (by this desk or, meanwhile, another). */
  *inList(kind: StayCodeKind, code: string, user: string, at: string): Op<string> {
    const found = yield* hotelCodeOps.find(kind, code);
    if (found) return found.code;
    const saved = yield* hotelCodeOps.insert({ kind, code, name: '', user, at });
    if (saved) return saved.code;
    const existing = yield* hotelCodeOps.find(kind, code);
    if (!existing) throw new Error('hotel_codes refused a code it does not hold');
    return existing.code;
  },
};
