// The PMS list's queries, written once for both engines. SQL text
// over reservations (another area's table) that reads the same on SQLite and PostgreSQL; aliases are quoted
// because PostgreSQL folds unquoted names to lower case.
import { sql } from 'kysely';
import type { PmsEntryState, ToEnterRow } from '../../shared/domain';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import { pendingStates, pmsStateSql } from './pms-entry-state';

export interface EntryColumns {
  state: PmsEntryState;
  enteredLogId: number | null;
  enteredBy: string | null;
  enteredAt: string | null;
  pmsReference: string | null;
  handledBy: string | null;
  handledAt: string | null;
}
export type StoredRow = Omit<ToEnterRow, 'state' | 'entered' | 'changes' | 'hasUnmappedCodes'> & EntryColumns;

const state = sql.raw(pmsStateSql);
const pending = sql.raw(pendingStates);

const entryColumns = sql`${state} AS state, p.entered_log_id AS "enteredLogId", p.entered_by AS "enteredBy",
  p.entered_at AS "enteredAt", p.pms_reference AS "pmsReference", p.handled_by AS "handledBy",
  p.handled_at AS "handledAt"`;

const rowColumns = sql`r.key_field AS "keyField", r.log_id AS "logId", r.voucher_no AS "voucherNo",
  r.agency_id AS "agencyId", r.agency_name AS "agencyName", r.tour_op_name AS "tourOpName",
  r.lead_guest AS "leadGuest", r.check_in AS "checkIn", r.check_out AS "checkOut", r.nights,
  r.room_type_id AS "roomTypeId", r.room_type_name AS "roomTypeName", r.accom_id AS "accomId",
  r.accom_name AS "accomName", r.room_count AS "roomCount", r.adults, r.childs, r.infants,
  r.confirmation_status AS "confirmationStatus", r.change_kind AS "changeKind", r.received_at AS "receivedAt"`;

const from = sql`reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id`;

// Walks the check-in index in order and stops after the page: no sort of the whole table.
export const page = prepared((p: { limit: number; offset: number }) =>
  rawQuery<StoredRow>(
    sql`SELECT ${rowColumns}, ${entryColumns} FROM ${from}
        WHERE ${state} IN ${pending} ORDER BY r.check_in, r.id LIMIT ${p.limit} OFFSET ${p.offset}`,
  ),
);

export const counts = prepared(() =>
  rawQuery<{ state: PmsEntryState; n: number }>(
    sql`SELECT ${state} AS state, count(*) AS n FROM ${from} GROUP BY 1`,
  ),
);

export const one = prepared((p: { key: string }) =>
  rawQuery<StoredRow>(sql`SELECT ${rowColumns}, ${entryColumns} FROM ${from} WHERE r.key_field = ${p.key}`),
);

/**
 * Locks a reservation's row until the transaction ends, on PostgreSQL (two desks marking it at once: the second
 * waits, then reads what the first marked). SQLite has one writer and no FOR UPDATE: a constant query there. The
 * state is read by a query of its own after this one, so PostgreSQL reads it as committed after the wait.
 */
export const lockReservation = preparedPerEngine((p: { key: string }, engine) =>
  rawQuery<{ locked: number }>(
    engine === 'postgres'
      ? sql`SELECT 1 AS locked FROM reservations WHERE key_field = ${p.key} FOR UPDATE`
      : sql`SELECT 1 AS locked`,
  ),
);

export const current = prepared((p: { key: string }) =>
  rawQuery<{ id: number; logId: number; state: PmsEntryState }>(
    sql`SELECT r.id, r.log_id AS "logId", ${state} AS state FROM ${from} WHERE r.key_field = ${p.key}`,
  ),
);

export const snapshot = prepared((p: { logId: number }) =>
  rawQuery<{ json: string }>(
    sql`SELECT snapshot_json AS json FROM reservation_versions WHERE log_id = ${p.logId}`,
  ),
);

export interface Marking {
  id: number;
  logId: number;
  user: string;
  at: string;
  reference: string | null;
}

const insertColumns = sql`(reservation_id, handled_log_id, entered_log_id, pms_holds, last_action, entered_by,
  entered_at, pms_reference, handled_by, handled_at)`;

export const insertEntry = prepared((p: Marking) =>
  rawQuery(
    sql`INSERT INTO pms_entries ${insertColumns}
        VALUES (${p.id}, ${p.logId}, ${p.logId}, 'live', 'entered', ${p.user}, ${p.at}, ${p.reference}, ${p.user}, ${p.at})
        ON CONFLICT (reservation_id) DO UPDATE SET handled_log_id = excluded.handled_log_id,
          entered_log_id = excluded.entered_log_id, pms_holds = 'live', last_action = 'entered',
          entered_by = excluded.entered_by, entered_at = excluded.entered_at, pms_reference = excluded.pms_reference,
          handled_by = excluded.handled_by, handled_at = excluded.handled_at`,
  ),
);

export const updateEntry = prepared((p: Marking) =>
  rawQuery(
    sql`UPDATE pms_entries SET handled_log_id = ${p.logId}, entered_log_id = ${p.logId}, last_action = 'updated',
          pms_reference = coalesce(${p.reference}, pms_reference), handled_by = ${p.user}, handled_at = ${p.at}
        WHERE reservation_id = ${p.id}`,
  ),
);

// An upsert: a cancellation taken in may be removed from the PMS without the desk having marked it entered first
// (typed in before the desk was installed, or not marked).
export const cancelEntry = prepared((p: Marking) =>
  rawQuery(
    sql`INSERT INTO pms_entries ${insertColumns}
        VALUES (${p.id}, ${p.logId}, ${p.logId}, 'cancelled', 'cancelled', ${p.user}, ${p.at}, ${p.reference},
          ${p.user}, ${p.at})
        ON CONFLICT (reservation_id) DO UPDATE SET handled_log_id = excluded.handled_log_id,
          pms_holds = 'cancelled', last_action = 'cancelled',
          pms_reference = coalesce(excluded.pms_reference, pms_entries.pms_reference),
          handled_by = excluded.handled_by, handled_at = excluded.handled_at`,
  ),
);

export const log = prepared(
  (p: {
    id: number;
    logId: number;
    action: 'entered' | 'updated' | 'cancelled';
    user: string;
    at: string;
    reference: string | null;
  }) =>
    rawQuery(
      sql`INSERT INTO pms_entry_log (reservation_id, log_id, action, "user", at, pms_reference)
          VALUES (${p.id}, ${p.logId}, ${p.action}, ${p.user}, ${p.at}, ${p.reference})`,
    ),
);

// Mapped: by the agency's own mapping or by one for all agencies (agency_id '*', ALL_AGENCIES). The page's keys
// are bound as one JSON text.
export const unmapped = preparedPerEngine((p: { keys: string }, engine) =>
  rawQuery<{ keyField: string }>(
    sql`SELECT r.key_field AS "keyField" FROM reservations r
        WHERE r.key_field IN ${jsonListValues(engine, p.keys, 'text')} AND EXISTS (
          SELECT 1 FROM (SELECT 'room' AS kind, r.room_id AS code UNION ALL SELECT 'roomType', r.room_type_id
                         UNION ALL SELECT 'board', r.accom_id
                         UNION ALL SELECT 'nationality', g.nationality FROM guests g WHERE g.reservation_id = r.id) c
          WHERE c.code <> '' AND NOT EXISTS (SELECT 1 FROM mappings m
            WHERE m.agency_id IN (r.agency_id, '*') AND m.kind = c.kind AND m.channel_code = c.code))`,
  ),
);
