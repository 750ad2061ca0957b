import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import {
  DecisionRefused,
  decisionStates,
  AUTOMATIC_TRIES,
  type NewDecision,
} from '../../../main/store/decisions';
import { openDeskDatabase, receive } from './desk-fixture';
import { makeReservation } from './fixtures';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
  new Store(db).replaceNotConfirmMessages('tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
  receive(
    db,
    makeReservation({ keyField: 'k1', logId: 10 }),
    makeReservation({ keyField: 'k2', logId: 20 }),
    makeReservation({ keyField: 'confirmed', logId: 30, confirmationStatus: 'E' }),
    makeReservation({ keyField: 'cancelled', logId: 40, pmsStatus: 3 }),
  );
});
afterEach(() => db.close());

const confirm = (keyField = 'k1', basedOnLogId = 10, extra: Partial<NewDecision> = {}) =>
  new Store(db).enqueueDecision({
    keyField,
    action: 'confirm',
    note: 'Welcome',
    reasonId: null,
    user: 'Ayşe',
    decidedAt: '2026-07-01T09:00:00Z',
    basedOnLogId,
    ...extra,
  });
const reservationRow = (keyField: string) =>
  db
    .prepare<[string], { decisionState: string; confirmationStatus: string }>(
      'SELECT decision_state AS decisionState, confirmation_status AS confirmationStatus FROM reservations WHERE key_field = ?',
    )
    .get(keyField);
const decisionCount = (): unknown => db.prepare('SELECT count(*) FROM decisions').pluck().get();
const refusal = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    if (error instanceof DecisionRefused) return error.code;
    throw error;
  }
  return 'accepted';
};

