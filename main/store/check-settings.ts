// The hotel's choices about the pre-confirm checks. The family-policy check ("men only") is off unless the
// hotel turns it on: most hotels have no such policy, and flagging every lone traveller would teach
// receptionists to ignore the markers.
import { activityOps } from './activity';
import type { Op } from './engines/op';
import { settingsOps } from './settings';
import type { ActivityDetail } from '../../shared/domain';

export const MEN_ONLY_KEY = 'checks.menOnly';

export interface StoredCheckSettings {
  menOnly: boolean;
}

/** Check settings' operations, one definition for both engines (engines/op.ts). */
export const checkSettingOps = {
  *get(): Op<StoredCheckSettings> {
    // Anything but a stored true (a hand-edited value, an older desk's absence) reads as off.
    return { menOnly: (yield* settingsOps.get<unknown>(MEN_ONLY_KEY, false)) === true };
  },

  /**
   * Turns the family-policy check on or off; a change (not a repeat) is written to the activity log, once however
   * many desks make the same change at the same moment (the value is claimed, not read and then written).
   */
  *setMenOnly(menOnly: boolean, user: string, at: string): Op<StoredCheckSettings> {
    if (
      (yield* checkSettingOps.get()).menOnly !== menOnly &&
      (yield* settingsOps.claim(MEN_ONLY_KEY, menOnly))
    ) {
      yield* activityOps.add({
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
    return yield* checkSettingOps.get();
  },
};
