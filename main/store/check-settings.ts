// The hotel's choices about the pre-confirm checks. The family-policy check ("men only") is off unless the
// hotel turns it on: most hotels have no such policy, and flagging every lone traveller would teach
// receptionists to ignore the markers.
import type { Database } from 'better-sqlite3';
import { addActivity } from './activity';
import { getSetting, setSetting } from './settings';
import type { ActivityDetail } from '../../shared/domain';

export const MEN_ONLY_KEY = 'checks.menOnly';

export interface StoredCheckSettings {
  menOnly: boolean;
}

export function checkSettings(db: Database): StoredCheckSettings {
  // Anything but a stored true (a hand-edited value, an older desk's absence) reads as off.
  return { menOnly: getSetting<unknown>(db, MEN_ONLY_KEY, false) === true };
}

/** Turns the family-policy check on or off; a change (not a repeat) is written to the activity log. */
export function setMenOnly(db: Database, menOnly: boolean, user: string, at: string): StoredCheckSettings {
  return db
    .transaction(() => {
      if (checkSettings(db).menOnly !== menOnly) {
        setSetting(db, MEN_ONLY_KEY, menOnly);
        addActivity(db, {
          at,
          user,
          action: 'settings',
          keyField: null,
          // Codes, worded in the desk's language when read (main/kernel/activity-words.ts).
          detail: JSON.stringify({
            kind: 'settings',
            setting: 'menOnly',
            on: menOnly,
          } satisfies ActivityDetail),
        });
      }
      return checkSettings(db);
    })
    .immediate();
}
