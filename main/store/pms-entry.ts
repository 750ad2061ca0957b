// Typing reservations into the hotel's PMS by hand: what is still to enter, update or cancel there,
// what changed since the PMS got it, and marking it done. The state itself is computed in SQL
// (pms-entry-state.ts) from the current version against the version last handled.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type {
  FieldChange,
  MarkEnteredResult,
  PmsEntryMark,
  PmsEntryState,
  PmsEntryView,
  PmsVersionRef,
  ToEnterCounts,
  ToEnterPage,
  ToEnterRow,
} from '../../shared/domain';
import { diffReservations } from './history';
import { decodeSnapshot } from './reservations-snapshot';
import { pendingStates, pmsStateSql } from './pms-entry-state';

export interface MarkRequest extends PmsVersionRef {
  pmsReference?: string;
}

interface EntryColumns {
  state: PmsEntryState;
  enteredLogId: number | null;
  enteredBy: string | null;
  enteredAt: string | null;
  pmsReference: string | null;
  handledBy: string | null;
  handledAt: string | null;
}
type StoredRow = Omit<ToEnterRow, 'state' | 'entered' | 'changes' | 'hasUnmappedCodes'> & EntryColumns;

const entryColumns = `${pmsStateSql} AS state, p.entered_log_id AS enteredLogId, p.entered_by AS enteredBy,
  p.entered_at AS enteredAt, p.pms_reference AS pmsReference, p.handled_by AS handledBy,
  p.handled_at AS handledAt`;

const rowColumns = `r.key_field AS keyField, r.log_id AS logId, r.voucher_no AS voucherNo, r.agency_id AS agencyId,
  r.agency_name AS agencyName, r.tour_op_name AS tourOpName, r.lead_guest AS leadGuest, r.check_in AS checkIn,
  r.check_out AS checkOut, r.nights, r.room_type_id AS roomTypeId, r.room_type_name AS roomTypeName,
  r.accom_id AS accomId, r.accom_name AS accomName, r.room_count AS roomCount, r.adults, r.childs, r.infants,
  r.confirmation_status AS confirmationStatus, r.change_kind AS changeKind, r.received_at AS receivedAt`;

const from = 'reservations r LEFT JOIN pms_entries p ON p.reservation_id = r.id';

interface Marking {
  id: number;
  logId: number;
  user: string;
  at: string;
  reference: string | null;
}

interface Current {
  id: number;
  logId: number;
  state: PmsEntryState;
  hasEntry: number;
}

