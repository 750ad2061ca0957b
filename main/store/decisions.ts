// The outbox of confirm / decline decisions. A decision is stored (with the reservation's pending
// state) before anything goes on the wire, so nothing the receptionist decided is lost when the line
// is down; the push sends it later. A row that was sent is never handed out for sending again.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import { addActivity, type NewActivity } from './activity';
import {
  NOTE_MAX,
  type DecisionState,
  type DecisionView,
  type ServiceConfirmationStatus,
} from '../../shared/domain';

export type DecisionAction = 'confirm' | 'decline';
export type DecisionRowState = 'pending' | 'sent' | 'failed' | 'review' | 'discarded';

export interface NewDecision {
  keyField: string;
  action: DecisionAction;
  note: string;
  reasonId: string | null;
  user: string;
  decidedAt: string;
  /** The LogId of the version the person was looking at. */
  basedOnLogId: number;
  /** Held until this instant (ISO), so the person can take it back; null or absent sends it at once. */
  sendAfter?: string | null;
}

export interface DecisionRecord {
  id: number;
  keyField: string;
  action: DecisionAction;
  note: string;
  reasonId: string | null;
  user: string;
  decidedAt: string;
  basedOnLogId: number;
  state: DecisionRowState;
  attempts: number;
  lastError: string | null;
  /** An earlier attempt may have reached the service unanswered: check before sending again. */
  outcomeUnknown: boolean;
  sentAt: string | null;
  confirmationNo: string | null;
  pdfPath: string | null;
  sendAfter: string | null;
}

/** Why the desk refuses a decision. */
export const DECISION_REFUSALS = [
  'not-found',
  'cancelled',
  'not-waiting',
  'already-decided',
  'changed',
  'note-too-long',
  'reason-missing',
  'reason-unknown',
  'not-in-review',
  'cancellation-decline',
  'too-late-to-undo',
] as const;
export type DecisionRefusal = (typeof DECISION_REFUSALS)[number];

/**
 * The desk refused a decision. The store says only why (`code`); the sentence is said where the error
 * reaches a person, in their language (the catalogs' decision.<code>).
 */
export class DecisionRefused extends Error {
  constructor(readonly code: DecisionRefusal) {
    super(`Decision refused: ${code}`);
    this.name = 'DecisionRefused';
  }
}

interface DecisionRow extends Omit<DecisionRecord, 'outcomeUnknown'> {
  outcomeUnknown: 0 | 1;
}

interface ReservationState {
  logId: number;
  confirmationStatus: ServiceConfirmationStatus;
  changeKind: 'new' | 'changed' | 'cancelled';
}

const record = ({ outcomeUnknown, ...row }: DecisionRow): DecisionRecord => ({
  ...row,
  outcomeUnknown: outcomeUnknown === 1,
});

const columns = `id, key_field AS keyField, action, note, reason_id AS reasonId, user, decided_at AS decidedAt,
  based_on_log_id AS basedOnLogId, state, attempts, last_error AS lastError, outcome_unknown AS outcomeUnknown,
  sent_at AS sentAt, confirmation_no AS confirmationNo, pdf_path AS pdfPath, send_after AS sendAfter`;
const open = `state IN ('pending', 'failed', 'review')`;

