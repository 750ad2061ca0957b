// The store on the hotel's shared PostgreSQL database: every operation of the table (main/store/operations.ts),
// the very operations SQLite runs, derived onto pg. Reads run on one pooled connection, snapshots in one
// read-only REPEATABLE READ transaction, and every write in its own transaction that announces what it changed
// (notifyChange), so other desks hear of it at commit and never of a rolled-back write.
//
// The only operations written here are what only the desk talking to the service may do: handing an answer out
// for sending and recording its outcome, and claiming and recording the LogIds it reports. They go through the
// lease's fence (fenced.ts), so a desk that lost the lease records nothing (docs/shared-database.md, "Exactly
// once"); the sync engine calls the same methods on either engine and needs no second path.
import type pg from 'pg';
import type { DeskStore } from '../store/engines/desk-store';
import type { Op, StoreChange } from '../store/engines/op';
import { derive, type Access, type Asynchronous } from '../store/engines/operation-table';
import { acknowledgementClaimOps } from '../store/acknowledgement-claims';
import type { PendingAcknowledgement } from '../store/acknowledgements';
import type { TakeBackupOptions, TakenBackup } from '../store/backup';
import { decisionClaimOps } from '../store/decision-claims';
import { decisionOps, type DecisionOutcome, type SentResult } from '../store/decisions';
import { exportOps, type ExportRows, type ExportSelection } from '../store/export-rows';
import { storeOperations, type StoreOperations } from '../store/operations';
import { settingsOps } from '../store/settings';
import { backupHotelDatabase } from './backup';
import { notifyChange, type HotelChange } from './changes';
import { writeFenced } from './fenced';
import type { LeaseToken } from './lease';
import { migrateHotelDb } from './migrate';
import { runPostgres } from './run-postgres';
import { isConnectionFailure, unavailableOr } from './reach';

export type HotelStoreOptions = {
  /** This desk's id, sent with every change so the desk can skip its own echo; null when not known. */
  origin: string | null;
} & (
  | { fence?: undefined }
  | {
      /** The lease's token while this desk talks to the service; null while another desk does. */
      fence: () => LeaseToken | null;
      /**
       * How long a decision's claim for sending keeps every other request away from it: longer than the request's
       * own deadline (main/sync/push.ts claimHoldMs), so the claim outlives every request it guards.
       */
      claimHoldMs: number;
    }
);

/** A write only the desk talking to the service may make, asked of a desk that does not (or no longer) hold it. */
export class NotTalkingToService extends Error {
  constructor() {
    super(
      'This desk is not the one talking to the service now; the PC that is sends the answers and reports.',
    );
    this.name = 'NotTalkingToService';
  }
}

/** The table's operations on a pool, as methods of the object; HotelStore adds the fenced ones over them. */
const PostgresOperations = class {
  constructor(run: (access: Access, op: Op<unknown>) => Promise<unknown>) {
    Object.assign(this, derive<StoreOperations, Asynchronous<StoreOperations>>(storeOperations, run));
  }
} as new (run: (access: Access, op: Op<unknown>) => Promise<unknown>) => Asynchronous<StoreOperations>;

export class HotelStore extends PostgresOperations implements DeskStore {
  /** A database server has no file of this desk's: no file checks, no WAL. */
  readonly localFile = null;
  private readonly fence: () => LeaseToken | null;
  private readonly claimHoldMs: number;
  /** LogIds this desk claimed for reporting and has not recorded: handed back before the next claim. */
  private claimedLogIds: number[] = [];

  protected constructor(
    protected readonly pool: pg.Pool,
    protected readonly origin: string | null,
    options: HotelStoreOptions,
  ) {
    super((access, op) => this.runAs(access, op));
    // Without a fence this desk never claims an answer, so no claim's hold is ever read.
    this.fence = options.fence ?? (() => null);
    this.claimHoldMs = options.fence ? options.claimHoldMs : 0;
  }

  /** Migrates the database to this Resdesk's schema (once, whichever desks start together), then opens it. */
  static async open(pool: pg.Pool, options: HotelStoreOptions): Promise<HotelStore> {
    await migrateHotelDb(pool);
    return new HotelStore(pool, options.origin, options);
  }

  private runAs<T>(access: Access, op: Op<T>): Promise<T> {
    switch (access) {
      case 'read':
        return this.read(op);
      case 'snapshot':
        return this.snapshot(op);
      case 'write':
        return this.write(op);
    }
  }

