// The hotel's tour-operator contracts (shared/domain/contracts.ts): typed in or imported by the hotel, never sent by
// the service. Each add, change and removal is an activity row in the same transaction, so the log says who
// changed which allotment. An entry is checked (main/contracts/validate.ts) against the operator's other allotments
// of the room type inside the write's transaction, so what is stored never shares a night with another.
import { activityOps } from './activity';
import { all, changed, first, q, run, type Op } from './engines/op';
import { turns } from './engines/turn';
import { prepared } from './engines/prepared';
import {
  parseWeekdayRooms,
  weekdayRoomsText,
  type ActivityDetail,
  type Contract,
  type ContractInput,
  type ContractProblem,
} from '../../shared/domain';

const columns = [
  'id',
  'agency_id as agencyId',
  'room_type as roomType',
  'date_from as from',
  'date_to as to',
  'rooms',
  'weekday_rooms as weekdayRooms',
  'kind',
  'release_days as releaseDays',
  'note',
  'updated_by as updatedBy',
  'updated_at as updatedAt',
] as const;

type Row = Omit<Contract, 'weekdayRooms'> & { weekdayRooms: string };

/** A stored row as a Contract; weekday counts the table holds as text ('' when every night is alike). */
const contractOf = (row: Row): Contract => ({
  ...row,
  id: Number(row.id),
  rooms: Number(row.rooms),
  releaseDays: Number(row.releaseDays),
  weekdayRooms: parseWeekdayRooms(row.weekdayRooms) ?? null,
});

const everyContract = prepared(() =>
  q
    .selectFrom('contracts')
    .select(columns)
    .orderBy('agency_id')
    .orderBy('room_type')
    .orderBy('date_from')
    .orderBy('id'),
);
const ofOperator = prepared((p: { agencyId: string; roomType: string }) =>
  q
    .selectFrom('contracts')
    .select(['id', 'agency_id as agencyId', 'room_type as roomType', 'date_from as from', 'date_to as to'])
    .where('agency_id', '=', p.agencyId)
    .where('room_type', '=', p.roomType),
);
const byId = prepared((p: { id: number }) =>
  q.selectFrom('contracts').select(columns).where('id', '=', p.id),
);

interface Written {
  agencyId: string;
  roomType: string;
  from: string;
  to: string;
  rooms: number;
  weekdayRooms: string;
  kind: Contract['kind'];
  releaseDays: number;
  note: string;
  user: string;
  at: string;
}
const values = (w: Written) => ({
  agency_id: w.agencyId,
  room_type: w.roomType,
  date_from: w.from,
  date_to: w.to,
  rooms: w.rooms,
  weekday_rooms: w.weekdayRooms,
  kind: w.kind,
  release_days: w.releaseDays,
  note: w.note,
  updated_by: w.user,
  updated_at: w.at,
});
const insert = prepared((w: Written) => q.insertInto('contracts').values(values(w)).returning(columns));
const update = prepared((w: Written & { id: number }) =>
  q.updateTable('contracts').set(values(w)).where('id', '=', w.id).returning(columns),
);
const remove = prepared((p: { id: number }) =>
  q.deleteFrom('contracts').where('id', '=', p.id).returning(columns),
);

const describe = (change: 'added' | 'changed' | 'removed', c: Contract): string =>
  JSON.stringify({
    kind: 'contract',
    change,
    agencyId: c.agencyId,
    roomType: c.roomType,
    from: c.from,
    to: c.to,
    rooms: c.rooms,
    weekdayRooms: weekdayRoomsText(c.weekdayRooms),
    allotment: c.kind,
    releaseDays: c.releaseDays,
  } satisfies ActivityDetail);

/**
 * Why an entered contract cannot be kept beside the operator's others (shared/contract-problems.ts), handed in:
 * the store knows the rows, not the rules.
 */
export type ContractCheck = (
  input: ContractInput,
  others: readonly Pick<Contract, 'id' | 'agencyId' | 'roomType' | 'from' | 'to'>[],
  ownId: number | null,
) => ContractProblem[];

/** The activity row of a change and its announcement to the other desks, in the change's transaction. */
function* logged(change: 'added' | 'changed' | 'removed', c: Contract, user: string, at: string): Op<void> {
  yield* activityOps.add({ at, user, action: 'contract', keyField: null, detail: describe(change, c) });
  yield* changed('contracts', change, [String(c.id)]);
}

/** What a write of a contract came to: stored, or refused with the reasons in words' codes. */
export type ContractSaved = { saved: Contract } | { problems: ContractProblem[] };

