import type { Migration } from '../migration';

// What the hotel told each operator of a stop-sale: the notice printed or sent (the day), and the operator's
// confirmation, ticked by hand. One row per stop-sale and operator, gone with its stop-sale.
const schema = `
CREATE TABLE stop_sale_notices (
  stop_sale_id INTEGER NOT NULL REFERENCES stop_sales (id) ON DELETE CASCADE,
  agency_id    TEXT NOT NULL CHECK (agency_id <> ''),
  sent_at      TEXT,
  sent_by      TEXT,
  confirmed_at TEXT,
  confirmed_by TEXT,
  PRIMARY KEY (stop_sale_id, agency_id)
) STRICT;
`;

export const stopSaleNoticesMigration: Migration = {
  version: 15,
  name: 'stop-sale-notices',
  up(db) {
    db.exec(schema);
  },
};
