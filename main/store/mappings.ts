// Channel codes mapped to the hotel's own codes, per agency, or once for all agencies (agency_id '*',
// ALL_AGENCIES): an agency's own mapping wins, the all-agencies one applies where it has none. Every reader
// of `mappings` (here, pms-entry.ts, export-rows.ts, checks-input.ts through main/checks) takes that fallback.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import { sql } from 'kysely';
import { hotelCodeInList, hotelCodeOps, listHotelCodes } from './hotel-codes';
import { first, q, run, changed, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { runSqlite, writeSqlite } from './engines/run-sqlite';
import {
  ALL_AGENCIES,
  type MappedCode,
  type MappingCopy,
  type MappingRow,
  type MappingView,
  type StayCodeKind,
} from '../../shared/domain';

export interface MappingChange {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  /** Empty removes the mapping. Stored as the hotel's list writes it; a code the list lacks is added. */
  hotelCode: string;
  /**
   * Map the code once for all agencies (every agency without an own mapping of it), and drop this
   * agency's own mapping so it follows that one too. Empty hotelCode then removes the all-agencies mapping.
   */
  forAllAgencies?: boolean;
  user: string;
  at: string;
}

export interface MappingCopyRequest {
  /** The agency whose unmapped codes are filled in. */
  agencyId: string;
  /** The agency whose own mappings are copied. */
  fromAgencyId: string;
  user: string;
  at: string;
}

export interface ChannelCode {
  kind: StayCodeKind;
  channelCode: string;
}

const kindRank: Record<StayCodeKind, number> = { room: 0, roomType: 1, board: 2, nationality: 3 };
const kindOrder = `CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END`;

// Live: the hotel still has to host it. Declined and cancelled reservations need no mapping.
const live = `r.confirmation_status IN ('W', 'E') AND r.change_kind <> 'cancelled'`;
const all = `'${ALL_AGENCIES}'`;
const unmapped = (kind: StayCodeKind, code: string): string =>
  `(${code} <> '' AND NOT EXISTS (SELECT 1 FROM mappings m
     WHERE m.agency_id IN (r.agency_id, ${all}) AND m.kind = '${kind}' AND m.channel_code = ${code}))`;

// Every code one reservation uses, with the name the channel gave it on this reservation.
const codesOfReservation = `
  WITH r AS (SELECT * FROM reservations WHERE key_field = ?),
  used (kind, code, name) AS (
    SELECT 'room', room_id, room_name FROM r
    UNION SELECT 'roomType', room_type_id, room_type_name FROM r
    UNION SELECT 'board', accom_id, accom_name FROM r
    UNION SELECT 'nationality', g.nationality, max(g.nationality_string) FROM guests g JOIN r ON g.reservation_id = r.id
      GROUP BY g.nationality
  )
  SELECT u.kind, u.code AS channelCode, coalesce(nullif(u.name, ''), s.name, '') AS channelName,
         coalesce(m.hotel_code, a.hotel_code) AS hotelCode
  FROM used u CROSS JOIN r
  LEFT JOIN mappings m ON m.agency_id = r.agency_id AND m.kind = u.kind AND m.channel_code = u.code
  LEFT JOIN mappings a ON a.agency_id = ${all} AND a.kind = u.kind AND a.channel_code = u.code
  LEFT JOIN stay_codes s ON s.agency_id = r.agency_id AND s.kind = u.kind AND s.code = u.code
  WHERE u.code IS NOT NULL AND u.code <> ''
  ORDER BY CASE u.kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2 ELSE 3 END, u.code`;

interface UsageRow {
  kind: StayCodeKind;
  code: string;
  name: string;
  used: number;
}

interface CombinationRow {
  roomId: string;
  roomName: string;
  roomTypeId: string;
  roomTypeName: string;
  accomId: string;
  accomName: string;
  used: number;
}

/** How many live reservations of the agency use each code, with the name the channel gave it. */
function usageOf(s: ReturnType<typeof prepare>, agencyId: string): UsageRow[] {
  const usage = new Map<string, UsageRow>();
  const count = (kind: StayCodeKind, code: string, name: string, used: number): void => {
    if (code === '') return;
    const key = `${kind}\u0000${code}`;
    const row = usage.get(key);
    if (row) row.used += used;
    else usage.set(key, { kind, code, name, used });
  };
  for (const c of s.usedCombinations.all(agencyId)) {
    count('room', c.roomId, c.roomName, c.used);
    count('roomType', c.roomTypeId, c.roomTypeName, c.used);
    count('board', c.accomId, c.accomName, c.used);
  }
  return [...usage.values(), ...s.usedNationalities.all(agencyId)];
}

const prepare = (db: Database) => ({
  ownCode: db
    .prepare<[string, StayCodeKind, string], string>(
      'SELECT hotel_code FROM mappings WHERE agency_id = ? AND kind = ? AND channel_code = ?',
    )
    .pluck(),
  stayCodes: db.prepare<[string], { kind: StayCodeKind; code: string; name: string }>(
    `SELECT kind, code, name FROM stay_codes WHERE agency_id = ? ORDER BY ${kindOrder}, position`,
  ),
  mappings: db.prepare<[string], { kind: StayCodeKind; code: string; hotelCode: string }>(
    'SELECT kind, channel_code AS code, hotel_code AS hotelCode FROM mappings WHERE agency_id = ?',
  ),
  // One pass over the agency's live reservations for the three reservation-level codes; the few
  // hundred combinations are then summed per code.
  usedCombinations: db.prepare<[string], CombinationRow>(
    `SELECT room_id AS roomId, max(room_name) AS roomName, room_type_id AS roomTypeId,
       max(room_type_name) AS roomTypeName, accom_id AS accomId, max(accom_name) AS accomName, count(*) AS used
     FROM reservations r WHERE r.agency_id = ? AND ${live}
     GROUP BY room_id, room_type_id, accom_id`,
  ),
  usedNationalities: db.prepare<[string], UsageRow>(
    `SELECT 'nationality' AS kind, g.nationality AS code, max(g.nationality_string) AS name,
       count(DISTINCT r.id) AS used
     FROM reservations r JOIN guests g ON g.reservation_id = r.id
     WHERE r.agency_id = ? AND ${live} AND g.nationality <> '' GROUP BY g.nationality`,
  ),
  codesOfReservation: db.prepare<[string], MappedCode>(codesOfReservation),
  withUnmappedCodes: db
    .prepare<[string], string>(
      `SELECT r.key_field FROM reservations r
       WHERE r.key_field IN (SELECT value FROM json_each(?))
         AND (${unmapped('room', 'r.room_id')} OR ${unmapped('roomType', 'r.room_type_id')}
           OR ${unmapped('board', 'r.accom_id')}
           OR EXISTS (SELECT 1 FROM guests g WHERE g.reservation_id = r.id
                      AND ${unmapped('nationality', 'g.nationality')}))`,
    )
    .pluck(),
});
const statements = statementsOf(prepare);

/** A mapping's key as the change feed names it. */
const mappingId = (agencyId: string, kind: StayCodeKind, channelCode: string): string =>
  JSON.stringify([agencyId, kind, channelCode]);

interface MappingKey {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
}

const upsert = prepared((p: MappingKey & { hotelCode: string; user: string; at: string }) =>
  q
    .insertInto('mappings')
    .values({
      agency_id: p.agencyId,
      kind: p.kind,
      channel_code: p.channelCode,
      hotel_code: p.hotelCode,
      updated_by: p.user,
      updated_at: p.at,
    })
    .onConflict((c) =>
      c.columns(['agency_id', 'kind', 'channel_code']).doUpdateSet((e) => ({
        hotel_code: e.ref('excluded.hotel_code'),
        updated_by: e.ref('excluded.updated_by'),
        updated_at: e.ref('excluded.updated_at'),
      })),
    ),
);
const remove = prepared((p: MappingKey) =>
  q
    .deleteFrom('mappings')
    .where('agency_id', '=', p.agencyId)
    .where('kind', '=', p.kind)
    .where('channel_code', '=', p.channelCode),
);
// The agency's own mapping first, else the all-agencies one. The constants are written into the SQL: bound as
// parameters, SQLite plans this 4x slower (its sort cannot use them).
const allAgencies = sql.lit(ALL_AGENCIES);
const mappedCode = prepared((p: MappingKey) =>
  q
    .selectFrom('mappings')
    .select('hotel_code')
    .where('agency_id', 'in', [p.agencyId, allAgencies])
    .where('kind', '=', p.kind)
    .where('channel_code', '=', p.channelCode)
    .orderBy(sql`agency_id = ${allAgencies}`)
    .limit(sql.lit(1)),
);

/** Mapping writes and lookups, one definition for both engines (engines/op.ts). */
export const mappingOps = {
  /** Stores one mapping as given (the hotel code already in the list's spelling). */
  *put(
    agencyId: string,
    kind: StayCodeKind,
    channelCode: string,
    hotelCode: string,
    user: string,
    at: string,
  ): Op<void> {
    yield* run(upsert({ agencyId, kind, channelCode, hotelCode, user, at }));
    yield* changed('mappings', 'changed', [mappingId(agencyId, kind, channelCode)]);
  },

  *remove(agencyId: string, kind: StayCodeKind, channelCode: string): Op<void> {
    const removed = yield* run(remove({ agencyId, kind, channelCode }));
    if (removed > 0) yield* changed('mappings', 'removed', [mappingId(agencyId, kind, channelCode)]);
  },

  /**
   * Maps a channel code to the hotel's own code, for the agency or (forAllAgencies) once for all agencies;
   * an empty hotel code removes the mapping.
   */
  *set(change: MappingChange): Op<void> {
    const { kind, channelCode, user, at } = change;
    const agencyId = change.forAllAgencies === true ? ALL_AGENCIES : change.agencyId;
    const typed = change.hotelCode.trim();
    if (typed === '') yield* mappingOps.remove(agencyId, kind, channelCode);
    else {
      const hotelCode = yield* hotelCodeOps.inList(kind, typed, user, at);
      yield* mappingOps.put(agencyId, kind, channelCode, hotelCode, user, at);
    }
    if (agencyId !== change.agencyId) yield* mappingOps.remove(change.agencyId, kind, channelCode);
  },

  /** The hotel's code for a channel code (the agency's own mapping, else the all-agencies one), or null. */
  *hotelCodeFor(agencyId: string, kind: StayCodeKind, channelCode: string): Op<string | null> {
    const row = yield* first(mappedCode({ agencyId, kind, channelCode }));
    return row?.hotel_code ?? null;
  },
};

/**
 * Maps a channel code to the hotel's own code, for the agency or (forAllAgencies) once for all agencies;
 * an empty hotel code removes the mapping.
 */
export function setMapping(db: Database, change: MappingChange): void {
  writeSqlite(db, mappingOps.set(change));
}

/** The hotel's code for a channel code (the agency's own mapping, else the all-agencies one), or null. */
export function hotelCodeFor(
  db: Database,
  agencyId: string,
  kind: StayCodeKind,
  channelCode: string,
): string | null {
  return runSqlite(db, mappingOps.hotelCodeFor(agencyId, kind, channelCode));
}

const rowGroup = (row: MappingRow): number => (row.hotelCode !== null ? 2 : row.usedByLive > 0 ? 0 : 1);
const keyOf = (kind: StayCodeKind, code: string): string => `${kind}\u0000${code}`;

/**
 * Every code of an agency beside its hotel code, with how many live reservations use it. The work
 * that blocks reservations comes first: unmapped codes in use (most used first), then other
 * unmapped codes, then the mapped ones. Codes a reservation uses but the agency never listed are
 * included, since the channel sends them anyway, and so are the `include`d ones (the code a screen was
 * opened on, which only a declined or cancelled reservation may use).
 */
export function mappingView(
  db: Database,
  agencyId: string,
  include: readonly ChannelCode[] = [],
): MappingView {
  const s = statements(db);
  const rows = new Map<string, MappingRow & { position: number }>();
  const add = (kind: StayCodeKind, code: string, name: string): MappingRow & { position: number } => {
    const key = keyOf(kind, code);
    let row = rows.get(key);
    if (!row) {
      row = {
        kind,
        channelCode: code,
        channelName: name,
        hotelCode: null,
        usedByLive: 0,
        mappedFor: null,
        allAgenciesCode: null,
        position: rows.size,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const code of s.stayCodes.all(agencyId)) add(code.kind, code.code, code.name);
  for (const usage of usageOf(s, agencyId)) {
    const row = add(usage.kind, usage.code, usage.name ?? '');
    row.usedByLive = usage.used;
    if (row.channelName === '') row.channelName = usage.name ?? '';
  }
  for (const code of include) add(code.kind, code.channelCode, '');
  for (const mapping of s.mappings.all(agencyId)) {
    const row = add(mapping.kind, mapping.code, '');
    row.hotelCode = mapping.hotelCode;
    row.mappedFor = 'agency';
  }
  for (const mapping of s.mappings.all(ALL_AGENCIES)) {
    const row = rows.get(keyOf(mapping.kind, mapping.code));
    if (!row) continue;
    row.allAgenciesCode = mapping.hotelCode;
    if (row.mappedFor === null) {
      row.hotelCode = mapping.hotelCode;
      row.mappedFor = 'allAgencies';
    }
  }

  const ordered = [...rows.values()].sort(
    (a, b) =>
      rowGroup(a) - rowGroup(b) ||
      (rowGroup(a) === 0 ? b.usedByLive - a.usedByLive : 0) ||
      kindRank[a.kind] - kindRank[b.kind] ||
      a.position - b.position,
  );
  return {
    agencyId,
    rows: ordered.map(({ position: _position, ...row }) => row),
    total: ordered.length,
    unmapped: ordered.filter((row) => row.hotelCode === null).length,
    hotelCodes: listHotelCodes(db),
  };
}

/**
 * Copies another agency's own mappings into this one, for the codes this agency has (listed or used) and
 * does not map yet, neither itself nor through an all-agencies mapping. Nothing it maps is changed.
 */
export function copyMappings(db: Database, request: MappingCopyRequest): MappingCopy['copied'] {
  const s = statements(db);
  const { agencyId, fromAgencyId, user, at } = request;
  return db.transaction(() => {
    const copied: MappingCopy['copied'] = [];
    for (const row of mappingView(db, agencyId).rows) {
      if (row.mappedFor !== null) continue;
      const theirs = s.ownCode.get(fromAgencyId, row.kind, row.channelCode);
      if (theirs === undefined) continue;
      const hotelCode = hotelCodeInList(db, row.kind, theirs, user, at);
      runSqlite(db, mappingOps.put(agencyId, row.kind, row.channelCode, hotelCode, user, at));
      copied.push({ kind: row.kind, channelCode: row.channelCode, hotelCode });
    }
    return copied;
  })();
}

/** Every channel code one reservation uses, with the hotel's code where mapped. */
export function mappedCodesFor(db: Database, keyField: string): MappedCode[] {
  return statements(db).codesOfReservation.all(keyField);
}

/** The codes of one reservation nobody has mapped yet, so its screen can link to them. */
export function unmappedCodesFor(db: Database, keyField: string): ChannelCode[] {
  return mappedCodesFor(db, keyField)
    .filter((code) => code.hotelCode === null)
    .map(({ kind, channelCode }) => ({ kind, channelCode }));
}

/** Which of these reservations (a page of the inbox) use at least one unmapped code. */
export function hasUnmappedCodes(db: Database, keyFields: readonly string[]): Set<string> {
  if (keyFields.length === 0) return new Set();
  return new Set(statements(db).withUnmappedCodes.all(JSON.stringify(keyFields)));
}
