// The import's queries (reservations.ts), one definition for both engines. Most take a whole page (or a run of it)
// at once (below); the few kept per item are prepared (engines/prepared.ts). Where the engines differ the builder
// is called per engine (engines/per-engine.ts): the row locks PostgreSQL needs because two desks may import at
// once, the lists bound as JSON text, and the search index (FTS5 on SQLite, a tsvector of its words on PostgreSQL).
import { sql } from 'kysely';
import { q } from './engines/op';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { rowsPerEngine, sqlPerEngine } from './engines/sql-per-engine';
import {
  placeholders,
  reservationNumberTypes,
  reservationWriteColumns,
  type Scalar,
} from './reservations-columns';
import type { ChangeKind } from '../../shared/domain';

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
/** A stored version with the reservation it belongs to, as that reservation stands now. */
export interface StoredVersionRow {
  id: number;
  keyField: string;
  currentLogId: number;
  confirmationStatus: string;
  confirmationNo: string;
  confirmDate: string | null;
  confirmeNote: string;
  lastChangeUser: string;
  reservationStatus: number;
  /** 1 when the item's text is the stored one. */
  sameText: number;
}

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

export const putRaw = prepared((p: { id: number; raw: string }) =>
  q
    .insertInto('reservation_raw')
    .values({ reservation_id: p.id, raw_json: p.raw })
    .onConflict((c) =>
      c.column('reservation_id').doUpdateSet((eb) => ({ raw_json: eb.ref('excluded.raw_json') })),
    ),
);

// ---- A page at a time ----
// A row's values by position (reservationValues, the order of reservationWriteColumns), the id after them for an
// update: an array is built per row several times faster than an object of some fifty named columns.
type Values = readonly Scalar[];

// The statements below take a whole page (or a run of it) at once: on the hotel's database every statement is a
// round trip, and one per reservation made a first sync mostly waiting on the network. Each list is bound as ONE
// JSON text, so the statement's text does not vary with the page's length (SQLite keeps one prepared statement per
// text, run-sqlite.ts). Both engines read arrays by position (`value ->> i`), PostgreSQL with casts to the columns'
// types.

const quoted = (column: string): string => `"${column}"`;
const KEY_FIELD_AT = reservationWriteColumns.indexOf('key_field');
const writeColumns = reservationWriteColumns.map(quoted).join(', ');

/**
 * PostgreSQL's reading of a row of reservationValues from a JSON array `v` (an update's id after them): each value by
 * position, cast to its column's type. Arrays, not objects keyed by column: building and writing 20,000 objects of
 * some fifty keys cost a first sync 0.3 s of the desk's CPU, the arrays a tenth of that.
 */
const columnsByPosition = reservationWriteColumns
  .map((column, i) => {
    const type = (reservationNumberTypes as Record<string, string | undefined>)[column];
    return type ? `CAST(v ->> ${i} AS ${type})` : `v ->> ${i}`;
  })
  .join(', ');
const idAfterColumns = `CAST(v ->> ${reservationWriteColumns.length} AS bigint)`;

/** Rows as a JSON array of arrays, for SQLite's `value ->> i`. */
const rowsAsArrays = (rows: readonly (readonly unknown[])[]): string => JSON.stringify(rows);

const positions = (n: number, alias = 'value'): string =>
  Array.from({ length: n }, (_, i) => `${alias} ->> ${i}`).join(', ');

/**
 * New reservations (their values by position, reservationValues), inserted in the page's order unless another desk
 * just inserted one (PostgreSQL): those come back missing.
 */
export const insertReservations = (rows: readonly Values[]) =>
  rowsPerEngine<{ id: number; keyField: string }>(
    {
      sql: `INSERT INTO reservations (${writeColumns}) VALUES (${placeholders(reservationWriteColumns.length)})
        ON CONFLICT (key_field) DO NOTHING`,
      rows,
      inserted: (i, id) => ({ id, keyField: rows[i]?.[KEY_FIELD_AT] }),
    },
    () => ({
      sql: `INSERT INTO reservations (${writeColumns})
        SELECT ${columnsByPosition} FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v)
        ON CONFLICT (key_field) DO NOTHING RETURNING id, key_field AS "keyField"`,
      params: [rowsAsArrays(rows)],
    }),
  );

