// Reading imported reservations back: the current state, the versions received, and the counts the
// tray badge and the reminder need.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { ChangeKind, Guest, Reservation, WaitingTally } from '../../shared/domain';
import { guestSelectList, reservationSelectList, type ReservationColumns } from './reservations-columns';
import { decodeSnapshot, rawOfSnapshot } from './reservations-snapshot';

export interface StoredVersion {
  logId: number;
  changeKind: ChangeKind;
  receivedAt: string;
  snapshot: Reservation;
}

type CurrentRow = ReservationColumns & { id: number; rawJson: string | null; snapshotJson: string };
interface VersionRow {
  logId: number;
  changeKind: ChangeKind;
  receivedAt: string;
  snapshotJson: string;
}

const prepare = (db: Database) => ({
  reservation: db.prepare<[string], CurrentRow>(
    `SELECT r.id, ${reservationSelectList}, x.raw_json AS rawJson, v.snapshot_json AS snapshotJson
     FROM reservations r
       JOIN reservation_versions v ON v.log_id = r.log_id
       LEFT JOIN reservation_raw x ON x.reservation_id = r.id
     WHERE r.key_field = ?`,
  ),
  guests: db.prepare<[number], Guest>(
    `SELECT ${guestSelectList} FROM guests g WHERE g.reservation_id = ? ORDER BY g.position`,
  ),
  versions: db.prepare<[string], VersionRow>(
    `SELECT v.log_id AS logId, v.change_kind AS changeKind, v.received_at AS receivedAt,
            v.snapshot_json AS snapshotJson
     FROM reservations r JOIN reservation_versions v ON v.reservation_id = r.id
     WHERE r.key_field = ?
     ORDER BY v.log_id`,
  ),
  changeKind: db
    .prepare<[string], ChangeKind>('SELECT change_kind FROM reservations WHERE key_field = ?')
    .pluck(),
  waiting: db.prepare<[], WaitingTally>(
    `SELECT count(*) AS total, coalesce(sum(change_kind = 'cancelled'), 0) AS cancellations
     FROM reservations WHERE confirmation_status = 'W'`,
  ),
  waitingBefore: db
    .prepare<[string], number>(
      `SELECT count(*) FROM reservations
       WHERE confirmation_status = 'W' AND received_at < ? AND decision_state <> 'pending'`,
    )
    .pluck(),
});
const statements = statementsOf(prepare);

/** The current state of a reservation (its newest LogId), or null when it was never imported. */
export function getReservation(db: Database, keyField: string): Reservation | null {
  const s = statements(db);
  const row = s.reservation.get(keyField);
  if (!row) return null;
  const { id, rawJson, snapshotJson, ...columns } = row;
  // The raw item lives once, in the current version's snapshot, unless a confirmation update replaced it.
  const raw: unknown = rawJson === null ? rawOfSnapshot(snapshotJson) : JSON.parse(rawJson);
  return {
    ...columns,
    guests: s.guests.all(id),
    raw:
      raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {},
  };
}

/** The change kind of the current version (what the inbox shows), or null when never imported. */
export function currentChangeKind(db: Database, keyField: string): ChangeKind | null {
  return statements(db).changeKind.get(keyField) ?? null;
}

/** Every version received for this reservation, oldest LogId first. */
export function listVersions(db: Database, keyField: string): StoredVersion[] {
  return statements(db)
    .versions.all(keyField)
    .map((v) => ({
      logId: v.logId,
      changeKind: v.changeKind,
      receivedAt: v.receivedAt,
      snapshot: decodeSnapshot(v.snapshotJson),
    }));
}

/**
 * Reservations waiting for the hotel's answer (W), and how many of them are cancellations: those are
 * answered too (taken in), or the service keeps them waiting for ever.
 */
export function waitingCount(db: Database): WaitingTally {
  return statements(db).waiting.get() ?? { total: 0, cancellations: 0 };
}

/**
 * Waiting reservations whose current version reached the desk before this ISO instant, for the reminder:
 * cancellations to take in included; those whose answer is already queued (pending) do not remind.
 */
export function waitingReceivedBefore(db: Database, isoInstant: string): number {
  return statements(db).waitingBefore.get(isoInstant) ?? 0;
}
