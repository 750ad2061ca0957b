import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';

// Settings live in a plain file anyone can copy. Secrets belong in the OS keychain, so a key
// that even looks like one is refused here rather than trusted to every caller's care.
const secretWords =
  /password|passwd|passphrase|pass(?![a-z])|pwd|token|secret|credential|api[-_]?key|private[-_]?key|cookie/i;

export class SecretSettingRefused extends Error {
  constructor(readonly key: string) {
    super(
      `The setting "${key}" looks like a password or token; those are kept in the keychain, never in the database.`,
    );
    this.name = 'SecretSettingRefused';
  }
}

const guard = (key: string): void => {
  if (secretWords.test(key)) throw new SecretSettingRefused(key);
};

const prepare = (db: Database) => ({
  get: db.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck(),
  set: db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ),
  remove: db.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
});
const statements = statementsOf(prepare);

/** The stored value of a setting, or the fallback when it was never set. */
export function getSetting<T>(db: Database, key: string, fallback: T): T {
  guard(key);
  const text = statements(db).get.get(key);
  if (text === undefined) return fallback;
  // The caller owns the shape of its setting; the table only guarantees the text is JSON.
  return JSON.parse(text) as T;
}

/** Stores a non-secret setting as JSON; undefined removes it. */
export function setSetting(db: Database, key: string, value: unknown): void {
  guard(key);
  const s = statements(db);
  const text = JSON.stringify(value);
  if (text === undefined) s.remove.run(key);
  else s.set.run(key, text);
}
