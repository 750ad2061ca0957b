// The reservations' tables as types (issue 27): the reservations, their versions, raw items, search, tally,
// check keys and the items set aside. Part of StoreTables (tables.ts).

export interface ReservationRawTable {
  reservation_id: number;
  raw_json: string;
}

export interface ReservationTables {
  reservation_raw: ReservationRawTable;
}
