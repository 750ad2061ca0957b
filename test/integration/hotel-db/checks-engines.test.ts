// The pre-confirm checks on the hotel's shared PostgreSQL database: the desk's checks there, kept up to
// date from the key indexes and answered a batch at a time, say exactly what a full rebuild says over the same
// events applied to a SQLite desk; and desks keying reservations at the same time as another desk imports lose no
// change and never block each other for good (keying and importing take turns: check-keys.ts keysTurn).
// `npx vitest run test/integration/hotel-db/checks-engines.test.ts`
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { reservationKeys } from '../../../main/checks';
import { HotelStore } from '../../../main/hotel-db/store';
import { buildChecker, DeskChecks } from '../../../main/operations/checks';
import { Store } from '../../../main/store';
import { decisionOps } from '../../../main/store/decisions';
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import type { ReservationCheck } from '../../../shared/domain';
import { AT, applyCheckEvent, checkEvent, withAllotment } from '../../harness/check-events';
import type { NotConfirmMessage } from '../../../shared/domain';
import { generateReservations } from '../../unit/store/fixtures';
import { bothEngines } from './engines';
import { propertyRuns } from '../../harness/property-runs';

const engines = bothEngines();
const TODAY = new Date(2026, 6, 9, 12);
const REASONS: NotConfirmMessage[] = [{ id: 'full', name: 'Otel dolu', lang: 'tr-TR' }];

let mirror: Store | null = null;
afterEach(() => {
  mirror?.close();
  mirror = null;
});

/** An empty hotel database as a desk opens it (no lease: nothing here talks to a service). */
async function hotelDesk(origin = 'desk-a'): Promise<HotelStore> {
  await engines.open('postgres');
  const desk = await HotelStore.open(engines.postgres.pool, {
    origin,
    fence: () => null,
    claimHoldMs: 50_000,
  });
  await desk.replaceNotConfirmMessages('tr-TR', REASONS);
  return desk;
}

/** What a full rebuild over the SQLite mirror says of every reservation it holds. */
async function rebuilt(store: Store): Promise<Map<string, ReservationCheck[]>> {
  const checker = await buildChecker(store, '2026-07-09');
  const keys = [...store.checksInput().reservations].map((r) => r.keyField);
  return new Map([...store.checkedReservations(keys)].map(([k, r]) => [k, checker.check(r)]));
}

describe('the pre-confirm checks on the hotel database', () => {
  it('after any sequence of events, say what a full rebuild over the same events on SQLite says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(checkEvent, { minLength: 1, maxLength: 12 }), async (events) => {
        mirror?.close();
        const local = (mirror = Store.open(':memory:'));
        local.replaceNotConfirmMessages('tr-TR', REASONS);
        const sqlite = sqliteDeskStore(local);
        const hotel = await hotelDesk();
        const checks = new DeskChecks(
          () => hotel,
          () => TODAY,
        );
        for (const e of withAllotment(events)) {
          const signal = await applyCheckEvent(e, [
            { store: sqlite, markSent: (id) => sqlite.markSent(id, { sentAt: AT, pdfPath: null }) },
            {
              store: hotel,
              // Recorded straight, as the fenced claim-and-record does for the desk holding the lease.
              markSent: async (id) => {
                await hotel.write(decisionOps.markOutcome(id, { kind: 'sent', sentAt: AT, pdfPath: null }));
              },
            },
          ]);
          if (signal) checks[signal]();
          const expected = await rebuilt(local);
          expect(new Map(await checks.forKeys([...expected.keys()]))).toEqual(expected);
          const problems = local
            .problemCandidates()
            .filter((k) => expected.get(k)?.some((c) => c.severity === 'problem'));
          expect((await checks.problemKeys()).sort()).toEqual(problems.sort());
        }
      }),
      { numRuns: propertyRuns(40) },
    );
  }, 300_000);

  it('two desks keying while a third imports: no change lost, no desk stuck, the same keys as keying afresh', async () => {
    const writer = await hotelDesk('desk-w');
    const pool = engines.postgres.pool;
    const a = await HotelStore.open(pool, {
      origin: 'desk-a',
      fence: () => null,
      claimHoldMs: 50_000,
    });
    const b = await HotelStore.open(pool, {
      origin: 'desk-b',
      fence: () => null,
      claimHoldMs: 50_000,
    });
    await writer.importBatch(generateReservations(300, 7), AT);

    let importing = true;
    const keyed = { a: 0, b: 0 };
    const keyLoop = async (desk: HotelStore, name: 'a' | 'b'): Promise<void> => {
      while (importing) keyed[name] += await desk.refreshCheckKeys(reservationKeys);
    };
    const imports = (async () => {
      try {
        // New versions of the same reservations: other guests (another seed), other vouchers, other days.
        for (let round = 1; round <= 12; round += 1) {
          const changed = generateReservations(300, 100 + round).map((r) => ({
            ...r,
            logId: r.logId + round * 10_000,
          }));
          await writer.importBatch(changed, AT);
        }
      } finally {
        importing = false;
      }
    })();
    await Promise.all([imports, keyLoop(a, 'a'), keyLoop(b, 'b')]);
    await a.refreshCheckKeys(reservationKeys);
    console.log(`keyed while importing: desk A ${keyed.a}, desk B ${keyed.b} reservations`);
    expect(keyed.a + keyed.b).toBeGreaterThan(0);

    const keys = async () => ({
      vouchers: (
        await pool.query(
          'SELECT reservation_id, agency_id, voucher FROM check_vouchers ORDER BY reservation_id, voucher',
        )
      ).rows,
      guests: (
        await pool.query(
          'SELECT reservation_id, position, person, birth, day FROM check_guests ORDER BY reservation_id, position',
        )
      ).rows,
    });
    const kept = await keys();
    await pool.query('INSERT INTO check_keys_pending (reservation_id) SELECT id FROM reservations');
    expect(await b.refreshCheckKeys(reservationKeys)).toBe(300);
    expect(await keys()).toEqual(kept);
    expect(kept.vouchers.length).toBe(300);
  }, 120_000);
});
