// Practice mode's demo contracts applied to the practice database after its first sync (main/contracts/
// practice-contracts.ts says which): hotel codes, mappings and allotments, under the practice desk's name.
import { contractProblems } from '../../shared/contract-problems';
import { hotelDate } from '../contracts/allotment';
import { demoContracts } from '../contracts/practice-contracts';
import type { DeskStore } from '../store/engines/desk-store';

/** Adds the demo contracts unless the practice database has contracts already; how many it added. */
export async function seedPracticeContracts(store: DeskStore, now: Date, user: string): Promise<number> {
  if ((await store.listContracts()).length > 0) return 0;
  const demo = demoContracts(await store.busiestRoomTypes(4), hotelDate(now));
  const at = now.toISOString();
  const codes = new Set((await store.listHotelCodes()).map((h) => `${h.kind}:${h.code}`));
  for (const m of demo.mappings) {
    if (!codes.has(`roomType:${m.hotelCode}`)) {
      await store.addHotelCode({ kind: 'roomType', code: m.hotelCode, name: '', user, at });
      codes.add(`roomType:${m.hotelCode}`);
    }
    await store.setMapping({
      agencyId: m.agencyId,
      kind: 'roomType',
      channelCode: m.roomTypeId,
      hotelCode: m.hotelCode,
      user,
      at,
    });
  }
  let added = 0;
  for (const c of demo.contracts)
    if ('saved' in (await store.addContract(c, user, at, contractProblems))) added += 1;
  return added;
}
