// The stays that use the operators' allotments: reservations of an operator with a contract whose nights fall in a
// window. Read by the allotment calendar (main/contracts/allotment.ts) and by the pre-confirm check's question about
// the other reservations of an operator's room type (main/checks/allotment.ts). Both callers bound the check-in day
// from below (`since`: the first night less LONGEST_COUNTED_STAY), so the read is a range of the check-in index.
import { sql } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import type { AllotmentQuestion, CountedStay } from '../../shared/domain';

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
const inWindow = prepared((p: { since: string; last: string; from: string }) =>
  q
    .selectFrom('reservations as r')
    .select(stayColumns)
    .where('r.check_in', '>=', p.since)
    .where(sql<boolean>`substr(r.check_in, 1, 10) <= ${p.last}`)
    .where(sql<boolean>`substr(r.check_out, 1, 10) > ${p.from}`)
    .where('r.pms_status', '<>', 3)
    .where('r.confirmation_status', '<>', 'H')
    .where('r.agency_id', 'in', q.selectFrom('contracts').select('agency_id')),
);

const ofRoomTypes = preparedPerEngine(
  (
    p: { since: string; last: string; from: string; agencyId: string; roomTypeIds: string; self: string },
    engine,
  ) =>
    q
      .selectFrom('reservations as r')
      .select(stayColumns)
      .where('r.check_in', '>=', p.since)
      .where(sql<boolean>`substr(r.check_in, 1, 10) <= ${p.last}`)
      .where(sql<boolean>`substr(r.check_out, 1, 10) > ${p.from}`)
      .where('r.pms_status', '<>', 3)
      .where('r.confirmation_status', '<>', 'H')
      .where('r.agency_id', '=', p.agencyId)
      .where('r.room_type_id', 'in', jsonListValues(engine, p.roomTypeIds, 'text'))
      .where('r.key_field', '<>', p.self),
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
  /** Active stays of operators with a contract, checked in from `since`, with a night from `from` to `last`. */
  *inWindow(since: string, from: string, last: string): Op<CountedStay[]> {
    return (yield* all(inWindow({ since, last, from }))).map(counted);
  },

  /** Each question's stays (the reservation asking left out), in the questions' order. */
  *asked(questions: readonly AllotmentQuestion[]): Op<CountedStay[][]> {
    const answers: CountedStay[][] = [];
    for (const question of questions) {
      if (question.roomTypeIds.length === 0 || question.last < question.from) {
        answers.push([]);
        continue;
      }
      const rows = yield* all(
        ofRoomTypes({
          since: question.since,
          last: question.last,
          from: question.from,
          agencyId: question.agencyId,
          roomTypeIds: JSON.stringify(question.roomTypeIds),
          self: question.self,
        }),
      );
      answers.push(rows.map(counted));
    }
    return answers;
  },
};
