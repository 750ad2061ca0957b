// The desk keeps one checker in memory: it must answer from current data after a change it was told about,
// after the reference data were refreshed, and after midnight, and not rebuild otherwise.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskChecks, markersOf } from '../../../main/operations/checks';
import type { Logger } from '../../../main/kernel/core-types';
import { Store } from '../../../main/store';
import { makeGuest, makeReservation } from '../store/fixtures';

const AT = '2026-07-01T09:00:00.000Z';

let store: Store;
let clock: Date;
let builds: number;
let checks: DeskChecks;
const logger: Logger = {
  info: (message) => {
    if (message === 'checks indexed') builds++;
  },
  warn: () => undefined,
  error: () => undefined,
};

beforeEach(() => {
  store = Store.open(':memory:');
  clock = new Date(2026, 6, 9, 12); // 9 July, local time: the desk's clock is the hotel's
  builds = 0;
  checks = new DeskChecks(
    () => sqliteDeskStore(store),
    () => clock,
    logger,
  );
  store.importBatch(
    [
      makeReservation({
        keyField: 'K1',
        logId: 1,
        checkIn: '2026-07-10',
        checkOut: '2026-07-12',
        nights: 2,
        guests: [makeGuest('YILMAZ AYŞE', 'K1')],
      }),
    ],
    AT,
  );
});
afterEach(() => store.close());

const kinds = async () => (await checks.forKeys(['K1'])).get('K1')?.map((c) => c.kind);

describe('the desk checks cache', () => {
  it('builds once, then rebuilds only when told, when the reference data moved or the date changed', async () => {
    expect(await kinds()).toEqual(['unmapped', 'unmapped', 'unmapped', 'unmapped']);
    expect(await kinds()).toEqual(['unmapped', 'unmapped', 'unmapped', 'unmapped']);
    expect(builds).toBe(1);

    // A mapping written without telling the cache is not seen (the handlers tell it)...
    store.setMapping({
      agencyId: 'AG1',
      kind: 'board',
      channelCode: 'AI',
      hotelCode: 'HD',
      user: 'A',
      at: AT,
    });
    expect(await kinds()).toHaveLength(4);
    // ...and is once told.
    checks.invalidate();
    expect(await kinds()).toHaveLength(3);
    expect(builds).toBe(2);

    // The sync refreshing the stay codes is seen without being told.
    store.replaceStayCodes('AG1', [
      { agencyId: 'AG1', kind: 'room', code: 'R1', name: 'Sea view', maxAdults: 1, maxPax: 1 },
    ]);
    store.setSetting('sync.lastReferenceAt', AT);
    expect(await kinds()).toContain('capacity');
    expect(builds).toBe(3);

    // Two days later the reservation is still waiting: its check-in has passed.
    clock = new Date(2026, 6, 11, 9);
    expect((await kinds())?.[0]).toBe('past-check-in');
    expect(builds).toBe(4);
  });

  it('marks page rows with one marker per kind, problems first, none for a row no longer stored', async () => {
    store.addStopSale({
      codeKind: 'roomType',
      hotelCode: 'STD',
      from: '2026-07-10',
      to: '2026-07-10',
      user: 'A',
      at: AT,
    });
    const rows = await checks.markRows([{ keyField: 'K1' }, { keyField: 'gone' }]);
    expect(rows).toEqual([
      { keyField: 'K1', checks: [{ kind: 'unmapped', severity: 'note' }] },
      { keyField: 'gone', checks: [] },
    ]);
    expect(
      markersOf([
        { kind: 'honeymoon', severity: 'note', source: 'flag' },
        { kind: 'capacity', severity: 'problem', limit: 'maxPax', value: 3, allowed: 2, roomId: 'R1' },
        { kind: 'capacity', severity: 'problem', limit: 'maxAdults', value: 3, allowed: 2, roomId: 'R1' },
      ]),
    ).toEqual([
      { kind: 'capacity', severity: 'problem' },
      { kind: 'honeymoon', severity: 'note' },
    ]);
  });
});
