// The guests view's columns sort and compare bytewise, as every text column of the store does (migration 2 left
// them in the database's default collation, which on a chain's server may be a locale's: the nationalities of the
// mapping screen and the export's guest names would then compare and order unlike SQLite's).
export const guestsBytewise = `
DROP VIEW guests;
CREATE VIEW guests AS
  SELECT r.id AS reservation_id, (g.ordinality - 1)::integer AS position,
         (g.value ->> 0) COLLATE "C" AS name, (g.value ->> 1) COLLATE "C" AS title,
         (g.value ->> 2) COLLATE "C" AS age, (g.value ->> 3) COLLATE "C" AS birth_date,
         (g.value ->> 4) COLLATE "C" AS nationality, (g.value ->> 5) COLLATE "C" AS nationality_string,
         (g.value ->> 6) COLLATE "C" AS arrival, (g.value ->> 7) COLLATE "C" AS arrival_time,
         (g.value ->> 8) COLLATE "C" AS departure, (g.value ->> 9) COLLATE "C" AS departure_time,
         (g.value ->> 10) COLLATE "C" AS mus_no, (g.value ->> 11) COLLATE "C" AS mus_takip_no,
         (g.value ->> 12) COLLATE "C" AS reservation_key_field
  FROM reservations r CROSS JOIN LATERAL json_array_elements(r.guests_json::json) WITH ORDINALITY AS g (value, ordinality);
`;
