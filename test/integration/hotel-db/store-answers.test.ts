// The answers on both engines: decisions (the outbox, its refusals, undo, the send steps, review),
// acknowledgements still to report, PMS marks with their log, with the same outcomes asserted on SQLite and on a
// real PostgreSQL; then what only the shared database has: two desks deciding at once, the exactly-once claims
// fenced by the lease. `npx vitest run test/integration/hotel-db/store-answers.test.ts`
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledgementOps } from '../../../main/store/acknowledgements';
import { decisionOps, DecisionRefused, type NewDecision } from '../../../main/store/decisions';
import { pmsEntryOps } from '../../../main/store/pms-entry';
import { unreadableOps } from '../../../main/store/unreadable';
import type { SetAsideReason } from '../../../shared/domain';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';
import { newVersion, one, seedAcknowledgements, seedReason, seedReservation } from './answers-seed';
import { exactlyOnceOnPostgres } from './answers-shared-db';

const AT = '2026-07-01T09:00:00.000Z';
const engines = bothEngines();

const confirm = (key: string, over: Partial<NewDecision> = {}): NewDecision => ({
  keyField: key,
  action: 'confirm',
  note: '',
  reasonId: null,
  user: 'Ayşe',
  decidedAt: AT,
  basedOnLogId: 1,
  ...over,
});

const refusal = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (error) {
    if (error instanceof DecisionRefused) return error.code;
    throw error;
  }
  return 'accepted';
};

