// One operator's allotment for the tests: AG1 holds five rooms a night of the hotel's DZ through July 2026, a normal
// allotment with a week's release. Tests change what they are about.
import type { Contract, ContractInput } from '../../shared/domain';

export const julyAllotment = (over: Partial<ContractInput> = {}): ContractInput => ({
  agencyId: 'AG1',
  roomType: 'DZ',
  from: '2026-07-01',
  to: '2026-07-31',
  rooms: 5,
  weekdayRooms: null,
  kind: 'normal',
  releaseDays: 7,
  note: '',
  ...over,
});

/** The same as stored (id 1). */
export const storedJulyAllotment = (over: Partial<Contract> = {}): Contract => ({
  ...julyAllotment(),
  id: 1,
  updatedBy: 'test',
  updatedAt: '2026-06-01T00:00:00Z',
  ...over,
});
