// The morning's release reminders, said once a day: the activity rows and the day they were said, in one write, so
// a desk restarting (or a second desk on the hotel's database, even in the same moment) does not say them again.
// The reminders themselves are worked out above the store (main/contracts/release-reminders.ts).
import { activityOps } from './activity';
import { settingsOps } from './settings';
import type { Op } from './engines/op';
import type { ActivityDetail } from '../../shared/domain';

export const RELEASES_SAID_ON = 'allotment.releasesSaidOn';

/** Release rows of an activity: one per reminder. */
export type ReleaseDetail = Extract<ActivityDetail, { kind: 'contract'; change: 'release' }>;

export const releaseDayOps = {
  /** Writes the day's reminders unless they were said today already; whether it wrote them. */
  *sayOnce(today: string, reminders: readonly ReleaseDetail[], user: string, at: string): Op<boolean> {
    // Claimed first: a second desk saying them in the same moment waits here, then finds the day taken.
    if (!(yield* settingsOps.claim(RELEASES_SAID_ON, today))) return false;
    for (const detail of reminders)
      yield* activityOps.add({
        at,
        user,
        action: 'contract',
        keyField: null,
        detail: JSON.stringify(detail),
      });
    return true;
  },
};
