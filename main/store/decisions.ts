// The outbox of confirm / decline decisions. A decision is stored (with the reservation's pending state) before
// anything goes on the wire, so nothing the receptionist decided is lost when the line is down; the push sends it
// later. A row that was sent is never handed out for sending again.
//
// Written once for both engines: `decisionOps` are the operations, the functions below
// run them on SQLite for today's synchronous callers. On PostgreSQL two desks decide at once: the reservation's
// row is locked where a decision is checked against its newest version, and the one-open-decision rule is the
// database's unique index, whose violation is the refusal it means (`already-decided`).
import type { Database } from 'better-sqlite3';
import { changed, first, all, run, type Op } from './engines/op';
import { runSqlite } from './engines/run-sqlite';
import { activityOps, type NewActivity } from './activity';
import * as Q from './decision-queries';
import type { DecisionAction, DecisionRowState, ReservationState } from './decision-queries';
import { NOTE_MAX, type DecisionState, type DecisionView } from '../../shared/domain';

export type { DecisionAction, DecisionRowState } from './decision-queries';

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

/** A decision row as the engines read it: outcome_unknown is 0/1. */
export interface DecisionRow extends Omit<DecisionRecord, 'outcomeUnknown'> {
  outcomeUnknown: number;
}

export const decisionRecord = ({ outcomeUnknown, ...row }: DecisionRow): DecisionRecord => ({
  ...row,
  outcomeUnknown: outcomeUnknown === 1,
});

/** The unique index `decisions_one_open_per_reservation` refused a second open decision (either engine). */
function isSecondOpenDecision(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  // PostgreSQL: unique_violation, naming the index.
  if (e.code === '23505') return e.constraint === 'decisions_one_open_per_reservation';
  // SQLite names the index's column, and decisions has no other unique index on it.
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && String(e.message).includes('decisions.key_field');
}

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

/** Tries of a refused decision before it waits for a person (retryDecision). */
export const AUTOMATIC_TRIES = 5;

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
  basedOnLogId: row.basedOnLogId,
});

/** When the service accepted an answer, and its voucher when one was saved with it. */
export interface SentResult {
  sentAt: string;
  pdfPath: string | null;
}

/**
 * What an attempt to send came to:
 * - sent: the service accepted it; it is never handed out for sending again, even if it went to review meanwhile
 *   (the answer is on the service, whatever we wish);
 * - failed: it stays queued and is retried; `outcomeUnknown` when the request may have reached the service
 *   (connection lost mid-way), kept until sent;
 * - deferred: the service could not be reached; it stays pending (nobody needs to do anything) with the reason kept
 *   for the screen, and goes out when the line is back;
 * - held: the service answered something that is not this answer (another KeyField or status, or nothing); it stops
 *   trying by itself and waits for a person, with the sentence saying what came back.
 */
export type DecisionOutcome =
  | ({ kind: 'sent' } & SentResult)
  | { kind: 'failed'; error: string; outcomeUnknown?: boolean }
  | { kind: 'deferred'; error: string; outcomeUnknown?: boolean }
  | { kind: 'held'; error: string };

