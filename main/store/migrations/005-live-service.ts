import type { Database } from 'better-sqlite3';
import type { Migration } from '../migration';

// What the live service sends beyond the spec (spec/real-service-evidence.md):
//
// - reservations.confirmation_status keeps whatever letter came. The live service is known to send S and
//   G besides W/E/H, and an unknown letter must never make a list unreadable. SQLite cannot alter a CHECK
//   constraint, so the table is rebuilt the documented way (new table, copy, drop, rename) with ids kept,
//   so guests, versions, raw items and the search index (all keyed by id) still point at the right rows.
//   The runner turns foreign keys off for this migration (see `needsForeignKeysOff`): with them on, the
//   DROP would cascade into every child table.
// - stay_codes get every field the live service gives: the hotel (Otel), the hotel number
//   (PaximumId / PartnerId), the room's MaxPax, and the item itself so nothing sent is lost.
// - set_aside_items: list items that could not be read, kept with their text, never acknowledged.
const OLD_CHECK = "CHECK (confirmation_status IN ('W', 'E', 'H'))";
const NEW_CHECK = "CHECK (confirmation_status <> '')";

/**
 * The reservations table as it stands (every migration's columns), with only the status CHECK changed:
 * new table from the stored CREATE statement, copy, drop, rename, then its indexes and triggers again.
 */
function relaxStatusCheck(db: Database): void {
  const objects = db
    .prepare<[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'reservations' AND sql IS NOT NULL`,
    )
    .all();
  const table = objects.find((o) => o.type === 'table');
  if (!table?.sql.includes(OLD_CHECK))
    throw new Error('reservations does not have the expected status check');
  db.exec(
    table.sql
      .replace(/^CREATE TABLE reservations/, 'CREATE TABLE reservations_005')
      .replace(OLD_CHECK, NEW_CHECK),
  );
  db.exec('INSERT INTO reservations_005 SELECT * FROM reservations');
  db.exec('DROP TABLE reservations');
  db.exec('ALTER TABLE reservations_005 RENAME TO reservations');
  for (const o of objects) if (o.type === 'index' || o.type === 'trigger') db.exec(o.sql);
}

const stayCodesAndSetAside = `
ALTER TABLE stay_codes ADD COLUMN hotel TEXT NOT NULL DEFAULT '';
ALTER TABLE stay_codes ADD COLUMN hotel_number INTEGER;
ALTER TABLE stay_codes ADD COLUMN max_pax INTEGER;
ALTER TABLE stay_codes ADD COLUMN raw_json TEXT;

CREATE TABLE set_aside_items (
  id            INTEGER PRIMARY KEY,
  -- sha256 of the item's text: the service sends an unacknowledged item again every poll.
  fingerprint   TEXT NOT NULL UNIQUE,
  operation     TEXT NOT NULL,
  -- The field that could not be read and what it should have been (FieldError of the decoder).
  field         TEXT NOT NULL,
  expected      TEXT NOT NULL,
  -- As far as they could be read: to tell the receptionist which reservation it is.
  key_field     TEXT,
  log_id        INTEGER,
  service_id    TEXT,
  item_text     TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  last_seen_at  TEXT NOT NULL,
  times_seen    INTEGER NOT NULL DEFAULT 1
) STRICT;
CREATE INDEX set_aside_items_by_key ON set_aside_items (key_field, log_id);
`;

export const liveServiceMigration: Migration = {
  version: 5,
  name: 'live-service',
  needsForeignKeysOff: true,
  up(db) {
    relaxStatusCheck(db);
    db.exec(stayCodesAndSetAside);
  },
};
