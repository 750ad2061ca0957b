// Checks benchmark: the pre-confirm checks for 100k reservations (index the hotel's reservations, stay
// codes, mappings and stop-sales once, then check every reservation), against a lower bound measured in
// the same run: one pass over the same reservations building a small plain object for each (what any
// per-reservation result costs at least). The two alternate and the medians are kept, so both see the
// same moments of a shared machine. `benchChecks()` returns the numbers; run this file to print them.
import { pathToFileURL } from 'node:url';
import { createChecker, type ChecksContext, type ReservationCheck } from '../../main/checks';
import type { Reservation, StayCode } from '../../shared/domain';
import { addDays, generateReservations, randomSource } from '../unit/store/fixtures';
import { median } from './median';

/**
 * "Well under a millisecond per reservation", as a ratio so a busy machine cannot fail it: a plain object
 * costs about 0.1 µs, so a thousand of them is about 0.1 ms, a tenth of the budget.
 */
export const CHECKS_RATIO_TARGET = 1000;

export interface ChecksBenchResult {
  reservations: number;
  /** Median ms to index the context (the hotel's reservations, stay codes, mappings, stop-sales). */
  indexMs: number;
  /** Median ms to check every reservation with a built index. */
  checkMs: number;
  /** Median ms of the lower bound: one plain object per reservation. */
  floorMs: number;
  /** (index + check) / floor, and check alone / floor. */
  ratio: number;
  checkRatio: number;
  /** (index + check) per reservation, in microseconds. */
  microsecondsPerReservation: number;
  /** How many reservations got each kind: the generated data trips every rule. */
  kinds: Record<string, number>;
}

const AGENCIES = ['AG1', 'AG2', 'AG3'];

/**
 * The store fixtures' reservations, made to trip each rule at a plausible rate: rooms with limits,
 * birth dates for most adults, some honeymoons, duplicate vouchers, one unmapped board, men-only
 * bookings (the fixtures' titles are all Mr and Chd), waiting reservations with past check-ins.
 */
function hotel(count: number): { reservations: Reservation[]; context: Omit<ChecksContext, 'reservations'> } {
  const random = randomSource(7);
  const reservations = generateReservations(count, 42);
  for (let i = 0; i < reservations.length; i += 1) {
    const r = reservations[i] as Reservation;
    const roll = random();
    if (roll < 0.05) r.honeyMoon = 'Y';
    if (random() < 0.005 && i > 0) r.voucherNo = (reservations[i - 1] as Reservation).voucherNo;
    for (const guest of r.guests)
      if (random() < 0.7)
        guest.birthDate = `${1950 + Math.floor(random() * 50)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T00:00:00`;
    if (random() < 0.3 && r.guests.length > 1) {
      const second = r.guests[1];
      if (second) second.title = 'Mrs';
    }
  }
  const stayCodes: StayCode[] = AGENCIES.map((agencyId) => ({
    agencyId,
    kind: 'room',
    code: 'R1',
    name: 'Sea view',
    minAdults: 1,
    maxAdults: 2,
    maxChildren: 1,
    maxPax: 3,
  }));
  const mapped = (agencyId: string) => [
    { agencyId, kind: 'room' as const, channelCode: 'R1', hotelCode: 'STD' },
    { agencyId, kind: 'roomType' as const, channelCode: 'DBL', hotelCode: 'DZ' },
    { agencyId, kind: 'roomType' as const, channelCode: 'TRP', hotelCode: 'TR3' },
    { agencyId, kind: 'roomType' as const, channelCode: 'FAM', hotelCode: 'AIL' },
    { agencyId, kind: 'board' as const, channelCode: 'AI', hotelCode: 'HP' },
    { agencyId, kind: 'board' as const, channelCode: 'HB', hotelCode: 'YP' },
    ...['TR', 'DE', 'GB', 'RU'].map((code) => ({
      agencyId,
      kind: 'nationality' as const,
      channelCode: code,
      hotelCode: code,
    })),
  ];
  const stopSales = [
    { codeKind: 'roomType' as const, hotelCode: 'DZ', from: '2026-08-10', to: '2026-08-12' },
    { codeKind: 'roomType' as const, hotelCode: 'AIL', from: '2026-09-01', to: '2026-09-03' },
    { codeKind: 'room' as const, hotelCode: 'STD', from: addDays('2026-07-20', 0), to: '2026-07-20' },
  ];
  return {
    reservations,
    context: {
      today: '2026-06-15',
      settings: { menOnly: true },
      stayCodes,
      mappings: AGENCIES.flatMap(mapped),
      stopSales,
    },
  };
}

const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** The lower bound: one small plain object per reservation, kept (as the checks' results are). */
function floor(reservations: readonly Reservation[]): unknown[] {
  const out: unknown[] = new Array(reservations.length);
  for (let i = 0; i < reservations.length; i += 1) {
    const r = reservations[i] as Reservation;
    out[i] = { keyField: r.keyField, checkIn: r.checkIn, guests: r.guests.length };
  }
  return out;
}

export function benchChecks(count = 100_000, runs = 7): ChecksBenchResult {
  const { reservations, context } = hotel(count);
  const build = () => createChecker({ ...context, reservations });
  const checkAll = (checker: ReturnType<typeof build>): ReservationCheck[][] =>
    reservations.map((r) => checker.check(r));
  // Warm both code paths once, so neither side of the ratio pays for the JIT alone.
  floor(reservations);
  const results = checkAll(build());
  const indexTimes: number[] = [];
  const checkTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    floor(reservations);
    floorTimes.push(performance.now() - start);
    start = performance.now();
    const checker = build();
    indexTimes.push(performance.now() - start);
    start = performance.now();
    checkAll(checker);
    checkTimes.push(performance.now() - start);
  }
  const kinds: Record<string, number> = {};
  for (const checks of results)
    for (const kind of new Set(checks.map((c) => c.kind))) kinds[kind] = (kinds[kind] ?? 0) + 1;
  const indexMs = median(indexTimes);
  const checkMs = median(checkTimes);
  const floorMs = median(floorTimes);
  return {
    reservations: count,
    indexMs: round(indexMs, 1),
    checkMs: round(checkMs, 1),
    floorMs: round(floorMs, 2),
    ratio: round((indexMs + checkMs) / floorMs, 1),
    checkRatio: round(checkMs / floorMs, 1),
    microsecondsPerReservation: round(((indexMs + checkMs) * 1000) / count, 2),
    kinds,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(benchChecks(), null, 2));
}
