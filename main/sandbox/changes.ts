// How an agency changes a reservation it already sent: the content changes here, the world then
// gives the new version its LogId and PmsStatus 2.
import { AGENCIES, BOARDS, ROOMS } from './catalog';
import { addDays, daysBetween } from './calendar';
import { generateGuests, priceOf } from './generator';
import { NOTES } from './names';
import type { Prng } from './prng';
import type { ReservationRecord } from './reservation';

export type ChangeKind = 'checkOut' | 'guests' | 'room' | 'board' | 'note';
const KINDS: readonly ChangeKind[] = ['checkOut', 'guests', 'room', 'board', 'note'];

export function applyChange(prng: Prng, record: ReservationRecord, checkOut?: string): ChangeKind {
  const kind: ChangeKind = checkOut ? 'checkOut' : prng.pick(KINDS);
  switch (kind) {
    case 'checkOut': {
      const nights = daysBetween(record.checkIn, record.checkOut);
      const shift = nights > 2 && prng.chance(0.4) ? -1 : prng.int(1, 3);
      record.checkOut = checkOut ?? addDays(record.checkOut, shift);
      break;
    }
    case 'guests':
      record.guests = generateGuests(prng, record);
      break;
    case 'room':
      record.roomIndex =
        record.roomCount > 1 ? 0 : (record.roomIndex + prng.int(1, ROOMS.length - 1)) % ROOMS.length;
      if (record.roomCount === 1) record.guests = generateGuests(prng, record, record.guests[0]?.name);
      break;
    case 'board':
      record.boardIndex = (record.boardIndex + prng.int(1, BOARDS.length - 1)) % BOARDS.length;
      break;
    case 'note':
      record.note = prng.pick(NOTES.filter((note) => note !== '' && note !== record.note));
      break;
  }
  record.soldPrice = priceOf(record);
  record.lastChangeUser = AGENCIES[record.agencyIndex]?.apiUser ?? record.lastChangeUser;
  return kind;
}
