// The checks engine: index the context once (stay codes, mappings, stop-sales, the hotel's reservations),
// then check any number of reservations, each in a handful of map lookups. Pure: no clock, no I/O; the
// caller passes "today" and rebuilds the checker when the context changes (100k reservations index in
// well under a second: see test/bench/checks.ts).
import { CapacityRule } from './capacity';
import {
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type CheckedReservation,
  type ChecksContext,
} from './context';
import { DuplicateVoucherRule } from './duplicate-voucher';
import { checkHoneymoon } from './honeymoon';
import { checkImpossibleStay } from './impossible-stay';
import { MappedCodes } from './mapped-codes';
import { checkMenOnly } from './men-only';
import { checkPastCheckIn } from './past-check-in';
import { ReturningGuestRule } from './returning-guest';
import { isCancelled } from './status';
import { StopSaleRule } from './stop-sale';
import { checkUnmapped } from './unmapped';
import type { CheckKind, ReservationCheck } from './types';

/** The order checks come in: problems first (the most urgent first), then notes. */
export const CHECK_KINDS: readonly CheckKind[] = [
  'impossible-stay',
  'past-check-in',
  'capacity',
  'stop-sale',
  'duplicate-voucher',
  'men-only',
  'unmapped',
  'returning-guest',
  'honeymoon',
];

export interface Checker {
  readonly settings: Readonly<CheckSettings>;
  /** The checks of one reservation, in CHECK_KINDS order; none for a cancelled one (nothing to decide). */
  check(reservation: CheckedReservation): ReservationCheck[];
}

export function createChecker(context: ChecksContext): Checker {
  const settings: CheckSettings = { ...DEFAULT_CHECK_SETTINGS, ...context.settings };
  const today = context.today.slice(0, 10);
  const capacity = new CapacityRule();
  for (const code of context.stayCodes) capacity.addStayCode(code);
  const mapped = new MappedCodes();
  for (const mapping of context.mappings) mapped.add(mapping);
  const stopSales = new StopSaleRule();
  for (const stopSale of context.stopSales) stopSales.add(stopSale);
  const returning = new ReturningGuestRule();
  const duplicates = new DuplicateVoucherRule();
  const seen = new Set<string>();
  for (const r of context.reservations) {
    if (seen.has(r.keyField)) continue;
    seen.add(r.keyField);
    returning.addReservation(r);
    duplicates.addReservation(r);
  }
  returning.finish();
  duplicates.finish();

  return {
    settings,
    check(r) {
      const out: ReservationCheck[] = [];
      if (isCancelled(r)) return out;
      const codes = mapped.of(r.agencyId);
      checkImpossibleStay(r, out);
      checkPastCheckIn(r, today, out);
      capacity.check(r, out);
      stopSales.check(r, codes, out);
      duplicates.check(r, out);
      if (settings.menOnly) checkMenOnly(r, out);
      checkUnmapped(codes, r, out);
      returning.check(r, out);
      checkHoneymoon(r, out);
      return out;
    },
  };
}

/** Whether any check asks for a second look (what bulk confirm asks about before including it). */
export const hasProblem = (checks: readonly ReservationCheck[]): boolean =>
  checks.some((check) => check.severity === 'problem');