/** Reservations moved to a newer version: each row's values (reservationValues) with its id after them. */
export const updateReservations = (rows: readonly Values[]) =>
  rowsPerEngine<never>(
    {
      sql: `UPDATE reservations SET ${reservationWriteColumns.map((column) => `${quoted(column)} = ?`).join(', ')}
        WHERE id = ?`,
      rows,
    },
    () => ({
      sql: `UPDATE reservations AS r SET (${writeColumns}) = (${columnsByPosition})
        FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v) WHERE r.id = ${idAfterColumns}`,
      params: [rowsAsArrays(rows)],
    }),
  );

/** The current rows of the given KeyFields (a JSON array), locked on PostgreSQL in KeyField order. */
export const currentAmong = preparedPerEngine((p: { keys: string }, engine) => {
  const query = q
    .selectFrom('reservations')
    .select(['id', 'key_field as keyField', 'log_id as logId'])
    .where('key_field', 'in', jsonListValues(engine, p.keys, 'text'));
  return engine === 'postgres' ? query.orderBy('key_field').forUpdate() : query;
});

const RECORD_SEPARATOR = '\u001e';

/** Versions [logId, reservationId, kind, receivedAt, snapshot], each once: the LogIds stored come back. */
export const insertVersions = (rows: readonly (readonly [number, number, ChangeKind, string, string])[]) =>
  rowsPerEngine<{ logId: number }>(
    {
      sql: `INSERT INTO reservation_versions (log_id, reservation_id, change_kind, received_at, snapshot_json)
        VALUES (?, ?, ?, ?, ?) ON CONFLICT (log_id) DO NOTHING`,
      rows,
      inserted: (i) => ({ logId: rows[i]?.[0] }),
    },
    // A snapshot is JSON text (reservations-snapshot.ts), which never holds a raw control character: the page's
    // snapshots go as one text, separated by the record separator U+001E and split by the server. Sent as JSON
    // strings instead, 40 MB of a 20,000 first sync were escaped here and unescaped there; as one JSON list of
    // them, lexed there twice (server 410 ms against 520–680 for either, the desk's CPU 130 against 200–400).
    // Should a text ever hold one, it splits into one piece more than there are rows: the full join gives that
    // piece a row without a LogId, which the table refuses, and the page with it. The server checks it for free;
    // looking for the separator here read the page's 4 MB once more (a 20,000 first sync: some 60 ms).
    () => {
      const snapshots = rows.map((row) => row[4]).join(RECORD_SEPARATOR);
      return {
        sql: `INSERT INTO reservation_versions (log_id, reservation_id, change_kind, received_at, snapshot_json)
        SELECT CAST(m.v ->> 0 AS bigint), CAST(m.v ->> 1 AS bigint), m.v ->> 2, m.v ->> 3, s.snapshot
        FROM jsonb_array_elements(CAST(? AS jsonb)) WITH ORDINALITY AS m(v, n)
        FULL JOIN unnest(string_to_array(?, chr(30))) WITH ORDINALITY AS s(snapshot, n) USING (n)
        ON CONFLICT (log_id) DO NOTHING RETURNING log_id AS "logId"`,
        params: [rowsAsArrays(rows.map(([logId, id, kind, at]) => [logId, id, kind, at])), snapshots],
      };
    },
  );

/**
 * The stored versions of [logId, text] pairs with their reservations as they stand now: storedVersion for a whole
 * run at once (the same columns, `logId` besides). Locked on PostgreSQL, in KeyField order.
 */
export const storedVersions = (pairs: readonly (readonly [number, string])[]) =>
  sqlPerEngine<StoredVersionRow & { logId: number }>((engine) => {
    const [from, logId, text] =
      engine === 'sqlite'
        ? ['json_each(?) AS j', 'j.value ->> 0', 'j.value ->> 1']
        : ['jsonb_array_elements(CAST(? AS jsonb)) AS j(v)', 'CAST(j.v ->> 0 AS bigint)', 'j.v ->> 1'];
    return {
      sql: `SELECT v.log_id AS "logId", r.id, r.key_field AS "keyField", r.log_id AS "currentLogId",
          r.confirmation_status AS "confirmationStatus", r.confirmation_no AS "confirmationNo",
          r.confirm_date AS "confirmDate", r.confirme_note AS "confirmeNote",
          r.last_change_user AS "lastChangeUser", r.reservation_status AS "reservationStatus",
          CASE WHEN v.snapshot_json = ${text} OR (r.log_id = v.log_id AND EXISTS (
            SELECT 1 FROM reservation_raw AS x WHERE x.reservation_id = r.id AND x.raw_json = ${text}))
          THEN 1 ELSE 0 END AS "sameText"
        FROM ${from}
        JOIN reservation_versions AS v ON v.log_id = ${logId}
        JOIN reservations AS r ON r.id = v.reservation_id${
          engine === 'postgres' ? ' ORDER BY r.key_field FOR UPDATE OF r' : ''
        }`,
      params: [rowsAsArrays(pairs)],
    };
  });

