// The rooms each operator's reservations take per channel room type and night (SQLite's 014). A text that is no
// calendar date counts no night (resdesk_day: PostgreSQL's cast would refuse it, and refuse the whole write with it);
// a day past the month's end rolls over as SQLite's date() and the desk's calendar do.
export const allotmentNights = `
CREATE TABLE allotment_nights (
  agency_id    text COLLATE "C" NOT NULL,
  room_type_id text COLLATE "C" NOT NULL,
  night        text COLLATE "C" NOT NULL,
  used         integer NOT NULL,
  asked        integer NOT NULL,
  PRIMARY KEY (agency_id, room_type_id, night)
);
CREATE FUNCTION resdesk_day(t text) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])'
    THEN make_date(substr(t, 1, 4)::int, substr(t, 6, 2)::int, 1) + (substr(t, 9, 2)::int - 1) END
$$;
CREATE FUNCTION resdesk_allotment_nights(rows jsonb, sign integer)
  RETURNS TABLE (agency_id text, room_type_id text, night text, used integer, asked integer)
  LANGUAGE sql STABLE AS $$
  SELECT r.agency_id, r.room_type_id, to_char(resdesk_day(r.check_in) + g, 'YYYY-MM-DD'),
    sign * CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END,
    sign * CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END
  FROM jsonb_to_recordset(rows) AS r (agency_id text, room_type_id text, check_in text, check_out text,
    room_count integer, confirmation_status text, pms_status integer)
  CROSS JOIN generate_series(0, least(62, resdesk_day(r.check_out) - resdesk_day(r.check_in)) - 1) AS g
  WHERE r.pms_status <> 3 AND r.confirmation_status <> 'H'
    AND resdesk_day(r.check_in) IS NOT NULL AND resdesk_day(r.check_out) IS NOT NULL
$$;
CREATE FUNCTION reservations_allotment_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
  SELECT c.agency_id, c.room_type_id, c.night, sum(c.used), sum(c.asked) FROM (
    SELECT * FROM resdesk_allotment_nights((SELECT coalesce(jsonb_agg(to_jsonb(o)), '[]') FROM old_rows o
      JOIN new_rows n USING (id)
      WHERE (o.agency_id, o.room_type_id, o.check_in, o.check_out, o.room_count, o.confirmation_status, o.pms_status)
        IS DISTINCT FROM (n.agency_id, n.room_type_id, n.check_in, n.check_out, n.room_count,
          n.confirmation_status, n.pms_status)), -1)
    UNION ALL
    SELECT * FROM resdesk_allotment_nights((SELECT coalesce(jsonb_agg(to_jsonb(n)), '[]') FROM new_rows n
      JOIN old_rows o USING (id)
      WHERE (o.agency_id, o.room_type_id, o.check_in, o.check_out, o.room_count, o.confirmation_status, o.pms_status)
        IS DISTINCT FROM (n.agency_id, n.room_type_id, n.check_in, n.check_out, n.room_count,
          n.confirmation_status, n.pms_status)), 1)
  ) c GROUP BY c.agency_id, c.room_type_id, c.night
  ON CONFLICT (agency_id, room_type_id, night)
  DO UPDATE SET used = allotment_nights.used + excluded.used, asked = allotment_nights.asked + excluded.asked;
  RETURN NULL;
END $$;
CREATE FUNCTION reservations_allotment_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
  SELECT c.agency_id, c.room_type_id, c.night, sum(c.used), sum(c.asked)
  FROM resdesk_allotment_nights((SELECT coalesce(jsonb_agg(to_jsonb(o)), '[]') FROM old_rows o), -1) c
  GROUP BY c.agency_id, c.room_type_id, c.night
  ON CONFLICT (agency_id, room_type_id, night)
  DO UPDATE SET used = allotment_nights.used + excluded.used, asked = allotment_nights.asked + excluded.asked;
  RETURN NULL;
END $$;
CREATE TRIGGER reservations_allotment_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION reservations_allotment_moved();
CREATE TRIGGER reservations_allotment_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reservations_allotment_gone();
INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
  SELECT r.agency_id, r.room_type_id, to_char(resdesk_day(r.check_in) + g, 'YYYY-MM-DD'),
    sum(CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END),
    sum(CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END)
  FROM reservations r
  CROSS JOIN generate_series(0, least(62, resdesk_day(r.check_out) - resdesk_day(r.check_in)) - 1) AS g
  WHERE r.pms_status <> 3 AND r.confirmation_status <> 'H'
    AND resdesk_day(r.check_in) IS NOT NULL AND resdesk_day(r.check_out) IS NOT NULL
  GROUP BY 1, 2, 3;
`;
