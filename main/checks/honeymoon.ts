// A honeymoon to highlight (flowers, a better room): a note, never a problem. The spec shows HoneyMoon
// only as "N"; its sibling flags (FreeOfCharge, PromosyonRoom) are N/Y, and Turkish systems write E
// (evet) for yes, so any of the usual yes spellings counts. Agencies that leave the flag at N often say
// it in the note instead, which is reported as such (source 'note').
import type { CheckedReservation } from './context';
import type { ReservationCheck } from './types';

const yes: ReadonlySet<string> = new Set(['Y', 'YES', 'E', 'EVET', 'TRUE', '1', 'J', 'JA']);

// English, Turkish (balayı in any case, dotted or not), German, Russian (медовый месяц).
const mentions = /honey ?moon|balay[iıİ]|flitterwochen|hochzeitsreise|медов/iu;

export function isHoneymoonFlag(value: string): boolean {
  return yes.has(value.trim().toUpperCase());
}

export function checkHoneymoon(r: CheckedReservation, out: ReservationCheck[]): void {
  if (isHoneymoonFlag(r.honeyMoon)) out.push({ kind: 'honeymoon', severity: 'note', source: 'flag' });
  else if (r.note !== '' && mentions.test(r.note))
    out.push({ kind: 'honeymoon', severity: 'note', source: 'note' });
}
