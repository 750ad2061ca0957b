import type { Migration } from '../migration';

// The desk's own data beside the imported reservations: reference lists from the service,
// the hotel's code mappings, the outbox of confirm / decline decisions, the activity log and
// non-secret settings. STRICT tables so a wrong type fails loudly instead of being stored.
const schema = `
CREATE TABLE agencies (
  id     TEXT PRIMARY KEY,
  name   TEXT NOT NULL,
  -- An agency the service stops listing is kept (reservations still name it) but hidden.
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
) STRICT;
CREATE INDEX agencies_active_by_name ON agencies (active, name);

CREATE TABLE not_confirm_messages (
  lang     TEXT NOT NULL CHECK (lang IN ('tr-TR', 'en-US')),
  id       TEXT NOT NULL,
  name     TEXT NOT NULL,
  -- The service's own order, which is the order reasons are offered in.
  position INTEGER NOT NULL,
  PRIMARY KEY (lang, id)
) STRICT;
CREATE INDEX not_confirm_messages_by_id ON not_confirm_messages (id);

CREATE TABLE stay_codes (
  agency_id    TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('room', 'roomType', 'board', 'nationality')),
  code         TEXT NOT NULL,
  name         TEXT NOT NULL,
  pax          INTEGER,
  min_adults   INTEGER,
  max_adults   INTEGER,
  max_children INTEGER,
  position     INTEGER NOT NULL,
  PRIMARY KEY (agency_id, kind, code)
) STRICT;

CREATE TABLE mappings (
  agency_id    TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('room', 'roomType', 'board', 'nationality')),
  channel_code TEXT NOT NULL,
  hotel_code   TEXT NOT NULL CHECK (hotel_code <> ''),
  updated_by   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  PRIMARY KEY (agency_id, kind, channel_code)
) STRICT;

CREATE TABLE decisions (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  key_field       TEXT NOT NULL,
  action          TEXT NOT NULL CHECK (action IN ('confirm', 'decline')),
  note            TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  reason_id       TEXT,
  user            TEXT NOT NULL,
  decided_at      TEXT NOT NULL,
  -- The reservation version the person saw: a newer one means asking them again before sending.
  based_on_log_id INTEGER NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending'
                  CHECK (state IN ('pending', 'sent', 'failed', 'review', 'discarded')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  -- 1 once an attempt may have reached the service unanswered: ask before sending again.
  outcome_unknown INTEGER NOT NULL DEFAULT 0 CHECK (outcome_unknown IN (0, 1)),
  sent_at         TEXT,
  confirmation_no TEXT,
  pdf_path        TEXT,
  CHECK (action = 'confirm' OR reason_id IS NOT NULL)
) STRICT;
-- At most one unsent decision per reservation, even if two windows ask at once.
CREATE UNIQUE INDEX decisions_one_open_per_reservation ON decisions (key_field)
  WHERE state IN ('pending', 'failed', 'review');
CREATE INDEX decisions_by_reservation ON decisions (key_field, id);
CREATE INDEX decisions_outbox ON decisions (state, id) WHERE state IN ('pending', 'failed');

-- The reservation's own view of its newest decision, kept by main/store/decisions.ts in the same
-- transaction as the decision row, so a reservation never shows pending without a queued decision.
ALTER TABLE reservations ADD COLUMN decision_state TEXT NOT NULL DEFAULT 'none'
  CHECK (decision_state IN ('none', 'pending', 'sent', 'failed', 'review'));
-- The mapping screen counts one agency's live reservations per code.
CREATE INDEX reservations_by_agency ON reservations (agency_id, confirmation_status, change_kind);

CREATE TABLE activity (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  at        TEXT NOT NULL,
  user      TEXT NOT NULL,
  action    TEXT NOT NULL CHECK (action IN ('confirm', 'decline', 'export', 'mapping', 'setup', 'sync')),
  key_field TEXT,
  detail    TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX activity_newest_first ON activity (at DESC, id DESC);

-- Non-secret preferences only; passwords and tokens live in the OS keychain.
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;
`;

export const deskMigration: Migration = {
  version: 2,
  name: 'desk',
  up(db) {
    db.exec(schema);
  },
};