describe('enqueueDecision', () => {
  it('queues the decision and marks the reservation pending', () => {
    const decision = confirm();
    expect(decision).toMatchObject({
      keyField: 'k1',
      action: 'confirm',
      note: 'Welcome',
      reasonId: null,
      state: 'pending',
      attempts: 0,
      basedOnLogId: 10,
      outcomeUnknown: false,
    });
    expect(reservationRow('k1')?.decisionState).toBe('pending');
    expect(new Store(db).decisionFor('k1')).toEqual({
      state: 'pending',
      action: 'confirm',
      note: 'Welcome',
      reasonId: null,
      user: 'Ayşe',
      decidedAt: '2026-07-01T09:00:00Z',
      sentAt: null,
      error: null,
      voucherSaved: false,
      sendAfter: null,
      basedOnLogId: 10,
    });
    expect(decisionStates(db, ['k1', 'k2'])).toEqual(
      new Map([
        ['k1', 'pending'],
        ['k2', 'none'],
      ]),
    );
    expect(new Store(db).queuedDecisionCount()).toBe(1);
  });

  it('refuses, writing nothing, what the service would refuse', () => {
    const decline = (reasonId: string | null) =>
      new Store(db).enqueueDecision({
        keyField: 'k2',
        action: 'decline',
        note: '',
        reasonId,
        user: 'Ayşe',
        decidedAt: 't',
        basedOnLogId: 20,
      });
    expect(refusal(() => confirm('nowhere', 1))).toBe('not-found');
    // A waiting cancellation cannot be declined: it is taken in by confirming it (below).
    const declineCancellation = () =>
      new Store(db).enqueueDecision({
        keyField: 'cancelled',
        action: 'decline',
        note: '',
        reasonId: 'full',
        user: 'Ayşe',
        decidedAt: 't',
        basedOnLogId: 40,
      });
    expect(refusal(declineCancellation)).toBe('cancellation-decline');
    expect(refusal(() => confirm('confirmed', 30))).toBe('not-waiting');
    expect(refusal(() => confirm('k1', 9))).toBe('changed');
    expect(refusal(() => confirm('k1', 10, { note: 'x'.repeat(501) }))).toBe('note-too-long');
    expect(refusal(() => decline(null))).toBe('reason-missing');
    expect(refusal(() => decline('gone'))).toBe('reason-unknown');
    expect(decisionCount()).toBe(0);
    expect(reservationRow('k1')?.decisionState).toBe('none');

    expect(refusal(() => confirm('k1', 10, { note: 'x'.repeat(500) }))).toBe('accepted');
    expect(refusal(() => decline('full'))).toBe('accepted');
    // Taking the cancellation in is a confirmation of it.
    expect(refusal(() => confirm('cancelled', 40))).toBe('accepted');
  });

  it('refuses a second decision while one is queued or sent', () => {
    confirm();
    expect(refusal(() => confirm())).toBe('already-decided');
    expect(() => confirm()).toThrow(DecisionRefused);
    expect(decisionCount()).toBe(1);
  });

  it('stores both the decision and the pending state, or neither', () => {
    db.exec(`CREATE TRIGGER refuse_pending BEFORE UPDATE OF decision_state ON reservations
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => confirm()).toThrow(/disk full/);
    expect(decisionCount()).toBe(0);
    expect(reservationRow('k1')?.decisionState).toBe('none');
    expect(new Store(db).nextDecisionsToSend()).toEqual([]);

    db.exec('DROP TRIGGER refuse_pending');
    confirm();
    expect(reservationRow('k1')?.decisionState).toBe('pending');
  });
});

describe('sending', () => {
  it('hands out pending and failed decisions oldest first, and a sent one never again', () => {
    const first = confirm('k1', 10);
    const second = confirm('k2', 20);
    expect(new Store(db).nextDecisionsToSend().map((d) => d.id)).toEqual([first.id, second.id]);

    expect(new Store(db).markSent(first.id, { sentAt: '2026-07-01T09:01:00Z', pdfPath: '/v/k1.pdf' })).toBe(
      true,
    );
    expect(new Store(db).nextDecisionsToSend().map((d) => d.id)).toEqual([second.id]);

    // Nothing that happens afterwards puts it back in the outbox.
    expect(new Store(db).markSent(first.id, { sentAt: 'later', pdfPath: null })).toBe(false);
    expect(new Store(db).markFailed(first.id, 'late error', true)).toBe(false);
    expect(new Store(db).markForReview(first.id)).toBe(false);
    expect(refusal(() => new Store(db).resolveReview(first.id, 'send'))).toBe('not-in-review');
    expect(new Store(db).nextDecisionsToSend().map((d) => d.id)).toEqual([second.id]);

    expect(new Store(db).decisionFor('k1')).toMatchObject({
      state: 'sent',
      sentAt: '2026-07-01T09:01:00Z',
      voucherSaved: true,
    });
    expect(new Store(db).decisionRecordFor('k1')).toMatchObject({ attempts: 1, pdfPath: '/v/k1.pdf' });
    expect(reservationRow('k1')).toEqual({ decisionState: 'sent', confirmationStatus: 'E' });
    // Answered already (here or on another desk): said before "no longer waiting", which follows from it.
    expect(refusal(() => confirm('k1', 10))).toBe('already-decided');
    expect(new Store(db).queuedDecisionCount()).toBe(1);
  });

  it('records a decline as not confirmed', () => {
    const decision = new Store(db).enqueueDecision({
      keyField: 'k2',
      action: 'decline',
      note: '',
      reasonId: 'full',
      user: 'Mehmet',
      decidedAt: 't',
      basedOnLogId: 20,
    });
    new Store(db).markSent(decision.id, { sentAt: 's', pdfPath: null });
    expect(reservationRow('k2')).toEqual({ decisionState: 'sent', confirmationStatus: 'H' });
    expect(new Store(db).decisionRecordFor('k2')).toMatchObject({ reasonId: 'full', confirmationNo: null });
  });

  it('keeps a failed decision queued with its error; a refusal makes the outcome known', () => {
    const decision = confirm();
    new Store(db).markFailed(decision.id, 'The service could not be reached.', true);
    expect(new Store(db).nextDecisionsToSend()).toEqual([
      expect.objectContaining({ id: decision.id, state: 'failed', attempts: 1, outcomeUnknown: true }),
    ]);
    // The push asks the service before sending again after an unknown outcome; a refusal is an answer.
    new Store(db).markFailed(decision.id, 'The service answered with an error.', false);
    expect(new Store(db).nextDecisionsToSend()).toEqual([
      expect.objectContaining({ id: decision.id, state: 'failed', attempts: 2, outcomeUnknown: false }),
    ]);
    expect(new Store(db).decisionFor('k1')).toMatchObject({
      state: 'failed',
      error: 'The service answered with an error.',
    });
    expect(decisionStates(db, ['k1']).get('k1')).toBe('failed');
    expect(reservationRow('k1')?.decisionState).toBe('failed');
    expect(new Store(db).queuedDecisionCount()).toBe(1);

    new Store(db).markSent(decision.id, { sentAt: 's', pdfPath: null });
    expect(new Store(db).decisionRecordFor('k1')).toMatchObject({
      state: 'sent',
      attempts: 3,
      lastError: null,
      outcomeUnknown: false,
    });
    expect(new Store(db).decisionFor('k1')?.error).toBeNull();
    expect(new Store(db).nextDecisionsToSend()).toEqual([]);
  });

  it('marks a decision whose request is leaving as possibly delivered', () => {
    const decision = confirm();
    expect(new Store(db).decisionRecordFor('k1')?.outcomeUnknown).toBe(false);
    new Store(db).markSending(decision.id);
    expect(new Store(db).decisionRecordFor('k1')?.outcomeUnknown).toBe(true);
  });

  it('tries a refused decision a few times, then waits for a person, who can start it again', () => {
    const decision = confirm();
    for (let i = 0; i < AUTOMATIC_TRIES; i++) {
      expect(new Store(db).nextDecisionsToSend().map((d) => d.id)).toEqual([decision.id]);
      new Store(db).markFailed(decision.id, 'Refused.', false);
    }
    expect(new Store(db).nextDecisionsToSend()).toEqual([]);
    expect(new Store(db).decisionFor('k1')).toMatchObject({ state: 'failed', error: 'Refused.' });
    expect(new Store(db).retryDecision(decision.id)).toBe(true);
    expect(new Store(db).nextDecisionsToSend()).toEqual([
      expect.objectContaining({ id: decision.id, attempts: 0 }),
    ]);
  });

  it("writes the activity entry in the decision's own transaction", () => {
    db.exec(`CREATE TRIGGER no_room AFTER INSERT ON activity BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const activity = { at: 'a', user: 'Ayşe', action: 'confirm' as const, keyField: 'k1', detail: '' };
    expect(() =>
      new Store(db).enqueueDecision(
        {
          keyField: 'k1',
          action: 'confirm',
          note: '',
          reasonId: null,
          user: 'Ayşe',
          decidedAt: 'a',
          basedOnLogId: 10,
        },
        activity,
      ),
    ).toThrow(/disk full/);
    // Neither is there, so trying again is not refused as "already answered".
    expect(new Store(db).decisionRecordFor('k1')).toBeNull();
    expect(reservationRow('k1')?.decisionState).toBe('none');
    db.exec('DROP TRIGGER no_room');
    expect(
      new Store(db).enqueueDecision(
        {
          keyField: 'k1',
          action: 'confirm',
          note: '',
          reasonId: null,
          user: 'Ayşe',
          decidedAt: 'a',
          basedOnLogId: 10,
        },
        activity,
      ).state,
    ).toBe('pending');
    expect(db.prepare('SELECT count(*) FROM activity').pluck().get()).toBe(1);
  });

  it('allows a new answer once the agency sends the answered reservation again as waiting', () => {
    new Store(db).markSent(confirm().id, { sentAt: 's', pdfPath: null });
    receive(db, makeReservation({ keyField: 'k1', logId: 11, pmsStatus: 2, confirmationStatus: 'W' }));
    expect(refusal(() => confirm('k1', 11))).toBe('accepted');
    expect(decisionStates(db, ['k1']).get('k1')).toBe('pending');
  });
});

describe('review', () => {
  const newerVersion = (overrides = {}) =>
    receive(
      db,
      makeReservation({ keyField: 'k1', logId: 11, pmsStatus: 2, checkOut: '2026-07-18', ...overrides }),
    );

  it('holds a decision overtaken by a newer version until the person sends it', () => {
    const decision = confirm();
    newerVersion();
    expect(new Store(db).markForReview(decision.id)).toBe(true);
    expect(new Store(db).nextDecisionsToSend()).toEqual([]);
    expect(decisionStates(db, ['k1']).get('k1')).toBe('review');
    expect(reservationRow('k1')?.decisionState).toBe('review');
    expect(new Store(db).queuedDecisionCount()).toBe(0);
    expect(refusal(() => confirm('k1', 11))).toBe('already-decided');

    expect(new Store(db).resolveReview(decision.id, 'send')).toMatchObject({
      state: 'pending',
      note: 'Welcome',
    });
    expect(new Store(db).nextDecisionsToSend()).toEqual([
      expect.objectContaining({ id: decision.id, basedOnLogId: 11 }),
    ]);
    expect(reservationRow('k1')?.decisionState).toBe('pending');
  });

  it('drops a decision the person discards, so they can decide afresh', () => {
    const decision = confirm();
    newerVersion();
    new Store(db).markForReview(decision.id);
    expect(new Store(db).resolveReview(decision.id, 'discard')).toBeNull();
    expect(new Store(db).decisionFor('k1')).toBeNull();
    expect(decisionStates(db, ['k1']).get('k1')).toBe('none');
    expect(reservationRow('k1')?.decisionState).toBe('none');
    expect(new Store(db).nextDecisionsToSend()).toEqual([]);
    expect(refusal(() => new Store(db).resolveReview(decision.id, 'send'))).toBe('not-in-review');
    expect(confirm('k1', 11).state).toBe('pending');
  });

  it('will not send a reviewed decision for a reservation cancelled meanwhile', () => {
    const decision = confirm();
    newerVersion({ pmsStatus: 3 });
    new Store(db).markForReview(decision.id);
    expect(refusal(() => new Store(db).resolveReview(decision.id, 'send'))).toBe('cancelled');
    expect(new Store(db).decisionFor('k1')?.state).toBe('review');
    expect(new Store(db).resolveReview(decision.id, 'discard')).toBeNull();
  });

  it('records a send that landed even though the decision went to review meanwhile', () => {
    const decision = confirm();
    new Store(db).markForReview(decision.id);
    expect(new Store(db).markSent(decision.id, { sentAt: 's', pdfPath: null })).toBe(true);
    expect(new Store(db).decisionFor('k1')?.state).toBe('sent');
  });
});

describe('an answer held for its grace period', () => {
  const HELD = '2026-07-01T09:00:10Z';
  it('is not handed out before its time, then is; Send now ends the wait', () => {
    const held = confirm('k1', 10, { sendAfter: HELD });
    expect(new Store(db).nextSendAfter()).toBe(HELD);
    expect(new Store(db).nextDecisionsToSend('2026-07-01T09:00:05Z')).toEqual([]);
    expect(new Store(db).nextDecisionsToSend(HELD).map((d) => d.id)).toEqual([held.id]);
    expect(new Store(db).decisionFor('k1')?.sendAfter).toBe(HELD);
    expect(new Store(db).sendDecisionNow('k1')).toBe(true);
    expect(new Store(db).nextDecisionsToSend('2026-07-01T09:00:01Z').map((d) => d.id)).toEqual([held.id]);
    expect(new Store(db).nextSendAfter()).toBeNull();
  });

  it('Undo discards it and frees the reservation; a push that already picked it up sends nothing', () => {
    const held = confirm('k1', 10, { sendAfter: HELD });
    const picked = new Store(db).nextDecisionsToSend(HELD);
    new Store(db).undoDecision('k1');
    expect(new Store(db).decisionFor('k1')).toBeNull();
    expect(reservationRow('k1')?.decisionState).toBe('none');
    // The push had handed it out before the Undo: marking it as leaving fails, so it is skipped.
    expect(picked.map((d) => d.id)).toEqual([held.id]);
    expect(new Store(db).markSending(held.id)).toBe(false);
    expect(new Store(db).queuedDecisionCount()).toBe(0);
    expect(confirm('k1', 10).state).toBe('pending');
  });

  it('cannot be taken back once a request carrying it may have left, or after it was sent', () => {
    const held = confirm('k1', 10);
    expect(new Store(db).markSending(held.id)).toBe(true);
    expect(refusal(() => new Store(db).undoDecision('k1'))).toBe('too-late-to-undo');
    new Store(db).markSent(held.id, { sentAt: '2026-07-01T09:01:00Z', pdfPath: null });
    expect(refusal(() => new Store(db).undoDecision('k1'))).toBe('too-late-to-undo');
    expect(refusal(() => new Store(db).undoDecision('nowhere'))).toBe('too-late-to-undo');
    expect(new Store(db).decisionFor('k1')?.state).toBe('sent');
  });
});
