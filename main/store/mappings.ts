// Channel codes mapped to the hotel's own codes, per agency, or once for all agencies (agency_id '*',
// ALL_AGENCIES): an agency's own mapping wins, the all-agencies one applies where it has none. Every reader
// of `mappings` (here, pms-entry.ts, export-rows.ts, checks-input.ts through main/checks) takes that fallback.
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import { hotelCodeOps } from './hotel-codes';
import { all, first, q, run, changed, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { runSqlite } from './engines/run-sqlite';
import { textList } from './engines/text-list';
import {
  allAgencies,
  codesOfReservation,
  mappingsOf,
  ownCode,
  stayCodesOf,
  usageOf,
  withUnmappedCodes,
  type MappingKey,
} from './mapping-queries';
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

/** A mapping's key as the change feed names it. */
const mappingId = (agencyId: string, kind: StayCodeKind, channelCode: string): string =>
  JSON.stringify([agencyId, kind, channelCode]);

type MappingWrite = MappingKey & { hotelCode: string; user: string; at: string };
const mappingRow = (p: MappingWrite) => ({
  agency_id: p.agencyId,
  kind: p.kind,
  channel_code: p.channelCode,
  hotel_code: p.hotelCode,
  updated_by: p.user,
  updated_at: p.at,
});

const upsert = prepared((p: MappingWrite) =>
  q
    .insertInto('mappings')
    .values(mappingRow(p))
    .onConflict((c) =>
      c.columns(['agency_id', 'kind', 'channel_code']).doUpdateSet((e) => ({
        hotel_code: e.ref('excluded.hotel_code'),
        updated_by: e.ref('excluded.updated_by'),
        updated_at: e.ref('excluded.updated_at'),
      })),
    ),
);
// A mapping only where there is none: what a copy writes, so a code another desk maps meanwhile keeps its mapping.
const insertNew = prepared((p: MappingWrite) =>
  q
    .insertInto('mappings')
    .values(mappingRow(p))
    .onConflict((c) => c.columns(['agency_id', 'kind', 'channel_code']).doNothing()),
);
const remove = prepared((p: MappingKey) =>
  q
    .deleteFrom('mappings')
    .where('agency_id', '=', p.agencyId)
    .where('kind', '=', p.kind)
    .where('channel_code', '=', p.channelCode),
);
// The agency's own mapping first, else the all-agencies one (a literal: mapping-queries.ts).
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

const rowGroup = (row: MappingRow): number => (row.hotelCode !== null ? 2 : row.usedByLive > 0 ? 0 : 1);
const keyOf = (kind: StayCodeKind, code: string): string => `${kind}\u0000${code}`;

/** The mapping screen's reads and the copy, one definition for both engines (engines/op.ts). */
export const mappingViewOps = {
  /**
   * Every code of an agency beside its hotel code, with how many live reservations use it. The work
   * that blocks reservations comes first: unmapped codes in use (most used first), then other
   * unmapped codes, then the mapped ones. Codes a reservation uses but the agency never listed are
   * included, since the channel sends them anyway, and so are the `include`d ones (the code a screen was
   * opened on, which only a declined or cancelled reservation may use).
   */
  *view(agencyId: string, include: readonly ChannelCode[] = []): Op<MappingView> {
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
    for (const code of yield* all(stayCodesOf({ agencyId }))) add(code.kind, code.code, code.name);
    for (const usage of yield* usageOf(agencyId)) {
      const row = add(usage.kind, usage.code, usage.name ?? '');
      row.usedByLive = usage.used;
      if (row.channelName === '') row.channelName = usage.name ?? '';
    }
    for (const code of include) add(code.kind, code.channelCode, '');
    for (const mapping of yield* all(mappingsOf({ agencyId }))) {
      const row = add(mapping.kind, mapping.code, '');
      row.hotelCode = mapping.hotelCode;
      row.mappedFor = 'agency';
    }
    for (const mapping of yield* all(mappingsOf({ agencyId: ALL_AGENCIES }))) {
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
      hotelCodes: yield* hotelCodeOps.list(),
    };
  },

  /**
   * Copies another agency's own mappings into this one, for the codes this agency has (listed or used) and
   * does not map yet, neither itself nor through an all-agencies mapping. Nothing it maps is changed.
   */
  *copy(request: MappingCopyRequest): Op<MappingCopy['copied']> {
    const { agencyId, fromAgencyId, user, at } = request;
    const copied: MappingCopy['copied'] = [];
    for (const row of (yield* mappingViewOps.view(agencyId)).rows) {
      if (row.mappedFor !== null) continue;
      const theirs = yield* first(
        ownCode({ agencyId: fromAgencyId, kind: row.kind, channelCode: row.channelCode }),
      );
      if (theirs === undefined) continue;
      const hotelCode = yield* hotelCodeOps.inList(row.kind, theirs.hotel_code, user, at);
      const key = { agencyId, kind: row.kind, channelCode: row.channelCode };
      if ((yield* run(insertNew({ ...key, hotelCode, user, at }))) === 0) continue;
      yield* changed('mappings', 'changed', [mappingId(agencyId, row.kind, row.channelCode)]);
      copied.push({ kind: row.kind, channelCode: row.channelCode, hotelCode });
    }
    return copied;
  },

  /** Every channel code one reservation uses, with the hotel's code where mapped. */
  *codesOf(keyField: string): Op<MappedCode[]> {
    return yield* all(codesOfReservation({ keyField }));
  },

  /** The codes of one reservation nobody has mapped yet, so its screen can link to them. */
  *unmappedOf(keyField: string): Op<ChannelCode[]> {
    return (yield* mappingViewOps.codesOf(keyField))
      .filter((code) => code.hotelCode === null)
      .map(({ kind, channelCode }) => ({ kind, channelCode }));
  },

  /** Which of these reservations (a page of the inbox) use at least one unmapped code. */
  *withUnmappedCodes(keyFields: readonly string[]): Op<Set<string>> {
    if (keyFields.length === 0) return new Set();
    const rows = yield* all(withUnmappedCodes({ keys: textList(keyFields) }));
    return new Set(rows.map((row) => row.keyField));
  },
};

/** Which of these reservations (a page of the inbox) use at least one unmapped code. */
export function hasUnmappedCodes(db: Database, keyFields: readonly string[]): Set<string> {
  return runSqlite(db, mappingViewOps.withUnmappedCodes(keyFields));
}
