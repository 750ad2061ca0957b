// What only the shared database has, for the answers (registered by store-answers.test.ts on its
// PostgreSQL server): two desks deciding at once on the same reservations, and the exactly-once steps fenced by the
// service lease — a decision claimed by one generation whose desk lost the lease, acknowledgement chunks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHotelPool } from '../../../main/hotel-db/pool';
import { HotelStore } from '../../../main/hotel-db/store';
import { writeFenced } from '../../../main/hotel-db/fenced';
import type { Op } from '../../../main/store/engines/op';
import type pg from 'pg';
import { Lease, LeaseLostError, type LeaseToken } from '../../../main/hotel-db/lease';
import { acknowledgementOps } from '../../../main/store/acknowledgements';
import {
  acknowledgementClaimOps,
  type AcknowledgementChunk,
} from '../../../main/store/acknowledgement-claims';
import { DecisionClaimNotHeld, decisionClaimOps } from '../../../main/store/decision-claims';
import { decisionOps, DecisionRefused, type NewDecision } from '../../../main/store/decisions';
import type { BothEngines, EngineUnderTest } from './engines';
import { one, seedAcknowledgements, seedReservation } from './answers-seed';

/** One desk's fenced writes: the lease's token decides whether each commits. */
const fencedAs = (pool: pg.Pool, origin: string) => ({
  write: <T>(token: LeaseToken, op: Op<T>) => writeFenced(pool, origin, token, op),
});

const AT = '2026-07-01T09:00:00.000Z';
/** A claim's hold that outlasts the test: its deadline is passed by hand where the test says so. */
const HOLD = 60_000;
const decide = (key: string, user: string): NewDecision => ({
  keyField: key,
  action: 'confirm',
  note: '',
  reasonId: null,
  user,
  decidedAt: AT,
  basedOnLogId: 1,
});

