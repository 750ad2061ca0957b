// The import's queries (reservations.ts), one definition for both engines, prepared: they run for every item of
// every batch (engines/prepared.ts). Where the engines differ the builder is called per engine
// (engines/per-engine.ts): the row locks PostgreSQL needs because two desks may import at once, the LogId list
// bound as JSON text, and the search index (FTS5 on SQLite, a table of folded text on PostgreSQL).
import { sql } from 'kysely';
import { q } from './engines/op';
import { rawQuery } from './engines/raw-query';
import { jsonListValues, preparedPerEngine, type EngineName } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { reservationWriteColumns, type ReservationRow, type Scalar } from './reservations-columns';
import type { ChangeKind } from '../../shared/domain';

/** The current row of a reservation; locked on PostgreSQL, so the decision made on it holds until commit. */
export const current = preparedPerEngine((p: { key: string }, engine: EngineName) => {
  const query = q.selectFrom('reservations').select(['id', 'log_id as logId']).where('key_field', '=', p.key);
  return engine === 'postgres' ? query.forUpdate() : query;
});

/** Which of a batch's LogIds are stored: one statement per batch (most LogIds of a pull are new). */
export const storedAmong = preparedPerEngine((p: { logIds: string }, engine) =>
  q
    .selectFrom('reservation_versions')
    .select('log_id as logId')
    .where('log_id', 'in', jsonListValues(engine, p.logIds, 'bigint')),
);

/**
 * A stored version with its reservation as it stands now; `sameText` 1 when the item's text is the stored one
 * (the version's snapshot, or for the current version the item an answer moved on in place): compared in SQL,
 * since bringing 2 KB of stored text into JavaScript per item of a repeated list cost a 20k reconcile half a
 * second. The reservation is locked on PostgreSQL: an answer moved on in place must not land on a newer
 * version another desk stored meanwhile.
 */
export const storedVersion = preparedPerEngine((p: { logId: number; text: string }, engine) => {
  const query = q
    .selectFrom('reservation_versions as v')
    .innerJoin('reservations as r', 'r.id', 'v.reservation_id')
    .select((eb) => [
      'r.id',
      'r.key_field as keyField',
      'r.log_id as currentLogId',
      'r.confirmation_status as confirmationStatus',
      'r.confirmation_no as confirmationNo',
      'r.confirm_date as confirmDate',
      'r.confirme_note as confirmeNote',
      'r.last_change_user as lastChangeUser',
      'r.reservation_status as reservationStatus',
      eb
        .case()
        .when(
          eb.or([
            eb('v.snapshot_json', '=', p.text),
            eb.and([
              eb('r.log_id', '=', eb.ref('v.log_id')),
              eb.exists(
                eb
                  .selectFrom('reservation_raw as x')
                  .select(sql.lit(1).as('one'))
                  .whereRef('x.reservation_id', '=', 'r.id')
                  .where('x.raw_json', '=', p.text),
              ),
            ]),
          ]),
        )
        .then(sql.lit(1))
        .else(sql.lit(0))
        .end()
        .as('sameText'),
    ])
    .where('v.log_id', '=', p.logId);
  return engine === 'postgres' ? query.forUpdate(['r']) : query;
});

export const snapshotOf = prepared((p: { logId: number }) =>
  q.selectFrom('reservation_versions').select('snapshot_json as snapshot').where('log_id', '=', p.logId),
);

// A row's values by position (reservationValues, the order of reservationWriteColumns), the id after them for
// an update: an array is built per row several times faster than an object of some fifty named columns, and a
// stand-in named "0", "1"… reads it the same way.
type Values = readonly Scalar[];

/** The stand-ins of a prepared query, by column name, in column order. */
function columnsOf(p: Values): ReservationRow {
  const row: Record<string, unknown> = {};
  reservationWriteColumns.forEach((column, i) => {
    row[column] = p[i];
  });
  // Every column of ReservationRow is in reservationWriteColumns (reservations-columns.ts).
  return row as ReservationRow;
}

/** Inserts the reservation unless another desk just did (PostgreSQL); no row back then. */
export const insertReservation = prepared((p: Values) =>
  q
    .insertInto('reservations')
    .values(columnsOf(p))
    .onConflict((c) => c.column('key_field').doNothing())
    .returning('id'),
);

/** The row's values (reservationValues) with its id after them. */
export const updateReservation = prepared(
  (p: Values) =>
    q
      .updateTable('reservations')
      .set(columnsOf(p))
      .where('id', '=', p[reservationWriteColumns.length] as number), // a stand-in: read as is, never converted
);

