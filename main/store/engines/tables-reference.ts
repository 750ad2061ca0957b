// The reference lists' tables as types: agencies, decline reasons, the channel's stay codes. Part of
// StoreTables (tables.ts); a table joins when its first query moves onto the shared pattern.
import type { ServiceLanguage, StayCodeKind } from '../../../shared/domain';

export interface AgenciesTable {
  id: string;
  name: string;
  /** 0/1 on both engines (PostgreSQL smallint): an agency the service stopped listing is kept but hidden. */
  active: number;
}

/** Decline reasons, one list per language the service writes them in, in its order (position). */
export interface NotConfirmMessagesTable {
  lang: ServiceLanguage;
  id: string;
  name: string;
  position: number;
}

/** The channel's codes per agency (rooms, room types, boards, nationalities), every field it sends. */
export interface StayCodesTable {
  agency_id: string;
  kind: StayCodeKind;
  code: string;
  name: string;
  pax: number | null;
  min_adults: number | null;
  max_adults: number | null;
  max_children: number | null;
  position: number;
  hotel: string;
  hotel_number: number | null;
  max_pax: number | null;
  /** The element as received (JSON text), so a field no one reads yet is not lost. */
  raw_json: string | null;
}

export interface ReferenceTables {
  agencies: AgenciesTable;
  not_confirm_messages: NotConfirmMessagesTable;
  stay_codes: StayCodesTable;
}
