import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { ActivityEntry, UiLanguage } from '../../shared/domain';

export interface NewActivity {
  at: string;
  user: string;
  action: ActivityEntry['action'];
  keyField: string | null;
  detail: string;
}

const prepare = (db: Database) => ({
  insert: db.prepare<[string, string, ActivityEntry['action'], string | null, string]>(
    'INSERT INTO activity (at, user, action, key_field, detail) VALUES (?, ?, ?, ?, ?)',
  ),
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

/** Records who did what at the desk; returns the entry's id. */
export function addActivity(db: Database, entry: NewActivity): number {
  const result = statements(db).insert.run(entry.at, entry.user, entry.action, entry.keyField, entry.detail);
  return Number(result.lastInsertRowid);
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
