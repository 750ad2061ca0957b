import type { Migration } from '../migration';

// Pre-confirm checks need two things the desk did not keep:
//
// stop_sales  dates the hotel closed, in the hotel's own codes (what a channel code is mapped to), so one
//             entry closes a room type for every agency. The hotel types them into Resdesk (Settings →
//             Stop sale, `resdesk stop-sale add`); the service never sends them. Both dates included.
// activity    rebuilt so its action may also be 'stop-sale' (added / removed) and 'settings' (the family
//             policy switched on or off): SQLite cannot alter a CHECK constraint. Nothing points at
//             activity, so the plain rebuild (new table, copy with ids, drop, rename) needs no pragma.
const schema = `
CREATE TABLE stop_sales (
  id         INTEGER PRIMARY KEY,
  code_kind  TEXT NOT NULL DEFAULT 'roomType' CHECK (code_kind IN ('roomType', 'room')),
  hotel_code TEXT NOT NULL CHECK (hotel_code <> ''),
  date_from  TEXT NOT NULL CHECK (date_from GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  date_to    TEXT NOT NULL CHECK (date_to GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  note       TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK (date_to >= date_from)
) STRICT;
CREATE INDEX stop_sales_by_code ON stop_sales (code_kind, hotel_code);

CREATE TABLE activity_006 (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  at        TEXT NOT NULL,
  user      TEXT NOT NULL,
  action    TEXT NOT NULL CHECK (action IN
              ('confirm', 'decline', 'export', 'mapping', 'setup', 'sync', 'stop-sale', 'settings')),
  key_field TEXT,
  detail    TEXT NOT NULL DEFAULT ''
) STRICT;
INSERT INTO activity_006 (id, at, user, action, key_field, detail)
  SELECT id, at, user, action, key_field, detail FROM activity;
DROP TABLE activity;
ALTER TABLE activity_006 RENAME TO activity;
CREATE INDEX activity_newest_first ON activity (at DESC, id DESC);
`;

export const stopSalesMigration: Migration = {
  version: 6,
  name: 'stop-sales',
  up(db) {
    db.exec(schema);
  },
};
