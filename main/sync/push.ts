// Push: the decisions outbox → sendconfirmationv2 (confirm, and take in a cancellation) or sendconfirmation
// (decline). The decision was stored (with the reservation's pending
// state) before we get here. A decision is sent at most once successfully; after a failure whose outcome
// is unknown (connection lost mid-request) we first ask the service whether the answer already landed
// instead of blindly sending it again.
import type { Reservation } from '../../shared/domain';
import type { SyncClient } from './ports';
import { readBackConfirmationNos } from './confirmation-nos';
import { RoundVouchers } from './round-vouchers';
import { emptySummary, storeBatch, type PullStore } from './pull';

export interface PendingDecision {
  id: number;
  keyField: string;
  action: 'confirm' | 'decline';
  note: string;
  reasonId: string | null;
  user: string;
  basedOnLogId: number;
  attempts: number;
  /** The last attempt may have reached the service (network failure mid-request). */
  outcomeUnknown: boolean;
}

/** A pull's store too: in safe mode the service's current version is stored before an answer leaves. */
export interface PushStore extends PullStore {
  /** Due now: answers still in their grace period (Undo) are left alone. */
  nextDecisionsToSend(nowIso: string): Promise<PendingDecision[]>;
  getReservation(keyField: string): Promise<Reservation | null>;
  markSent(id: number, result: { sentAt: string; pdfPath: string | null }): Promise<unknown>;
  /** The service's number for a confirmation it accepted, read back after the round (below). */
  attachConfirmationNo(id: number, no: string): Promise<unknown>;
  /** Before the request leaves: the outcome is unknown until its answer is stored. */
  /** False when the decision is no longer there to send (taken back meanwhile): it is skipped. */
  markSending(id: number): Promise<boolean>;
  attachVoucher(id: number, pdfPath: string): Promise<void>;
  markFailed(id: number, error: string, outcomeUnknown: boolean): Promise<unknown>;
  /** Not reachable: keep it queued (pending) with the reason. */
  markDeferred(id: number, error: string, outcomeUnknown: boolean): Promise<unknown>;
  markForReview(id: number): Promise<unknown>;
  /** The service answered something that is not this answer: no more tries until a person looks. */
  markHeld(id: number, error: string): Promise<unknown>;
}

/**
 * The longest an answer's request may take, login included: it is given up (aborted) by then. Ten seconds to
 * connect and thirty for the reply, as every request's own limits allow, and a little for the body.
 */
export const ANSWER_DEADLINE_MS = 45_000;
/**
 * How long the shared database keeps every other request away from an answer claimed for a request with this
 * deadline: the deadline, and room for the abort to close the connection (5 s, or half a shorter deadline).
 */
export const claimHoldMs = (answerDeadlineMs: number): number =>
  answerDeadlineMs + Math.min(5_000, answerDeadlineMs / 2);

export type FailureKind =
  'network' | 'busy' | 'unauthorized' | 'service' | 'malformed' | 'unconfirmed' | 'cancelled' | 'other';

export interface PushOptions {
  voucherDir: string;
  now: () => Date;
  classify: (error: unknown) => FailureKind;
  describe: (error: unknown) => string;
  onDecision?: (keyField: string) => void;
  /** The desk's hotel number: a re-read version of another hotel is set aside, as in the pull. */
  partnerId: number;
  /**
   * Another program may be taking this account's new versions (another-reader.ts): the service's current
   * version is read and stored before each answer leaves, since the pull can no longer be trusted to have it.
   */
  safeMode?: boolean;
  /**
   * Each answer's request is given up this long after its decision was handed out (markSending), default
   * ANSWER_DEADLINE_MS; on the hotel's database the claim holds a little longer (claimHoldMs), so no other desk
   * asks about or sends that answer while its request may still be on its way.
   */
  answerDeadlineMs?: number;
  /** How long the service asked to be left alone by this failure (busy, Retry-After), or null. */
  waitAsked?: (error: unknown) => number | null;
}

