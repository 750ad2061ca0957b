// The desk's checks look other reservations up in key indexes the store keeps current, instead of
// indexing every reservation again after each change. Whatever happened, they must say exactly what a
// full rebuild over the same database says, and a new reservation or a decision must rebuild nothing.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChecker, DeskChecks } from '../../../main/operations/checks';
import type { Logger } from '../../../main/kernel/core-types';
import { Store } from '../../../main/store';
import { makeGuest, makeReservation } from '../store/fixtures';
import { AT, applyCheckEvent, checkEvent, withAllotment, type CheckEvent } from '../../harness/check-events';
import { propertyRuns } from '../../harness/property-runs';

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
  opened.replaceNotConfirmMessages('tr-TR', [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }]);
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
  const checker = await buildChecker(store, '2026-07-09');
  const keys = [...store.checksInput().reservations].map((r) => r.keyField);
  return new Map([...store.checkedReservations(keys)].map(([keyField, r]) => [keyField, checker.check(r)]));
}

async function incremental(): Promise<Map<string, unknown>> {
  const keys = [...store.checksInput().reservations].map((r) => r.keyField);
  return new Map(await checks.forKeys(keys));
}

let logId = 1_000_000;

/** Applies an event to the store and tells the checks, as the desk does. */
async function apply(e: CheckEvent): Promise<void> {
  const desk = sqliteDeskStore(store);
  const signal = await applyCheckEvent(e, [
    { store: desk, markSent: (id) => desk.markSent(id, { sentAt: AT, pdfPath: null }) },
  ]);
  if (signal) checks[signal]();
}

describe('the desk checks kept up to date', () => {
  it('after any sequence of events, say exactly what a full rebuild says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(checkEvent, { minLength: 1, maxLength: 25 }), async (events) => {
        store.close();
        store = openStore();
        for (const e of withAllotment(events)) {
          await apply(e);
          // Asked between events too, so what the desk keeps from one question to the next is tested.
          const expected = await rebuilt();
          expect(await incremental()).toEqual(expected);
          const problems = store
            .problemCandidates()
            .filter((k) => (expected.get(k) as { severity: string }[]).some((c) => c.severity === 'problem'));
          expect((await checks.problemKeys()).sort()).toEqual(problems.sort());
        }
      }),
      { numRuns: propertyRuns(200) },
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
