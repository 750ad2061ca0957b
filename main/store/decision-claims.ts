// The steps of sending a decision exactly once from a shared database (docs/shared-database.md "Exactly
// once"). PostgreSQL only (`claimed_generation` and `claim_until` exist there alone), each run in a transaction
// fenced by the service lease (main/hotel-db/fenced.ts): (1) the holder CLAIMS a due decision with its lease
// generation and a deadline, marking it possibly delivered before the request leaves; (2) it sends, outside any
// transaction, and gives the request up before that deadline; (3) it RECORDS the outcome, only while its claim and
// its lease still hold. Until the deadline has passed on the database's clock, a claim is nobody else's to take,
// not even the same generation's: no desk lists, asks about or sends that answer while its request may still be on
// its way. Once it has passed, a new holder finds the decision with `outcome_unknown` set and asks the E or H list
// before sending again, as the push does for any decision whose outcome is unknown.
import { sql } from 'kysely';
import { all, changed, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { decisionColumns, dueToSend } from './decision-queries';
import {
  AUTOMATIC_TRIES,
  decisionOps,
  decisionRecord,
  type DecisionOutcome,
  type DecisionRecord,
} from './decisions';

/** No claim, or one whose request is over by its deadline (a claim from before deadlines existed counts as over). */
const claimOver = sql<boolean>`(claimed_generation IS NULL OR claim_until IS NULL OR claim_until <= clock_timestamp())`;

const claim = prepared((p: { id: number; generation: number; holdMs: number }) =>
  q
    .updateTable('decisions')
    .set({
      outcome_unknown: sql.lit(1),
      send_after: null,
      claimed_generation: p.generation,
      claim_until: sql<Date>`clock_timestamp() + (${p.holdMs}::double precision * interval '1 millisecond')`,
    })
    .where('id', '=', p.id)
    .where(sql<boolean>`state IN ('pending', 'failed')`)
    .where(claimOver)
    .returning(decisionColumns),
);

// Recording what was found without sending (the answer already on the service, the reservation gone): taken unless
// this generation holds it already or another claim is still live.
const hold = prepared((p: { id: number; generation: number }) =>
  q
    .updateTable('decisions')
    .set({ outcome_unknown: sql.lit(1), send_after: null, claimed_generation: p.generation })
    .where('id', '=', p.id)
    .where(sql<boolean>`state IN ('pending', 'failed')`)
    .where(sql<boolean>`claimed_generation IS DISTINCT FROM ${p.generation}`)
    .where(claimOver),
);

const release = prepared((p: { id: number; generation: number }) =>
  q
    .updateTable('decisions')
    .set({ claimed_generation: null, claim_until: null })
    .where('id', '=', p.id)
    .where('claimed_generation', '=', p.generation),
);

const due = prepared((p: { now: string; tries: number }) =>
  q.selectFrom('decisions').select(decisionColumns).where(dueToSend(p)).where(claimOver).orderBy('id'),
);

const abandoned = prepared((p: { generation: number }) =>
  q
    .selectFrom('decisions')
    .select(decisionColumns)
    .where(sql<boolean>`state IN ('pending', 'failed')`)
    .where('claimed_generation', '<', p.generation)
    .orderBy('id'),
);

/** A decision's outcome was to be recorded by a claim this generation does not hold. */
export class DecisionClaimNotHeld extends Error {
  constructor(
    readonly id: number,
    readonly generation: number,
  ) {
    super(`Decision ${id} is not claimed by lease generation ${generation}; its outcome is not recorded.`);
    this.name = 'DecisionClaimNotHeld';
  }
}

/** The claim steps; run each with `writeFenced` (main/hotel-db/fenced.ts) under the lease's token. */
export const decisionClaimOps = {
  /**
   * The due decisions no live claim guards: what the holder may ask about and send now. A decision whose request
   * may still be on its way (its claim's deadline not yet passed) is left out, whichever desk claimed it.
   */
  *due(nowIso: string): Op<DecisionRecord[]> {
    return (yield* all(due({ now: nowIso, tries: AUTOMATIC_TRIES }))).map(decisionRecord);
  },

  /**
   * Claims a due decision for sending by `generation` for `holdMs` on the database's clock: possibly delivered
   * from now on (outcome unknown, no longer undoable, its grace period over). Null when it is no longer there to
   * send (taken back, sent, in review) or a claim on it is still live, this generation's own included: an answer
   * is never handed to two requests at once.
   */
  *claim(id: number, generation: number, holdMs: number): Op<DecisionRecord | null> {
    const row = yield* first(claim({ id, generation, holdMs }));
    if (!row) return null;
    yield* changed('decisions', 'changed', [String(id)]);
    return decisionRecord(row);
  },

  /**
   * Records what the claimed attempt came to and ends the claim. Refused (DecisionClaimNotHeld) unless
   * `generation` holds the claim; false when the outcome changes nothing (already sent).
   */
  *record(id: number, generation: number, outcome: DecisionOutcome): Op<boolean> {
    if ((yield* run(release({ id, generation }))) === 0) throw new DecisionClaimNotHeld(id, generation);
    return yield* decisionOps.markOutcome(id, outcome);
  },

  /**
   * Records an outcome found without a request of this claim's own (the service already holds the answer; the
   * reservation is gone): takes the claim first unless another one is live, then records as `record` does.
   */
  *recordFound(id: number, generation: number, outcome: DecisionOutcome): Op<boolean> {
    if ((yield* run(hold({ id, generation }))) > 0) yield* changed('decisions', 'changed', [String(id)]);
    return yield* decisionClaimOps.record(id, generation, outcome);
  },

  /** Claims an older generation left without an outcome: each may have reached the service. */
  *abandoned(generation: number): Op<DecisionRecord[]> {
    return (yield* all(abandoned({ generation }))).map(decisionRecord);
  },
};