export interface PushSummary {
  sent: number;
  failed: number;
  review: number;
  /** True when a failure says the service cannot be reached: stop sending for this cycle. */
  unreachable: boolean;
}

/** The decision was handed out too late in its deadline to send it now (the database answered slowly). */
export class AnswerNotSentInTime extends Error {
  constructor() {
    super('The answer was not sent: the hotel database answered too slowly. It is sent at the next round.');
    this.name = 'AnswerNotSentInTime';
  }
}

/** The service's copy of the reservation in its E or H list (it holds this answer), or null. */
async function answeredCopy(
  client: SyncClient,
  reservation: Reservation,
  status: 'E' | 'H',
): Promise<Reservation | null> {
  let found: Reservation | null = null;
  await client.fetchReservations(
    {
      checkInStart: reservation.checkIn,
      checkInEnd: reservation.checkIn,
      status,
      agencyId: reservation.agencyId,
      isSendRequired: false,
      // Another item that cannot be read says nothing about this one.
      onUnreadable: () => undefined,
    },
    async (batch) => {
      found = batch.find((r) => r.keyField === reservation.keyField) ?? found;
    },
  );
  return found;
}

/** Whether the service already holds this answer for the reservation (its E or H list says so). */
async function alreadyAnswered(
  client: SyncClient,
  reservation: Reservation,
  status: 'E' | 'H',
): Promise<boolean> {
  return (await answeredCopy(client, reservation, status)) !== null;
}

/**
 * Safe mode: reads the reservation's day and agency in the waiting list (where a newer version or a
 * cancellation waits) and stores what it finds under this KeyField, reported later like any list read.
 * Returns the reservation as the desk now holds it.
 */
async function rereadCurrent(
  client: SyncClient,
  store: PushStore,
  reservation: Reservation,
  options: PushOptions,
): Promise<Reservation | null> {
  const found: Reservation[] = [];
  await client.fetchReservations(
    {
      checkInStart: reservation.checkIn,
      checkInEnd: reservation.checkIn,
      agencyId: reservation.agencyId,
      isSendRequired: false,
      // Another item that cannot be read says nothing about this one.
      onUnreadable: () => undefined,
    },
    async (batch) => {
      found.push(...batch.filter((r) => r.keyField === reservation.keyField));
    },
  );
  if (found.length === 0) return reservation;
  await storeBatch(store, found, emptySummary(), { ...options, acknowledgeAgain: false });
  return store.getReservation(reservation.keyField);
}

/** A newer version arrived after the receptionist decided, or the decision no longer fits it. */
const decidedOnSomethingElse = (reservation: Reservation | null, decision: PendingDecision): boolean =>
  reservation === null ||
  reservation.logId !== decision.basedOnLogId ||
  (reservation.pmsStatus === 3 && decision.action !== 'confirm');

