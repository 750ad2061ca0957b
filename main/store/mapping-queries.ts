// The reads behind the mapping screen and the reservation's codes (mappings.ts), one definition for both
// engines. Every reader of `mappings` takes the all-agencies fallback (agency_id ALL_AGENCIES).
import { sql, type RawBuilder } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import { inTextList } from './engines/text-list';
import { stayCodeKindOrder } from './stay-codes';
import { ALL_AGENCIES, type MappedCode, type StayCodeKind } from '../../shared/domain';

export interface MappingKey {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
}

/**
 * The all-agencies agency, written into the SQL: bound as a parameter, SQLite plans the lookup 4x slower (its
 * sort cannot use it).
 */
export const allAgencies = sql.lit(ALL_AGENCIES);

// Live: the hotel still has to host it. Declined and cancelled reservations need no mapping. Constants are
// literals on both engines (engines/prepared.ts).
const live = sql<boolean>`r.confirmation_status IN ('W', 'E') AND r.change_kind <> 'cancelled'`;
const unmapped = (kind: StayCodeKind, code: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`(${code} <> '' AND NOT EXISTS (SELECT 1 FROM mappings m
     WHERE m.agency_id IN (r.agency_id, ${allAgencies}) AND m.kind = ${sql.lit(kind)} AND m.channel_code = ${code}))`;

// Every code one reservation uses, with the name the channel gave it on this reservation. Written as SQL: a union
// of four kinds reads plainer so than built. Aliases quoted, or PostgreSQL would fold them to lower case.
export const codesOfReservation = prepared((p: { keyField: string }) =>
  rawQuery(sql<MappedCode>`
  WITH r AS (SELECT * FROM reservations WHERE key_field = ${p.keyField}),
  used (kind, code, name) AS (
    SELECT 'room', room_id, room_name FROM r
    UNION SELECT 'roomType', room_type_id, room_type_name FROM r
    UNION SELECT 'board', accom_id, accom_name FROM r
    UNION SELECT 'nationality', g.nationality, max(g.nationality_string) FROM guests g JOIN r ON g.reservation_id = r.id
      GROUP BY g.nationality
  )
  SELECT u.kind, u.code AS "channelCode", coalesce(nullif(u.name, ''), s.name, '') AS "channelName",
         coalesce(m.hotel_code, a.hotel_code) AS "hotelCode"
  FROM used u CROSS JOIN r
  LEFT JOIN mappings m ON m.agency_id = r.agency_id AND m.kind = u.kind AND m.channel_code = u.code
  LEFT JOIN mappings a ON a.agency_id = ${allAgencies} AND a.kind = u.kind AND a.channel_code = u.code
  LEFT JOIN stay_codes s ON s.agency_id = r.agency_id AND s.kind = u.kind AND s.code = u.code
  WHERE u.code IS NOT NULL AND u.code <> ''
  ORDER BY CASE u.kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END, u.code`),
);

// Which of a page's reservations use a code nobody mapped; the page's keys bound as one value (text-list.ts).
export const withUnmappedCodes = prepared((p: { keys: string }) =>
  rawQuery(sql<{ keyField: string }>`SELECT r.key_field AS "keyField" FROM reservations r
    WHERE r.key_field IN ${inTextList(p.keys)}
      AND (${unmapped('room', sql`r.room_id`)} OR ${unmapped('roomType', sql`r.room_type_id`)}
        OR ${unmapped('board', sql`r.accom_id`)}
        OR EXISTS (SELECT 1 FROM guests g WHERE g.reservation_id = r.id
                   AND ${unmapped('nationality', sql`g.nationality`)}))`),
);

export const ownCode = prepared((p: MappingKey) =>
  q
    .selectFrom('mappings')
    .select('hotel_code')
    .where('agency_id', '=', p.agencyId)
    .where('kind', '=', p.kind)
    .where('channel_code', '=', p.channelCode),
);
export const stayCodesOf = prepared((p: { agencyId: string }) =>
  q
    .selectFrom('stay_codes')
    .select(['kind', 'code', 'name'])
    .where('agency_id', '=', p.agencyId)
    .orderBy(stayCodeKindOrder)
    .orderBy('position'),
);
// In key order: SQLite reads them so by the primary key; PostgreSQL is told.
export const mappingsOf = prepared((p: { agencyId: string }) =>
  q
    .selectFrom('mappings')
    .select(['kind', 'channel_code as code', 'hotel_code as hotelCode'])
    .where('agency_id', '=', p.agencyId)
    .orderBy('kind')
    .orderBy('channel_code'),
);
// One pass over the agency's live reservations for the three reservation-level codes; the few hundred
// combinations are then summed per code. Ordered as SQLite's grouping reads them, on both engines, so codes
// first seen here keep the same places in the view.
const usedCombinations = prepared((p: { agencyId: string }) =>
  q
    .selectFrom('reservations as r')
    .select((eb) => [
      'r.room_id as roomId',
      eb.fn.max('r.room_name').as('roomName'),
      'r.room_type_id as roomTypeId',
      eb.fn.max('r.room_type_name').as('roomTypeName'),
      'r.accom_id as accomId',
      eb.fn.max('r.accom_name').as('accomName'),
      eb.fn.countAll<number>().as('used'),
    ])
    .where('r.agency_id', '=', p.agencyId)
    .where(live)
    .groupBy(['r.room_id', 'r.room_type_id', 'r.accom_id'])
    .orderBy('r.room_id')
    .orderBy('r.room_type_id')
    .orderBy('r.accom_id'),
);
const usedNationalities = prepared((p: { agencyId: string }) =>
  q
    .selectFrom('reservations as r')
    .innerJoin('guests as g', 'g.reservation_id', 'r.id')
    .select((eb) => [
      'g.nationality as code',
      eb.fn.max('g.nationality_string').as('name'),
      eb.fn.count<number>('r.id').distinct().as('used'),
    ])
    .where('r.agency_id', '=', p.agencyId)
    .where(live)
    .where('g.nationality', '<>', sql.lit(''))
    .groupBy('g.nationality'),
);

export interface UsageRow {
  kind: StayCodeKind;
  code: string;
  name: string | null;
  used: number;
}

/** Bytewise, as SQLite sorts its groups: the guests view's text has the database's collation on PostgreSQL. */
const byCode = (a: UsageRow, b: UsageRow): number => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** How many live reservations of the agency use each code, with the name the channel gave it. */
export function* usageOf(agencyId: string): Op<UsageRow[]> {
  const usage = new Map<string, UsageRow>();
  const count = (kind: StayCodeKind, code: string, name: string | null, used: number): void => {
    if (code === '') return;
    const key = `${kind}\u0000${code}`;
    const row = usage.get(key);
    if (row) row.used += used;
    else usage.set(key, { kind, code, name, used });
  };
  for (const c of yield* all(usedCombinations({ agencyId }))) {
    count('room', c.roomId, c.roomName, c.used);
    count('roomType', c.roomTypeId, c.roomTypeName, c.used);
    count('board', c.accomId, c.accomName, c.used);
  }
  const nationalities: UsageRow[] = [];
  for (const n of yield* all(usedNationalities({ agencyId })))
    if (n.code !== null)
      nationalities.push({ kind: 'nationality', code: n.code, name: n.name, used: n.used });
  return [...usage.values(), ...nationalities.sort(byCode)];
}
