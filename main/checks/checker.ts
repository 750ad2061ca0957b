// The checks engine: index the reference context (stay codes, mappings, stop-sales), ask the hotel's other
// reservations through HotelReservations, then check any number of reservations, each in a handful of
// lookups. Pure: no clock, no I/O; the caller passes "today". createChecker indexes every reservation in
// memory too (a full rebuild); the desk passes SQL-backed lookups kept current as reservations change.
import { AllotmentRule } from './allotment';
import { AllotmentNightIndex } from './allotment-stays';
import { CapacityRule } from './capacity';
import {
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type CheckedReservation,
  type ChecksContext,
  type KnownReservation,
  type ReferenceContext,
} from './context';
import { checkDuplicateVoucher, VoucherIndex } from './duplicate-voucher';
import type { EarlierStay, HotelReservations } from './hotel-reservations';
import { checkHoneymoon } from './honeymoon';
import { checkImpossibleStay } from './impossible-stay';
import { MappedCodes } from './mapped-codes';
import { checkMenOnly } from './men-only';
import { checkOnRequest } from './on-request';
import { checkPastCheckIn } from './past-check-in';
import { checkReturningGuest, GuestIndex } from './returning-guest';
import { isCancelled } from './status';
import { StopSaleRule } from './stop-sale';
import { checkUnmapped } from './unmapped';
import type { CheckKind, ReservationCheck } from './types';
import type { CountedStay } from '../../shared/domain';

/** The order checks come in: problems first (the most urgent first), then notes. */
export const CHECK_KINDS: readonly CheckKind[] = [
  'impossible-stay',
  'past-check-in',
  'capacity',
  'stop-sale',
  'allotment',
  'duplicate-voucher',
  'men-only',
  'on-request',
  'unmapped',
  'returning-guest',
  'honeymoon',
];

export interface Checker {
  readonly settings: Readonly<CheckSettings>;
  /** The checks of one reservation, in CHECK_KINDS order; none for a cancelled one (nothing to decide). */
  check(reservation: CheckedReservation): ReservationCheck[];
}

/** The hotel's reservations indexed in memory, all at once (a repeated keyField counts once). */
export function indexReservations(
  reservations: Iterable<KnownReservation>,
  stays: Iterable<CountedStay> = [],
): HotelReservations {
  const allotments = new AllotmentNightIndex(stays);
  const guests = new GuestIndex();
  const vouchers = new VoucherIndex();
  const seen = new Set<string>();
  for (const r of reservations) {
    if (seen.has(r.keyField)) continue;
    seen.add(r.keyField);
    guests.addReservation(r);
    vouchers.addReservation(r);
  }
  guests.finish();
  vouchers.finish();
  return {
    voucherHolders: (agencyId, voucher, self, shown) =>
      vouchers.voucherHolders(agencyId, voucher, self, shown),
    latestStay: (person, birth, day, self): EarlierStay | undefined =>
      guests.latestStay(person, birth, day, self),
    allotmentNights: (question) => allotments.of(question),
  };
}

/** A full rebuild: the reference context and every reservation indexed in memory. */
export function createChecker(context: ChecksContext): Checker {
  return createCheckerOver(context, indexReservations(context.reservations, context.stays));
}

/**
 * The reference context indexed, asking whichever `hotel` each call gives about the other reservations: the
 * desk keeps one and answers its lookups per batch (asked-reservations.ts).
 */
export interface ReferenceChecker {
  readonly settings: Readonly<CheckSettings>;
  check(reservation: CheckedReservation, hotel: HotelReservations): ReservationCheck[];
}

/** A checker over the reference context, asking `hotel` about the other reservations. */
export function createCheckerOver(context: ReferenceContext, hotel: HotelReservations): Checker {
  const checker = createReferenceChecker(context);
  return { settings: checker.settings, check: (r) => checker.check(r, hotel) };
}

export function createReferenceChecker(context: ReferenceContext): ReferenceChecker {
  const settings: CheckSettings = { ...DEFAULT_CHECK_SETTINGS, ...context.settings };
  const today = context.today.slice(0, 10);
  const capacity = new CapacityRule();
  for (const code of context.stayCodes) capacity.addStayCode(code);
  const mapped = new MappedCodes();
  for (const mapping of context.mappings) mapped.add(mapping);
  const stopSales = new StopSaleRule();
  for (const stopSale of context.stopSales) stopSales.add(stopSale);
  const allotments = new AllotmentRule(context.contracts ?? [], today);

  return {
    settings,
    check(r, hotel) {
      const out: ReservationCheck[] = [];
      if (isCancelled(r)) return out;
      const codes = mapped.of(r.agencyId);
      checkImpossibleStay(r, out);
      checkPastCheckIn(r, today, out);
      capacity.check(r, out);
      stopSales.check(r, codes, out);
      allotments.check(r, codes, hotel, out);
      checkDuplicateVoucher(r, hotel, out);
      if (settings.menOnly) checkMenOnly(r, out);
      checkOnRequest(r, out);
      checkUnmapped(codes, r, out);
      checkReturningGuest(r, hotel, out);
      checkHoneymoon(r, out);
      return out;
    },
  };
}

/** Whether any check asks for a second look (what bulk confirm asks about before including it). */
export const hasProblem = (checks: readonly ReservationCheck[]): boolean =>
  checks.some((check) => check.severity === 'problem');
