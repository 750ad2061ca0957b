import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { ActivityEntry } from '../../shared/domain';

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
  page: db.prepare<[number, number], ActivityEntry>(
    `SELECT id, at, user, action, key_field AS keyField, detail FROM activity
     ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
  ),
});
const statements = statementsOf(prepare);

/** Records who did what at the desk; returns the entry's id. */
export function addActivity(db: Database, entry: NewActivity): number {
  const result = statements(db).insert.run(entry.at, entry.user, entry.action, entry.keyField, entry.detail);
  return Number(result.lastInsertRowid);
}

/** One page of the activity log, newest first. */
export function listActivity(db: Database, offset: number, limit: number): ActivityEntry[] {
  return statements(db).page.all(limit, offset);
}
