// A reservation's guest keys are numbered (SQLite's 017; the keys kept from before in the order the table holds
// them, which is not always the order they were written, and nothing reads it): the key (reservation, position) is the
// index a re-key or a removal reads, and the stays question has one index, the guest's day and reservation before
// the birth, instead of two.
export const checkGuestsByReservation = `
CREATE TABLE check_guests_by_reservation (
  reservation_id bigint NOT NULL,
  position       integer NOT NULL,
  person         text COLLATE "C" NOT NULL,
  birth          bigint,
  day            bigint NOT NULL,
  PRIMARY KEY (reservation_id, position)
);
INSERT INTO check_guests_by_reservation (reservation_id, position, person, birth, day)
  SELECT reservation_id, row_number() OVER (PARTITION BY reservation_id ORDER BY ctid) - 1, person, birth, day
  FROM check_guests;
DROP TABLE check_guests;
ALTER TABLE check_guests_by_reservation RENAME TO check_guests;
ALTER INDEX check_guests_by_reservation_pkey RENAME TO check_guests_pkey;
CREATE INDEX check_guests_by_person ON check_guests (person, day, reservation_id, birth);
`;
