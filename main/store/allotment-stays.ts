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

// One operator's stays in some channel room types within a window: every question of a round about that operator
// is answered from one read (a page asks about dozens of stays of the same few operators).
const ofOperator = preparedPerEngine(
  (p: { since: string; last: string; from: string; agencyId: string; roomTypeIds: string }, engine) =>
    q
      .selectFrom('reservations as r')
      .select(stayColumns)
      .where('r.check_in', '>=', p.since)
      .where(sql<boolean>`substr(r.check_in, 1, 10) <= ${p.last}`)
      .where(sql<boolean>`substr(r.check_out, 1, 10) > ${p.from}`)
      .where('r.pms_status', '<>', 3)
      .where('r.confirmation_status', '<>', 'H')
      .where('r.agency_id', '=', p.agencyId)
      .where('r.room_type_id', 'in', jsonListValues(engine, p.roomTypeIds, 'text')),
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

  /**
   * Each question's stays (the reservation asking left out), in the questions' order: one read per operator asked
   * about, over the union of its questions' windows and room types, each question's share picked out here.
   */
  *asked(questions: readonly AllotmentQuestion[]): Op<CountedStay[][]> {
    const answers: CountedStay[][] = questions.map(() => []);
    const byOperator = new Map<string, number[]>();
    questions.forEach((question, i) => {
      if (question.roomTypeIds.length === 0 || question.last < question.from) return;
      const list = byOperator.get(question.agencyId);
      if (list) list.push(i);
      else byOperator.set(question.agencyId, [i]);
    });
    for (const [agencyId, asked] of byOperator) {
      const mine = asked.map((i) => questions[i] as AllotmentQuestion);
      const least = (pick: (q: AllotmentQuestion) => string): string =>
        mine.map(pick).reduce((a, b) => (b < a ? b : a));
      const most = mine.map((q) => q.last).reduce((a, b) => (b > a ? b : a));
      const roomTypeIds = [...new Set(mine.flatMap((q) => q.roomTypeIds))].sort();
      const rows = (yield* all(
        ofOperator({
          since: least((q) => q.since),
          last: most,
          from: least((q) => q.from),
          agencyId,
          roomTypeIds: JSON.stringify(roomTypeIds),
        }),
      )).map(counted);
      const byRoomType = new Map<string, CountedStay[]>();
      for (const row of rows) {
        const list = byRoomType.get(row.roomTypeId);
        if (list) list.push(row);
        else byRoomType.set(row.roomTypeId, [row]);
      }
      for (const i of asked) {
        const q = questions[i] as AllotmentQuestion;
        answers[i] = [...new Set(q.roomTypeIds)].flatMap((roomTypeId) =>
          (byRoomType.get(roomTypeId) ?? []).filter(
            (s) =>
              s.keyField !== q.self && s.checkIn >= q.since && s.checkIn <= q.last && s.checkOut > q.from,
          ),
        );
      }
    }
    return answers;
  },
};
