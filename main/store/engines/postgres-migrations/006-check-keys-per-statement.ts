// A reservation's check keys are marked pending once per INSERT statement, from its rows together, instead of
// by a function call per row: an import inserts a page of reservations in one statement.
export const checkKeysPerStatement = `
DROP TRIGGER reservations_check_keys_insert ON reservations;
CREATE FUNCTION reservations_check_keys_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_keys_pending (reservation_id) SELECT id FROM added ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER reservations_check_keys_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION reservations_check_keys_added();
`;