describe.each(engineNames)('on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  const decisionRow = (id: number) =>
    one(
      e,
      `SELECT state, CAST(attempts AS integer) AS attempts, CAST(outcome_unknown AS integer) AS unknown,
         last_error AS error, send_after AS "sendAfter" FROM decisions WHERE id = ${id}`,
    );
  const reservation = (key: string) =>
    one(
      e,
      `SELECT decision_state AS "decisionState", confirmation_status AS status, confirmation_no AS no
       FROM reservations WHERE key_field = '${key}'`,
    );

  describe('set aside', () => {
    it('counts what is kept aside by reason, the same on both engines', async () => {
      const item = (keyField: string, logId: number, reason: SetAsideReason) => ({
        operation: 'reservation list',
        field: 'HotelId',
        expected: 'this hotel',
        keyField,
        logId,
        serviceId: `S-${logId}`,
        text: JSON.stringify({ keyField, logId }),
        reason,
      });
      expect(await e.read(unreadableOps.openCountsByReason())).toEqual({});
      await e.write(
        unreadableOps.record(
          [
            item('A', 1, 'other-hotel'),
            item('B', 2, 'other-hotel'),
            item('C', 3, 'log-id-reused'),
            item('D', 4, 'unreadable'),
          ],
          AT,
        ),
      );
      expect(await e.read(unreadableOps.openCountsByReason())).toEqual({
        'other-hotel': 2,
        'log-id-reused': 1,
        unreadable: 1,
      });
      expect(await e.read(unreadableOps.openCount())).toBe(4);
    });
  });

  describe('decisions', () => {
    it('queues a decision with its activity row and marks the reservation pending', async () => {
      await seedReservation(e, { key: 'K1' });
      const saved = await e.write(
        decisionOps.enqueue(confirm('K1', { note: 'late arrival' }), {
          at: AT,
          user: 'Ayşe',
          action: 'confirm',
          keyField: 'K1',
          detail: '',
        }),
      );
      expect(saved).toMatchObject({
        id: 1,
        keyField: 'K1',
        action: 'confirm',
        note: 'late arrival',
        state: 'pending',
        attempts: 0,
        outcomeUnknown: false,
        basedOnLogId: 1,
        sendAfter: null,
      });
      expect(await reservation('K1')).toMatchObject({ decisionState: 'pending', status: 'W' });
      expect(await one(e, 'SELECT CAST(count(*) AS integer) AS n FROM activity')).toEqual({ n: 1 });
      expect(await e.read(decisionOps.viewFor('K1'))).toMatchObject({ state: 'pending', action: 'confirm' });
      expect(await e.read(decisionOps.queuedCount())).toBe(1);
    });

    it('refuses what the service would refuse, and stores nothing of it', async () => {
      await seedReservation(e, { key: 'W1' });
      await seedReservation(e, { key: 'E1', status: 'E' });
      await seedReservation(e, { key: 'C1', kind: 'cancelled' });
      await seedReason(e, 'R1');
      const decline = (key: string, reasonId: string | null) =>
        e.write(decisionOps.enqueue(confirm(key, { action: 'decline', reasonId })));
      expect(await refusal(e.write(decisionOps.enqueue(confirm('nope'))))).toBe('not-found');
      expect(await refusal(e.write(decisionOps.enqueue(confirm('E1'))))).toBe('not-waiting');
      expect(await refusal(e.write(decisionOps.enqueue(confirm('W1', { basedOnLogId: 9 }))))).toBe('changed');
      expect(await refusal(e.write(decisionOps.enqueue(confirm('W1', { note: 'x'.repeat(501) }))))).toBe(
        'note-too-long',
      );
      expect(await refusal(decline('W1', null))).toBe('reason-missing');
      expect(await refusal(decline('W1', 'R9'))).toBe('reason-unknown');
      expect(await refusal(decline('C1', 'R1'))).toBe('cancellation-decline');
      expect(await e.rows('SELECT id FROM decisions')).toEqual([]);
      expect(await refusal(decline('W1', 'R1'))).toBe('accepted');
      expect(await refusal(e.write(decisionOps.enqueue(confirm('W1'))))).toBe('already-decided');
      // A cancellation is taken in by confirming it.
      expect(await refusal(e.write(decisionOps.enqueue(confirm('C1'))))).toBe('accepted');
    });

    it("the database's unique index refuses a second open decision as already-decided", async () => {
      await seedReservation(e, { key: 'K1' });
      await e.write(decisionOps.insert(confirm('K1')));
      expect(await refusal(e.write(decisionOps.insert(confirm('K1'))))).toBe('already-decided');
      expect(await one(e, 'SELECT CAST(count(*) AS integer) AS n FROM decisions')).toEqual({ n: 1 });
    });

    it('holds an answer for its grace period: undo takes it back, send now ends the wait', async () => {
      await seedReservation(e, { key: 'K1' });
      await seedReservation(e, { key: 'K2' });
      const held = { sendAfter: '2026-07-01T09:00:10.000Z' };
      const k1 = await e.write(decisionOps.enqueue(confirm('K1', held)));
      await e.write(decisionOps.enqueue(confirm('K2', held)));
      expect(await e.read(decisionOps.nextSendAfter())).toBe(held.sendAfter);
      expect(await e.read(decisionOps.nextToSend(AT))).toEqual([]);
      await e.write(decisionOps.undo('K1'));
      expect(await decisionRow(k1.id)).toMatchObject({ state: 'discarded' });
      expect(await reservation('K1')).toMatchObject({ decisionState: 'none' });
      expect(await e.read(decisionOps.viewFor('K1'))).toBeNull();
      expect(await e.write(decisionOps.sendNow('K2'))).toBe(true);
      expect((await e.read(decisionOps.nextToSend(AT))).map((d) => d.keyField)).toEqual(['K2']);
      expect(await e.write(decisionOps.sendNow('K1'))).toBe(false);
      // Decided again after the undo: a new row, the discarded one stays for the record.
      const again = await e.write(decisionOps.enqueue(confirm('K1')));
      expect(again.id).toBe(3);
    });

    it('once a request may have left, undo is too late and the push skips nothing twice', async () => {
      await seedReservation(e, { key: 'K1' });
      const d = await e.write(decisionOps.enqueue(confirm('K1', { sendAfter: '2026-07-01T09:00:10.000Z' })));
      expect(await e.write(decisionOps.markSending(d.id))).toBe(true);
      expect(await decisionRow(d.id)).toMatchObject({ unknown: 1, sendAfter: null });
      expect(await refusal(e.write(decisionOps.undo('K1')))).toBe('too-late-to-undo');
      expect(await refusal(e.write(decisionOps.undo('nobody')))).toBe('too-late-to-undo');
    });

    it('records a delivery on the decision and the reservation, then never hands it out again', async () => {
      await seedReservation(e, { key: 'K1' });
      const d = await e.write(decisionOps.enqueue(confirm('K1')));
      await e.write(decisionOps.attachConfirmationNo(d.id, 'CN-0'));
      expect(await reservation('K1')).toMatchObject({ no: '' });
      const sent = { kind: 'sent' as const, sentAt: AT, pdfPath: null };
      expect(await e.write(decisionOps.markOutcome(d.id, sent))).toBe(true);
      expect(await e.write(decisionOps.markOutcome(d.id, sent))).toBe(false);
      await e.write(decisionOps.attachVoucher(d.id, '/v/1.pdf'));
      await e.write(decisionOps.attachConfirmationNo(d.id, 'CN-7'));
      expect(await decisionRow(d.id)).toMatchObject({ state: 'sent', attempts: 1, unknown: 0 });
      expect(await reservation('K1')).toEqual({ decisionState: 'sent', status: 'E', no: 'CN-7' });
      expect(await e.read(decisionOps.viewFor('K1'))).toMatchObject({ state: 'sent', voucherSaved: true });
      expect(await e.read(decisionOps.nextToSend(AT))).toEqual([]);
      expect(await e.read(decisionOps.queuedCount())).toBe(0);
    });

    it('failed, deferred, held and retried keep their tries and what is unknown', async () => {
      await seedReservation(e, { key: 'K1' });
      const d = await e.write(decisionOps.enqueue(confirm('K1')));
      await e.write(
        decisionOps.markOutcome(d.id, { kind: 'deferred', error: 'offline', outcomeUnknown: true }),
      );
      expect(await decisionRow(d.id)).toMatchObject({
        state: 'pending',
        attempts: 1,
        unknown: 1,
        error: 'offline',
      });
      await e.write(decisionOps.markOutcome(d.id, { kind: 'deferred', error: 'offline' }));
      expect(await decisionRow(d.id)).toMatchObject({ attempts: 2, unknown: 1 });
      await e.write(decisionOps.markOutcome(d.id, { kind: 'failed', error: 'refused' }));
      expect(await decisionRow(d.id)).toMatchObject({ state: 'failed', attempts: 3, unknown: 0 });
      expect(await reservation('K1')).toMatchObject({ decisionState: 'failed' });
      expect((await e.read(decisionOps.nextToSend(AT))).map((r) => r.id)).toEqual([d.id]);
      await e.write(decisionOps.markOutcome(d.id, { kind: 'held', error: 'odd answer' }));
      expect(await decisionRow(d.id)).toMatchObject({ state: 'failed', attempts: 5, unknown: 1 });
      expect(await e.read(decisionOps.nextToSend(AT))).toEqual([]);
      expect(await e.write(decisionOps.retry(d.id))).toBe(true);
      expect(await decisionRow(d.id)).toMatchObject({ state: 'pending', attempts: 0, unknown: 1 });
      expect(await e.write(decisionOps.retry(d.id))).toBe(false);
      expect(await e.read(decisionOps.states(['K1', 'K2']))).toEqual(
        new Map([
          ['K1', 'pending'],
          ['K2', 'none'],
        ]),
      );
    });

    it('a newer version sends the decision to review: sent as it stands on the newest version, or discarded', async () => {
      await seedReservation(e, { key: 'K1' });
      await seedReservation(e, { key: 'K2' });
      const d1 = await e.write(decisionOps.enqueue(confirm('K1')));
      const d2 = await e.write(decisionOps.enqueue(confirm('K2')));
      await newVersion(e, 'K1', 2);
      await newVersion(e, 'K2', 3, { kind: 'cancelled' });
      expect(await e.write(decisionOps.markForReview(d1.id))).toBe(true);
      expect(await e.write(decisionOps.markForReview(d2.id))).toBe(true);
      expect(await reservation('K1')).toMatchObject({ decisionState: 'review' });
      expect(await e.read(decisionOps.queuedCount())).toBe(0);
      expect(await e.write(decisionOps.resolveReview(d1.id, 'send'))).toMatchObject({ state: 'pending' });
      expect(
        await one(e, `SELECT CAST(based_on_log_id AS integer) AS b FROM decisions WHERE id = ${d1.id}`),
      ).toEqual({
        b: 2,
      });
      expect(await refusal(e.write(decisionOps.resolveReview(d1.id, 'send')))).toBe('not-in-review');
      expect(await refusal(e.write(decisionOps.resolveReview(d2.id, 'send')))).toBe('cancelled');
      expect(await e.write(decisionOps.resolveReview(d2.id, 'discard'))).toBeNull();
      expect(await reservation('K2')).toMatchObject({ decisionState: 'none' });
    });
  });

  describe('acknowledgements', () => {
    it('lists LogIds by service, lowest first; removes only what the service accepted and stamps the versions', async () => {
      await seedReservation(e, { key: 'K1', logId: 1 });
      await seedReservation(e, { key: 'K2', logId: 2 });
      await seedAcknowledgements(e, 'svc-b', [5, 3]);
      await seedAcknowledgements(e, 'svc-a', [2, 1]);
      expect(await e.read(acknowledgementOps.pending())).toEqual([
        { serviceId: 'svc-a', logIds: [1, 2] },
        { serviceId: 'svc-b', logIds: [3, 5] },
      ]);
      await e.write(acknowledgementOps.markAcknowledged('svc-a', [1, 3], AT));
      expect(await e.read(acknowledgementOps.pending())).toEqual([
        { serviceId: 'svc-a', logIds: [2] },
        { serviceId: 'svc-b', logIds: [3, 5] },
      ]);
      expect(
        await e.rows(
          'SELECT CAST(log_id AS integer) AS "logId", acknowledged_at AS at FROM reservation_versions ORDER BY log_id',
        ),
      ).toEqual([
        { logId: 1, at: AT },
        { logId: 2, at: null },
      ]);
    });
  });

  describe('PMS entries', () => {
    it('marks a confirmed reservation entered, then an update, with a log row each', async () => {
      await seedReservation(e, { key: 'K1', status: 'E' });
      await seedReservation(e, { key: 'K2' });
      expect(await e.read(pmsEntryOps.counts())).toEqual({
        total: 1,
        toEnter: 1,
        needsUpdate: 0,
        toCancel: 0,
        waiting: 1,
      });
      const page = await e.read(pmsEntryOps.list(0, 10));
      expect(page.rows.map((r) => [r.keyField, r.state, r.hasUnmappedCodes])).toEqual([
        ['K1', 'to-enter', true],
      ]);
      const marked = await e.write(
        pmsEntryOps.mark(
          [
            { keyField: 'K1', logId: 1, pmsReference: ' PMS-7 ' },
            { keyField: 'K2', logId: 1 },
            { keyField: 'K3', logId: 1 },
          ],
          'Ayşe',
          AT,
        ),
      );
      expect(marked).toEqual({
        marked: 1,
        skipped: [
          { keyField: 'K2', reason: 'not-confirmed' },
          { keyField: 'K3', reason: 'not-found' },
        ],
      });
      expect(await e.read(pmsEntryOps.of('K1'))).toMatchObject({
        state: 'entered',
        entered: { logId: 1, enteredBy: 'Ayşe', pmsReference: 'PMS-7' },
      });
      await newVersion(e, 'K1', 2, { status: 'E', adults: 3 });
      const update = await e.read(pmsEntryOps.of('K1'));
      expect(update?.state).toBe('needs-update');
      expect(update?.changes.length).toBeGreaterThan(0);
      expect(await e.write(pmsEntryOps.mark([{ keyField: 'K1', logId: 1 }], 'Mehmet', AT))).toEqual({
        marked: 0,
        skipped: [{ keyField: 'K1', reason: 'changed' }],
      });
      expect(await e.write(pmsEntryOps.mark([{ keyField: 'K1', logId: 2 }], 'Mehmet', AT))).toEqual({
        marked: 1,
        skipped: [],
      });
      expect(await e.read(pmsEntryOps.of('K1'))).toMatchObject({
        state: 'done',
        entered: { logId: 2, pmsReference: 'PMS-7', handledBy: 'Mehmet' },
      });
      expect(
        await e.rows(
          'SELECT action, "user", CAST(log_id AS integer) AS "logId" FROM pms_entry_log ORDER BY id',
        ),
      ).toEqual([
        { action: 'entered', user: 'Ayşe', logId: 1 },
        { action: 'updated', user: 'Mehmet', logId: 2 },
      ]);
    });

    it('a cancellation taken in is to cancel, marked by an upsert without an entry first', async () => {
      await seedReservation(e, { key: 'K1', status: 'E', kind: 'cancelled' });
      expect((await e.read(pmsEntryOps.of('K1')))?.state).toBe('to-cancel');
      expect(await e.write(pmsEntryOps.mark([{ keyField: 'K1', logId: 1 }], 'Ayşe', AT))).toEqual({
        marked: 1,
        skipped: [],
      });
      expect((await e.read(pmsEntryOps.of('K1')))?.state).toBe('done');
      expect(await e.read(pmsEntryOps.counts())).toMatchObject({ total: 0 });
    });
  });
});

exactlyOnceOnPostgres(engines);
