import type { Migration } from '../migration';

// What the hotel's PMS holds of each reservation, as far as the desk knows: receptionists type
// reservations into the PMS by hand, and mark them here when done.
//
// The state of a reservation (to enter, entered, needs update, to cancel, done) is not stored: it is
// computed when read, from the current version in `reservations` against the version last handled
// here (pms-entry-state.ts). So a new version arriving through importBatch moves the state without
// the import knowing about the PMS at all, and the two can never disagree.
//
// pms_entries     one row per reservation ever handled: which version was handled last, which version's
//                 data the PMS holds (the base of "what changed"), and whether the PMS holds it as a
//                 live or a cancelled reservation
// pms_entry_log   every marking, for the record (who, when, which version, PMS reference)
const schema = `
CREATE TABLE pms_entries (
  reservation_id INTEGER PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  handled_log_id INTEGER NOT NULL,
  entered_log_id INTEGER NOT NULL,
  pms_holds      TEXT NOT NULL CHECK (pms_holds IN ('live', 'cancelled')),
  last_action    TEXT NOT NULL CHECK (last_action IN ('entered', 'updated', 'cancelled')),
  entered_by     TEXT NOT NULL,
  entered_at     TEXT NOT NULL,
  pms_reference  TEXT,
  handled_by     TEXT NOT NULL,
  handled_at     TEXT NOT NULL
) STRICT;

CREATE TABLE pms_entry_log (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  reservation_id INTEGER NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  log_id         INTEGER NOT NULL,
  action         TEXT NOT NULL CHECK (action IN ('entered', 'updated', 'cancelled')),
  user           TEXT NOT NULL,
  at             TEXT NOT NULL,
  pms_reference  TEXT
) STRICT;
CREATE INDEX pms_entry_log_by_reservation ON pms_entry_log (reservation_id, id);
`;

export const pmsEntryMigration: Migration = {
  version: 3,
  name: 'pms-entry',
  up(db) {
    db.exec(schema);
  },
};
