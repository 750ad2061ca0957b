// Reading imported reservations back: the current state, the versions received, and the counts the
// tray badge and the reminder need. One definition for both engines (engines/op.ts): `readingOps`; the
// functions below run them on SQLite for today's callers.
import { sql } from 'kysely';
import type { ChangeKind, Reservation, WaitingTally } from '../../shared/domain';
import { all, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';
import { guestsOfJson, reservationSelectList, type ReservationColumns } from './reservations-columns';
import { decodeSnapshot, rawOfSnapshot } from './reservations-snapshot';

export interface StoredVersion {
  logId: number;
  changeKind: ChangeKind;
  receivedAt: string;
  snapshot: Reservation;
}

type CurrentRow = ReservationColumns & { guestsJson: string; rawJson: string | null; snapshotJson: string };

// Guests come from the row's guests_json, read in JS: the same values on both engines (guestsOfJson).
const reservationByKey = prepared((p: { key: string }) =>
  rawQuery<CurrentRow>(
    sql`SELECT ${sql.raw(reservationSelectList)}, r.guests_json AS "guestsJson", x.raw_json AS "rawJson",
          v.snapshot_json AS "snapshotJson"
        FROM reservations r
          JOIN reservation_versions v ON v.log_id = r.log_id
          LEFT JOIN reservation_raw x ON x.reservation_id = r.id
        WHERE r.key_field = ${p.key}`,
  ),
);
const versionsOf = prepared((p: { key: string }) =>
  q
    .selectFrom('reservations as r')
    .innerJoin('reservation_versions as v', 'v.reservation_id', 'r.id')
    .select([
      'v.log_id as logId',
      'v.change_kind as changeKind',
      'v.received_at as receivedAt',
      'v.snapshot_json as snapshotJson',
    ])
    .where('r.key_field', '=', p.key)
    .orderBy('v.log_id'),
);
const changeKindOf = prepared((p: { key: string }) =>
  q.selectFrom('reservations').select('change_kind as changeKind').where('key_field', '=', p.key),
);
// From the tally the triggers keep per check-in day, agency, kind and status: a start's counts cost the same
// whatever the number of reservations waiting.
const waiting = prepared(() =>
  q
    .selectFrom('reservation_tally')
    .select([
      sql<number>`CAST(coalesce(sum(n), 0) AS bigint)`.as('total'),
      // A sum of a comparison is SQLite's; a CASE counts on both.
      sql<number>`CAST(coalesce(sum(CASE WHEN change_kind = 'cancelled' THEN n ELSE 0 END), 0) AS bigint)`.as(
        'cancellations',
      ),
    ])
    .where('confirmation_status', '=', sql.lit('W')),
);
const waitingBefore = prepared((p: { at: string }) =>
  q
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('confirmation_status', '=', sql.lit('W'))
    .where('received_at', '<', p.at)
    .where('decision_state', '<>', sql.lit('pending')),
);

/** The reading operations, one definition for both engines. */
export const readingOps = {
  /** The current state of a reservation (its newest LogId), or null when it was never imported. */
  *reservation(keyField: string): Op<Reservation | null> {
    const row = yield* first(reservationByKey({ key: keyField }));
    if (!row) return null;
    const { guestsJson, rawJson, snapshotJson, ...columns } = row;
    // The raw item lives once, in the current version's snapshot, unless a confirmation update replaced it.
    const raw: unknown = rawJson === null ? rawOfSnapshot(snapshotJson) : JSON.parse(rawJson);
    return {
      ...columns,
      guests: guestsOfJson(guestsJson),
      raw:
        raw !== null && typeof raw === 'object' && !Array.isArray(raw)
          ? (raw as Record<string, unknown>)
          : {},
    };
  },

  /** The change kind of the current version (what the inbox shows), or null when never imported. */
  *changeKind(keyField: string): Op<ChangeKind | null> {
    return (yield* first(changeKindOf({ key: keyField })))?.changeKind ?? null;
  },

  /** Every version received for this reservation, oldest LogId first. */
  *versions(keyField: string): Op<StoredVersion[]> {
    return (yield* all(versionsOf({ key: keyField }))).map((v) => ({
      logId: v.logId,
      changeKind: v.changeKind,
      receivedAt: v.receivedAt,
      snapshot: decodeSnapshot(v.snapshotJson),
    }));
  },

  /**
   * Reservations waiting for the hotel's answer (W), and how many of them are cancellations: those are
   * answered too (taken in), or the service keeps them waiting for ever.
   */
  *waitingCount(): Op<WaitingTally> {
    return (yield* first(waiting({}))) ?? { total: 0, cancellations: 0 };
  },

  /**
   * Waiting reservations whose current version reached the desk before this ISO instant, for the reminder:
   * cancellations to take in included; those whose answer is already queued (pending) do not remind.
   */
  *waitingReceivedBefore(isoInstant: string): Op<number> {
    return (yield* first(waitingBefore({ at: isoInstant })))?.n ?? 0;
  },
};
