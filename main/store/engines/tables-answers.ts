// The answers' tables as types: decisions, acknowledgements still to report, PMS entries and their log.
// Part of StoreTables (tables.ts). `claimed_generation` exists on PostgreSQL only (the lease generation that
// claimed a row for sending or reporting, docs/shared-database.md "Exactly once"): only the PostgreSQL-only
// claim operations (decision-claims.ts, acknowledgement-claims.ts) name it.
import type { Generated } from 'kysely';

export interface DecisionsTable {
  id: Generated<number>;
  key_field: string;
  action: 'confirm' | 'decline';
  note: Generated<string>;
  reason_id: string | null;
  user: string;
  decided_at: string;
  based_on_log_id: number;
  state: Generated<'pending' | 'sent' | 'failed' | 'review' | 'discarded'>;
  attempts: Generated<number>;
  last_error: string | null;
  /** 0/1 on both engines (PostgreSQL smallint). */
  outcome_unknown: Generated<number>;
  sent_at: string | null;
  confirmation_no: string | null;
  pdf_path: string | null;
  send_after: string | null;
  /** PostgreSQL only (absent on SQLite). */
  claimed_generation?: number | null;
  /** PostgreSQL only: until when the claim's request may still be on its way (the database's clock). */
  claim_until?: Date | null;
}

export interface PendingAcknowledgementsTable {
  log_id: number;
  service_id: string;
  /** PostgreSQL only (absent on SQLite): the lease generation that claimed it for reporting. */
  claimed_generation?: number | null;
}

export interface PmsEntriesTable {
  reservation_id: number;
  handled_log_id: number;
  entered_log_id: number;
  pms_holds: 'live' | 'cancelled';
  last_action: 'entered' | 'updated' | 'cancelled';
  entered_by: string;
  entered_at: string;
  pms_reference: string | null;
  handled_by: string;
  handled_at: string;
}

export interface PmsEntryLogTable {
  id: Generated<number>;
  reservation_id: number;
  log_id: number;
  action: 'entered' | 'updated' | 'cancelled';
  user: string;
  at: string;
  pms_reference: string | null;
}

export interface AnswerTables {
  decisions: DecisionsTable;
  pending_acknowledgements: PendingAcknowledgementsTable;
  pms_entries: PmsEntriesTable;
  pms_entry_log: PmsEntryLogTable;
}
