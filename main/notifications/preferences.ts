// The notification preferences file (userData/notifications.json): sound on/off and the reminder delay.
// Plain Node, so the core's settings handlers, the tray and the notifier share one copy of it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parsePreferences, type NotificationPreferences } from './groups';

export interface PreferencesFile {
  get(): NotificationPreferences;
  set(change: Partial<NotificationPreferences>): NotificationPreferences;
}

export function preferencesFile(file: string): PreferencesFile {
  let current: NotificationPreferences | null = null;
  const get = (): NotificationPreferences => {
    if (current) return current;
    try {
      current = parsePreferences(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      // Missing or damaged: the defaults, and the next change writes a good file.
      current = parsePreferences(null);
    }
    return current;
  };
  return {
    get,
    set(change) {
      const next = parsePreferences({ ...get(), ...change });
      mkdirSync(path.dirname(file), { recursive: true });
      // Written before it is kept in memory: a failed write changes nothing and is reported. Through a
      // temporary file and a rename, so a power cut leaves the old file or the new one, never half of one.
      const temporary = `${file}.tmp`;
      writeFileSync(temporary, JSON.stringify(next), { encoding: 'utf8', flush: true });
      renameSync(temporary, file);
      current = next;
      return next;
    },
  };
}
