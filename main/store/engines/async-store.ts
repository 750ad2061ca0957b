// The store as both engines offer it: the `Store` methods of the areas ported to the shared pattern,
// returning promises. PostgreSQL implements it in main/hotel-db/store.ts (HotelStore), SQLite here over today's
// synchronous functions, so code written against it runs on either; callers move onto it one layer at a time.
// It grows with each ported area, its signatures the same as Store's.
import type { Database } from 'better-sqlite3';
import type { HotelCode, StayCodeKind, StopSaleCodeKind, StopSaleEntry } from '../../../shared/domain';
import { addActivity, type NewActivity } from '../activity';
import { addHotelCode, findHotelCode, listHotelCodes, type NewHotelCode } from '../hotel-codes';
import { hotelCodeFor, setMapping, type MappingChange } from '../mappings';
import { getSetting, setSetting } from '../settings';
import {
  addStopSale,
  listStopSales,
  removeStopSale,
  stopSaleHotelCodes,
  type NewStopSale,
} from '../stop-sales';

export interface AsyncStore {
  getSetting<T>(key: string, fallback: T): Promise<T>;
  setSetting(key: string, value: unknown): Promise<void>;
  addActivity(entry: NewActivity): Promise<number>;
  addStopSale(entry: NewStopSale): Promise<StopSaleEntry>;
  listStopSales(): Promise<StopSaleEntry[]>;
  removeStopSale(id: number, user: string, at: string): Promise<StopSaleEntry | null>;
  stopSaleHotelCodes(): Promise<Record<StopSaleCodeKind, string[]>>;
  listHotelCodes(): Promise<HotelCode[]>;
  findHotelCode(kind: StayCodeKind, code: string): Promise<HotelCode | null>;
  /** Rejects with HotelCodeTaken when the list already has the code in any case. */
  addHotelCode(code: NewHotelCode): Promise<HotelCode>;
  setMapping(change: MappingChange): Promise<void>;
  hotelCodeFor(agencyId: string, kind: StayCodeKind, channelCode: string): Promise<string | null>;
}

/** SQLite's AsyncStore: the synchronous functions, their results resolved and their throws rejections. */
export class SqliteAsyncStore implements AsyncStore {
  constructor(readonly db: Database) {}

  async getSetting<T>(key: string, fallback: T): Promise<T> {
    return getSetting(this.db, key, fallback);
  }
  async setSetting(key: string, value: unknown): Promise<void> {
    setSetting(this.db, key, value);
  }
  async addActivity(entry: NewActivity): Promise<number> {
    return addActivity(this.db, entry);
  }
  async addStopSale(entry: NewStopSale): Promise<StopSaleEntry> {
    return addStopSale(this.db, entry);
  }
  async listStopSales(): Promise<StopSaleEntry[]> {
    return listStopSales(this.db);
  }
  async removeStopSale(id: number, user: string, at: string): Promise<StopSaleEntry | null> {
    return removeStopSale(this.db, id, user, at);
  }
  async stopSaleHotelCodes(): Promise<Record<StopSaleCodeKind, string[]>> {
    return stopSaleHotelCodes(this.db);
  }
  async listHotelCodes(): Promise<HotelCode[]> {
    return listHotelCodes(this.db);
  }
  async findHotelCode(kind: StayCodeKind, code: string): Promise<HotelCode | null> {
    return findHotelCode(this.db, kind, code);
  }
  async addHotelCode(code: NewHotelCode): Promise<HotelCode> {
    return addHotelCode(this.db, code);
  }
  async setMapping(change: MappingChange): Promise<void> {
    setMapping(this.db, change);
  }
  async hotelCodeFor(agencyId: string, kind: StayCodeKind, channelCode: string): Promise<string | null> {
    return hotelCodeFor(this.db, agencyId, kind, channelCode);
  }
}