export function exactlyOnceOnPostgres(engines: BothEngines): void {
  describe('on postgres only', () => {
    let e: EngineUnderTest;
    beforeEach(async () => {
      e = await engines.open('postgres');
      await engines.postgres.pool.query('DELETE FROM desk_lease');
    });
    afterEach(async () => {
      await e.close();
    });

    /** The current holder's time is up, as if it had stopped renewing (no waiting for the real ttl). */
    const expire = () =>
      engines.postgres.pool.query(
        `UPDATE desk_lease SET expires_at = clock_timestamp() - interval '1 second'`,
      );
    const holder = async (deskId: string): Promise<LeaseToken> => {
      const token = await new Lease(engines.postgres.pool, { deskId, pcName: deskId }).acquire();
      if (!token) throw new Error(`${deskId} did not get the lease`);
      return token;
    };

    it('two desks × 100 decisions at once on 100 reservations: one open decision each, the other refused', async () => {
      const keys = Array.from({ length: 100 }, (_, i) => `K${String(i).padStart(3, '0')}`);
      for (const key of keys) await seedReservation(e, { key });
      const second = openHotelPool({ url: engines.postgres.url, applicationName: 'resdesk desk B' });
      try {
        const deskA = await HotelStore.open(engines.postgres.pool, { origin: 'desk-a' });
        const deskB = await HotelStore.open(second, { origin: 'desk-b' });
        const outcomes = await Promise.allSettled(
          keys.flatMap((key) => [
            deskA.write(decisionOps.enqueue(decide(key, 'A'))),
            deskB.write(decisionOps.enqueue(decide(key, 'B'))),
          ]),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const refused = outcomes.flatMap((o) =>
          o.status === 'rejected'
            ? [o.reason instanceof DecisionRefused ? o.reason.code : String(o.reason)]
            : [],
        );
        expect(won).toHaveLength(100);
        expect(refused).toEqual(Array.from({ length: 100 }, () => 'already-decided'));
        const perReservation = await e.rows(
          `SELECT key_field, CAST(count(*) AS integer) AS n FROM decisions
           WHERE state IN ('pending', 'failed', 'review') GROUP BY key_field ORDER BY key_field`,
        );
        expect(perReservation).toEqual(keys.map((key) => ({ key_field: key, n: 1 })));
        expect(await one(e, `SELECT CAST(count(*) AS integer) AS n FROM decisions`)).toEqual({ n: 100 });
        expect(
          await one(
            e,
            `SELECT CAST(count(*) AS integer) AS n FROM reservations WHERE decision_state = 'pending'`,
          ),
        ).toEqual({ n: 100 });
      } finally {
        await second.end();
      }
    });

    it('a decision waits for a newer version being stored, then is checked against it (the row lock)', async () => {
      await seedReservation(e, { key: 'K1' });
      const importer = await engines.postgres.pool.connect();
      try {
        await importer.query('BEGIN');
        await importer.query(`UPDATE reservations SET log_id = 2 WHERE key_field = 'K1'`);
        let settled = false;
        const decided = e.write(decisionOps.enqueue(decide('K1', 'A'))).finally(() => (settled = true));
        decided.catch(() => {});
        // Seen waiting on the reservation's row, however long that takes to show (or done without waiting: wrong).
        for (;;) {
          const waiting = await e.rows(`SELECT 1 AS w FROM pg_stat_activity WHERE wait_event_type = 'Lock'`);
          if (waiting.length === 1 || settled) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(settled).toBe(false);
        await importer.query('COMMIT');
        const code = await decided.then(
          () => 'accepted',
          (error: unknown) => (error instanceof DecisionRefused ? error.code : String(error)),
        );
        expect(code).toBe('changed');
        expect(await e.rows('SELECT id FROM decisions')).toEqual([]);
      } finally {
        importer.release();
      }
    });

    it('a claim whose desk lost the lease is not recorded; the new holder finds it with its outcome unknown', async () => {
      await seedReservation(e, { key: 'K1' });
      await seedReservation(e, { key: 'K2' });
      const d = await e.write(decisionOps.enqueue(decide('K1', 'A')));
      const undone = await e.write(decisionOps.enqueue({ ...decide('K2', 'A'), sendAfter: AT }));
      await e.write(decisionOps.undo('K2'));
      const fenced = fencedAs(engines.postgres.pool, 'desk-a');
      const old = await holder('desk-a');
      expect(await fenced.write(old, decisionClaimOps.claim(undone.id, old.generation, HOLD))).toBeNull();
      const claimed = await fenced.write(old, decisionClaimOps.claim(d.id, old.generation, HOLD));
      expect(claimed).toMatchObject({ id: d.id, state: 'pending', outcomeUnknown: true });
      // Its request may be on its way: no second claim, not even by the same generation, and not due to anyone.
      expect(await fenced.write(old, decisionClaimOps.claim(d.id, old.generation, HOLD))).toBeNull();
      expect(await e.read(decisionClaimOps.due(AT))).toEqual([]);
      // Nothing older to look at while the claimant holds the lease.
      expect(await e.read(decisionClaimOps.abandoned(old.generation))).toEqual([]);

      await expire();
      const next = await holder('desk-b');
      expect(next.generation).toBe(old.generation + 1);
      const sent = { kind: 'sent' as const, sentAt: AT, pdfPath: null };
      await expect(
        fenced.write(old, decisionClaimOps.record(d.id, old.generation, sent)),
      ).rejects.toBeInstanceOf(LeaseLostError);
      expect(
        await one(
          e,
          `SELECT state, outcome_unknown AS unknown, CAST(claimed_generation AS integer) AS g FROM decisions WHERE id = ${d.id}`,
        ),
      ).toEqual({ state: 'pending', unknown: 1, g: old.generation });

      // The new holder waits out the old request's deadline: until then the answer is not its to ask about or send.
      const mine = fencedAs(engines.postgres.pool, 'desk-b');
      expect(await e.read(decisionClaimOps.due(AT))).toEqual([]);
      expect(await mine.write(next, decisionClaimOps.claim(d.id, next.generation, HOLD))).toBeNull();
      await e.rows(
        `UPDATE decisions SET claim_until = clock_timestamp() - interval '1 second' WHERE id = ${d.id}`,
      );
      // Then the push's list says "ask the E or H list first", and the claim is an older generation's.
      expect(await e.read(decisionClaimOps.due(AT))).toMatchObject([{ id: d.id, outcomeUnknown: true }]);
      expect(await e.read(decisionClaimOps.abandoned(next.generation))).toMatchObject([
        { id: d.id, outcomeUnknown: true },
      ]);
      await expect(
        mine.write(next, decisionClaimOps.record(d.id, next.generation, sent)),
      ).rejects.toBeInstanceOf(DecisionClaimNotHeld);
      expect(await mine.write(next, decisionClaimOps.claim(d.id, next.generation, HOLD))).toMatchObject({
        id: d.id,
      });
      expect(await mine.write(next, decisionClaimOps.record(d.id, next.generation, sent))).toBe(true);
      expect(await one(e, `SELECT state, claimed_generation AS g FROM decisions WHERE id = ${d.id}`)).toEqual(
        { state: 'sent', g: null },
      );
      expect(await e.read(decisionClaimOps.abandoned(next.generation))).toEqual([]);
      expect(await e.read(decisionOps.nextToSend(AT))).toEqual([]);
    });

    it("a claim holds until its deadline on the database's clock; an answer found meanwhile is recorded only by its claimant", async () => {
      await seedReservation(e, { key: 'K1' });
      const d = await e.write(decisionOps.enqueue(decide('K1', 'A')));
      const fenced = fencedAs(engines.postgres.pool, 'desk-a');
      const token = await holder('desk-a');
      const found = { kind: 'sent' as const, sentAt: AT, pdfPath: null };
      expect(await fenced.write(token, decisionClaimOps.claim(d.id, token.generation, 400))).not.toBeNull();
      // This generation's own claim is recorded through the found-outcome path without a second claim.
      expect(
        await fenced.write(
          token,
          decisionClaimOps.recordFound(d.id, token.generation, { ...found, kind: 'deferred', error: 'x' }),
        ),
      ).toBe(true);
      expect(await fenced.write(token, decisionClaimOps.claim(d.id, token.generation, 400))).not.toBeNull();
      await expire();
      const next = await holder('desk-b');
      const mine = fencedAs(engines.postgres.pool, 'desk-b');
      await expect(
        mine.write(next, decisionClaimOps.recordFound(d.id, next.generation, found)),
      ).rejects.toBeInstanceOf(DecisionClaimNotHeld);
      const started = Date.now();
      for (;;) {
        if ((await e.read(decisionClaimOps.due(AT))).length === 1) break;
        if (Date.now() - started > 5_000) throw new Error('the claim never ran out');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await mine.write(next, decisionClaimOps.recordFound(d.id, next.generation, found))).toBe(true);
      expect(await one(e, `SELECT state, claimed_generation AS g FROM decisions WHERE id = ${d.id}`)).toEqual(
        {
          state: 'sent',
          g: null,
        },
      );
    });

    it('acknowledgement chunks: each LogId claimed once per generation, ≤ 1000 of one service; an older claim is reported again', async () => {
      const a = Array.from({ length: 1500 }, (_, i) => i + 1);
      const b = Array.from({ length: 700 }, (_, i) => 5001 + i);
      await seedAcknowledgements(e, 'svc-a', a);
      await seedAcknowledgements(e, 'svc-b', b);
      const fenced = fencedAs(engines.postgres.pool, 'desk-a');
      const old = await holder('desk-a');
      const chunks: AcknowledgementChunk[] = [];
      for (;;) {
        const chunk = await fenced.write(old, acknowledgementClaimOps.claim(old.generation));
        if (!chunk) break;
        chunks.push(chunk);
      }
      expect(chunks.map((c) => [c.serviceId, c.logIds.length, c.reclaimed.length])).toEqual([
        ['svc-a', 1000, 0],
        ['svc-a', 500, 0],
        ['svc-b', 700, 0],
      ]);
      expect(chunks.flatMap((c) => c.logIds)).toEqual([...a, ...b]);
      const [first, second, third] = chunks as [
        AcknowledgementChunk,
        AcknowledgementChunk,
        AcknowledgementChunk,
      ];

      // Reported: gone from the queue. Failed: back in it, claimed again by the same holder.
      expect(await fenced.write(old, acknowledgementClaimOps.record(first, old.generation, AT))).toBe(1000);
      expect(await fenced.write(old, acknowledgementClaimOps.release(second.logIds, old.generation))).toBe(
        500,
      );
      const retried = await fenced.write(old, acknowledgementClaimOps.claim(old.generation));
      expect(retried).toEqual({ serviceId: 'svc-a', logIds: second.logIds, reclaimed: [] });
      expect(await fenced.write(old, acknowledgementClaimOps.claim(old.generation))).toBeNull();

      // The holder dies with svc-a's second chunk and svc-b's in flight: the new one reports them again.
      await expire();
      const next = await holder('desk-b');
      await expect(
        fenced.write(old, acknowledgementClaimOps.record(third, old.generation, AT)),
      ).rejects.toBeInstanceOf(LeaseLostError);
      const mine = fencedAs(engines.postgres.pool, 'desk-b');
      const again = [
        await mine.write(next, acknowledgementClaimOps.claim(next.generation)),
        await mine.write(next, acknowledgementClaimOps.claim(next.generation)),
        await mine.write(next, acknowledgementClaimOps.claim(next.generation)),
      ];
      expect(again).toEqual([
        { serviceId: 'svc-a', logIds: second.logIds, reclaimed: second.logIds },
        { serviceId: 'svc-b', logIds: third.logIds, reclaimed: third.logIds },
        null,
      ]);
      // The old generation's record cannot take the new holder's claim away, even under a fence it held.
      expect(await mine.write(next, acknowledgementClaimOps.record(third, old.generation, AT))).toBe(0);
      expect(await mine.write(next, acknowledgementClaimOps.record(third, next.generation, AT))).toBe(700);
      expect(await e.read(acknowledgementOps.pending())).toEqual([
        { serviceId: 'svc-a', logIds: second.logIds },
      ]);
    });
  });
}
