// The keys the pre-confirm checks find other reservations by (migration 012): kept current from the
// pending marks the triggers leave, and looked up per checked reservation. The keys themselves are the
// checks' (main/checks/reservation-keys.ts), handed in as a function: the store knows no check.
// One definition for both engines (engines/op.ts); what differs (a table lock, JSON rows) is per engine below.
import { sql, type RawBuilder } from 'kysely';
import { all, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { rowsPerEngine } from './engines/sql-per-engine';
import { turns } from './engines/turn';
import { knownOf, knownSelection } from './checks-input';
import type { KnownReservation } from '../../shared/domain';

/** What a reservation is found by; the shape of main/checks' ReservationKeys. */
export interface StoredCheckKeys {
  voucher: string | null;
  day: number | null;
  guests: readonly { person: string; birth: number | null }[];
}

/** Reservations keyed per write: the rows of one chunk and their keys are held in memory at once. */
const KEY_CHUNK = 500;

// A reservation counts when neither cancelled (PmsStatus 3) nor declined (H): main/checks/status.ts.
const active = sql<boolean>`r.pms_status <> 3 AND r.confirmation_status <> 'H'`;

const anyPending = prepared(() => q.selectFrom('check_keys_pending').select('reservation_id').limit(1));

/**
 * PostgreSQL: keying and importing take turns (a transaction-level advisory lock, taken first by both). Keying
 * while an import runs would either lose a mark (set between the read of a reservation and the clearing of its
 * mark) or deadlock: the keys' foreign keys lock the reservations' rows the import holds while the import waits to
 * mark. Two desks keying at once take turns too. SQLite's write transaction is already the only writer.
 */
export const keysTurn = turns.checkKeys;

const pendingChunk = prepared((p: { limit: number }) =>
  q
    .selectFrom('check_keys_pending as p')
    .innerJoin('reservations as r', 'r.id', 'p.reservation_id')
    .select('r.id')
    .select(knownSelection)
    .orderBy('p.reservation_id')
    .limit(p.limit),
);

const deleteOf = (table: 'check_vouchers' | 'check_guests' | 'check_keys_pending') =>
  preparedPerEngine((p: { ids: string }, engine) =>
    q.deleteFrom(table).where(sql<boolean>`reservation_id IN ${jsonListValues(engine, p.ids, 'bigint')}`),
  );
// A WHERE either way: SQLite's upsert after a SELECT needs one.
const markAmong = (where: RawBuilder<boolean>) =>
  q
    .insertInto('check_keys_pending')
    .columns(['reservation_id'])
    .expression(q.selectFrom('reservations').select('id').where(where))
    .onConflict((c) => c.column('reservation_id').doNothing());
const markPending = preparedPerEngine((p: { ids: string }, engine) =>
  markAmong(sql<boolean>`id IN ${jsonListValues(engine, p.ids, 'bigint')}`),
);
const markAllPending = prepared(() => markAmong(sql<boolean>`true`));

const deleteVouchers = deleteOf('check_vouchers');
const deleteGuests = deleteOf('check_guests');
const deletePending = deleteOf('check_keys_pending');

// A chunk in one statement on PostgreSQL, which a database across the network needs (a statement per guest was
// thousands of round trips at a move-in); a statement per row on SQLite, which has no round trip to save.
const insertVouchers = (rows: readonly unknown[][]) =>
  rowsPerEngine<never>(
    { sql: 'INSERT INTO check_vouchers (reservation_id, agency_id, voucher) VALUES (?, ?, ?)', rows },
    () => ({
      sql: `INSERT INTO check_vouchers (reservation_id, agency_id, voucher)
        SELECT CAST(v ->> 0 AS bigint), v ->> 1, v ->> 2 FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v)`,
      params: [JSON.stringify(rows)],
    }),
  );
const insertGuests = (rows: readonly unknown[][]) =>
  rowsPerEngine<never>(
    {
      sql: 'INSERT INTO check_guests (reservation_id, position, person, birth, day) VALUES (?, ?, ?, ?, ?)',
      rows,
    },
    () => ({
      sql: `INSERT INTO check_guests (reservation_id, position, person, birth, day)
        SELECT CAST(v ->> 0 AS bigint), CAST(v ->> 1 AS integer), v ->> 2, CAST(v ->> 3 AS bigint),
          CAST(v ->> 4 AS bigint)
        FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v)`,
      params: [JSON.stringify(rows)],
    }),
  );
const shared = prepared(() =>
  q
    .selectFrom('check_vouchers as v')
    .innerJoin('reservations as r', 'r.id', 'v.reservation_id')
    .select(['v.agency_id as agencyId', 'v.voucher'])
    .where(active)
    .groupBy(['v.agency_id', 'v.voucher'])
    .having(sql<boolean>`count(*) > 1`),
);

/**
 * Rows keyed per statement when the import keys what it wrote: its rows are in memory already, so only the
 * statements' size counts (a list page in one).
 */
const WRITTEN_CHUNK = 2000;

/**
 * Replaces the keys of these reservations by those `keysOf` gives, and clears their pending marks. A reservation
 * `added` in the caller's transaction has neither keys nor a mark to clear (no insert trigger marks one).
 */
function* writeKeys(
  rows: readonly { id: number; known: KnownReservation; added?: boolean }[],
  keysOf: (r: KnownReservation) => StoredCheckKeys,
): Op<void> {
  if (rows.length === 0) return;
  const vouchers: unknown[][] = [];
  const guests: unknown[][] = [];
  for (const { id, known } of rows) {
    const keys = keysOf(known);
    if (keys.voucher !== null) vouchers.push([id, known.agencyId, keys.voucher]);
    if (keys.day !== null)
      keys.guests.forEach((guest, position) =>
        guests.push([id, position, guest.person, guest.birth, keys.day]),
      );
  }
  const rekeyed = rows.filter((r) => r.added !== true);
  const ids = JSON.stringify(rekeyed.map((r) => r.id));
  if (rekeyed.length > 0) {
    yield* run(deleteVouchers({ ids }));
    yield* run(deleteGuests({ ids }));
  }
  if (vouchers.length > 0) yield* run(insertVouchers(vouchers));
  if (guests.length > 0) yield* run(insertGuests(guests));
  if (rekeyed.length > 0) yield* run(deletePending({ ids }));
}

/** The check keys' operations, one definition for both engines (engines/op.ts). */
export const checkKeyOps = {
  /** Whether any reservation waits for its keys (read before taking the write lock). */
  *anyPending(): Op<boolean> {
    return (yield* first(anyPending({}))) !== undefined;
  },

  /**
   * Computes the keys of every reservation marked pending and clears their marks, in the caller's write
   * transaction, in chunks. Returns how many were keyed.
   */
  *refresh(keysOf: (r: KnownReservation) => StoredCheckKeys): Op<number> {
    if (!(yield* checkKeyOps.anyPending())) return 0;
    yield* run(keysTurn);
    let n = 0;
    for (;;) {
      const rows = yield* all(pendingChunk({ limit: KEY_CHUNK }));
      if (rows.length === 0) return n;
      yield* writeKeys(
        rows.map(({ id, ...row }) => ({ id, known: knownOf(row) })),
        keysOf,
      );
      n += rows.length;
    }
  },

  /**
   * Computes the keys of reservations the caller has just written, from the values it wrote, and clears their
   * marks: the import keys its own rows in its own transaction (holding keysTurn), so the first question after it
   * finds nothing to key. Each id once, with the values its row holds now, `added` when the caller inserted it.
   */
  *keyWritten(
    rows: readonly { id: number; known: KnownReservation; added: boolean }[],
    keysOf: (r: KnownReservation) => StoredCheckKeys,
  ): Op<void> {
    for (let start = 0; start < rows.length; start += WRITTEN_CHUNK)
      yield* writeKeys(rows.slice(start, start + WRITTEN_CHUNK), keysOf);
  },

  /**
   * Marks reservations whose keys must be computed (keyed before the checks next ask): whoever inserts a reservation
   * without keying it says so here, since no insert trigger does.
   */
  *markPending(ids: readonly number[]): Op<void> {
    if (ids.length > 0) yield* run(markPending({ ids: JSON.stringify(ids) }));
  },

  /** Marks every reservation (a file filled by copying rows in). */
  *markAllPending(): Op<void> {
    yield* run(markAllPending({}));
  },

  /** Every (agency, normalized voucher) that more than one active reservation holds. */
  *sharedVouchers(): Op<{ agencyId: string; voucher: string }[]> {
    return yield* all(shared({}));
  },
};
