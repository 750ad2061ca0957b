// The decisions' queries, written once for both engines. Prepared:
// the push and the inbox run them often. Constants are literals, values parameters.
import { sql } from 'kysely';
import type { ServiceConfirmationStatus } from '../../shared/domain';
import { q } from './engines/op';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import type { DecisionsTable } from './engines/tables-answers';

export type DecisionAction = DecisionsTable['action'];
export type DecisionRowState = 'pending' | 'sent' | 'failed' | 'review' | 'discarded';

export interface ReservationState {
  logId: number;
  confirmationStatus: ServiceConfirmationStatus;
  changeKind: 'new' | 'changed' | 'cancelled';
}

/** A decision row as both engines read it (outcome_unknown 0/1). */
export const decisionColumns = [
  'id',
  'key_field as keyField',
  'action',
  'note',
  'reason_id as reasonId',
  'user',
  'decided_at as decidedAt',
  'based_on_log_id as basedOnLogId',
  'state',
  'attempts',
  'last_error as lastError',
  'outcome_unknown as outcomeUnknown',
  'sent_at as sentAt',
  'confirmation_no as confirmationNo',
  'pdf_path as pdfPath',
  'send_after as sendAfter',
] as const;

/** Open: the one decision a reservation may have that is not finished (the unique index's predicate). */
const open = sql<boolean>`state IN ('pending', 'failed', 'review')`;
const sendable = sql<boolean>`state IN ('pending', 'failed')`;

/**
 * The reservation a decision is checked against. On PostgreSQL its row is locked until the transaction ends
 * (FOR UPDATE; SQLite has one writer and no such clause): a second desk deciding on it waits, then reads the
 * first desk's decision, so "check, then insert" holds on both engines.
 */
export const reservationForDecision = preparedPerEngine((p: { key: string }, engine) =>
  rawQuery<ReservationState>(
    sql`SELECT log_id AS "logId", confirmation_status AS "confirmationStatus", change_kind AS "changeKind"
        FROM reservations WHERE key_field = ${p.key}${engine === 'postgres' ? sql` FOR UPDATE` : sql``}`,
  ),
);

/** An open decision, or one sent for this version or a newer one: the reservation is already answered. */
export const blocking = prepared((p: { key: string; logId: number }) =>
  q
    .selectFrom('decisions')
    .select('id')
    .where('key_field', '=', p.key)
    .where(sql<boolean>`(${open} OR (state = 'sent' AND based_on_log_id >= ${p.logId}))`)
    .limit(1),
);

export const reasonExists = prepared((p: { id: string }) =>
  rawQuery<{ one: number }>(sql`SELECT 1 AS one FROM not_confirm_messages WHERE id = ${p.id} LIMIT 1`),
);

export const insertDecision = prepared(
  (p: {
    key: string;
    action: DecisionAction;
    note: string;
    reasonId: string | null;
    user: string;
    decidedAt: string;
    basedOnLogId: number;
    sendAfter: string | null;
  }) =>
    q
      .insertInto('decisions')
      .values({
        key_field: p.key,
        action: p.action,
        note: p.note,
        reason_id: p.reasonId,
        user: p.user,
        decided_at: p.decidedAt,
        based_on_log_id: p.basedOnLogId,
        send_after: p.sendAfter,
      })
      .returning(decisionColumns),
);

export const byId = prepared((p: { id: number }) =>
  q.selectFrom('decisions').select(decisionColumns).where('id', '=', p.id),
);

export const latest = prepared((p: { key: string }) =>
  q
    .selectFrom('decisions')
    .select(decisionColumns)
    .where('key_field', '=', p.key)
    .where('state', '<>', sql.lit('discarded'))
    .orderBy('id', 'desc')
    .limit(1),
);

// The reservation column follows the newest decision that still counts, whatever just happened.
export const syncReservation = prepared((p: { key: string }) =>
  rawQuery(
    sql`UPDATE reservations SET decision_state = coalesce(
          (SELECT d.state FROM decisions d WHERE d.key_field = reservations.key_field AND d.state <> 'discarded'
           ORDER BY d.id DESC LIMIT 1), 'none')
        WHERE key_field = ${p.key}`,
  ),
);

// A refused decision is tried again a few times by itself (a passing fault at the service), then waits for a
// person: it stays failed, with its sentence, until someone asks to retry it. A pending decision still in its
// grace period (send_after ahead) is left alone: it can be taken back.
/** Due now: pending past its grace period, or failed with automatic tries left. */
export const dueToSend = (p: { now: string; tries: number }) =>
  sql<boolean>`((state = 'pending' AND (send_after IS NULL OR send_after <= ${p.now}))
    OR (state = 'failed' AND attempts < ${p.tries}))`;

export const toSend = prepared((p: { now: string; tries: number }) =>
  q.selectFrom('decisions').select(decisionColumns).where(dueToSend(p)).orderBy('id'),
);

