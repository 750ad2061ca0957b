import type { Migration } from '../migration';

// The hotel's tour-operator contracts (shared/domain/contracts.ts):
//
// contracts  one allotment per row: an operator (agency id) holds so many rooms a night of one of the hotel's
//            room types (its own code, what channel codes are mapped to) from date_from to date_to (both
//            included), guaranteed or normal, with release_days. weekday_rooms is '' or seven counts
//            "Mon,…,Sun" where the nights differ. One operator's allotments of one room type share no night
//            (main/contracts/validate.ts says so before the insert; the table cannot express it).
// activity   rebuilt so its action may also be 'contract': SQLite cannot alter a CHECK constraint (as 006).
const schema = `
CREATE TABLE contracts (
  id            INTEGER PRIMARY KEY,
  agency_id     TEXT NOT NULL CHECK (agency_id <> ''),
  room_type     TEXT NOT NULL CHECK (room_type <> ''),
  date_from     TEXT NOT NULL CHECK (date_from GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  date_to       TEXT NOT NULL CHECK (date_to GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  rooms         INTEGER NOT NULL CHECK (rooms BETWEEN 0 AND 999),
  weekday_rooms TEXT NOT NULL DEFAULT '',
  kind          TEXT NOT NULL CHECK (kind IN ('guaranteed', 'normal')),
  release_days  INTEGER NOT NULL CHECK (release_days BETWEEN 0 AND 120),
  note          TEXT NOT NULL DEFAULT '',
  updated_by    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  CHECK (date_to >= date_from)
) STRICT;
CREATE INDEX contracts_by_operator ON contracts (agency_id, room_type, date_from);

CREATE TABLE activity_013 (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  at        TEXT NOT NULL,
  user      TEXT NOT NULL,
  action    TEXT NOT NULL CHECK (action IN
              ('confirm', 'decline', 'export', 'mapping', 'setup', 'sync', 'stop-sale', 'settings', 'contract')),
  key_field TEXT,
  detail    TEXT NOT NULL DEFAULT ''
) STRICT;
INSERT INTO activity_013 (id, at, user, action, key_field, detail)
  SELECT id, at, user, action, key_field, detail FROM activity;
DROP TABLE activity;
ALTER TABLE activity_013 RENAME TO activity;
CREATE INDEX activity_newest_first ON activity (at DESC, id DESC);
`;

export const contractsMigration: Migration = {
  version: 13,
  name: 'contracts',
  up(db) {
    db.exec(schema);
  },
};
