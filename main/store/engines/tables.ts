// The store's tables as TypeScript types, written once and used to type every query the store builds for either
// engine (Kysely checks column names and value types against these). Only the tables ported to the shared
// pattern are here; a table joins when its first query moves onto it. Columns hold what both engines hold: ids
// and counts are numbers (the PostgreSQL runner reads int8 as a number), times and dates ISO text.
import type { Generated } from 'kysely';
import type { ActivityEntry, AllotmentKind, StayCodeKind, StopSaleCodeKind } from '../../../shared/domain';
import type { AnswerTables } from './tables-answers';
import type { ReferenceTables } from './tables-reference';
import type { ReservationTables } from './tables-reservations';

export interface SettingsTable {
  key: string;
  /** JSON text: both engines refuse text that is not JSON. */
  value: string;
}

export interface ActivityTable {
  id: Generated<number>;
  at: string;
  user: string;
  action: ActivityEntry['action'];
  key_field: string | null;
  detail: Generated<string>;
}

export interface StopSalesTable {
  id: Generated<number>;
  code_kind: Generated<StopSaleCodeKind>;
  hotel_code: string;
  date_from: string;
  date_to: string;
  note: Generated<string>;
  created_by: string;
  created_at: string;
}

export interface MappingsTable {
  agency_id: string;
  kind: StayCodeKind;
  channel_code: string;
  hotel_code: string;
  updated_by: string;
  updated_at: string;
}

export interface HotelCodesTable {
  kind: StayCodeKind;
  code_key: string;
  code: string;
  name: Generated<string>;
  added_by: string;
  added_at: string;
}

export interface ContractsTable {
  id: Generated<number>;
  agency_id: string;
  room_type: string;
  date_from: string;
  date_to: string;
  rooms: number;
  /** '' or seven counts "Mon,…,Sun". */
  weekday_rooms: Generated<string>;
  kind: AllotmentKind;
  release_days: number;
  note: Generated<string>;
  updated_by: string;
  updated_at: string;
}

export interface AllotmentNightsTable {
  agency_id: string;
  room_type_id: string;
  night: string;
  used: number;
  asked: number;
}

export interface StopSaleNoticesTable {
  stop_sale_id: number;
  agency_id: string;
  sent_at: string | null;
  sent_by: string | null;
  confirmed_at: string | null;
  confirmed_by: string | null;
}

/** Every table the shared pattern knows; the areas' own files hold theirs. */
export interface StoreTables extends ReferenceTables, ReservationTables, AnswerTables {
  settings: SettingsTable;
  activity: ActivityTable;
  stop_sales: StopSalesTable;
  mappings: MappingsTable;
  hotel_codes: HotelCodesTable;
  contracts: ContractsTable;
  allotment_nights: AllotmentNightsTable;
  stop_sale_notices: StopSaleNoticesTable;
}

export type StoreTable = keyof StoreTables;