/** The decisions' operations, one definition for both engines. */
export const decisionOps = {
  /**
   * Queues a confirm / decline and marks the reservation pending. Refuses (DecisionRefused) a reservation that
   * is not waiting, cancelled, changed since the person saw it, or already answered; a note over the service's
   * limit; a decline without a known reason.
   */
  *enqueue(decision: NewDecision, activity?: NewActivity): Op<DecisionRecord> {
    if (decision.note.length > NOTE_MAX) throw new DecisionRefused('note-too-long');
    // Locked on PostgreSQL from here to the commit: the checks and the write see the same reservation.
    const reservation = yield* first(Q.reservationForDecision({ key: decision.keyField }));
    const reasonId = decision.action === 'decline' ? decision.reasonId : null;
    if (decision.action === 'decline') {
      // A cancellation is refused for what it is before its reason is looked at: no reason makes it declinable.
      if (reservation?.changeKind === 'cancelled') throw new DecisionRefused('cancellation-decline');
      if (!reasonId) throw new DecisionRefused('reason-missing');
      if (!(yield* first(Q.reasonExists({ id: reasonId })))) throw new DecisionRefused('reason-unknown');
    }
    // An answer already given (on this desk or another) is the reason to say first: once it went out the
    // reservation is no longer waiting either, and "already answered" tells the second receptionist why.
    if (reservation && (yield* first(Q.blocking({ key: decision.keyField, logId: decision.basedOnLogId })))) {
      throw new DecisionRefused('already-decided');
    }
    checkReservation(reservation, decision.action, decision.basedOnLogId);
    const saved = yield* decisionOps.insert({ ...decision, reasonId });
    yield* decisionOps.syncReservation(decision.keyField);
    // The activity entry is part of the decision: on a full disk both are there or neither is.
    if (activity) yield* activityOps.add(activity);
    return saved;
  },

  /** Stores a decision row; a second open decision of the reservation is refused by the unique index. */
  *insert(decision: NewDecision): Op<DecisionRecord> {
    let row: DecisionRow | undefined;
    try {
      row = yield* first(
        Q.insertDecision({
          key: decision.keyField,
          action: decision.action,
          note: decision.note,
          reasonId: decision.reasonId,
          user: decision.user,
          decidedAt: decision.decidedAt,
          basedOnLogId: decision.basedOnLogId,
          sendAfter: decision.sendAfter ?? null,
        }),
      );
    } catch (error) {
      // Nothing may be queried after this on PostgreSQL (the transaction is aborted): refuse at once.
      if (isSecondOpenDecision(error)) throw new DecisionRefused('already-decided');
      throw error;
    }
    if (!row) throw new Error('The decision just stored cannot be read back.');
    yield* changed('decisions', 'added', [String(row.id)]);
    return decisionRecord(row);
  },

  /** The reservation's decision_state follows its newest decision that counts; other desks re-read it. */
  *syncReservation(keyField: string): Op<void> {
    if ((yield* run(Q.syncReservation({ key: keyField }))) > 0)
      yield* changed('reservations', 'changed', [keyField]);
  },

  /** What the push should send now: pending decisions, and failed ones within their tries; oldest first. */
  *nextToSend(nowIso: string = new Date().toISOString()): Op<DecisionRecord[]> {
    return (yield* all(Q.toSend({ now: nowIso, tries: AUTOMATIC_TRIES }))).map(decisionRecord);
  },

  /** When the earliest answer held in its grace period falls due (ISO), or null. */
  *nextSendAfter(): Op<string | null> {
    return (yield* first(Q.nextSendAfter({})))?.at ?? null;
  },

  /** Marks the decision as possibly delivered before its request leaves; false when it is no longer there. */
  *markSending(id: number): Op<boolean> {
    if ((yield* run(Q.sending({ id }))) === 0) return false;
    yield* changed('decisions', 'changed', [String(id)]);
    return true;
  },

  /** Undo: takes back the reservation's answer that has not left yet; 'too-late-to-undo' once it may have. */
  *undo(keyField: string): Op<void> {
    const row = yield* first(Q.latest({ key: keyField }));
    if (!row || (yield* run(Q.undo({ id: row.id }))) === 0) throw new DecisionRefused('too-late-to-undo');
    yield* changed('decisions', 'changed', [String(row.id)]);
    yield* decisionOps.syncReservation(keyField);
  },

  /** "Send now": ends the grace period of the reservation's pending answer. False when none is pending. */
  *sendNow(keyField: string): Op<boolean> {
    const row = yield* first(Q.latest({ key: keyField }));
    if (!row || (yield* run(Q.sendNow({ id: row.id }))) === 0) return false;
    yield* changed('decisions', 'changed', [String(row.id)]);
    return true;
  },

  /**
   * The service's confirmation number, read back after the confirmation was recorded as sent: on the answer and
   * on its reservation, so the detail shows it before the next pull.
   */
  *attachConfirmationNo(id: number, no: string): Op<void> {
    const row = yield* first(Q.byId({ id }));
    if (!row || (yield* run(Q.confirmationNo({ id, no }))) === 0) return;
    yield* changed('decisions', 'changed', [String(id)]);
    if ((yield* run(Q.confirmationNoOnReservation({ key: row.keyField, no }))) > 0)
      yield* changed('reservations', 'changed', [row.keyField]);
  },

  /** The confirmation PDF, saved after the decision was already recorded as sent. */
  *attachVoucher(id: number, pdfPath: string): Op<void> {
    if ((yield* run(Q.voucher({ id, path: pdfPath }))) > 0)
      yield* changed('decisions', 'changed', [String(id)]);
  },

  /** Applies one state change to a decision and to its reservation's decision state. */
  *transition(id: number, change: (row: DecisionRecord) => Op<boolean>): Op<boolean> {
    const row = yield* first(Q.byId({ id }));
    if (!row || !(yield* change(decisionRecord(row)))) return false;
    yield* changed('decisions', 'changed', [String(id)]);
    yield* decisionOps.syncReservation(row.keyField);
    return true;
  },

  /** A person asks to try a failed decision again: a fresh set of tries. */
  *retry(id: number): Op<boolean> {
    return yield* decisionOps.transition(id, function* () {
      return (yield* run(Q.retry({ id }))) > 0;
    });
  },

  /** Records what an attempt came to (DecisionOutcome); false when it no longer applies (already sent). */
  *markOutcome(id: number, outcome: DecisionOutcome): Op<boolean> {
    return yield* decisionOps.transition(id, function* (row) {
      switch (outcome.kind) {
        case 'sent': {
          const done = yield* run(Q.sent({ id, sentAt: outcome.sentAt, pdfPath: outcome.pdfPath }));
          if (done === 0) return false;
          yield* run(
            Q.answerOnReservation({ key: row.keyField, status: row.action === 'confirm' ? 'E' : 'H' }),
          );
          return true;
        }
        case 'failed':
          return (
            (yield* run(Q.failed({ id, error: outcome.error, unknown: outcome.outcomeUnknown ? 1 : 0 }))) > 0
          );
        case 'deferred':
          return (
            (yield* run(Q.deferred({ id, error: outcome.error, unknown: outcome.outcomeUnknown ? 1 : 0 }))) >
            0
          );
        case 'held':
          return (yield* run(Q.held({ id, error: outcome.error, tries: AUTOMATIC_TRIES }))) > 0;
      }
    });
  },

  /** A newer version of the reservation arrived after the decision: it waits for the person. */
  *markForReview(id: number): Op<boolean> {
    return yield* decisionOps.transition(id, function* () {
      return (yield* run(Q.review({ id }))) > 0;
    });
  },

  /**
   * The person looked at the newer version: send the decision as it stands (now based on the newest version),
   * or drop it so they can decide afresh. Returns the decision's view, null once discarded.
   */
  *resolveReview(id: number, action: 'send' | 'discard'): Op<DecisionView | null> {
    const found = yield* first(Q.byId({ id }));
    if (!found || found.state !== 'review') throw new DecisionRefused('not-in-review');
    // Either way the reservation is locked first, as deciding on it locks it, and the decision read again: of two
    // desks resolving the same review at once, the second waits and finds it resolved (and neither waits on the
    // other's lock in the opposite order).
    const locked = yield* first(Q.reservationForDecision({ key: found.keyField }));
    const row = yield* first(Q.byId({ id }));
    if (!row || row.state !== 'review') throw new DecisionRefused('not-in-review');
    if (action === 'send') {
      const reservation = checkReservation(locked, row.action);
      // An answer to an earlier version never becomes the taking-in of a cancellation by itself: the person
      // discards it and takes the cancellation in (one way forward).
      if (reservation.changeKind === 'cancelled') throw new DecisionRefused('cancelled');
      if ((yield* run(Q.sendAfterReview({ id, logId: reservation.logId }))) === 0)
        throw new DecisionRefused('not-in-review');
    } else if ((yield* run(Q.discard({ id }))) === 0) throw new DecisionRefused('not-in-review');
    yield* changed('decisions', 'changed', [String(id)]);
    yield* decisionOps.syncReservation(row.keyField);
    return action === 'send' ? yield* decisionOps.viewFor(row.keyField) : null;
  },

  /** The newest decision on a reservation that still counts (discarded ones do not), or null. */
  *recordFor(keyField: string): Op<DecisionRecord | null> {
    const row = yield* first(Q.latest({ key: keyField }));
    return row ? decisionRecord(row) : null;
  },

  /** What the reservation screen shows about its answer, or null when nobody answered yet. */
  *viewFor(keyField: string): Op<DecisionView | null> {
    const row = yield* decisionOps.recordFor(keyField);
    return row ? view(row) : null;
  },

  /** The decision state of each reservation of an inbox page ('none' when there is none). */
  *states(keyFields: readonly string[]): Op<Map<string, DecisionState>> {
    const states = new Map<string, DecisionState>(keyFields.map((k) => [k, 'none']));
    if (keyFields.length === 0) return states;
    for (const row of yield* all(Q.states({ keys: JSON.stringify(keyFields) })))
      states.set(row.keyField, stateOf(row.state));
    return states;
  },

  /** Decisions the push still has to send (pending or failed); those in review wait for a person. */
  *queuedCount(): Op<number> {
    return (yield* first(Q.queued({})))?.n ?? 0;
  },
};

/** The decision state of each reservation (the inbox page's marks, key-order.ts). */
export function decisionStates(db: Database, keyFields: readonly string[]): Map<string, DecisionState> {
  return runSqlite(db, decisionOps.states(keyFields));
}
