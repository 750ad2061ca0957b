// The answers' tables as types (issue 27): decisions, acknowledgements still to report, PMS entries. Part of
// StoreTables (tables.ts).

export interface PendingAcknowledgementsTable {
  log_id: number;
  service_id: string;
  /** PostgreSQL only (absent on SQLite): the lease generation that claimed it for reporting. */
  claimed_generation?: number | null;
}

export interface AnswerTables {
  pending_acknowledgements: PendingAcknowledgementsTable;
}
