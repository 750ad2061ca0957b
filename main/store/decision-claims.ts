// The steps of sending a decision exactly once from a shared database (issue 27, docs/architecture.md
// "Exactly-once sending"). PostgreSQL only (`claimed_generation` exists there alone), each run in a transaction
// fenced by the service lease (main/hotel-db/fenced.ts): (1) the holder CLAIMS a due decision with its lease
// generation, marking it possibly delivered before the request leaves; (2) it sends, outside any transaction;
// (3) it RECORDS the outcome, only while its claim and its lease still hold. A desk that lost the lease between
// (1) and (3) records nothing; the new holder finds the decision pending or failed with `outcome_unknown` set and
// a claim of an older generation, and asks the E or H list before sending again, as the push does for any
// decision whose outcome is unknown.
import { sql } from 'kysely';
import { all, changed, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { decisionColumns } from './decision-queries';
import { decisionOps, decisionRecord, type DecisionOutcome, type DecisionRecord } from './decisions';

const claim = prepared((p: { id: number; generation: number }) =>
  q
    .updateTable('decisions')
    .set({ outcome_unknown: sql.lit(1), send_after: null, claimed_generation: p.generation })
    .where('id', '=', p.id)
    .where(sql<boolean>`state IN ('pending', 'failed')`)
    .returning(decisionColumns),
);

const release = prepared((p: { id: number; generation: number }) =>
  q
    .updateTable('decisions')
    .set({ claimed_generation: null })
    .where('id', '=', p.id)
    .where('claimed_generation', '=', p.generation),
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
   * Claims a due decision for sending by `generation`: possibly delivered from now on (outcome unknown, no longer
   * undoable, its grace period over). Null when it is no longer there to send (taken back, sent, in review).
   * Claim it also before asking the E or H list about an older claim, so that finding it landed is recorded.
   */
  *claim(id: number, generation: number): Op<DecisionRecord | null> {
    const row = yield* first(claim({ id, generation }));
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

  /** Claims an older generation left without an outcome: each may have reached the service. */
  *abandoned(generation: number): Op<DecisionRecord[]> {
    return (yield* all(abandoned({ generation }))).map(decisionRecord);
  },
};