const prepare = (db: Database) => ({
  // Walks the check-in index in order and stops after the page: no sort of the whole table.
  page: db.prepare<[number, number], StoredRow>(
    `SELECT ${rowColumns}, ${entryColumns} FROM ${from}
     WHERE ${pmsStateSql} IN ${pendingStates} ORDER BY r.check_in, r.id LIMIT ? OFFSET ?`,
  ),
  dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  totalChanges: db.prepare<[], number>('SELECT total_changes()').pluck(),
  counts: db.prepare<[], { state: PmsEntryState; n: number }>(
    `SELECT ${pmsStateSql} AS state, count(*) AS n FROM ${from} GROUP BY 1`,
  ),
  one: db.prepare<[string], StoredRow>(
    `SELECT ${rowColumns}, ${entryColumns} FROM ${from} WHERE r.key_field = ?`,
  ),
  current: db.prepare<[string], Current>(
    `SELECT r.id, r.log_id AS logId, ${pmsStateSql} AS state, p.reservation_id IS NOT NULL AS hasEntry
     FROM ${from} WHERE r.key_field = ?`,
  ),
  snapshot: db
    .prepare<[number], string>('SELECT snapshot_json FROM reservation_versions WHERE log_id = ?')
    .pluck(),
  insertEntry: db.prepare<[Marking]>(
    `INSERT INTO pms_entries (reservation_id, handled_log_id, entered_log_id, pms_holds, last_action,
       entered_by, entered_at, pms_reference, handled_by, handled_at)
     VALUES (@id, @logId, @logId, 'live', 'entered', @user, @at, @reference, @user, @at)
     ON CONFLICT (reservation_id) DO UPDATE SET handled_log_id = @logId, entered_log_id = @logId, pms_holds = 'live',
       last_action = 'entered', entered_by = @user, entered_at = @at, pms_reference = @reference, handled_by = @user, handled_at = @at`,
  ),
  updateEntry: db.prepare<[Marking]>(
    `UPDATE pms_entries SET handled_log_id = @logId, entered_log_id = @logId, last_action = 'updated',
       pms_reference = coalesce(@reference, pms_reference), handled_by = @user, handled_at = @at
     WHERE reservation_id = @id`,
  ),
  // An upsert: a cancellation taken in may be removed from the PMS without the desk having marked it
  // entered first (typed in before the desk was installed, or not marked).
  cancelEntry: db.prepare<[Marking]>(
    `INSERT INTO pms_entries (reservation_id, handled_log_id, entered_log_id, pms_holds, last_action,
       entered_by, entered_at, pms_reference, handled_by, handled_at)
     VALUES (@id, @logId, @logId, 'cancelled', 'cancelled', @user, @at, @reference, @user, @at)
     ON CONFLICT (reservation_id) DO UPDATE SET handled_log_id = @logId, pms_holds = 'cancelled',
       last_action = 'cancelled', pms_reference = coalesce(@reference, pms_reference), handled_by = @user,
       handled_at = @at`,
  ),
  log: db.prepare<[number, number, string, string, string, string | null]>(
    'INSERT INTO pms_entry_log (reservation_id, log_id, action, user, at, pms_reference) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  // Mapped: by the agency's own mapping or by one for all agencies (agency_id '*', ALL_AGENCIES).
  unmapped: db
    .prepare<[string], string>(
      `SELECT r.key_field FROM reservations r
       WHERE r.key_field IN (SELECT value FROM json_each(?)) AND EXISTS (
         SELECT 1 FROM (SELECT 'room' AS kind, r.room_id AS code UNION ALL SELECT 'roomType', r.room_type_id
                        UNION ALL SELECT 'board', r.accom_id
                        UNION ALL SELECT 'nationality', g.nationality FROM guests g WHERE g.reservation_id = r.id) c
         WHERE c.code <> '' AND NOT EXISTS (SELECT 1 FROM mappings m
           WHERE m.agency_id IN (r.agency_id, '*') AND m.kind = c.kind AND m.channel_code = c.code))`,
    )
    .pluck(),
});
const statements = statementsOf(prepare);

const markOf = (row: EntryColumns): PmsEntryMark | null =>
  row.enteredLogId === null
    ? null
    : {
        logId: row.enteredLogId,
        enteredBy: row.enteredBy ?? '',
        enteredAt: row.enteredAt ?? '',
        pmsReference: row.pmsReference,
        handledBy: row.handledBy ?? '',
        handledAt: row.handledAt ?? '',
      };

/** What changed between the version the PMS holds and the current one. */
export function changesSinceEntered(db: Database, enteredLogId: number, currentLogId: number): FieldChange[] {
  const s = statements(db);
  const before = s.snapshot.get(enteredLogId);
  const after = s.snapshot.get(currentLogId);
  if (before === undefined || after === undefined) return [];
  return diffReservations(decodeSnapshot(before), decodeSnapshot(after));
}

function view(db: Database, row: StoredRow): Omit<ToEnterRow, 'hasUnmappedCodes'> {
  const {
    enteredLogId,
    enteredBy: _b,
    enteredAt: _a,
    pmsReference: _p,
    handledBy: _hb,
    handledAt: _ha,
    ...rest
  } = row;
  // A waiting change of an entered reservation shows what will need updating once it is confirmed.
  const needsDiff = row.state === 'needs-update' || row.state === 'to-cancel' || row.state === 'waiting';
  return {
    ...rest,
    entered: markOf(row),
    changes: needsDiff && enteredLogId !== null ? changesSinceEntered(db, enteredLogId, row.logId) : [],
  };
}

// The counts walk every reservation (40–90 ms at 100k) and every page of the list, and the tab's badge,
// ask for them again. They are kept until the database changes: through this connection (total_changes)
// or through another one, such as the import worker's (data_version).
const countsCache = new WeakMap<Database, { stamp: string; counts: ToEnterCounts }>();

export function toEnterCounts(db: Database): ToEnterCounts {
  const s = statements(db);
  const stamp = `${s.dataVersion.get() ?? 0}/${s.totalChanges.get() ?? 0}`;
  const cached = countsCache.get(db);
  if (cached?.stamp === stamp) return { ...cached.counts };
  const counts = countedToEnter(db);
  countsCache.set(db, { stamp, counts });
  return { ...counts };
}

function countedToEnter(db: Database): ToEnterCounts {
  const counts: ToEnterCounts = { total: 0, toEnter: 0, needsUpdate: 0, toCancel: 0, waiting: 0 };
  for (const { state, n } of statements(db).counts.all()) {
    if (state === 'to-enter') counts.toEnter = n;
    else if (state === 'needs-update') counts.needsUpdate = n;
    else if (state === 'to-cancel') counts.toCancel = n;
    // Not in the list (nor in the total, the tab's badge): the screen says how many will come in.
    else if (state === 'waiting') counts.waiting = n;
  }
  counts.total = counts.toEnter + counts.needsUpdate + counts.toCancel;
  return counts;
}

/** What the PMS still lacks, oldest check-in first, with what changed for updates and cancellations. */
export function listToEnter(db: Database, offset: number, limit: number): ToEnterPage {
  return db.transaction(() => {
    const stored = statements(db).page.all(limit, offset);
    const unmapped = new Set(statements(db).unmapped.all(JSON.stringify(stored.map((r) => r.keyField))));
    const counts = toEnterCounts(db);
    return {
      rows: stored.map((row) => ({ ...view(db, row), hasUnmappedCodes: unmapped.has(row.keyField) })),
      total: counts.total,
      counts,
    };
  })();
}

/** The PMS-entry state of one reservation, or null when it is not in the database. */
export function pmsEntryOf(db: Database, keyField: string): PmsEntryView | null {
  const row = statements(db).one.get(keyField);
  if (!row) return null;
  const { keyField: k, logId, state, entered, changes } = view(db, row);
  return { keyField: k, logId, state, entered, changes };
}

/**
 * Marks reservations as typed into the PMS: a new one as entered, an update or a cancellation as
 * handled. Each names the version the receptionist typed; if a newer one arrived since, it is skipped
 * ('changed'), so a change is never marked handled unseen. One the hotel has not confirmed yet is
 * skipped too ('not-confirmed', issue 24.3): no path may record it as typed in before the hotel said
 * yes. One transaction for the whole list.
 */
export function markEntered(
  db: Database,
  requests: readonly MarkRequest[],
  user: string,
  at: string,
): MarkEnteredResult {
  const s = statements(db);
  const result: MarkEnteredResult = { marked: 0, skipped: [] };
  db.transaction(() => {
    for (const request of requests) {
      const cur = s.current.get(request.keyField);
      const reference = request.pmsReference?.trim() || null;
      const marking = { user, at, reference };
      if (!cur) {
        result.skipped.push({ keyField: request.keyField, reason: 'not-found' });
      } else if (cur.logId !== request.logId) {
        result.skipped.push({ keyField: request.keyField, reason: 'changed' });
      } else if (cur.state === 'to-enter') {
        s.insertEntry.run({ ...marking, id: cur.id, logId: cur.logId });
        s.log.run(cur.id, cur.logId, 'entered', user, at, reference);
        result.marked++;
      } else if (cur.state === 'needs-update') {
        s.updateEntry.run({ ...marking, id: cur.id, logId: cur.logId });
        s.log.run(cur.id, cur.logId, 'updated', user, at, reference);
        result.marked++;
      } else if (cur.state === 'to-cancel') {
        s.cancelEntry.run({ ...marking, id: cur.id, logId: cur.logId });
        s.log.run(cur.id, cur.logId, 'cancelled', user, at, reference);
        result.marked++;
      } else if (cur.state === 'waiting') {
        result.skipped.push({ keyField: request.keyField, reason: 'not-confirmed' });
      } else {
        result.skipped.push({ keyField: request.keyField, reason: 'nothing-to-do' });
      }
    }
  }).immediate();
  return result;
}
