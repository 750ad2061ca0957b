// What goes back to the hotel at release: for each contracted night whose release day is today or tomorrow, the
// rooms the operator has not used (allotted less confirmed; waiting bookings hold nothing). The desk says them each
// morning (main/desk/release-day.ts); `resdesk allotment --releases` prints them. Pure: the caller passes the nights (allotment.ts) and today.
import { addDays } from '../../shared/calendar';
import type { AllotmentNight, CalendarDate, ReleaseReminder } from '../../shared/domain';

/** The releases due today and tomorrow that return at least one room, by release day, operator, room type, night. */
export function releaseReminders(nights: readonly AllotmentNight[], today: CalendarDate): ReleaseReminder[] {
  const tomorrow = addDays(today, 1);
  return nights
    .filter((n) => (n.releaseOn === today || n.releaseOn === tomorrow) && n.allotted - n.used > 0)
    .map((n) => ({
      agencyId: n.agencyId,
      roomType: n.roomType,
      night: n.night,
      releaseOn: n.releaseOn,
      allotted: n.allotted,
      unused: n.allotted - n.used,
      when: n.releaseOn === today ? ('today' as const) : ('tomorrow' as const),
    }))
    .sort((a, b) =>
      a.releaseOn !== b.releaseOn
        ? a.releaseOn < b.releaseOn
          ? -1
          : 1
        : a.agencyId !== b.agencyId
          ? a.agencyId < b.agencyId
            ? -1
            : 1
          : a.roomType !== b.roomType
            ? a.roomType < b.roomType
              ? -1
              : 1
            : a.night < b.night
              ? -1
              : a.night > b.night
                ? 1
                : 0,
    );
}

/** One reminder in one English line (the command line's words). */
export const releaseReminderText = (r: ReleaseReminder, agencyName: string): string =>
  `Release for ${agencyName}, ${r.roomType} on ${r.night}: ${r.unused} of ${r.allotted} rooms unused return to the hotel ${r.when}.`;
