// The reference lists' tables as types (issue 27): agencies, decline reasons, the channel's stay codes. Part of
// StoreTables (tables.ts); a table joins when its first query moves onto the shared pattern.

export interface AgenciesTable {
  id: string;
  name: string;
  /** 0/1 on both engines (PostgreSQL smallint): an agency the service stopped listing is kept but hidden. */
  active: number;
}

export interface ReferenceTables {
  agencies: AgenciesTable;
}
