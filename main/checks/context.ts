// What the checks read besides the reservation itself. Each input is the narrowest slice of the domain
// types that a rule needs (a full StayCode, Mapping or Reservation fits), and every list is an Iterable,
// so the store can stream rows from a statement instead of materialising 100k objects first.
import type {
  CalendarDate,
  CheckedReservation,
  KnownReservation,
  Mapping,
  StayCode,
} from '../../shared/domain';
import type { StopSale } from './types';
import type { ContractTerms } from './allotment';
import type { CountedStay } from '../../shared/domain';

export interface CheckSettings {
  /** The family-policy check ("men only" bookings). Off unless the hotel turns it on. */
  menOnly: boolean;
}

export const DEFAULT_CHECK_SETTINGS: Readonly<CheckSettings> = { menOnly: false };

/** A stay code with its guest limits; only rooms (kind 'room') carry limits, the rest are skipped. */
export type RoomLimits = Pick<
  StayCode,
  'agencyId' | 'kind' | 'code' | 'minAdults' | 'maxAdults' | 'maxChildren' | 'maxPax'
>;

/** A channel code that has a hotel code. */
export type MappedChannelCode = Pick<Mapping, 'agencyId' | 'kind' | 'channelCode' | 'hotelCode'>;

/** The reservation being checked and the others, as the checks read them: one definition, in the domain. */
export type { CheckedReservation, KnownReservation };

/** What the checks read besides the hotel's reservations: small tables, indexed whole. */
export interface ReferenceContext {
  /** The hotel's calendar date now (hotel-local, 'YYYY-MM-DD'): the caller owns the clock and the zone. */
  today: CalendarDate;
  settings?: Partial<CheckSettings>;
  stayCodes: Iterable<RoomLimits>;
  mappings: Iterable<MappedChannelCode>;
  stopSales: Iterable<StopSale>;
  /** The operators' allotments (none: nothing to check). */
  contracts?: Iterable<ContractTerms>;
}

export interface ChecksContext extends ReferenceContext {
  /**
   * The hotel's reservations, one (the current) version per keyField, cancelled and declined included
   * (the rules decide what counts). A repeated keyField is ignored after its first appearance.
   */
  reservations: Iterable<KnownReservation>;
  /** The stays that count against allotments (allotment-stays' reads, whole); none: no stay counts. */
  stays?: Iterable<CountedStay>;
}
