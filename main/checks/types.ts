// The checks' output types live in shared/domain/checks.ts (plain data the renderer and the store use too);
// re-exported here so the engine's modules keep one local name for them.
export type {
  AllotmentCheck,
  CapacityCheck,
  CapacityLimit,
  CheckKind,
  CheckSeverity,
  DuplicateVoucherCheck,
  HoneymoonCheck,
  ImpossibleStayCheck,
  MenOnlyCheck,
  PastCheckInCheck,
  ReservationCheck,
  ReturningGuestCheck,
  StopSale,
  StopSaleCheck,
  StopSaleCodeKind,
  UnmappedCheck,
} from '../../shared/domain';