  /** Runs a reading operation on one pooled connection, outside a transaction. */
  async read<T>(op: Op<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      return await runPostgres(client, op);
    } catch (error) {
      broken = isConnectionFailure(error);
      throw unavailableOr(error);
    } finally {
      client.release(broken);
    }
  }

  /**
   * Runs a reading operation in one read-only REPEATABLE READ transaction: every statement sees the same moment,
   * whatever other desks commit meanwhile (a screen's count and its rows agree).
   */
  snapshot<T>(op: Op<T>): Promise<T> {
    return this.inTransaction('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY', op, false);
  }

  /**
   * Runs a writing operation in its own transaction, announcing its changes at commit. When the connection fails
   * before COMMIT nothing is written (StoreUnavailable); a connection lost during the COMMIT itself leaves it
   * unknown, as with any database server, and the caller's retry finds what was stored (the writes are keyed).
   */
  write<T>(op: Op<T>): Promise<T> {
    return this.inTransaction('BEGIN', op, true);
  }

  /** One transaction on one pooled connection: rolled back on a failure, the connection dropped if it broke. */
  private async inTransaction<T>(begin: string, op: Op<T>, announces: boolean): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query(begin);
      const announce = announces
        ? (change: StoreChange): Promise<void> => notifyChange(client, { ...change, origin: this.origin })
        : undefined;
      const result = await runPostgres(client, op, announce, announces ? 'prepared' : 'unnamed');
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = isConnectionFailure(error);
      if (!broken) await client.query('ROLLBACK').catch(() => {});
      throw unavailableOr(error);
    } finally {
      client.release(broken);
    }
  }

  /** A pooled connection, or StoreUnavailable when the database does not answer. */
  protected async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  /** A checked copy of the whole hotel database, as a desk database file, in each folder (backup.ts). */
  backup(options: TakeBackupOptions): Promise<TakenBackup> {
    return backupHotelDatabase(this.pool, options);
  }

  /** Tells the other desks something that is not a write of this store (what a pull brought). */
  async tellOtherDesks(change: Omit<HotelChange, 'origin'>): Promise<void> {
    await notifyChange(this.pool, { ...change, origin: this.origin });
  }

  override readonly getSetting = <T>(key: string, fallback: T): Promise<T> =>
    this.read(settingsOps.get(key, fallback));

  /** The export's rows read at once (a server's rows are not streamed from a file). */
  readonly openExportRows = async (selection: ExportSelection): Promise<ExportRows> => {
    const rows = await this.read(exportOps.rows(selection));
    return {
      rows: (function* () {
        yield* rows;
      })(),
      close: () => undefined,
    };
  };

  // What only the desk talking to the service may write, through the lease's fence.

  private holder(): LeaseToken {
    const token = this.fence();
    if (!token) throw new NotTalkingToService();
    return token;
  }

  private async writeFenced<T>(op: (generation: number) => Op<T>): Promise<T> {
    const token = this.holder();
    try {
      return await writeFenced(this.pool, this.origin, token, op(token.generation));
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  /**
   * The LogIds to report, claimed for this desk's lease generation in chunks of at most 1000 of one service. What
   * an earlier round claimed and did not record (its report failed) is handed back first and claimed again.
   */
  override readonly pendingAcknowledgements = async (): Promise<PendingAcknowledgement[]> => {
    if (this.claimedLogIds.length > 0) {
      const stale = this.claimedLogIds;
      await this.writeFenced((g) => acknowledgementClaimOps.release(stale, g));
      this.claimedLogIds = [];
    }
    const chunks: PendingAcknowledgement[] = [];
    for (;;) {
      const chunk = await this.writeFenced((g) => acknowledgementClaimOps.claim(g));
      if (!chunk) break;
      this.claimedLogIds.push(...chunk.logIds);
      chunks.push({ serviceId: chunk.serviceId, logIds: chunk.logIds });
    }
    return chunks;
  };

  /** Only after the service accepted them; recorded only while this desk still holds its claim and the lease. */
  override readonly markAcknowledged = async (
    serviceId: string,
    logIds: readonly number[],
  ): Promise<void> => {
    const at = new Date().toISOString();
    await this.writeFenced((g) => acknowledgementClaimOps.record({ serviceId, logIds }, g, at));
    const done = new Set(logIds);
    this.claimedLogIds = this.claimedLogIds.filter((id) => !done.has(id));
  };

  /** Due, and no request may still carry it: an answer claimed by a desk that died waits out its claim's deadline. */
  override readonly nextDecisionsToSend = (nowIso?: string) =>
    this.read(decisionClaimOps.due(nowIso ?? new Date().toISOString()));

  /**
   * Claims the decision for this desk's lease generation until its request's deadline has passed; false when it is
   * no longer there to send or another request (of any desk, this one's included) may still carry it.
   */
  override readonly markSending = async (id: number): Promise<boolean> =>
    (await this.writeFenced((g) => decisionClaimOps.claim(id, g, this.claimHoldMs))) !== null;

  /**
   * Records an attempt's outcome under the fence: claimed first unless this generation holds the claim already
   * (the push records some outcomes, an answer found on the service, without sending), then recorded.
   */
  private recordOutcome(id: number, outcome: DecisionOutcome): Promise<boolean> {
    return this.writeFenced((g) => decisionClaimOps.recordFound(id, g, outcome));
  }
  override readonly markSent = (id: number, result: SentResult) =>
    this.recordOutcome(id, { kind: 'sent', ...result });
  override readonly markFailed = (id: number, error: string, outcomeUnknown: boolean) =>
    this.recordOutcome(id, { kind: 'failed', error, outcomeUnknown });
  override readonly markDeferred = (id: number, error: string, outcomeUnknown: boolean) =>
    this.recordOutcome(id, { kind: 'deferred', error, outcomeUnknown });
  override readonly markHeld = (id: number, error: string) => this.recordOutcome(id, { kind: 'held', error });
  /** The number read back after the round: written only while this desk still talks to the service. */
  override readonly attachConfirmationNo = (id: number, no: string): Promise<void> =>
    this.writeFenced(() => decisionOps.attachConfirmationNo(id, no));
}
