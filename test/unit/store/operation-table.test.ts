// The table of store operations says truly what each does to the database: every operation not tagged as a
// write is run on a desk database with reservations, answers and mappings in it, and nothing it does may write
// (no statement that changes the file, no change announced to other desks). A read that wrote would run outside
// a transaction on PostgreSQL, and the desk's read-only copy would let it through.
import type { Database } from 'better-sqlite3';
import { SqliteQueryCompiler } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Op } from '../../../main/store/engines/op';
import type { Access } from '../../../main/store/engines/operation-table';
import { storeOperations, type StoreOperations } from '../../../main/store/operations';
import { generateReservations } from './fixtures';

type Reading = {
  [K in keyof StoreOperations as StoreOperations[K]['access'] extends 'write' ? never : K]: Parameters<
    StoreOperations[K]['op']
  >;
};

const reservations = generateReservations(20, 7);
const first = reservations[0]!;
const agency = first.agencyId;
const key = first.keyField;
const filter = { search: '' };

/** One call of every operation that does not write (a new one is a type error here until it has its call). */
const readingCalls: Reading = {
  getReservation: [key],
  reservationDetail: [key],
  changeKind: [key],
  versions: [key],
  waitingCount: [],
  waitingReceivedBefore: ['2030-01-01T00:00:00Z'],
  reconcileDays: ['2026-01-01', '2027-12-31'],
  undecidedReservations: ['2026-01-01', '2027-12-31'],
  listUnreadable: [],
  openUnreadableCount: [],
  openSetAsideCounts: [],
  pendingAcknowledgements: [],
  inboxPage: [{ filter, sort: 'checkIn', direction: 'asc', offset: 0, limit: 50 }],
  inboxCounts: [filter],
  problemCandidates: [],
  listAgencies: [],
  findAgency: [agency],
  listNotConfirmMessages: ['en-US'],
  findNotConfirmMessage: ['1', 'en-US'],
  listStayCodes: [agency],
  listHotelCodes: [],
  findHotelCode: ['room', 'DBL'],
  hotelCodeFor: [agency, 'room', first.roomId],
  mappingView: [agency, [{ kind: 'room', channelCode: first.roomId }]],
  mappedCodesFor: [key],
  unmappedCodesFor: [key],
  nextDecisionsToSend: ['2030-01-01T00:00:00Z'],
  nextSendAfter: [],
  decisionFor: [key],
  decisionRecordFor: [key],
  queuedDecisionCount: [],
  listActivity: [0, 50, 'tr'],
  getSetting: ['sync.lastReferenceAt', null],
  listToEnter: [0, 50],
  pmsEntryOf: [key],
  exportCounts: [{ kind: 'reservations', scope: 'all' }],
  checkSettings: [],
  listStopSales: [],
  stopSaleHotelCodes: [],
  listContracts: [],
  listStopSaleNotices: [],
  hotelNameSeen: [],
  allotmentInput: ['2026-01-01', '2027-12-31'],
  allotmentLookups: [
    [
      {
        agencyId: agency,
        roomTypeIds: [first.roomTypeId],
        nights: ['2026-07-10', '2026-07-11'],
      },
    ],
  ],
  busiestRoomTypes: [4],
  producedStays: ['2025-01-01', '2026-01-01', '2027-12-31'],
  productionRates: [],
  checkReference: [],
  checkedReservations: [[key]],
  waitingReservations: [],
  sharedVouchers: [],
  checkLookups: [
    {
      vouchers: [{ agencyId: agency, voucher: first.voucherNo, self: key, shown: 5 }],
      stays: [{ person: 'ANY GUEST', birth: 'any', day: 20_000, self: key }],
    },
  ],
  checkKeysPending: [],
};

const compiler = new SqliteQueryCompiler();

/** Runs an operation as SQLite would, noting whether any of its steps writes. */
function writesWhenRun(db: Database, op: Op<unknown>): boolean {
  let wrote = false;
  let next = op.next();
  while (!next.done) {
    const step = next.value;
    if ('change' in step) {
      wrote = true;
      next = op.next({ rows: [], changes: 0 });
      continue;
    }
    const { sql, parameters } = step.query.compileFor(compiler);
    const statement = db.prepare(sql);
    if (!statement.readonly) wrote = true;
    const rows = statement.reader ? statement.all(...parameters) : [];
    next = op.next({ rows, changes: statement.reader ? rows.length : statement.run(...parameters).changes });
  }
  return wrote;
}

let store: Store;

beforeEach(() => {
  store = Store.open(':memory:');
  store.importBatch(reservations, '2026-06-01T08:00:00.000Z');
  store.setMapping({
    agencyId: agency,
    kind: 'room',
    channelCode: first.roomId,
    hotelCode: 'DBL',
    user: 'Ayşe',
    at: '2026-06-01T08:00:00Z',
  });
  store.enqueueDecision({
    keyField: key,
    action: 'confirm',
    note: '',
    reasonId: null,
    user: 'Ayşe',
    decidedAt: '2026-06-01T09:00:00Z',
    basedOnLogId: first.logId,
  });
});
afterEach(() => store.close());

describe('the table of store operations', () => {
  it('tags as a write every operation that writes', () => {
    const untagged: string[] = [];
    for (const [name, args] of Object.entries(readingCalls)) {
      const operation = storeOperations[name as keyof Reading];
      const before = store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
      if (writesWhenRun(store.db, operation.call(args))) untagged.push(name);
      const after = store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
      if (after.n !== before.n) untagged.push(name);
    }
    expect(untagged).toEqual([]);
  });

  it('would catch a read that writes', () => {
    expect(writesWhenRun(store.db, storeOperations.setSetting.call(['desk.test', 1]))).toBe(true);
    expect(writesWhenRun(store.db, storeOperations.undoDecision.call([key]))).toBe(true);
  });

  it('gives every operation one of the three accesses, and both engines every name', () => {
    const accesses = new Set<Access>(Object.values(storeOperations).map((o) => o.access));
    expect([...accesses].sort()).toEqual(['read', 'snapshot', 'write']);
    for (const name of Object.keys(storeOperations)) expect(typeof Reflect.get(store, name)).toBe('function');
  });
});
