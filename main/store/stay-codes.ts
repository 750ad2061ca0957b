// The channel's own codes per agency (rooms, room types, boards, nationalities), as the service lists them:
// what the hotel maps to its own codes (mappings.ts).
import { sql } from 'kysely';
import { all, changed, q, run, type Op } from './engines/op';
import { turns } from './engines/turn';
import { prepared } from './engines/prepared';
import type { StayCode, StayCodeKind } from '../../shared/domain';

type StayCodeRow = Omit<StayCode, 'raw' | 'hotel'> & { hotel: string };

// What a stay code reads back as, on both engines.
const columns = [
  'agency_id as agencyId',
  'kind',
  'code',
  'name',
  'hotel',
  'hotel_number as hotelNumber',
  'pax',
  'min_adults as minAdults',
  'max_adults as maxAdults',
  'max_children as maxChildren',
  'max_pax as maxPax',
] as const;
// Rooms first, then room types, boards, nationalities.
export const stayCodeKindOrder = sql<number>`CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

const removeAgency = prepared((p: { agencyId: string }) =>
  q.deleteFrom('stay_codes').where('agency_id', '=', p.agencyId),
);
interface StayCodeValues {
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
  rawJson: string | null;
  position: number;
}
// An upsert, not SQLite's INSERT OR REPLACE (PostgreSQL has none): a code listed twice keeps its last fields.
const put = prepared((p: StayCodeValues) =>
  q
    .insertInto('stay_codes')
    .values({
      agency_id: p.agencyId,
      kind: p.kind,
      code: p.code,
      name: p.name,
      hotel: p.hotel,
      hotel_number: p.hotelNumber,
      pax: p.pax,
      min_adults: p.minAdults,
      max_adults: p.maxAdults,
      max_children: p.maxChildren,
      max_pax: p.maxPax,
      raw_json: p.rawJson,
      position: p.position,
    })
    .onConflict((c) =>
      c.columns(['agency_id', 'kind', 'code']).doUpdateSet((e) => ({
        name: e.ref('excluded.name'),
        hotel: e.ref('excluded.hotel'),
        hotel_number: e.ref('excluded.hotel_number'),
        pax: e.ref('excluded.pax'),
        min_adults: e.ref('excluded.min_adults'),
        max_adults: e.ref('excluded.max_adults'),
        max_children: e.ref('excluded.max_children'),
        max_pax: e.ref('excluded.max_pax'),
        raw_json: e.ref('excluded.raw_json'),
        position: e.ref('excluded.position'),
      })),
    ),
);
const ofAgency = prepared((p: { agencyId: string }) =>
  q
    .selectFrom('stay_codes')
    .select(columns)
    .where('agency_id', '=', p.agencyId)
    .orderBy(stayCodeKindOrder)
    .orderBy('position'),
);
const ofKind = prepared((p: { agencyId: string; kind: StayCodeKind }) =>
  q
    .selectFrom('stay_codes')
    .select(columns)
    .where('agency_id', '=', p.agencyId)
    .where('kind', '=', p.kind)
    .orderBy('position'),
);

/** A stored row as a StayCode: the guest limits belong to rooms only. */
function stayCode(r: StayCodeRow): StayCode {
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
}

/** Stay codes' operations, one definition for both engines (engines/op.ts). */
export const stayCodeOps = {
  /**
   * Replaces every stay code of one agency: the service sends rooms, room types, boards and
   * nationalities together, so a code missing from the new list is gone. Mappings are kept. Codes are
   * filed under the agency asked for, whatever id spelling (GUID case) the items carry. Every field the
   * service gives is kept, and the element itself too, so a field no one reads yet is not lost.
   */
  *replace(agencyId: string, codes: readonly StayCode[]): Op<void> {
    yield* run(turns.reference);
    yield* run(removeAgency({ agencyId }));
    for (const [position, c] of codes.entries())
      yield* run(
        put({
          agencyId,
          kind: c.kind,
          code: c.code,
          name: c.name,
          hotel: c.hotel ?? '',
          hotelNumber: c.hotelNumber ?? null,
          pax: c.pax ?? null,
          minAdults: c.minAdults ?? null,
          maxAdults: c.maxAdults ?? null,
          maxChildren: c.maxChildren ?? null,
          maxPax: c.maxPax ?? null,
          rawJson: c.raw === undefined ? null : JSON.stringify(c.raw),
          position,
        }),
      );
    // Other desks' mapping screens and room limits (the checks) read them again.
    yield* changed('stay_codes', 'changed', [agencyId]);
  },

  /** An agency's stay codes (optionally of one kind), rooms first, each kind in the service's order. */
  *list(agencyId: string, kind?: StayCodeKind): Op<StayCode[]> {
    const rows = yield* all(kind ? ofKind({ agencyId, kind }) : ofAgency({ agencyId }));
    return rows.map(stayCode);
  },
};