/** The raw items of these reservations (a JSON array of ids) go: their new version is current. */
export const dropRaws = preparedPerEngine((p: { ids: string }, engine) =>
  q.deleteFrom('reservation_raw').where('reservation_id', 'in', jsonListValues(engine, p.ids, 'bigint')),
);

/** Search texts [id, text, words] of a page: new ones inserted, others replacing theirs. */
export const writeSearch = (rows: readonly (readonly [number, string, string])[], replace: boolean) =>
  rowsPerEngine<never>(
    {
      // FTS5 takes a plain insert faster than a replace.
      sql: `INSERT${replace ? ' OR REPLACE' : ''} INTO reservation_search (rowid, text) VALUES (?, ?)`,
      rows: rows.map(([id, text]) => [id, text]),
    },
    // The words are letters and digits, one space apart (search.ts): split and taken as they are, which costs the
    // server half of reading them as tsvector text.
    () => ({
      sql: `INSERT INTO reservation_search (reservation_id, folded)
        SELECT CAST(v ->> 0 AS bigint), array_to_tsvector(string_to_array(v ->> 1, ' '))
        FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v)
        ON CONFLICT (reservation_id) DO UPDATE SET folded = excluded.folded`,
      params: [JSON.stringify(rows.map(([id, , words]) => [id, words]))],
    }),
  );

/** New reservations counted into the tally: [checkIn, agencyId, kind, status, n], each key once, in key order. */
export const addToTallies = (rows: readonly (readonly [string, string, string, string, number])[]) =>
  sqlPerEngine<never>((engine) => ({
    sql:
      engine === 'sqlite'
        ? `INSERT INTO reservation_tally (check_in, agency_id, change_kind, confirmation_status, n)
           SELECT ${positions(5)} FROM json_each(?) WHERE true
           ON CONFLICT (check_in, agency_id, change_kind, confirmation_status)
           DO UPDATE SET n = reservation_tally.n + excluded.n`
        : `INSERT INTO reservation_tally (check_in, agency_id, change_kind, confirmation_status, n)
           SELECT v ->> 0, v ->> 1, v ->> 2, v ->> 3, CAST(v ->> 4 AS bigint)
           FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v)
           ON CONFLICT (check_in, agency_id, change_kind, confirmation_status)
           DO UPDATE SET n = reservation_tally.n + excluded.n`,
    params: [rowsAsArrays(rows)],
  }));

/**
 * LogIds [logId, serviceId] queued for acknowledgement; with `unlessAcknowledged`, only those the service has not
 * accepted already (reconcile lists hold every reservation).
 */
export const enqueueAcks = (rows: readonly (readonly [number, string])[], unlessAcknowledged: boolean) =>
  sqlPerEngine<never>((engine) => {
    const [from, logId, serviceId] =
      engine === 'sqlite'
        ? ['json_each(?) AS j', 'j.value ->> 0', 'j.value ->> 1']
        : ['jsonb_array_elements(CAST(? AS jsonb)) AS j(v)', 'CAST(j.v ->> 0 AS bigint)', 'j.v ->> 1'];
    const unless = unlessAcknowledged
      ? `NOT EXISTS (SELECT 1 FROM reservation_versions AS a
           WHERE a.log_id = ${logId} AND a.acknowledged_at IS NOT NULL)`
      : 'true';
    return {
      sql: `INSERT INTO pending_acknowledgements (log_id, service_id)
        SELECT ${logId}, ${serviceId} FROM ${from} WHERE ${unless}
        ON CONFLICT (log_id) DO NOTHING`,
      params: [rowsAsArrays(rows)],
    };
  });