const prepare = (db: Database) => ({
  reservation: db.prepare<[string], ReservationState>(
    `SELECT log_id AS logId, confirmation_status AS confirmationStatus, change_kind AS changeKind
     FROM reservations WHERE key_field = ?`,
  ),
  blocking: db
    .prepare<[string, number], number>(
      `SELECT id FROM decisions WHERE key_field = ?
       AND (${open} OR (state = 'sent' AND based_on_log_id >= ?)) LIMIT 1`,
    )
    .pluck(),
  reasonExists: db
    .prepare<[string], number>('SELECT 1 FROM not_confirm_messages WHERE id = ? LIMIT 1')
    .pluck(),
  insert: db.prepare<[string, DecisionAction, string, string | null, string, string, number, string | null]>(
    `INSERT INTO decisions (key_field, action, note, reason_id, user, decided_at, based_on_log_id, send_after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  byId: db.prepare<[number | bigint], DecisionRow>(`SELECT ${columns} FROM decisions WHERE id = ?`),
  latest: db.prepare<[string], DecisionRow>(
    `SELECT ${columns} FROM decisions WHERE key_field = ? AND state <> 'discarded' ORDER BY id DESC LIMIT 1`,
  ),
  // The reservation column follows the newest decision that still counts, whatever just happened.
  syncReservation: db.prepare<[string]>(
    `UPDATE reservations SET decision_state = coalesce(
       (SELECT d.state FROM decisions d WHERE d.key_field = reservations.key_field AND d.state <> 'discarded'
        ORDER BY d.id DESC LIMIT 1), 'none')
     WHERE key_field = ?`,
  ),
  // A refused decision is tried again a few times by itself (a passing fault at the service), then waits
  // for a person: it stays failed, with its sentence, until someone asks to retry it.
  // A pending decision still in its grace period (send_after ahead) is left alone: it can be taken back.
  toSend: db.prepare<[string, number], DecisionRow>(
    `SELECT ${columns} FROM decisions
     WHERE (state = 'pending' AND (send_after IS NULL OR send_after <= ?)) OR (state = 'failed' AND attempts < ?)
     ORDER BY id`,
  ),
  nextSendAfter: db
    .prepare<[], string | null>(
      `SELECT min(send_after) FROM decisions WHERE state = 'pending' AND send_after IS NOT NULL`,
    )
    .pluck(),
  // Only a decision that never left: once an attempt may have reached the service it cannot be taken back.
  undo: db.prepare<[number]>(
    `UPDATE decisions SET state = 'discarded'
     WHERE id = ? AND state = 'pending' AND attempts = 0 AND outcome_unknown = 0`,
  ),
  sendNow: db.prepare<[number]>(`UPDATE decisions SET send_after = NULL WHERE id = ? AND state = 'pending'`),
  // Written before a request leaves: if the desk dies before the answer arrives, the next run knows the
  // service may already hold it and asks before sending again.
  sending: db.prepare<[number]>(
    `UPDATE decisions SET outcome_unknown = 1, send_after = NULL WHERE id = ? AND state IN ('pending', 'failed')`,
  ),
  voucher: db.prepare<[string, number]>(`UPDATE decisions SET pdf_path = ? WHERE id = ? AND state = 'sent'`),
  retry: db.prepare<[number]>(
    `UPDATE decisions SET state = 'pending', attempts = 0 WHERE id = ? AND state = 'failed'`,
  ),
  sent: db.prepare<[string, string | null, string | null, number]>(
    `UPDATE decisions SET state = 'sent', attempts = attempts + 1, last_error = NULL, outcome_unknown = 0,
       sent_at = ?, pdf_path = ?, confirmation_no = ? WHERE id = ? AND state <> 'sent'`,
  ),
  // The service now holds the answer; the next pull says the same, but the desk shows it at once.
  answerOnReservation: db.prepare<['E' | 'H', string]>(
    'UPDATE reservations SET confirmation_status = ? WHERE key_field = ?',
  ),
  confirmationNoOnReservation: db.prepare<[string, string]>(
    'UPDATE reservations SET confirmation_no = ? WHERE key_field = ?',
  ),
  // A refusal is a known outcome: the service answered and did not take it.
  failed: db.prepare<[string, 0 | 1, number]>(
    `UPDATE decisions SET state = 'failed', attempts = attempts + 1, last_error = ?,
       outcome_unknown = ? WHERE id = ? AND state IN ('pending', 'failed')`,
  ),
  // Held for a person: failed with its tries used up, and possibly delivered, so a retry asks first.
  held: db.prepare<[number, string, number]>(
    `UPDATE decisions SET state = 'failed', attempts = max(attempts + 1, ?), last_error = ?,
       outcome_unknown = 1 WHERE id = ? AND state IN ('pending', 'failed')`,
  ),
  deferred: db.prepare<[string, 0 | 1, number]>(
    `UPDATE decisions SET state = 'pending', attempts = attempts + 1, last_error = ?,
       outcome_unknown = max(outcome_unknown, ?) WHERE id = ? AND state IN ('pending', 'failed')`,
  ),
  review: db.prepare<[number]>(
    `UPDATE decisions SET state = 'review' WHERE id = ? AND state IN ('pending', 'failed')`,
  ),
  sendAfterReview: db.prepare<[number, number]>(
    `UPDATE decisions SET state = 'pending', based_on_log_id = ?, last_error = NULL
     WHERE id = ? AND state = 'review'`,
  ),
  discard: db.prepare<[number]>(`UPDATE decisions SET state = 'discarded' WHERE id = ? AND state = 'review'`),
  states: db.prepare<[string], { keyField: string; state: DecisionRowState }>(
    `SELECT key_field AS keyField, state FROM decisions WHERE id IN (
       SELECT max(id) FROM decisions
       WHERE key_field IN (SELECT value FROM json_each(?)) AND state <> 'discarded' GROUP BY key_field)`,
  ),
  queued: db
    .prepare<[], number>(`SELECT count(*) FROM decisions WHERE state IN ('pending', 'failed')`)
    .pluck(),
});
const statements = statementsOf(prepare);

/**
 * Refuses a decision the service would refuse, or one that no longer matches the reservation. A waiting
 * cancellation is answered by confirming it (taking it in, as the live service's production client does);
 * declining it means nothing to the agency, so it is refused before anything is sent.
 */
function checkReservation(
  reservation: ReservationState | undefined,
  action: DecisionAction,
  basedOnLogId?: number,
): ReservationState {
  if (!reservation) throw new DecisionRefused('not-found');
  if (reservation.changeKind === 'cancelled' && action === 'decline')
    throw new DecisionRefused('cancellation-decline');
  if (reservation.confirmationStatus !== 'W') throw new DecisionRefused('not-waiting');
  if (basedOnLogId !== undefined && reservation.logId !== basedOnLogId) throw new DecisionRefused('changed');
  return reservation;
}

/**
 * Queues a confirm / decline and marks the reservation pending, both in one transaction. Refuses
 * (DecisionRefused) a reservation that is not waiting, cancelled, changed since the person saw it, or
 * already answered; a note over the service's limit; a decline without a known reason.
 */
export function enqueueDecision(db: Database, decision: NewDecision, activity?: NewActivity): DecisionRecord {
  if (decision.note.length > NOTE_MAX) throw new DecisionRefused('note-too-long');
  const s = statements(db);
  const reasonId = decision.action === 'decline' ? decision.reasonId : null;
  if (decision.action === 'decline') {
    // A cancellation is refused for what it is before its reason is looked at: no reason makes it declinable.
    if (s.reservation.get(decision.keyField)?.changeKind === 'cancelled')
      throw new DecisionRefused('cancellation-decline');
    if (!reasonId) throw new DecisionRefused('reason-missing');
    if (s.reasonExists.get(reasonId) === undefined) throw new DecisionRefused('reason-unknown');
  }
  // Immediate: the checks and the write must see the same reservation, even with the CLI beside the app.
  return db
    .transaction((): DecisionRecord => {
      checkReservation(s.reservation.get(decision.keyField), decision.action, decision.basedOnLogId);
      if (s.blocking.get(decision.keyField, decision.basedOnLogId) !== undefined) {
        throw new DecisionRefused('already-decided');
      }
      const { lastInsertRowid } = s.insert.run(
        decision.keyField,
        decision.action,
        decision.note,
        reasonId,
        decision.user,
        decision.decidedAt,
        decision.basedOnLogId,
        decision.sendAfter ?? null,
      );
      s.syncReservation.run(decision.keyField);
      // The activity entry is part of the decision: on a full disk both are there or neither is.
      if (activity) addActivity(db, activity);
      const row = s.byId.get(lastInsertRowid);
      if (!row) throw new Error('The decision just stored cannot be read back.');
      return record(row);
    })
    .immediate();
}

/** Tries of a refused decision before it waits for a person (retryDecision). */
export const AUTOMATIC_TRIES = 5;

/** What the push should send now: pending decisions, and failed ones within their tries; oldest first. */
export function nextDecisionsToSend(db: Database, nowIso = new Date().toISOString()): DecisionRecord[] {
  return statements(db).toSend.all(nowIso, AUTOMATIC_TRIES).map(record);
}

/** When the earliest answer held in its grace period falls due (ISO), or null: the desk sets a timer. */
export function nextSendAfter(db: Database): string | null {
  return statements(db).nextSendAfter.get() ?? null;
}

/**
 * Marks the decision as possibly delivered before its request leaves (see `sending`). False when it is no
 * longer there to send (taken back with Undo between being handed out and now): the push then skips it.
 */
export function markDecisionSending(db: Database, id: number): boolean {
  return statements(db).sending.run(id).changes > 0;
}

/**
 * Undo: takes back the reservation's answer that has not left yet (pending, never tried). Refused with
 * 'too-late-to-undo' once a request may have reached the service; then the person is told what to do.
 */
export function undoDecision(db: Database, keyField: string): void {
  const s = statements(db);
  db.transaction(() => {
    const row = s.latest.get(keyField);
    if (!row || s.undo.run(row.id).changes === 0) throw new DecisionRefused('too-late-to-undo');
    s.syncReservation.run(keyField);
  }).immediate();
}

/** "Send now": ends the grace period of the reservation's pending answer. False when none is pending. */
export function sendDecisionNow(db: Database, keyField: string): boolean {
  const s = statements(db);
  const row = s.latest.get(keyField);
  return row !== undefined && s.sendNow.run(row.id).changes > 0;
}

/** The confirmation PDF, saved after the decision was already recorded as sent. */
export function attachVoucher(db: Database, id: number, pdfPath: string): void {
  statements(db).voucher.run(pdfPath, id);
}

/** A person asks to try a failed decision again: a fresh set of tries. */
export function retryDecision(db: Database, id: number): boolean {
  return transition(db, id, () => statements(db).retry.run(id).changes > 0);
}

/** Applies one state change to a decision and to its reservation's decision state, atomically. */
function transition(db: Database, id: number, change: (row: DecisionRecord) => boolean): boolean {
  const s = statements(db);
  return db.transaction((): boolean => {
    const row = s.byId.get(id);
    if (!row || !change(record(row))) return false;
    s.syncReservation.run(row.keyField);
    return true;
  })();
}

/**
 * Records that the service accepted the decision. It is never handed out for sending again. Applies
 * even if the decision went to review meanwhile: the answer is on the service, whatever we wish.
 * Returns false when it was already recorded as sent.
 */
export function markDecisionSent(
  db: Database,
  id: number,
  result: { sentAt: string; pdfPath: string | null; confirmationNo?: string | null },
): boolean {
  const s = statements(db);
  return transition(db, id, (row) => {
    if (s.sent.run(result.sentAt, result.pdfPath, result.confirmationNo ?? null, id).changes === 0)
      return false;
    s.answerOnReservation.run(row.action === 'confirm' ? 'E' : 'H', row.keyField);
    // The service's confirmation number, read back after the confirmation: the detail shows it at once.
    if (result.confirmationNo) s.confirmationNoOnReservation.run(result.confirmationNo, row.keyField);
    return true;
  });
}

/**
 * Records a failed attempt; the decision stays queued and is retried. `outcomeUnknown` when the
 * request may have reached the service (connection lost mid-way); it stays set until sent.
 */
export function markDecisionFailed(db: Database, id: number, error: string, outcomeUnknown = false): boolean {
  const s = statements(db);
  return transition(db, id, () => s.failed.run(error, outcomeUnknown ? 1 : 0, id).changes > 0);
}

/**
 * The service could not be reached: the decision stays pending (queued, not failed: nobody needs to do
 * anything) with the reason kept for the screen, and goes out when the line is back.
 */
export function markDecisionDeferred(
  db: Database,
  id: number,
  error: string,
  outcomeUnknown = false,
): boolean {
  const s = statements(db);
  return transition(db, id, () => s.deferred.run(error, outcomeUnknown ? 1 : 0, id).changes > 0);
}

/**
 * The service answered something that is not this answer (another KeyField or status, or nothing): the
 * decision stops trying by itself and waits for a person, with the sentence saying what came back.
 */
export function markDecisionHeld(db: Database, id: number, error: string): boolean {
  const s = statements(db);
  return transition(db, id, () => s.held.run(AUTOMATIC_TRIES, error, id).changes > 0);
}

/** A newer version of the reservation arrived after the decision: it waits for the person. */
export function markDecisionForReview(db: Database, id: number): boolean {
  const s = statements(db);
  return transition(db, id, () => s.review.run(id).changes > 0);
}

/**
 * The person looked at the newer version: send the decision as it stands (now based on the newest
 * version), or drop it so they can decide afresh. Returns the decision's view, null once discarded.
 */
export function resolveReview(db: Database, id: number, action: 'send' | 'discard'): DecisionView | null {
  const s = statements(db);
  const keyField = db
    .transaction((): string => {
      const row = s.byId.get(id);
      if (!row || row.state !== 'review') throw new DecisionRefused('not-in-review');
      if (action === 'send') {
        const reservation = checkReservation(s.reservation.get(row.keyField), row.action);
        // An answer to an earlier version never becomes the taking-in of a cancellation by itself: the
        // person discards it and takes the cancellation in (one way forward).
        if (reservation.changeKind === 'cancelled') throw new DecisionRefused('cancelled');
        s.sendAfterReview.run(reservation.logId, id);
      } else {
        s.discard.run(id);
      }
      s.syncReservation.run(row.keyField);
      return row.keyField;
    })
    .immediate();
  return action === 'send' ? decisionFor(db, keyField) : null;
}

const stateOf = (state: DecisionRowState): DecisionState => (state === 'discarded' ? 'none' : state);

const view = (row: DecisionRecord): DecisionView => ({
  state: stateOf(row.state),
  action: row.action,
  note: row.note,
  reasonId: row.reasonId,
  user: row.user,
  decidedAt: row.decidedAt,
  sentAt: row.sentAt,
  // A pending decision may carry why it is still queued (the line was down), so the screen can say it.
  error: row.state === 'failed' || row.state === 'pending' ? row.lastError : null,
  voucherSaved: row.pdfPath !== null,
  sendAfter: row.state === 'pending' ? row.sendAfter : null,
});

/** The newest decision on a reservation that still counts (discarded ones do not), or null. */
export function decisionRecordFor(db: Database, keyField: string): DecisionRecord | null {
  const row = statements(db).latest.get(keyField);
  return row ? record(row) : null;
}

/** What the reservation screen shows about its answer, or null when nobody answered yet. */
export function decisionFor(db: Database, keyField: string): DecisionView | null {
  const row = decisionRecordFor(db, keyField);
  return row ? view(row) : null;
}

/** The decision state of each reservation of an inbox page ('none' when there is none). */
export function decisionStates(db: Database, keyFields: readonly string[]): Map<string, DecisionState> {
  const states = new Map<string, DecisionState>(keyFields.map((k) => [k, 'none']));
  if (keyFields.length === 0) return states;
  for (const row of statements(db).states.all(JSON.stringify(keyFields)))
    states.set(row.keyField, stateOf(row.state));
  return states;
}

/** Decisions the push still has to send (pending or failed); those in review wait for a person. */
export function queuedDecisionCount(db: Database): number {
  return statements(db).queued.get() ?? 0;
}