/** The fields the service moves on in place under the same LogId (reservations-identity.ts, ANSWER_FIELDS). */
export const updateAnswer = prepared(
  (p: {
    id: number;
    status: string;
    no: string;
    date: string | null;
    note: string;
    user: string;
    reservationStatus: number;
  }) =>
    q
      .updateTable('reservations')
      .set({
        confirmation_status: p.status,
        confirmation_no: p.no,
        confirm_date: p.date,
        confirme_note: p.note,
        last_change_user: p.user,
        reservation_status: p.reservationStatus,
      })
      .where('id', '=', p.id),
);

/** A version, once: a LogId another desk stored meanwhile (PostgreSQL) changes nothing (0 rows). */
export const insertVersion = prepared(
  (p: { logId: number; id: number; kind: ChangeKind; at: string; snapshot: string }) =>
    q
      .insertInto('reservation_versions')
      .values({
        log_id: p.logId,
        reservation_id: p.id,
        change_kind: p.kind,
        received_at: p.at,
        snapshot_json: p.snapshot,
      })
      .onConflict((c) => c.column('log_id').doNothing()),
);

export const putRaw = prepared((p: { id: number; raw: string }) =>
  q
    .insertInto('reservation_raw')
    .values({ reservation_id: p.id, raw_json: p.raw })
    .onConflict((c) =>
      c.column('reservation_id').doUpdateSet((eb) => ({ raw_json: eb.ref('excluded.raw_json') })),
    ),
);

export const dropRaw = prepared((p: { id: number }) =>
  q.deleteFrom('reservation_raw').where('reservation_id', '=', p.id),
);

/** A reservation's search text, new or replacing its old one: SQLite's FTS5 table, PostgreSQL's folded text. */
export const putSearch = preparedPerEngine((p: { id: number; text: string; words: string }, engine) =>
  engine === 'postgres'
    ? q
        .insertInto('reservation_search')
        .values({ reservation_id: p.id, folded: p.words })
        .onConflict((c) =>
          c.column('reservation_id').doUpdateSet((eb) => ({ folded: eb.ref('excluded.folded') })),
        )
    : rawQuery(sql`INSERT OR REPLACE INTO reservation_search (rowid, text) VALUES (${p.id}, ${p.text})`),
);
/** A new reservation's search text: FTS5 takes a plain insert faster than a replace. */
export const insertSearch = preparedPerEngine((p: { id: number; text: string; words: string }, engine) =>
  engine === 'postgres'
    ? q.insertInto('reservation_search').values({ reservation_id: p.id, folded: p.words })
    : rawQuery(sql`INSERT INTO reservation_search (rowid, text) VALUES (${p.id}, ${p.text})`),
);

/** New reservations counted into the tally (the triggers count updates and deletes). */
export const addToTally = prepared(
  (p: { checkIn: string; agencyId: string; kind: string; status: string; n: number }) =>
    q
      .insertInto('reservation_tally')
      .values({
        check_in: p.checkIn,
        agency_id: p.agencyId,
        change_kind: p.kind,
        confirmation_status: p.status,
        n: p.n,
      })
      .onConflict((c) =>
        c
          .columns(['check_in', 'agency_id', 'change_kind', 'confirmation_status'])
          .doUpdateSet((eb) => ({ n: eb(eb.ref('reservation_tally.n'), '+', eb.ref('excluded.n')) })),
      ),
);

export const enqueueAck = prepared((p: { logId: number; serviceId: string }) =>
  q
    .insertInto('pending_acknowledgements')
    .values({ log_id: p.logId, service_id: p.serviceId })
    .onConflict((c) => c.column('log_id').doNothing()),
);

/** Queues a LogId unless the service already accepted it (reconcile lists hold every reservation). */
export const enqueueAckUnlessAcknowledged = prepared((p: { logId: number; serviceId: string }) =>
  q
    .insertInto('pending_acknowledgements')
    .columns(['log_id', 'service_id'])
    .expression(
      // Typed: PostgreSQL takes a bare parameter in a select list as text.
      q
        .selectNoFrom([
          sql<number>`CAST(${p.logId} AS bigint)`.as('log_id'),
          sql<string>`CAST(${p.serviceId} AS text)`.as('service_id'),
        ])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('reservation_versions')
                .select(sql.lit(1).as('one'))
                .where('log_id', '=', p.logId)
                .where('acknowledged_at', 'is not', null),
            ),
          ),
        ),
    )
    .onConflict((c) => c.column('log_id').doNothing()),
);