export async function pushDecisions(
  client: SyncClient,
  store: PushStore,
  options: PushOptions,
): Promise<PushSummary> {
  const summary: PushSummary = { sent: 0, failed: 0, review: 0, unreachable: false };
  const confirmed: { id: number; reservation: Reservation }[] = [];
  const vouchers = new RoundVouchers(client, store, options);
  for (const decision of await store.nextDecisionsToSend(options.now().toISOString())) {
    const reservation = await store.getReservation(decision.keyField);
    if (!reservation) {
      await store.markFailed(decision.id, 'This reservation is no longer in the database.', false);
      summary.failed++;
      continue;
    }
    // A newer version arrived after the receptionist decided (a change, or the agency's cancellation):
    // they decided on something else. A decision on the cancellation itself takes it in (confirm, E).
    if (decidedOnSomethingElse(reservation, decision)) {
      await store.markForReview(decision.id);
      summary.review++;
      options.onDecision?.(decision.keyField);
      continue;
    }
    const status = decision.action === 'confirm' ? 'E' : 'H';
    const delivered = async (): Promise<void> => {
      await store.markSent(decision.id, { sentAt: options.now().toISOString(), pdfPath: null });
      summary.sent++;
    };
    try {
      if (decision.outcomeUnknown && (await alreadyAnswered(client, reservation, status))) {
        await delivered();
        if (status === 'E') confirmed.push({ id: decision.id, reservation });
        options.onDecision?.(decision.keyField);
        continue;
      }
      if (
        options.safeMode &&
        decidedOnSomethingElse(await rereadCurrent(client, store, reservation, options), decision)
      ) {
        // The same review as above: the version the receptionist saw is no longer the service's.
        await store.markForReview(decision.id);
        summary.review++;
        options.onDecision?.(decision.keyField);
        continue;
      }
      // Counted from before the claim was asked for: the database's deadline for it starts later, never earlier.
      const deadlineMs = options.answerDeadlineMs ?? ANSWER_DEADLINE_MS;
      const handedOutAt = performance.now();
      // Taken back (Undo) since it was handed out, or already on its way in another request: nothing leaves.
      if (!(await store.markSending(decision.id))) continue;
      const left = Math.floor(deadlineMs - (performance.now() - handedOutAt));
      // A claim that took half the deadline (a database slow to answer) leaves too little for the request: it is
      // not sent now, and asked about before it is sent later.
      if (left < deadlineMs / 2) {
        await store.markDeferred(decision.id, options.describe(new AnswerNotSentInTime()), true);
        summary.failed++;
        summary.unreachable = true;
        options.onDecision?.(decision.keyField);
        break;
      }
      const answer = await client.sendConfirmation({
        signal: AbortSignal.timeout(left),
        keyField: reservation.keyField,
        agencyId: reservation.agencyId,
        status,
        note: decision.action === 'confirm' && decision.note ? decision.note : undefined,
        reasonId: decision.action === 'decline' ? (decision.reasonId ?? undefined) : undefined,
        pmsUser: decision.user,
      });
      // Recorded before the voucher is fetched: the PDF is a bonus that must never cause a resend.
      await delivered();
      if (status === 'E') confirmed.push({ id: decision.id, reservation });
      if (answer.pdfUrl)
        await vouchers.add({ id: decision.id, keyField: reservation.keyField, url: answer.pdfUrl });
    } catch (error) {
      const kind = options.classify(error);
      if (kind === 'unconfirmed') {
        await store.markHeld(decision.id, options.describe(error));
        summary.failed++;
        options.onDecision?.(decision.keyField);
        continue;
      }
      // "Already answered": if the service holds the very answer the receptionist gave (a request that
      // landed while the desk died, or an answer given twice), it is delivered, not failed.
      if (kind === 'service' && (await alreadyAnswered(client, reservation, status).catch(() => false))) {
        await delivered();
        if (status === 'E') confirmed.push({ id: decision.id, reservation });
        options.onDecision?.(decision.keyField);
        continue;
      }
      const outcomeUnknown = kind === 'network' || kind === 'malformed';
      // Busy: the service did not carry the answer out; it waits, as for a line down, and is sent after the wait.
      if (kind === 'network' || kind === 'busy')
        await store.markDeferred(decision.id, options.describe(error), outcomeUnknown);
      else await store.markFailed(decision.id, options.describe(error), outcomeUnknown);
      summary.failed++;
      if (kind === 'network' || kind === 'busy' || kind === 'unauthorized') {
        summary.unreachable = true;
        options.onDecision?.(decision.keyField);
        break;
      }
    }
    options.onDecision?.(decision.keyField);
  }
  // The bonuses of the round's answers, once every due answer has left: the vouchers first (their links are
  // temporary), then the confirmation numbers. Tried too when the line failed mid-round, for the answers that left
  // before: the first failure of a line that is down ends them.
  await vouchers.save();
  await readBackConfirmationNos(client, store, confirmed, options.onDecision);
  return summary;
}
