// The desk's checks look other reservations up in key indexes the store keeps current, instead of
// indexing every reservation again after each change. Whatever happened, they must say exactly what a
// full rebuild over the same database says, and a new reservation or a decision must rebuild nothing.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChecker, DeskChecks } from '../../../main/operations/checks';
import type { Logger } from '../../../main/kernel/core-types';
import { DecisionRefused, Store } from '../../../main/store';
import type { Reservation } from '../../../shared/domain';
import { replaceNotConfirmMessages } from '../../../main/store/messages';
import { makeGuest, makeReservation } from '../store/fixtures';

const AT = '2026-07-01T09:00:00.000Z';
const TODAY = new Date(2026, 6, 9, 12);

let store: Store;
let builds: number;
let checks: DeskChecks;
const logger: Logger = {
  info: (message) => {
    if (message === 'checks indexed') builds++;
  },
  warn: () => undefined,
  error: () => undefined,
};

const openStore = (): Store => {
  const opened = Store.open(':memory:');
  replaceNotConfirmMessages(opened.db, 'tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
  return opened;
};

beforeEach(() => {
  store = openStore();
  builds = 0;
  checks = new DeskChecks(
    () => sqliteDeskStore(store),
    () => TODAY,
    logger,
  );
});
afterEach(() => store.close());

/** What a full rebuild over the store says of every reservation it holds. */
async function rebuilt(): Promise<Map<string, unknown>> {
  const checker = await buildChecker(sqliteDeskStore(store), '2026-07-09');
  const keys = [...store.checksInput().reservations].map((r) => r.keyField);
  return new Map([...store.checkedReservations(keys)].map(([keyField, r]) => [keyField, checker.check(r)]));
}

async function incremental(): Promise<Map<string, unknown>> {
  const keys = [...store.checksInput().reservations].map((r) => r.keyField);
  return new Map(await checks.forKeys(keys));
}

// Small pools, so vouchers, names and days collide often; placeholders, lone words, unknown birth dates
// and a check-in that is no date are among them.
const keyField = fc.constantFrom('K1', 'K2', 'K3', 'K4', 'K5', 'K6');
const guest = fc.record({
  name: fc.constantFrom('YILMAZ AYŞE', 'Yılmaz Ayşe', 'IŞIK MEHMET', 'ISIK MEHMET', 'N N', 'MÜLLER'),
  birthDate: fc.constantFrom(null, '1980-01-02T00:00:00', '1975-05-05T00:00:00', '0001-01-01T00:00:00'),
  title: fc.constantFrom('Mr', 'Mrs'),
});
const booking = fc.record({
  keyField,
  agencyId: fc.constantFrom('AG1', 'AG2'),
  voucherNo: fc.constantFrom('V1', ' v1', 'V2', ''),
  checkIn: fc.constantFrom('2026-07-01', '2026-07-01', '2026-07-05', '2026-08-01', 'soon'),
  pmsStatus: fc.constantFrom(0, 2),
  guests: fc.array(guest, { maxLength: 3, size: 'max' }),
});
const event = fc.oneof(
  { arbitrary: booking.map((b) => ({ type: 'store' as const, ...b })), weight: 5 },
  keyField.map((k) => ({ type: 'cancel' as const, keyField: k })),
  fc.record({ keyField, action: fc.constantFrom('confirm' as const, 'decline' as const) }).map((d) => ({
    type: 'decide' as const,
    ...d,
  })),
  fc
    .record({ channelCode: fc.constantFrom('R1', 'DBL', 'AI'), hotelCode: fc.constantFrom('STD', 'DZ', '') })
    .map((m) => ({ type: 'map' as const, ...m })),
  fc.constantFrom('2026-07-03', '2026-07-10').map((from) => ({ type: 'stopSale' as const, from })),
);
type Event = typeof event extends fc.Arbitrary<infer E> ? E : never;

let logId = 0;
function apply(e: Event): void {
  switch (e.type) {
    case 'store': {
      const { type: _type, guests, ...fields } = e;
      const r: Reservation = makeReservation({
        ...fields,
        logId: ++logId,
        checkOut: '2026-08-05',
        guests: guests.map((g) => makeGuest(g.name, e.keyField, { birthDate: g.birthDate, title: g.title })),
      });
      store.importBatch([r], AT);
      checks.reservationsChanged();
      return;
    }
    case 'cancel': {
      const current = store.getReservation(e.keyField);
      if (!current) return;
      const { raw: _raw, ...rest } = current;
      store.importBatch([{ ...rest, raw: {}, logId: ++logId, pmsStatus: 3 }], AT);
      checks.reservationsChanged();
      return;
    }
    case 'decide': {
      const current = store.getReservation(e.keyField);
      if (!current) return;
      try {
        const decision = store.enqueueDecision({
          keyField: e.keyField,
          action: e.action,
          note: '',
          reasonId: e.action === 'decline' ? 'full' : null,
          user: 'A',
          decidedAt: AT,
          basedOnLogId: current.logId,
        });
        store.markSent(decision.id, { sentAt: AT, pdfPath: null });
      } catch (error) {
        if (!(error instanceof DecisionRefused)) throw error;
      }
      checks.decisionMoved();
      return;
    }
    case 'map':
      store.setMapping({
        agencyId: 'AG1',
        kind: e.channelCode === 'R1' ? 'room' : e.channelCode === 'DBL' ? 'roomType' : 'board',
        channelCode: e.channelCode,
        hotelCode: e.hotelCode,
        user: 'A',
        at: AT,
      });
      checks.invalidate();
      return;
    case 'stopSale':
      store.addStopSale({
        codeKind: 'roomType',
        hotelCode: 'DZ',
        from: e.from,
        to: e.from,
        user: 'A',
        at: AT,
      });
      checks.invalidate();
      return;
  }
}

describe('the desk checks kept up to date', () => {
  it('after any sequence of events, say exactly what a full rebuild says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 25 }), async (events) => {
        store.close();
        store = openStore();
        for (const e of events) {
          apply(e);
          // Asked between events too, so what the desk keeps from one question to the next is tested.
          const expected = await rebuilt();
          expect(await incremental()).toEqual(expected);
          const problems = store
            .problemCandidates()
            .filter((k) => (expected.get(k) as { severity: string }[]).some((c) => c.severity === 'problem'));
          expect((await checks.problemKeys()).sort()).toEqual(problems.sort());
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a new reservation or a confirm rebuilds nothing, and is seen at the next question', async () => {
    const book = (key: string, voucherNo: string) =>
      makeReservation({ keyField: key, logId: ++logId, voucherNo, guests: [makeGuest('YILMAZ AYŞE', key)] });
    store.importBatch([book('A', 'SUN-1')], AT);
    expect((await checks.forKeys(['A'])).get('A')?.map((c) => c.kind)).not.toContain('duplicate-voucher');
    expect(builds).toBe(1);

    store.importBatch([book('B', 'SUN-1')], AT);
    checks.reservationsChanged();
    expect((await checks.forKeys(['A'])).get('A')?.map((c) => c.kind)).toContain('duplicate-voucher');
    expect(await checks.problemKeys()).toEqual(['A', 'B']);

    const decision = store.enqueueDecision({
      keyField: 'B',
      action: 'decline',
      note: '',
      reasonId: 'full',
      user: 'A',
      decidedAt: AT,
      basedOnLogId: logId,
    });
    store.markSent(decision.id, { sentAt: AT, pdfPath: null });
    checks.decisionMoved();
    expect((await checks.forKeys(['A'])).get('A')?.map((c) => c.kind)).not.toContain('duplicate-voucher');
    expect(await checks.problemKeys()).toEqual([]);
    expect(builds).toBe(1);
  });
});
