// Reporting stored LogIds from a shared database.
// PostgreSQL only (`claimed_generation` exists there alone), each step in a transaction fenced by the service
// lease (main/hotel-db/fenced.ts): the holder CLAIMS a chunk of at most ACK_CHUNK LogIds of one ServiceId with
// its lease generation, reports it with postsentlogids outside any transaction, then RECORDS it (removes it and
// stamps its versions) or, when the report failed, RELEASES it for the next round.
//
// A chunk claimed by an older generation (its desk lost the lease between claiming and recording) is claimed
// again by the new holder and REPORTED AGAIN. Its request may or may not have reached the service; reporting a
// LogId twice only tells the service twice that the desk holds it ("not listed again unless changed",
// shared/spec/exchange-service.md, PostSentLogIds), while setting it aside unreported would leave the service
// offering it with IsSendRequired until a person or a reconciling read dealt with it. Nothing is lost, and the
// repeat is at most one request of ACK_CHUNK LogIds per change of holder.
import { sql } from 'kysely';
import { all, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import { acknowledgementOps } from './acknowledgements';

/** The most LogIds one postsentlogids carries (main/sync/pull.ts ACK_CHUNK). */
export const ACK_CLAIM_LIMIT = 1000;

export interface AcknowledgementChunk {
  serviceId: string;
  /** Lowest first. */
  logIds: number[];
  /** The LogIds of the chunk an older generation had claimed: reported again (see above). */
  reclaimed: number[];
}

// One ServiceId's lowest unclaimed (or abandoned) LogIds, locked, then claimed. PostgreSQL's own SQL: only
// PostgreSQL has the column, and UPDATE … FROM a locked, limited subquery is the one-statement claim.
const claim = prepared((p: { generation: number; limit: number }) =>
  rawQuery<{ serviceId: string; logId: number; before: number | null }>(
    sql`WITH chunk AS (
          SELECT log_id, claimed_generation AS before FROM pending_acknowledgements
          WHERE (claimed_generation IS NULL OR claimed_generation < ${p.generation})
            AND service_id = (SELECT service_id FROM pending_acknowledgements
                              WHERE claimed_generation IS NULL OR claimed_generation < ${p.generation}
                              ORDER BY service_id, log_id LIMIT 1)
          ORDER BY log_id LIMIT ${p.limit} FOR UPDATE)
        UPDATE pending_acknowledgements a SET claimed_generation = ${p.generation} FROM chunk
        WHERE a.log_id = chunk.log_id
        RETURNING a.service_id AS "serviceId", a.log_id AS "logId", chunk.before AS "before"`,
  ),
);

const held = prepared((p: { serviceId: string; generation: number; logIds: number[] }) =>
  rawQuery<{ logId: number }>(
    sql`SELECT log_id AS "logId" FROM pending_acknowledgements
        WHERE service_id = ${p.serviceId} AND claimed_generation = ${p.generation}
          AND log_id = ANY(CAST(${p.logIds} AS bigint[]))
        FOR UPDATE`,
  ),
);

const release = prepared((p: { generation: number; logIds: number[] }) =>
  rawQuery(
    sql`UPDATE pending_acknowledgements SET claimed_generation = NULL
        WHERE claimed_generation = ${p.generation} AND log_id = ANY(CAST(${p.logIds} AS bigint[]))`,
  ),
);

/** The claim steps; run each with `writeFenced` (main/hotel-db/fenced.ts) under the lease's token. */
export const acknowledgementClaimOps = {
  /** Claims the next chunk to report for `generation`, or null when nothing is left to claim. */
  *claim(generation: number, limit = ACK_CLAIM_LIMIT): Op<AcknowledgementChunk | null> {
    const rows = yield* all(claim({ generation, limit }));
    const first = rows[0];
    if (!first) return null;
    rows.sort((a, b) => a.logId - b.logId);
    return {
      serviceId: first.serviceId,
      logIds: rows.map((r) => r.logId),
      reclaimed: rows.filter((r) => r.before !== null).map((r) => r.logId),
    };
  },

  /**
   * The service accepted the chunk: removes the LogIds this generation still holds and stamps their versions.
   * Returns how many it recorded (fewer than the chunk only if some were no longer claimed by it).
   */
  *record(
    chunk: { serviceId: string; logIds: readonly number[] },
    generation: number,
    at: string,
  ): Op<number> {
    const mine = (yield* all(
      held({ serviceId: chunk.serviceId, generation, logIds: [...chunk.logIds] }),
    )).map((r) => r.logId);
    yield* acknowledgementOps.markAcknowledged(chunk.serviceId, mine, at);
    return mine.length;
  },

  /** The report failed: the chunk goes back to the queue for the next round (of any generation). */
  *release(logIds: readonly number[], generation: number): Op<number> {
    return yield* run(release({ generation, logIds: [...logIds] }));
  },
};