const trimmed = (input: ContractInput): ContractInput => ({
  ...input,
  agencyId: input.agencyId.trim(),
  roomType: input.roomType.trim(),
  note: input.note.trim(),
});

/**
 * Contracts are checked against each other (no two of an operator's room type share a night): on the hotel's
 * database two desks saving at once would each check without the other's, and both be stored. So writing contracts
 * takes turns, from before the check to the commit. Contracts are saved by hand, a few a season: one turn for all.
 */
const contractsTurn = turns.contracts;

function* checked(input: ContractInput, ownId: number | null, check: ContractCheck): Op<ContractProblem[]> {
  // The contract alone first: what it holds is never sent to the database before it is known to be text a
  // database keeps (PostgreSQL refuses a NUL outright).
  const alone = check(input, [], ownId);
  if (alone.length > 0) return alone;
  yield* run(contractsTurn);
  const others = yield* all(ofOperator({ agencyId: input.agencyId, roomType: input.roomType }));
  return check(
    input,
    others.map((o) => ({ ...o, id: Number(o.id) })),
    ownId,
  );
}

const written = (input: ContractInput, user: string, at: string): Written => ({
  agencyId: input.agencyId,
  roomType: input.roomType,
  from: input.from,
  to: input.to,
  rooms: input.rooms,
  weekdayRooms: weekdayRoomsText(input.weekdayRooms),
  kind: input.kind,
  releaseDays: input.releaseDays,
  note: input.note,
  user,
  at,
});

/** Contracts' operations, one definition for both engines (engines/op.ts). */
export const contractOps = {
  /** Every contract, by operator, room type and first night. */
  *list(): Op<Contract[]> {
    return (yield* all(everyContract({}))).map(contractOf);
  },

  /** Stores a new contract with its activity row, unless it has problems (then nothing is written). */
  *add(entered: ContractInput, user: string, at: string, check: ContractCheck): Op<ContractSaved> {
    const input = trimmed(entered);
    const problems = yield* checked(input, null, check);
    if (problems.length > 0) return { problems };
    const row = yield* first(insert(written(input, user, at)));
    if (!row) throw new Error('contracts insert returned no row');
    const saved = contractOf(row);
    yield* logged('added', saved, user, at);
    return { saved };
  },

  /**
   * Stores every contract of a file in one transaction, or none of them: each is checked against those stored and
   * those before it in the file, and any problem refuses the whole file (problems by position in `entered`).
   */
  *addAll(
    entered: readonly ContractInput[],
    user: string,
    at: string,
    check: ContractCheck,
  ): Op<{ saved: Contract[] } | { problems: { index: number; problems: ContractProblem[] }[] }> {
    const inputs = entered.map(trimmed);
    yield* run(contractsTurn);
    const others: Pick<Contract, 'id' | 'agencyId' | 'roomType' | 'from' | 'to'>[] =
      (yield* contractOps.list()).map(({ id, agencyId, roomType, from, to }) => ({
        id,
        agencyId,
        roomType,
        from,
        to,
      }));
    const problems: { index: number; problems: ContractProblem[] }[] = [];
    inputs.forEach((input, index) => {
      const found = check(input, others, null);
      if (found.length > 0) problems.push({ index, problems: found });
      else
        others.push({
          id: -1 - index,
          agencyId: input.agencyId,
          roomType: input.roomType,
          from: input.from,
          to: input.to,
        });
    });
    if (problems.length > 0) return { problems };
    const saved: Contract[] = [];
    for (const input of inputs) {
      const result = yield* contractOps.add(input, user, at, check);
      if (!('saved' in result)) throw new Error('a contract checked a moment ago was refused');
      saved.push(result.saved);
    }
    return { saved };
  },

  /** Changes a contract (its activity row says what it holds now); null when there is none with that id. */
  *update(
    id: number,
    entered: ContractInput,
    user: string,
    at: string,
    check: ContractCheck,
  ): Op<ContractSaved | null> {
    if (!(yield* first(byId({ id })))) return null;
    const input = trimmed(entered);
    const problems = yield* checked(input, id, check);
    if (problems.length > 0) return { problems };
    const row = yield* first(update({ ...written(input, user, at), id }));
    if (!row) return null;
    const saved = contractOf(row);
    yield* logged('changed', saved, user, at);
    return { saved };
  },

  /** Removes a contract (with its activity row); null when there is none with that id. */
  *remove(id: number, user: string, at: string): Op<Contract | null> {
    const row = yield* first(remove({ id }));
    if (!row) return null;
    const removed = contractOf(row);
    yield* logged('removed', removed, user, at);
    return removed;
  },
};
