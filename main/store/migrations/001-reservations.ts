import type { Migration } from '../migration';

// Imported reservations. A migration is frozen once shipped: later changes go in a new migration.
//
// reservations      the current state of each reservation (the newest LogId received), every field
//                   of the service's item as a column, plus what the inbox needs without a join
// reservation_versions  one row per LogId ever received, with a snapshot of that whole version
// reservation_raw   the current item exactly as decoded, only where a confirmation update (same LogId)
//                   changed it; otherwise it is the raw item inside the current version's snapshot
// reservation_tally counts per check-in day / agency / kind / status for the inbox chips
// guests            the guests of the current version, in the service's order
// pending_acknowledgements  LogIds stored but not yet reported through postsentlogids
// reservation_search    full-text index over folded guest names, voucher, tour operator, KeyField
//
// The two inbox indexes start with the sort key and the id (so paging needs no sort), and then carry
// the filter columns: SQLite tests the filter on the index entry and only reads the table row for
// reservations that pass.
const schema = `
CREATE TABLE reservations (
  id                  INTEGER PRIMARY KEY,
  key_field           TEXT NOT NULL UNIQUE,
  log_id              INTEGER NOT NULL,
  service_id          TEXT NOT NULL,
  pms_status          INTEGER NOT NULL,
  change_kind         TEXT NOT NULL CHECK (change_kind IN ('new', 'changed', 'cancelled')),
  confirmation_status TEXT NOT NULL CHECK (confirmation_status IN ('W', 'E', 'H')),
  confirmation_no     TEXT NOT NULL,
  confirm_date        TEXT,
  confirme_note       TEXT NOT NULL,
  agency_id           TEXT NOT NULL,
  agency_name         TEXT NOT NULL,
  hotel_id            TEXT NOT NULL,
  hotel_name          TEXT NOT NULL,
  stay_hotel_name     TEXT NOT NULL,
  original_hotel_code TEXT NOT NULL,
  partner_id          INTEGER NOT NULL,
  tour_op_code        TEXT NOT NULL,
  tour_op_name        TEXT NOT NULL,
  voucher_no          TEXT NOT NULL,
  check_in            TEXT NOT NULL,
  check_out           TEXT NOT NULL,
  nights              INTEGER NOT NULL,
  room_id             TEXT NOT NULL,
  room_name           TEXT NOT NULL,
  room_no             TEXT,
  room_type_id        TEXT NOT NULL,
  room_type_name      TEXT NOT NULL,
  accom_id            TEXT NOT NULL,
  accom_name          TEXT NOT NULL,
  room_count          INTEGER NOT NULL,
  adults              INTEGER NOT NULL,
  childs              INTEGER NOT NULL,
  infants             INTEGER NOT NULL,
  pax                 INTEGER NOT NULL,
  extra_bed           INTEGER NOT NULL,
  fis_no              INTEGER NOT NULL,
  free_of_charge      TEXT NOT NULL,
  honey_moon          TEXT NOT NULL,
  promosyon_room      TEXT NOT NULL,
  quota_type          INTEGER NOT NULL,
  reservation_status  INTEGER NOT NULL,
  last_change_user    TEXT NOT NULL,
  note                TEXT NOT NULL,
  sell_date           TEXT,
  sold_currency       TEXT NOT NULL,
  sold_price          REAL NOT NULL,
  -- Denormalised from guests so an inbox page reads one row per reservation.
  lead_guest          TEXT NOT NULL,
  arrival_time        TEXT,
  -- ISO instant the current version reached this desk.
  received_at         TEXT NOT NULL
) STRICT;
CREATE INDEX reservations_by_check_in
  ON reservations (check_in, id, confirmation_status, change_kind, agency_id);
CREATE INDEX reservations_by_arrival
  ON reservations (received_at, id, confirmation_status, change_kind, agency_id, check_in);
CREATE INDEX reservations_waiting ON reservations (confirmation_status, received_at);

-- The item exactly as decoded, unknown fields included, when a confirmation update (same LogId) moved it
-- on from the one in the current version's snapshot. Not a copy of every item: that doubled the bytes
-- each import writes.
CREATE TABLE reservation_raw (
  reservation_id INTEGER PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  raw_json       TEXT NOT NULL
) STRICT;

-- How many reservations per check-in day, agency, change kind and status, kept by triggers. The chip
-- counts and page totals read these few thousand rows instead of counting 100k reservations.
CREATE TABLE reservation_tally (
  check_in            TEXT NOT NULL,
  agency_id           TEXT NOT NULL,
  change_kind         TEXT NOT NULL,
  confirmation_status TEXT NOT NULL,
  n                   INTEGER NOT NULL,
  PRIMARY KEY (check_in, agency_id, change_kind, confirmation_status)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER reservations_tally_insert AFTER INSERT ON reservations BEGIN
  INSERT INTO reservation_tally VALUES (new.check_in, new.agency_id, new.change_kind, new.confirmation_status, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER reservations_tally_delete AFTER DELETE ON reservations BEGIN
  UPDATE reservation_tally SET n = n - 1
    WHERE check_in = old.check_in AND agency_id = old.agency_id AND change_kind = old.change_kind
      AND confirmation_status = old.confirmation_status;
END;
CREATE TRIGGER reservations_tally_update
  AFTER UPDATE OF check_in, agency_id, change_kind, confirmation_status ON reservations
  WHEN old.check_in IS NOT new.check_in OR old.agency_id IS NOT new.agency_id
    OR old.change_kind IS NOT new.change_kind OR old.confirmation_status IS NOT new.confirmation_status
BEGIN
  UPDATE reservation_tally SET n = n - 1
    WHERE check_in = old.check_in AND agency_id = old.agency_id AND change_kind = old.change_kind
      AND confirmation_status = old.confirmation_status;
  INSERT INTO reservation_tally VALUES (new.check_in, new.agency_id, new.change_kind, new.confirmation_status, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE reservation_versions (
  log_id          INTEGER PRIMARY KEY,
  reservation_id  INTEGER NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  change_kind     TEXT NOT NULL CHECK (change_kind IN ('new', 'changed', 'cancelled')),
  received_at     TEXT NOT NULL,
  -- Set once the service confirmed our acknowledgement of this LogId.
  acknowledged_at TEXT,
  -- The whole Reservation of this version (guests and raw item included), as JSON in the compact
  -- format of reservations-snapshot.ts.
  snapshot_json   TEXT NOT NULL
) STRICT;
CREATE INDEX reservation_versions_by_reservation ON reservation_versions (reservation_id, log_id);

CREATE TABLE guests (
  reservation_id        INTEGER NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  position              INTEGER NOT NULL,
  name                  TEXT NOT NULL,
  title                 TEXT NOT NULL,
  age                   INTEGER,
  birth_date            TEXT,
  nationality           TEXT NOT NULL,
  nationality_string    TEXT NOT NULL,
  arrival               TEXT NOT NULL,
  arrival_time          TEXT,
  departure             TEXT NOT NULL,
  departure_time        TEXT,
  mus_no                INTEGER,
  mus_takip_no          TEXT NOT NULL,
  reservation_key_field TEXT NOT NULL,
  PRIMARY KEY (reservation_id, position)
) STRICT, WITHOUT ROWID;

-- The acknowledgement queue: written in the same transaction as the import, deleted only after the
-- service accepted postsentlogids, so a LogId is never reported before its reservation is stored.
CREATE TABLE pending_acknowledgements (
  log_id     INTEGER PRIMARY KEY,
  service_id TEXT NOT NULL
) STRICT;

-- Contentless: the text is folded (see search.ts) and only ever matched, never shown.
CREATE VIRTUAL TABLE reservation_search USING fts5 (
  text,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
`;

export const reservationsMigration: Migration = {
  version: 1,
  name: 'reservations',
  up(db) {
    db.exec(schema);
  },
};
