// What makes an entered contract keepable, said before it is stored: the tables refuse the same (an empty code, a
// date not written YYYY-MM-DD, an end before its start), but a refusal from the database is no sentence for a
// receptionist. Two contracts of one operator for one room type may not share a night: the calendar could not say
// which allotment a booking uses. Shared: the contract form checks the same before it sends.
import { isRealDate } from './calendar';
import { hasInvisible } from './one-line-text';
import {
  ALLOTMENT_KINDS,
  MAX_CONTRACT_CODE,
  MAX_CONTRACT_NOTE,
  MAX_CONTRACT_ROOMS,
  MAX_RELEASE_DAYS,
  type Contract,
  type ContractInput,
  type ContractProblem,
} from './domain';

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
  for (const [field, max] of [
    ['agencyId', MAX_CONTRACT_CODE],
    ['roomType', MAX_CONTRACT_CODE],
    ['note', MAX_CONTRACT_NOTE],
  ] as const) {
    const text = input[field].trim();
    if (text.length > max) problems.push({ field, reason: 'too-long', max });
    else if (hasInvisible(text)) problems.push({ field, reason: 'invisible' });
  }
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
