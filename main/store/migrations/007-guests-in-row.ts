import type { Migration } from '../migration';

// A reservation's guests move into its row, as one JSON text (`guests_json`), instead of a row
// per guest. Measured on a 20k import (store alone, A/B in one process): the guest rows, 40k inserts of
// fifteen values each into their own B-tree, were about a quarter of the store's time; the same values as
// one text per reservation cost a JSON.stringify and one bound string.
//
// guests_json  [[name, title, age, birth_date, nationality, nationality_string, arrival, arrival_time,
//              departure, departure_time, mus_no, mus_takip_no, reservation_key_field], ...] in the
//              service's order; JSON null where the column was NULL. Written by the import
//              (reservations-columns.ts `guestsJson`, same order), rewritten with the row when a newer
//              version arrives, so guests can never belong to a reservation that is gone.
// guests       now a view with the old table's columns, read by position from guests_json: every query
//              that read the table reads the view unchanged, except the export's, which join the guests
//              of many reservations (a LEFT JOIN cannot flatten a view that is itself a join) and read
//              json_each(r.guests_json) directly.
//
// Frozen: a Guest field added later is appended to the arrays and to a new view in a new migration.
const schema = `
ALTER TABLE reservations ADD COLUMN guests_json TEXT NOT NULL DEFAULT '[]';
UPDATE reservations SET guests_json = coalesce(
  (SELECT json_group_array(json_array(g.name, g.title, g.age, g.birth_date, g.nationality,
            g.nationality_string, g.arrival, g.arrival_time, g.departure, g.departure_time, g.mus_no,
            g.mus_takip_no, g.reservation_key_field) ORDER BY g.position)
   FROM guests g WHERE g.reservation_id = reservations.id),
  '[]');
DROP TABLE guests;
CREATE VIEW guests AS
  SELECT r.id AS reservation_id, g.key AS position,
         g.value ->> 0 AS name, g.value ->> 1 AS title, g.value ->> 2 AS age, g.value ->> 3 AS birth_date,
         g.value ->> 4 AS nationality, g.value ->> 5 AS nationality_string, g.value ->> 6 AS arrival,
         g.value ->> 7 AS arrival_time, g.value ->> 8 AS departure, g.value ->> 9 AS departure_time,
         g.value ->> 10 AS mus_no, g.value ->> 11 AS mus_takip_no, g.value ->> 12 AS reservation_key_field
  FROM reservations r JOIN json_each(r.guests_json) g;
`;

export const guestsInRowMigration: Migration = {
  version: 7,
  name: 'guests-in-row',
  up(db) {
    db.exec(schema);
  },
};
