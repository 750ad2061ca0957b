// What the hotel told each operator of a stop-sale (SQLite's 015).
export const stopSaleNotices = `
CREATE TABLE stop_sale_notices (
  stop_sale_id bigint NOT NULL REFERENCES stop_sales (id) ON DELETE CASCADE,
  agency_id    text COLLATE "C" NOT NULL CHECK (agency_id <> ''),
  sent_at      text COLLATE "C",
  sent_by      text COLLATE "C",
  confirmed_at text COLLATE "C",
  confirmed_by text COLLATE "C",
  PRIMARY KEY (stop_sale_id, agency_id)
);
`;
