// Pre-confirm checks (issue 14): what a careful receptionist would check before saying yes.
export { CHECK_KINDS, createChecker, hasProblem, type Checker } from './checker';
export {
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type CheckedReservation,
  type ChecksContext,
  type KnownReservation,
  type MappedChannelCode,
  type RoomLimits,
} from './context';
export { DUPLICATES_SHOWN } from './duplicate-voucher';
export { foldName, personKey } from './fold-name';
export type * from './types';