export const nextSendAfter = prepared(() =>
  rawQuery<{ at: string | null }>(
    sql`SELECT min(send_after) AS at FROM decisions WHERE state = 'pending' AND send_after IS NOT NULL`,
  ),
);

// Only a decision that never left: once an attempt may have reached the service it cannot be taken back.
export const undo = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ state: sql.lit('discarded') })
    .where('id', '=', p.id)
    .where(sql<boolean>`state = 'pending' AND attempts = 0 AND outcome_unknown = 0`),
);

export const sendNow = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ send_after: null })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('pending')),
);

// Written before a request leaves: if the desk dies before the answer arrives, the next run knows the service
// may already hold it and asks before sending again.
export const sending = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ outcome_unknown: sql.lit(1), send_after: null })
    .where('id', '=', p.id)
    .where(sendable),
);

export const voucher = prepared((p: { id: number; path: string }) =>
  q
    .updateTable('decisions')
    .set({ pdf_path: p.path })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('sent')),
);

export const retry = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ state: sql.lit('pending'), attempts: sql.lit(0) })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('failed')),
);

export const sent = prepared((p: { id: number; sentAt: string; pdfPath: string | null }) =>
  q
    .updateTable('decisions')
    .set({
      state: sql.lit('sent'),
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      outcome_unknown: sql.lit(0),
      sent_at: p.sentAt,
      pdf_path: p.pdfPath,
    })
    .where('id', '=', p.id)
    .where('state', '<>', sql.lit('sent')),
);

export const confirmationNo = prepared((p: { id: number; no: string }) =>
  q
    .updateTable('decisions')
    .set({ confirmation_no: p.no })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('sent')),
);

// The service now holds the answer; the next pull says the same, but the desk shows it at once.
export const answerOnReservation = prepared((p: { key: string; status: 'E' | 'H' }) =>
  rawQuery(sql`UPDATE reservations SET confirmation_status = ${p.status} WHERE key_field = ${p.key}`),
);
export const confirmationNoOnReservation = prepared((p: { key: string; no: string }) =>
  rawQuery(sql`UPDATE reservations SET confirmation_no = ${p.no} WHERE key_field = ${p.key}`),
);

// A refusal is a known outcome: the service answered and did not take it.
export const failed = prepared((p: { id: number; error: string; unknown: number }) =>
  q
    .updateTable('decisions')
    .set({
      state: sql.lit('failed'),
      attempts: sql<number>`attempts + 1`,
      last_error: p.error,
      outcome_unknown: p.unknown,
    })
    .where('id', '=', p.id)
    .where(sendable),
);

// Held for a person: failed with its tries used up, and possibly delivered, so a retry asks first. (SQLite's
// two-argument max() is PostgreSQL's greatest(): a CASE reads the same on both.)
export const held = prepared((p: { id: number; error: string; tries: number }) =>
  q
    .updateTable('decisions')
    .set({
      state: sql.lit('failed'),
      attempts: sql<number>`CASE WHEN attempts + 1 > ${p.tries} THEN attempts + 1 ELSE ${p.tries} END`,
      last_error: p.error,
      outcome_unknown: sql.lit(1),
    })
    .where('id', '=', p.id)
    .where(sendable),
);

export const deferred = prepared((p: { id: number; error: string; unknown: number }) =>
  q
    .updateTable('decisions')
    .set({
      state: sql.lit('pending'),
      attempts: sql<number>`attempts + 1`,
      last_error: p.error,
      outcome_unknown: sql<number>`CASE WHEN ${p.unknown} = 1 THEN 1 ELSE outcome_unknown END`,
    })
    .where('id', '=', p.id)
    .where(sendable),
);

export const review = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ state: sql.lit('review') })
    .where('id', '=', p.id)
    .where(sendable),
);

export const sendAfterReview = prepared((p: { id: number; logId: number }) =>
  q
    .updateTable('decisions')
    .set({ state: sql.lit('pending'), based_on_log_id: p.logId, last_error: null })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('review')),
);

export const discard = prepared((p: { id: number }) =>
  q
    .updateTable('decisions')
    .set({ state: sql.lit('discarded') })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('review')),
);

/** The newest decision that counts of each listed reservation; the list bound as one JSON text. */
export const states = preparedPerEngine((p: { keys: string }, engine) =>
  rawQuery<{ keyField: string; state: DecisionRowState }>(
    sql`SELECT key_field AS "keyField", state FROM decisions WHERE id IN (
          SELECT max(id) FROM decisions
          WHERE key_field IN ${jsonListValues(engine, p.keys, 'text')} AND state <> 'discarded' GROUP BY key_field)`,
  ),
);

export const queued = prepared(() =>
  rawQuery<{ n: number }>(sql`SELECT count(*) AS n FROM decisions WHERE state IN ('pending', 'failed')`),
);
