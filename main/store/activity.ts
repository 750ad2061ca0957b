import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import { changed, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { runSqlite } from './engines/run-sqlite';
import type { ActivityEntry, UiLanguage } from '../../shared/domain';

export interface NewActivity {
  at: string;
  user: string;
  action: ActivityEntry['action'];
  keyField: string | null;
  detail: string;
}

const prepare = (db: Database) => ({
  // The guest and the reason are looked up for the page only (by the key and id indexes).
  page: db.prepare<[string, string, number, number], ActivityEntry>(
    `SELECT a.id, a.at, a.user, a.action, a.key_field AS keyField, a.detail,
       (SELECT r.lead_guest FROM reservations r WHERE r.key_field = a.key_field) AS guest,
       CASE WHEN a.action = 'decline' THEN coalesce(
         (SELECT m.name FROM not_confirm_messages m WHERE m.id = a.detail AND m.lang = ?),
         (SELECT m.name FROM not_confirm_messages m WHERE m.id = a.detail AND m.lang = ?)) END AS reasonName
     FROM (SELECT * FROM activity ORDER BY at DESC, id DESC LIMIT ? OFFSET ?) a
     ORDER BY a.at DESC, a.id DESC`,
  ),
});
const statements = statementsOf(prepare);

const insert = prepared((p: NewActivity) =>
  q
    .insertInto('activity')
    .values({ at: p.at, user: p.user, action: p.action, key_field: p.keyField, detail: p.detail })
    .returning('id'),
);

/** Activity's operations, one definition for both engines (engines/op.ts). */
export const activityOps = {
  /** Records who did what at the desk; returns the entry's id. */
  *add(entry: NewActivity): Op<number> {
    const row = yield* first(
      insert({
        at: entry.at,
        user: entry.user,
        action: entry.action,
        keyField: entry.keyField,
        detail: entry.detail,
      }),
    );
    if (!row) throw new Error('activity insert returned no row');
    yield* changed('activity', 'added', [String(row.id)]);
    return row.id;
  },
};

/** Records who did what at the desk; returns the entry's id. */
export function addActivity(db: Database, entry: NewActivity): number {
  return runSqlite(db, activityOps.add(entry));
}

/** One page of the activity log, newest first, with decline reasons named in `language` when it can. */
export function listActivity(
  db: Database,
  offset: number,
  limit: number,
  language: UiLanguage = 'en',
): ActivityEntry[] {
  const [first, second] = language === 'tr' ? ['tr-TR', 'en-US'] : ['en-US', 'tr-TR'];
  return statements(db).page.all(first, second, limit, offset);
}
