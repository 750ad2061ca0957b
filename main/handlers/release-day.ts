// Each morning (the first reminder check of the hotel's day), the releases due today and tomorrow go into the
// Activity list, once a day for the hotel; those due today are returned for a desktop notification.
import { MAX_RELEASE_DAYS, type ReleaseReminder } from '../../shared/domain';
import { allotmentUse, allotmentWindow, hotelDate } from '../contracts/allotment';
import { releaseReminders } from '../contracts/release-reminders';
import { MappedCodes } from '../checks/mapped-codes';
import type { DeskStore } from '../store/engines/desk-store';
import { RELEASES_SAID_ON } from '../store/release-day';

/** The day's releases, said once: what is due today when this call said them, else nothing. */
export async function sayReleases(store: DeskStore, now: Date, user: string): Promise<ReleaseReminder[]> {
  const today = hotelDate(now);
  if ((await store.getSetting<string | null>(RELEASES_SAID_ON, null)) === today) return [];
  // A release today or tomorrow is of a night up to the longest release period after tomorrow.
  const window = allotmentWindow(today, MAX_RELEASE_DAYS + 2);
  const input = await store.allotmentInput(today, window.last);
  const codes = new MappedCodes();
  for (const m of input.mappings) codes.add(m);
  const nights = allotmentUse(input.contracts, input.nights, (a) => codes.of(a), {
    from: today,
    to: window.last,
    today,
  });
  const due = releaseReminders(nights, today);
  const said = await store.sayReleasesOnce(
    today,
    due.map((r) => ({
      kind: 'contract' as const,
      change: 'release' as const,
      agencyId: r.agencyId,
      roomType: r.roomType,
      night: r.night,
      releaseOn: r.releaseOn,
      unused: r.unused,
      allotted: r.allotted,
    })),
    user,
    now.toISOString(),
  );
  return said ? due.filter((r) => r.when === 'today') : [];
}
