// How large an export will be and which codes in it have no hotel code yet: what the export dialog previews before
// a file is written, counted in SQL over the same selection the rows are read by (export-rows.ts).
import type { StayCodeKind, UnmappedCode } from '../../shared/domain';
import { all, first, type Op } from './engines/op';
import type { EngineName } from './engines/per-engine';
import { sqlPerEngine } from './engines/sql-per-engine';
import { guest, guestPosition, guestsLength, guestsOf } from './export-guests-sql';
import { selectionWhere, type ExportSelection } from './export-rows';

export interface ExportCounts {
  reservations: number;
  /** CSV lines: rooms (reservations) or guests (guests, arrivals), never fewer than one per reservation. */
  rows: number;
  unmapped: UnmappedCode[];
}

function countsSql(selection: ExportSelection, engine: EngineName) {
  const { where, params } = selectionWhere(selection, engine);
  const scoped = `WITH s AS (SELECT r.id, r.agency_id, r.room_id, r.room_type_id, r.accom_id, r.room_count,
      ${guestsLength(engine, 'r')} AS guests, r.guests_json
    FROM reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id ${where})`;
  const greatest = engine === 'postgres' ? 'GREATEST' : 'max';
  const lines =
    selection.kind === 'reservations' ? `${greatest}(s.room_count, 1)` : `${greatest}(s.guests, 1)`;
  const totals = {
    sql: `${scoped} SELECT count(*) AS reservations, CAST(sum(${lines}) AS BIGINT) AS rows FROM s`,
    params,
  };
  const missing = (kind: StayCodeKind): string =>
    `c.code <> '' AND NOT EXISTS (SELECT 1 FROM mappings m WHERE m.agency_id IN (c.agency_id, '*')
       AND m.kind = '${kind}' AND m.channel_code = c.code)`;
  const leadOnly = selection.kind === 'reservations' ? `WHERE ${guestPosition(engine)} = 0` : '';
  const unmapped = {
    sql: `${scoped}
       SELECT agency_id AS "agencyId", kind, code AS "channelCode", count(DISTINCT id) AS count FROM (
         SELECT s.id, s.agency_id, 'room' AS kind, s.room_id AS code FROM s
         UNION ALL SELECT s.id, s.agency_id, 'roomType', s.room_type_id FROM s
         UNION ALL SELECT s.id, s.agency_id, 'board', s.accom_id FROM s
         UNION ALL SELECT s.id, s.agency_id, 'nationality', ${guest('nationality')} FROM s
           ${engine === 'postgres' ? 'CROSS JOIN' : 'JOIN'} ${guestsOf(engine, 's')} ${leadOnly}
       ) c
       WHERE (c.kind = 'room' AND ${missing('room')}) OR (c.kind = 'roomType' AND ${missing('roomType')})
          OR (c.kind = 'board' AND ${missing('board')}) OR (c.kind = 'nationality' AND ${missing('nationality')})
       GROUP BY agency_id, kind, code
       ORDER BY count DESC, agency_id, CASE kind WHEN 'room' THEN 0 WHEN 'roomType' THEN 1 WHEN 'board' THEN 2
         ELSE 3 END, code`,
    params,
  };
  return { totals, unmapped };
}

/** The export's preview, for both engines (engines/op.ts). */
export const exportCountOps = {
  /** How large an export will be and which codes in it have no hotel code yet. */
  *counts(selection: ExportSelection): Op<ExportCounts> {
    const totals = yield* first(
      sqlPerEngine<{ reservations: number; rows: number | null }>(
        (engine) => countsSql(selection, engine).totals,
      ),
    );
    const unmapped = yield* all(
      sqlPerEngine<UnmappedCode>((engine) => countsSql(selection, engine).unmapped),
    );
    return {
      reservations: Number(totals?.reservations ?? 0),
      rows: Number(totals?.rows ?? 0),
      unmapped: unmapped.map((u) => ({ ...u, count: Number(u.count) })),
    };
  },
};
