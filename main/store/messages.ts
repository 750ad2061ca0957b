import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { NotConfirmMessage, ServiceLanguage } from '../../shared/domain';

const prepare = (db: Database) => ({
  deleteLanguage: db.prepare<[ServiceLanguage]>('DELETE FROM not_confirm_messages WHERE lang = ?'),
  insert: db.prepare<[ServiceLanguage, string, string, number]>(
    'INSERT OR REPLACE INTO not_confirm_messages (lang, id, name, position) VALUES (?, ?, ?, ?)',
  ),
  list: db.prepare<[ServiceLanguage], NotConfirmMessage>(
    'SELECT id, name, lang FROM not_confirm_messages WHERE lang = ? ORDER BY position',
  ),
  // The same reason id is listed once per language; the Turkish text is the service's own.
  find: db.prepare<[string], NotConfirmMessage>(
    `SELECT id, name, lang FROM not_confirm_messages WHERE id = ?
     ORDER BY CASE lang WHEN 'tr-TR' THEN 0 ELSE 1 END LIMIT 1`,
  ),
  findInLanguage: db.prepare<[string, ServiceLanguage], NotConfirmMessage>(
    'SELECT id, name, lang FROM not_confirm_messages WHERE id = ? AND lang = ?',
  ),
});
const statements = statementsOf(prepare);

/** Replaces the decline reasons of one language, keeping the service's order. */
export function replaceNotConfirmMessages(
  db: Database,
  lang: ServiceLanguage,
  messages: readonly NotConfirmMessage[],
): void {
  const s = statements(db);
  db.transaction(() => {
    s.deleteLanguage.run(lang);
    messages.forEach((message, position) => s.insert.run(lang, message.id, message.name, position));
  })();
}

/** Decline reasons in one language, in the service's order. */
export function listNotConfirmMessages(db: Database, lang: ServiceLanguage): NotConfirmMessage[] {
  return statements(db).list.all(lang);
}

/** A decline reason by id, in the given language when asked, else in whichever language is stored. */
export function findNotConfirmMessage(
  db: Database,
  id: string,
  lang?: ServiceLanguage,
): NotConfirmMessage | null {
  const s = statements(db);
  return (lang ? s.findInLanguage.get(id, lang) : s.find.get(id)) ?? null;
}
