// The reservations' tables as types: the reservations, their versions, raw items, search, tally,
// check keys and the items set aside. Part of StoreTables (tables.ts). Column for column the tables of both
// engines (schema-parity.test.ts), except reservation_search, which is a different thing on each (below).
import type { Generated } from 'kysely';
import type { ChangeKind, SetAsideReason } from '../../../shared/domain';

export type DecisionState = 'none' | 'pending' | 'sent' | 'failed' | 'review';

/** The current state of each reservation: the fields of its newest LogId (reservations-columns.ts pairs them). */
export interface ReservationsTable {
  id: Generated<number>;
  key_field: string;
  log_id: number;
  service_id: string;
  pms_status: number;
  change_kind: ChangeKind;
  confirmation_status: string;
  confirmation_no: string;
  confirm_date: string | null;
  confirme_note: string;
  agency_id: string;
  agency_name: string;
  hotel_id: string;
  hotel_name: string;
  stay_hotel_name: string;
  original_hotel_code: string;
  partner_id: number;
  tour_op_code: string;
  tour_op_name: string;
  voucher_no: string;
  check_in: string;
  check_out: string;
  nights: number;
  room_id: string;
  room_name: string;
  room_no: string | null;
  room_type_id: string;
  room_type_name: string;
  accom_id: string;
  accom_name: string;
  room_count: number;
  adults: number;
  childs: number;
  infants: number;
  pax: number;
  extra_bed: number;
  fis_no: number;
  free_of_charge: string;
  honey_moon: string;
  promosyon_room: string;
  quota_type: number;
  reservation_status: number;
  last_change_user: string;
  note: string;
  sell_date: string | null;
  sold_currency: string;
  sold_price: number;
  lead_guest: string;
  arrival_time: string | null;
  received_at: string;
  decision_state: Generated<DecisionState>;
  /** JSON text: one array of values per guest (reservations-columns.ts, guestsJson). */
  guests_json: Generated<string>;
}

/** The `guests` view over reservations.guests_json: one row per guest, every value as text (->>). */
export interface GuestsView {
  reservation_id: number;
  position: number;
  name: string | null;
  title: string | null;
  age: string | null;
  birth_date: string | null;
  nationality: string | null;
  nationality_string: string | null;
  arrival: string | null;
  arrival_time: string | null;
  departure: string | null;
  departure_time: string | null;
  mus_no: string | null;
  mus_takip_no: string | null;
  reservation_key_field: string | null;
}

export interface ReservationRawTable {
  reservation_id: number;
  raw_json: string;
}

/** Every LogId received, once: the item as received (snapshot_json, text: never reordered). */
export interface ReservationVersionsTable {
  log_id: number;
  reservation_id: number;
  change_kind: ChangeKind;
  received_at: string;
  acknowledged_at: Generated<string | null>;
  snapshot_json: string;
}

/** Reservations per (check-in, agency, change kind, status): the import adds its inserts, triggers the rest. */
export interface ReservationTallyTable {
  check_in: string;
  agency_id: string;
  change_kind: string;
  confirmation_status: string;
  n: number;
}

/**
 * PostgreSQL's search table: the words SQLite's FTS5 table holds (search.ts), as a tsvector written as the text
 * of its words. SQLite's
 * reservation_search is an FTS5 table (rowid, text); its queries are written per engine (search-engines.ts),
 * so this type is PostgreSQL's only.
 */
export interface ReservationSearchTable {
  reservation_id: number;
  folded: string;
}

export interface CheckGuestsTable {
  reservation_id: number;
  /** The guest's place among the reservation's keyed guests, from 0. */
  position: number;
  person: string;
  birth: number | null;
  day: number;
}

export interface CheckKeysPendingTable {
  reservation_id: number;
}

export interface CheckVouchersTable {
  reservation_id: number;
  agency_id: string;
  voucher: string;
}

export interface SetAsideItemsTable {
  id: Generated<number>;
  fingerprint: string;
  operation: string;
  field: string;
  expected: string;
  key_field: string | null;
  log_id: number | null;
  service_id: string | null;
  item_text: string;
  first_seen_at: string;
  last_seen_at: string;
  times_seen: Generated<number>;
  reason: Generated<SetAsideReason>;
}

export interface ReservationTables {
  reservations: ReservationsTable;
  guests: GuestsView;
  reservation_raw: ReservationRawTable;
  reservation_versions: ReservationVersionsTable;
  reservation_tally: ReservationTallyTable;
  reservation_search: ReservationSearchTable;
  check_guests: CheckGuestsTable;
  check_keys_pending: CheckKeysPendingTable;
  check_vouchers: CheckVouchersTable;
  set_aside_items: SetAsideItemsTable;
}
