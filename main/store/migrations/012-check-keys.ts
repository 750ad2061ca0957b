import type { Migration } from '../migration';

// The pre-confirm checks look other reservations up by key instead of indexing all of them in
// memory after every change. The keys are the checks' own (a voucher trimmed and in capitals, a guest's
// folded name and birth day, the check-in day), computed in JavaScript by main/checks, so SQL cannot
// write them: a trigger marks a reservation whose keyed columns changed (any writer: the import worker,
// the CLI, the desk), and the desk computes its keys before its next question (main/store/check-keys.ts).
//
// check_vouchers      one row per reservation with a voucher: agency and normalized voucher
// check_guests        one row per named guest of a reservation with a calendar check-in: folded name,
//                     birth day (YYYYMMDD or NULL), check-in day (YYYYMMDD)
// check_keys_pending  reservations whose keys are to be (re)computed
//
// Keys are kept whatever the status: whether a reservation is active is read from its row when asked, so
// a decision or a cancellation marks nothing. Every reservation stored before is pending: the first
// question after this migration computes them all once.
const schema = `
CREATE TABLE check_vouchers (
  reservation_id INTEGER PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  agency_id      TEXT NOT NULL,
  voucher        TEXT NOT NULL
) STRICT;
CREATE INDEX check_vouchers_by_voucher ON check_vouchers (agency_id, voucher);

CREATE TABLE check_guests (
  reservation_id INTEGER NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  person         TEXT NOT NULL,
  birth          INTEGER,
  day            INTEGER NOT NULL
) STRICT;
CREATE INDEX check_guests_by_person ON check_guests (person, day, reservation_id);
CREATE INDEX check_guests_by_birth ON check_guests (person, birth, day, reservation_id);
CREATE INDEX check_guests_of_reservation ON check_guests (reservation_id);

CREATE TABLE check_keys_pending (
  reservation_id INTEGER PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE
) STRICT;

CREATE TRIGGER reservations_check_keys_insert AFTER INSERT ON reservations BEGIN
  INSERT OR IGNORE INTO check_keys_pending (reservation_id) VALUES (new.id);
END;
CREATE TRIGGER reservations_check_keys_update
  AFTER UPDATE OF agency_id, voucher_no, check_in, guests_json ON reservations
  WHEN old.agency_id IS NOT new.agency_id OR old.voucher_no IS NOT new.voucher_no
    OR old.check_in IS NOT new.check_in OR old.guests_json IS NOT new.guests_json
BEGIN
  INSERT OR IGNORE INTO check_keys_pending (reservation_id) VALUES (new.id);
END;

INSERT INTO check_keys_pending (reservation_id) SELECT id FROM reservations;
`;

export const checkKeysMigration: Migration = {
  version: 12,
  name: 'check-keys',
  up(db) {
    db.exec(schema);
  },
};
