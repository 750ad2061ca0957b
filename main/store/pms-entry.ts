// Typing reservations into the hotel's PMS by hand: what is still to enter, update or cancel there,
// what changed since the PMS got it, and marking it done. The state itself is computed in SQL
// (pms-entry-state.ts) from the current version against the version last handled.
//
// Written once for both engines: `pmsEntryOps` are the operations, the functions below
// run them on SQLite for today's callers. Marking locks each reservation's row on PostgreSQL, so two desks
// marking the same one log it once.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type {
  FieldChange,
  MarkEnteredResult,
  PmsEntryMark,
  PmsEntryView,
  PmsVersionRef,
  ToEnterCounts,
  ToEnterPage,
  ToEnterRow,
} from '../../shared/domain';
import { diffReservations } from './history';
import { decodeSnapshot } from './reservations-snapshot';
import { all, changed, first, run, type Op } from './engines/op';
import { runSqlite } from './engines/run-sqlite';
import * as Q from './pms-entry-queries';
import type { EntryColumns, StoredRow } from './pms-entry-queries';

export interface MarkRequest extends PmsVersionRef {
  pmsReference?: string;
}

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

function countsOf(rows: readonly { state: string; n: number }[]): ToEnterCounts {
  const counts: ToEnterCounts = { total: 0, toEnter: 0, needsUpdate: 0, toCancel: 0, waiting: 0 };
  for (const { state, n } of rows) {
    if (state === 'to-enter') counts.toEnter = n;
    else if (state === 'needs-update') counts.needsUpdate = n;
    else if (state === 'to-cancel') counts.toCancel = n;
    // Not in the list (nor in the total, the tab's badge): the screen says how many will come in.
    else if (state === 'waiting') counts.waiting = n;
  }
  counts.total = counts.toEnter + counts.needsUpdate + counts.toCancel;
  return counts;
}

/** The PMS list's operations, one definition for both engines. */
export const pmsEntryOps = {
  /** What changed between the version the PMS holds and the current one. */
  *changesSince(enteredLogId: number, currentLogId: number): Op<FieldChange[]> {
    const before = yield* first(Q.snapshot({ logId: enteredLogId }));
    const after = yield* first(Q.snapshot({ logId: currentLogId }));
    if (before === undefined || after === undefined) return [];
    return diffReservations(decodeSnapshot(before.json), decodeSnapshot(after.json));
  },

  *view(row: StoredRow): Op<Omit<ToEnterRow, 'hasUnmappedCodes'>> {
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
      changes:
        needsDiff && enteredLogId !== null ? yield* pmsEntryOps.changesSince(enteredLogId, row.logId) : [],
    };
  },

  /** How many reservations are in each state of the list (walks every reservation). */
  *counts(): Op<ToEnterCounts> {
    return countsOf(yield* all(Q.counts({})));
  },

  /**
   * What the PMS still lacks, oldest check-in first, with what changed for updates and cancellations. `counts`
   * when the caller already has them (SQLite keeps them until the database changes).
   */
  *list(offset: number, limit: number, counts?: ToEnterCounts): Op<ToEnterPage> {
    const stored = yield* all(Q.page({ limit, offset }));
    const keys = JSON.stringify(stored.map((r) => r.keyField));
    const unmapped = new Set((yield* all(Q.unmapped({ keys }))).map((r) => r.keyField));
    const total = counts ?? (yield* pmsEntryOps.counts());
    const rows: ToEnterRow[] = [];
    for (const row of stored)
      rows.push({ ...(yield* pmsEntryOps.view(row)), hasUnmappedCodes: unmapped.has(row.keyField) });
    return { rows, total: total.total, counts: { ...total } };
  },

  /** The PMS-entry state of one reservation, or null when it is not in the database. */
  *of(keyField: string): Op<PmsEntryView | null> {
    const row = yield* first(Q.one({ key: keyField }));
    if (!row) return null;
    const { keyField: k, logId, state, entered, changes } = yield* pmsEntryOps.view(row);
    return { keyField: k, logId, state, entered, changes };
  },

  /**
   * Marks reservations as typed into the PMS: a new one as entered, an update or a cancellation as handled.
   * Each names the version the receptionist typed; if a newer one arrived since, it is skipped ('changed'), so
   * a change is never marked handled unseen. One the hotel has not confirmed yet is skipped too
   * ('not-confirmed'): no path may record it as typed in before the hotel said yes.
   */
  *mark(requests: readonly MarkRequest[], user: string, at: string): Op<MarkEnteredResult> {
    // Locked in one order whatever the request's, so two desks marking overlapping lists cannot deadlock.
    for (const key of [...new Set(requests.map((r) => r.keyField))].sort())
      yield* first(Q.lockReservation({ key }));
    const result: MarkEnteredResult = { marked: 0, skipped: [] };
    const marked: string[] = [];
    for (const request of requests) {
      const cur = yield* first(Q.current({ key: request.keyField }));
      const reference = request.pmsReference?.trim() || null;
      if (!cur) {
        result.skipped.push({ keyField: request.keyField, reason: 'not-found' });
        continue;
      }
      if (cur.logId !== request.logId) {
        result.skipped.push({ keyField: request.keyField, reason: 'changed' });
        continue;
      }
      const marking: Q.Marking = { id: cur.id, logId: cur.logId, user, at, reference };
      let action: 'entered' | 'updated' | 'cancelled';
      if (cur.state === 'to-enter') {
        yield* run(Q.insertEntry(marking));
        action = 'entered';
      } else if (cur.state === 'needs-update') {
        yield* run(Q.updateEntry(marking));
        action = 'updated';
      } else if (cur.state === 'to-cancel') {
        yield* run(Q.cancelEntry(marking));
        action = 'cancelled';
      } else {
        const reason = cur.state === 'waiting' ? 'not-confirmed' : 'nothing-to-do';
        result.skipped.push({ keyField: request.keyField, reason });
        continue;
      }
      yield* run(Q.log({ ...marking, action }));
      result.marked++;
      marked.push(request.keyField);
    }
    // Announced by the reservations' KeyFields: what the PMS list shows.
    if (marked.length > 0) yield* changed('pms_entries', 'changed', marked);
    return result;
  },
};

// SQLite: the counts walk every reservation (40–90 ms at 100k) and every page of the list, and the tab's badge,
// ask for them again. They are kept until the database changes: through this connection (total_changes) or
// through another one, such as the import worker's (data_version). PostgreSQL has no such stamp; the change
// feed tells a desk when to ask again.
const stamps = statementsOf((db: Database) => ({
  dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  totalChanges: db.prepare<[], number>('SELECT total_changes()').pluck(),
}));
const countsCache = new WeakMap<Database, { stamp: string; counts: ToEnterCounts }>();

export function toEnterCounts(db: Database): ToEnterCounts {
  const s = stamps(db);
  const stamp = `${s.dataVersion.get() ?? 0}/${s.totalChanges.get() ?? 0}`;
  const cached = countsCache.get(db);
  if (cached?.stamp === stamp) return { ...cached.counts };
  const counts = runSqlite(db, pmsEntryOps.counts());
  countsCache.set(db, { stamp, counts });
  return { ...counts };
}

/** What the PMS still lacks, oldest check-in first, with what changed for updates and cancellations. */
export function listToEnter(db: Database, offset: number, limit: number): ToEnterPage {
  // One read transaction: the page, its unmapped codes and the counts see the same database.
  return db.transaction(() => runSqlite(db, pmsEntryOps.list(offset, limit, toEnterCounts(db))))();
}
