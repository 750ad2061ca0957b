// What makes an entered contract keepable, said before it is stored: the tables refuse the same (an empty code, a
// date not written YYYY-MM-DD, an end before its start), but a refusal from the database is no sentence for a
// receptionist. Two contracts of one operator for one room type may not share a night: the calendar could not say
// which allotment a booking uses.
import { isRealDate } from '../../shared/calendar';
import {
  ALLOTMENT_KINDS,
  MAX_CONTRACT_ROOMS,
  MAX_RELEASE_DAYS,
  type Contract,
  type ContractInput,
  type ContractProblem,
} from '../../shared/domain';

const isCount = (n: unknown, max: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;

/** The contract's problems, first the fields in form order; none when it can be stored beside `others`. */
export function contractProblems(
  input: ContractInput,
  others: readonly Pick<Contract, 'id' | 'agencyId' | 'roomType' | 'from' | 'to'>[],
  ownId: number | null = null,
): ContractProblem[] {
  const problems: ContractProblem[] = [];
  if (input.agencyId.trim() === '') problems.push({ field: 'agencyId', reason: 'empty' });
  if (input.roomType.trim() === '') problems.push({ field: 'roomType', reason: 'empty' });
  const datesRead = isRealDate(input.from) && isRealDate(input.to);
  if (!isRealDate(input.from)) problems.push({ field: 'from', reason: 'not-a-date' });
  if (!isRealDate(input.to)) problems.push({ field: 'to', reason: 'not-a-date' });
  else if (datesRead && input.to < input.from) problems.push({ field: 'to', reason: 'before-from' });
  if (!isCount(input.rooms, MAX_CONTRACT_ROOMS))
    problems.push({ field: 'rooms', reason: 'not-a-count', max: MAX_CONTRACT_ROOMS });
  if (input.weekdayRooms !== null) {
    if (input.weekdayRooms.length !== 7) problems.push({ field: 'weekdayRooms', reason: 'not-seven' });
    else if (input.weekdayRooms.some((n) => !isCount(n, MAX_CONTRACT_ROOMS)))
      problems.push({ field: 'weekdayRooms', reason: 'not-a-count', max: MAX_CONTRACT_ROOMS });
  }
  if (!ALLOTMENT_KINDS.includes(input.kind)) problems.push({ field: 'kind', reason: 'unknown' });
  if (!isCount(input.releaseDays, MAX_RELEASE_DAYS))
    problems.push({ field: 'releaseDays', reason: 'not-a-count', max: MAX_RELEASE_DAYS });
  if (problems.length > 0 || !datesRead) return problems;
  const agencyId = input.agencyId.trim();
  const roomType = input.roomType.trim();
  const other = others.find(
    (c) =>
      c.id !== ownId &&
      c.agencyId === agencyId &&
      c.roomType === roomType &&
      c.from <= input.to &&
      input.from <= c.to,
  );
  if (other)
    problems.push({
      field: 'from',
      reason: 'overlaps',
      other: { id: other.id, from: other.from, to: other.to },
    });
  return problems;
}

/** A problem in one English line, for the command line and logs (the screens word it from the catalogs). */
export function contractProblemText(p: ContractProblem): string {
  switch (p.reason) {
    case 'empty':
      return p.field === 'agencyId' ? 'Choose the operator (agency).' : "Give the hotel's room type code.";
    case 'not-a-date':
      return `Give the ${p.field === 'from' ? 'first' : 'last'} night as YYYY-MM-DD.`;
    case 'before-from':
      return 'The last night is before the first night.';
    case 'not-a-count':
      return p.field === 'releaseDays'
        ? `Release days must be a whole number from 0 to ${p.max}.`
        : p.field === 'rooms'
          ? `Rooms a night must be a whole number from 0 to ${p.max}.`
          : `Each weekday's rooms must be a whole number from 0 to ${p.max}.`;
    case 'not-seven':
      return 'Give seven room counts, Monday to Sunday (for example 5,5,5,5,5,8,8).';
    case 'unknown':
      return 'Choose guaranteed or normal.';
    case 'overlaps':
      return `This operator already has an allotment of this room type from ${p.other.from} to ${p.other.to} (${
        p.other.id > 0 ? `contract ${p.other.id}` : 'an earlier line of this file'
      }): change that one, or choose nights outside it.`;
  }
}
