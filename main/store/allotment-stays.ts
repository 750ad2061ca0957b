// The stays that use the operators' allotments, each whole: what the checks' full rebuild counts night by night
// (main/checks/allotment-stays.ts) to agree with the counts the store keeps (allotment-nights.ts).
import { sql } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import type { CountedStay } from '../../shared/domain';

/** A stay as its allotment counts it: the operator, the channel's room type, the nights, rooms and whether it waits. */
const stayColumns = [
  'r.key_field as keyField',
  'r.agency_id as agencyId',
  'r.room_type_id as roomTypeId',
  sql<string>`substr(r.check_in, 1, 10)`.as('checkIn'),
  sql<string>`substr(r.check_out, 1, 10)`.as('checkOut'),
  'r.room_count as rooms',
  'r.confirmation_status as status',
] as const;

interface StayRow {
  keyField: string;
  agencyId: string;
  roomTypeId: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  status: string;
}

// Active: neither cancelled (PmsStatus 3) nor declined (H), as main/checks/status.ts isActive.
const everyStay = prepared(() =>
  q
    .selectFrom('reservations as r')
    .select(stayColumns)
    .where('r.pms_status', '<>', 3)
    .where('r.confirmation_status', '<>', 'H')
    .where('r.agency_id', 'in', q.selectFrom('contracts').select('agency_id')),
);

const counted = (row: StayRow): CountedStay => ({
  keyField: row.keyField,
  agencyId: row.agencyId,
  roomTypeId: row.roomTypeId,
  checkIn: row.checkIn,
  checkOut: row.checkOut,
  rooms: Number(row.rooms),
  waiting: row.status === 'W',
});

/** The allotment reads, one definition for both engines (engines/op.ts). */
export const allotmentStayOps = {
  /** Every active stay of an operator with a contract. */
  *every(): Op<CountedStay[]> {
    return (yield* all(everyStay({}))).map(counted);
  },
};
