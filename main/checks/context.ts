// What the checks read besides the reservation itself. Each input is the narrowest slice of the domain
// types that a rule needs (a full StayCode, Mapping or Reservation fits), and every list is an Iterable,
// so the store can stream rows from a statement instead of materialising 100k objects first.
import type { CalendarDate, Guest, Mapping, Reservation, StayCode } from '../../shared/domain';
import type { StopSale } from './types';

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

/** Another reservation of the hotel, as much of it as returning guests and duplicate vouchers need. */
export interface KnownReservation extends Pick<
  Reservation,
  'keyField' | 'agencyId' | 'voucherNo' | 'checkIn' | 'pmsStatus' | 'confirmationStatus'
> {
  guests: readonly Pick<Guest, 'name' | 'birthDate'>[];
}

/** The reservation being checked: a full Reservation fits. */
export interface CheckedReservation extends Pick<
  Reservation,
  | 'keyField'
  | 'agencyId'
  | 'voucherNo'
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'pmsStatus'
  | 'confirmationStatus'
  | 'roomId'
  | 'roomTypeId'
  | 'accomId'
  | 'roomCount'
  | 'adults'
  | 'childs'
  | 'infants'
  | 'honeyMoon'
  | 'note'
> {
  guests: readonly Pick<Guest, 'name' | 'title' | 'birthDate' | 'nationality'>[];
}

export interface ChecksContext {
  /** The hotel's calendar date now (hotel-local, 'YYYY-MM-DD'): the caller owns the clock and the zone. */
  today: CalendarDate;
  settings?: Partial<CheckSettings>;
  stayCodes: Iterable<RoomLimits>;
  mappings: Iterable<MappedChannelCode>;
  stopSales: Iterable<StopSale>;
  /**
   * The hotel's reservations, one (the current) version per keyField, cancelled and declined included
   * (the rules decide what counts). A repeated keyField is ignored after its first appearance.
   */
  reservations: Iterable<KnownReservation>;
}
