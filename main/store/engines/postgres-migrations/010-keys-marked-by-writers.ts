// A new reservation's check keys are written, or marked pending, by whoever inserts it (SQLite's 016); the keys,
// the pending marks and the search words are derived tables the store rebuilds, so they keep no foreign key: each
// was a lookup of the reservation per row inserted (a third of a first sync's server time went to these and the
// insert trigger). Their lookups join reservations, so a row left behind by a reservation removed by hand is never
// read. The search words are kept as a tsvector of the desk's own words (search.ts) instead of text parsed by
// to_tsvector at every insert (a 20,000 first sync: 290 ms of the server's time instead of 420). A version's text
// stays in its row uncompressed, as SQLite keeps it: compressing every item of about 2 KB cost the same first sync
// some 120 ms of the server's time; the table is about half again as large.
export const keysMarkedByWriters = `
DROP TRIGGER reservations_check_keys_insert ON reservations;
DROP FUNCTION reservations_check_keys_added();
ALTER TABLE check_guests DROP CONSTRAINT check_guests_reservation_id_fkey;
ALTER TABLE check_vouchers DROP CONSTRAINT check_vouchers_reservation_id_fkey;
ALTER TABLE check_keys_pending DROP CONSTRAINT check_keys_pending_reservation_id_fkey;
ALTER TABLE reservation_search DROP CONSTRAINT reservation_search_reservation_id_fkey;
DROP INDEX reservation_search_words;
ALTER TABLE reservation_search ALTER COLUMN folded TYPE tsvector USING CAST(folded AS tsvector);
CREATE INDEX reservation_search_words ON reservation_search USING gin (folded);
ALTER TABLE reservation_versions SET (toast_tuple_target = 8160);
`;
