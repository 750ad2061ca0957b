// Stores a reservation the way the import did before migration 007 (a row per guest in the `guests`
// table), for tests that start from a database at an older version: the import of today writes
// guests_json, which such a database does not have yet.
import type { Database } from 'better-sqlite3';
import type { Reservation } from '../../../shared/domain';
import { changeKindOfPmsStatus } from '../../../shared/domain';
import { reservationValues, reservationWriteColumns } from '../../../main/store/reservations-columns';
import { encodeSnapshot } from '../../../main/store/reservations-snapshot';

const guestColumns = `reservation_id, position, name, title, age, birth_date, nationality, nationality_string,
  arrival, arrival_time, departure, departure_time, mus_no, mus_takip_no, reservation_key_field`;

export function storeBeforeGuestsInRow(db: Database, r: Reservation, receivedAt: string): void {
  const kind = changeKindOfPmsStatus(r.pmsStatus);
  const columns = reservationWriteColumns.filter((c) => c !== 'guests_json');
  const values = reservationValues(r, kind, receivedAt).slice(0, columns.length);
  const id = db
    .prepare(`INSERT INTO reservations (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(values).lastInsertRowid;
  const insertGuest = db.prepare(
    `INSERT INTO guests (${guestColumns}) VALUES (${Array(15).fill('?').join(', ')})`,
  );
  r.guests.forEach((g, position) =>
    insertGuest.run(
      id,
      position,
      g.name,
      g.title,
      g.age,
      g.birthDate,
      g.nationality,
      g.nationalityString,
      g.arrival,
      g.arrivalTime,
      g.departure,
      g.departureTime,
      g.musNo,
      g.musTakipNo,
      g.reservationKeyField,
    ),
  );
  db.prepare(
    `INSERT INTO reservation_versions (log_id, reservation_id, change_kind, received_at, snapshot_json)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(r.logId, id, kind, receivedAt, encodeSnapshot(r));
}
