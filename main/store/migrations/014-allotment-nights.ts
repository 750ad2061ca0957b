import type { Migration } from '../migration';

// The rooms each operator's reservations take, per channel room type and night, kept as reservations are written:
// the allotment check and calendar read a night's count instead of walking every stay that may cover it (at 100k
// reservations the walk made an inbox page with its checks thirty times slower).
//
// allotment_nights  agency, channel room type, night: rooms of active reservations (neither cancelled nor
//                   declined) whose stay covers the night, used (answered) or asked (waiting, W). A stay counts on
//                   its nights [check-in, check-out), its first 62 at most (LONGEST_COUNTED_STAY).
//
// The import adds what it inserts, in one statement per run (main/store/allotment-nights.ts); these triggers move
// the counts when a reservation's row changes or goes, whoever writes it. Every stored reservation is counted here.
const nightsOf = (r: string, sign: '' | '-') => `
  SELECT ${r}.agency_id, ${r}.room_type_id, date(substr(${r}.check_in, 1, 10), '+' || d.key || ' days'),
    ${sign}CASE WHEN ${r}.confirmation_status = 'W' THEN 0 ELSE ${r}.room_count END,
    ${sign}CASE WHEN ${r}.confirmation_status = 'W' THEN ${r}.room_count ELSE 0 END
  FROM json_each('[' || substr(replace(hex(zeroblob(max(0, min(62,
    CAST(julianday(substr(${r}.check_out, 1, 10)) - julianday(substr(${r}.check_in, 1, 10)) AS INTEGER))))),
    '00', ',0'), 2) || ']') AS d
  WHERE ${r}.pms_status <> 3 AND ${r}.confirmation_status <> 'H' AND date(substr(${r}.check_in, 1, 10)) IS NOT NULL`;
const add = (select: string) => `
  INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked) ${select}
  ON CONFLICT (agency_id, room_type_id, night)
  DO UPDATE SET used = allotment_nights.used + excluded.used, asked = allotment_nights.asked + excluded.asked;`;
const counted = [
  'agency_id',
  'room_type_id',
  'check_in',
  'check_out',
  'room_count',
  'confirmation_status',
  'pms_status',
];

const schema = `
CREATE TABLE allotment_nights (
  agency_id    TEXT NOT NULL,
  room_type_id TEXT NOT NULL,
  night        TEXT NOT NULL,
  used         INTEGER NOT NULL,
  asked        INTEGER NOT NULL,
  PRIMARY KEY (agency_id, room_type_id, night)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER reservations_allotment_update AFTER UPDATE OF ${counted.join(', ')} ON reservations
  WHEN ${counted.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}
BEGIN
  ${add(nightsOf('old', '-'))}
  ${add(nightsOf('new', ''))}
END;
CREATE TRIGGER reservations_allotment_delete AFTER DELETE ON reservations BEGIN
  ${add(nightsOf('old', '-'))}
END;

INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
  SELECT agency_id, room_type_id, night, sum(used), sum(asked) FROM (
    SELECT r.agency_id, r.room_type_id, date(substr(r.check_in, 1, 10), '+' || d.key || ' days') AS night,
      CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END AS used,
      CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END AS asked
    FROM reservations r, json_each('[' || substr(replace(hex(zeroblob(max(0, min(62,
      CAST(julianday(substr(r.check_out, 1, 10)) - julianday(substr(r.check_in, 1, 10)) AS INTEGER))))),
      '00', ',0'), 2) || ']') AS d
    WHERE r.pms_status <> 3 AND r.confirmation_status <> 'H' AND date(substr(r.check_in, 1, 10)) IS NOT NULL)
  GROUP BY agency_id, room_type_id, night;
`;

export const allotmentNightsMigration: Migration = {
  version: 14,
  name: 'allotment-nights',
  up(db) {
    db.exec(schema);
  },
};
