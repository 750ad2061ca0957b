// Who is answering which reservation: while a receptionist has the confirm or decline form open, her
// desk holds a row in `answering` with an expiry on the database's clock, renewed every 30 s, so a second desk
// opening the same reservation can say "Ayşe is answering this reservation on RECEPTION-2". It is a notice, not a
// lock: the database's one-open-decision rule is what refuses a second answer. A desk that dies leaves a row that
// simply expires (90 s); nobody has to clean up after it. Every change is announced on the change feed
// ('answering', ids [keyField]), so the other desks re-read at once instead of polling.
import type pg from 'pg';
import { notifyChange, type ChangeKind } from './changes';
import { inTransaction, type Queryable } from './pool';

/** How long an opening holds without a renewal. The opener renews every 30 s: three chances. */
export const ANSWERING_TTL_MS = 90_000;

export interface AnswerPresenceOptions {
  /** This running desk (the lease's desk id): a fresh id per process. */
  deskId: string;
  /** Shown to the other desks: "… on RECEPTION-2". */
  pcName: string;
  /** How long an opening holds without a renewal, on the database's clock. Default 90 s (tests: less). */
  ttlMs?: number;
}

/** Another desk answering a reservation, as the other desks show it. */
export interface AnsweringElsewhere {
  deskUser: string;
  pcName: string;
  /** When that desk opened the form (the database's clock). */
  since: Date;
}

interface ElsewhereRow {
  desk_user: string;
  pc_name: string;
  since: Date;
}

const ttl = "($3::double precision * interval '1 millisecond')";

const toElsewhere = (row: ElsewhereRow): AnsweringElsewhere => ({
  deskUser: row.desk_user,
  pcName: row.pc_name,
  since: row.since,
});

/** One desk's side of the answering rows. Every method is one short transaction or statement. */
export class AnswerPresence {
  private readonly ttlMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: AnswerPresenceOptions,
  ) {
    this.ttlMs = options.ttlMs ?? ANSWERING_TTL_MS;
  }

  /**
   * This desk opens the answer form of `keyField`. It takes the row when it is free, expired or already its
   * own (keeping `since` while its own is unexpired). Another desk's unexpired row is not taken: that desk is
   * returned instead. Null: this desk now holds it.
   */
  async open(keyField: string, deskUser: string): Promise<AnsweringElsewhere | null> {
    return this.inTransaction(async (tx) => {
      // ON CONFLICT locks the conflicting row even when the WHERE leaves it alone, so the holder read below
      // is still there, unchanged, until this transaction ends.
      const taken = await tx.query<{ inserted: boolean }>(
        `INSERT INTO answering AS a (key_field, desk_id, desk_user, pc_name, since, until)
         VALUES ($1, $2, $4, $5, clock_timestamp(), clock_timestamp() + ${ttl})
         ON CONFLICT (key_field) DO UPDATE SET
           since = CASE WHEN a.desk_id = EXCLUDED.desk_id AND a.until > clock_timestamp()
                        THEN a.since ELSE EXCLUDED.since END,
           desk_id = EXCLUDED.desk_id, desk_user = EXCLUDED.desk_user, pc_name = EXCLUDED.pc_name,
           until = EXCLUDED.until
         WHERE a.desk_id = EXCLUDED.desk_id OR a.until <= clock_timestamp()
         RETURNING (xmax = 0) AS inserted`,
        [keyField, this.options.deskId, this.ttlMs, deskUser, this.options.pcName],
      );
      const row = taken.rows[0];
      if (row) {
        await this.announce(tx, row.inserted ? 'added' : 'changed', [keyField]);
        return null;
      }
      const holder = await tx.query<ElsewhereRow>(
        'SELECT desk_user, pc_name, since FROM answering WHERE key_field = $1',
        [keyField],
      );
      const other = holder.rows[0];
      if (!other) throw new Error('answering: a row the upsert left alone is gone');
      return toElsewhere(other);
    });
  }

  /**
   * Extends this desk's own unexpired row by the ttl. False: it no longer holds it (expired, taken or closed);
   * the caller opens again. Not announced: who is answering and since when did not change.
   */
  async refresh(keyField: string): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE answering SET until = clock_timestamp() + ${ttl}
       WHERE key_field = $1 AND desk_id = $2 AND until > clock_timestamp()`,
      [keyField, this.options.deskId, this.ttlMs],
    );
    return result.rowCount === 1;
  }

  /** This desk left the form (closed, sent, window gone). Another desk's row is never touched. */
  async close(keyField: string): Promise<void> {
    await this.remove('DELETE FROM answering WHERE key_field = $1 AND desk_id = $2 RETURNING key_field', [
      keyField,
      this.options.deskId,
    ]);
  }

  /** Every row of this desk, on shutdown: the other desks stop showing it at once rather than in 90 s. */
  async closeAll(): Promise<void> {
    await this.remove('DELETE FROM answering WHERE desk_id = $1 RETURNING key_field', [this.options.deskId]);
  }

  /** Who else is answering `keyField` now (unexpired, another desk); null: nobody. */
  async who(keyField: string): Promise<AnsweringElsewhere | null> {
    const result = await this.pool.query<ElsewhereRow>(
      `SELECT desk_user, pc_name, since FROM answering
       WHERE key_field = $1 AND desk_id <> $2 AND until > clock_timestamp()`,
      [keyField, this.options.deskId],
    );
    const row = result.rows[0];
    return row ? toElsewhere(row) : null;
  }

  private async remove(statement: string, params: string[]): Promise<void> {
    await this.inTransaction(async (tx) => {
      const gone = await tx.query<{ key_field: string }>(statement, params);
      if (gone.rows.length > 0)
        await this.announce(
          tx,
          'removed',
          gone.rows.map((r) => r.key_field),
        );
    });
  }

  private announce(tx: Queryable, kind: ChangeKind, ids: string[]): Promise<void> {
    return notifyChange(tx, { table: 'answering', kind, ids, origin: this.options.deskId });
  }

  /** The change and its notification commit together: no notice for a write that did not happen. */
  private inTransaction<T>(work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }
}
