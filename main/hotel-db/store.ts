// The store on the hotel's shared PostgreSQL database: the AsyncStore of the ported areas, running the
// very operations SQLite runs (main/store/engines/op.ts). Every write runs in its own transaction and announces
// what it changed on that transaction (notifyChange), so other desks hear of it at commit and never of a
// rolled-back write. Reads run on one pooled connection, outside a transaction.
import type pg from 'pg';
import type { HotelCode, StayCodeKind, StopSaleCodeKind, StopSaleEntry } from '../../shared/domain';
import type { AsyncStore } from '../store/engines/async-store';
import type { Op, StoreChange } from '../store/engines/op';
import { activityOps, type NewActivity } from '../store/activity';
import { hotelCodeOps, type NewHotelCode } from '../store/hotel-codes';
import { mappingOps, type MappingChange } from '../store/mappings';
import { settingsOps } from '../store/settings';
import { stopSaleOps, type NewStopSale } from '../store/stop-sales';
import type { TakeBackupOptions, TakenBackup } from '../store/backup';
import { backupHotelDatabase } from './backup';
import { notifyChange, type HotelChange } from './changes';
import { migrateHotelDb } from './migrate';
import { runPostgres } from './run-postgres';
import { isConnectionFailure, unavailableOr } from './reach';

export interface HotelStoreOptions {
  /** This desk's id, sent with every change so the desk can skip its own echo; null when not known. */
  origin: string | null;
}

export class HotelStore implements AsyncStore {
  protected constructor(
    protected readonly pool: pg.Pool,
    protected readonly origin: string | null,
  ) {}

  /** Migrates the database to this Resdesk's schema (once, whichever desks start together), then opens it. */
  static async open(pool: pg.Pool, options: HotelStoreOptions): Promise<HotelStore> {
    await migrateHotelDb(pool);
    return new HotelStore(pool, options.origin);
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
   * whatever other desks commit meanwhile (a screen's count and its rows agree). SQLite's reads are one
   * transaction already.
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
      const result = await runPostgres(client, op, announce);
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

  /** A checked copy of the whole hotel database, as a desk database file, in each folder (backup.ts). */
  backup(options: TakeBackupOptions): Promise<TakenBackup> {
    return backupHotelDatabase(this.pool, options);
  }

  /** Tells the other desks something that is not a write of this store (what a pull brought). */
  async tellOtherDesks(change: Omit<HotelChange, 'origin'>): Promise<void> {
    await notifyChange(this.pool, { ...change, origin: this.origin });
  }

  /** A pooled connection, or StoreUnavailable when the database does not answer. */
  protected async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  getSetting<T>(key: string, fallback: T): Promise<T> {
    return this.read(settingsOps.get(key, fallback));
  }
  setSetting(key: string, value: unknown): Promise<void> {
    return this.write(settingsOps.set(key, value));
  }
  addActivity(entry: NewActivity): Promise<number> {
    return this.write(activityOps.add(entry));
  }
  addStopSale(entry: NewStopSale): Promise<StopSaleEntry> {
    return this.write(stopSaleOps.add(entry));
  }
  listStopSales(): Promise<StopSaleEntry[]> {
    return this.read(stopSaleOps.list());
  }
  removeStopSale(id: number, user: string, at: string): Promise<StopSaleEntry | null> {
    return this.write(stopSaleOps.remove(id, user, at));
  }
  stopSaleHotelCodes(): Promise<Record<StopSaleCodeKind, string[]>> {
    return this.read(stopSaleOps.hotelCodes());
  }
  listHotelCodes(): Promise<HotelCode[]> {
    return this.read(hotelCodeOps.list());
  }
  findHotelCode(kind: StayCodeKind, code: string): Promise<HotelCode | null> {
    return this.read(hotelCodeOps.find(kind, code));
  }
  addHotelCode(code: NewHotelCode): Promise<HotelCode> {
    return this.write(hotelCodeOps.add(code));
  }
  setMapping(change: MappingChange): Promise<void> {
    return this.write(mappingOps.set(change));
  }
  hotelCodeFor(agencyId: string, kind: StayCodeKind, channelCode: string): Promise<string | null> {
    return this.read(mappingOps.hotelCodeFor(agencyId, kind, channelCode));
  }
}
