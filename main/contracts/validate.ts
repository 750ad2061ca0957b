// A refused contract's reasons in one English line each, for the command line and logs (the screens word them from
// their catalogs). The reasons themselves: shared/contract-problems.ts.
import type { ContractProblem } from '../../shared/domain';

const fieldName = { agencyId: 'operator (agency)', roomType: 'room type code', note: 'note' } as const;

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
    case 'too-long':
      return `The ${fieldName[p.field]} is too long: keep it to ${p.max} characters.`;
    case 'invisible':
      return `The ${fieldName[p.field]} holds a line break or another invisible character: remove it.`;
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
