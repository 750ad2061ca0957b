// A "men only" booking, for hotels with a family policy (a setting, off by default): every guest is an
// adult man and the agency sold no children or infants. Titles are what the service sends (Mr, Mrs,
// Chd, anything else an infant, per the PMS module); Turkish systems may write Bay for Mr. A lone man
// counts too: a family hotel's policy is about who comes, not how many. When the guest list names fewer
// people than the adults sold, the unnamed ones may be women, so nothing is said.
import type { CheckedReservation } from './context';
import type { ReservationCheck } from './types';

const menTitles: ReadonlySet<string> = new Set(['mr', 'bay']);

export const isManTitle = (title: string): boolean =>
  menTitles.has(title.trim().replace(/\.$/, '').toLowerCase());

export function checkMenOnly(r: CheckedReservation, out: ReservationCheck[]): void {
  const guests = r.guests;
  if (guests.length === 0 || r.childs > 0 || r.infants > 0 || guests.length < r.adults) return;
  for (const guest of guests) if (!isManTitle(guest.title)) return;
  out.push({ kind: 'men-only', severity: 'problem', men: guests.length });
}
