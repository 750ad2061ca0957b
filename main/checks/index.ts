// Pre-confirm checks: what a careful receptionist would check before saying yes.
export {
  CHECK_KINDS,
  createChecker,
  createCheckerOver,
  createReferenceChecker,
  hasProblem,
  indexReservations,
  type Checker,
  type ReferenceChecker,
} from './checker';
export { checkBatch, type Answers, type AskOnly, type Questions } from './asked-reservations';
export {
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type CheckedReservation,
  type ChecksContext,
  type ReferenceContext,
  type KnownReservation,
  type MappedChannelCode,
  type RoomLimits,
} from './context';
export { DUPLICATES_SHOWN } from './duplicate-voucher';
export { foldName, personKey } from './fold-name';
export type { BirthFilter, EarlierStay, HotelReservations, VoucherHolders } from './hotel-reservations';
export { reservationKeys, voucherKey, type GuestKey, type ReservationKeys } from './reservation-keys';
export type * from './types';
