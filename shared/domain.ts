// The hotel's vocabulary, shared by main and renderer. Plain data only: no behaviour, no imports.
//
// Dates from the service are calendar values in the hotel's own time: they are kept as the
// strings they arrived as, never turned into Date objects, so nothing shifts them through a zone.

/** 'YYYY-MM-DD' */
export type CalendarDate = string;
/** 'YYYY-MM-DDTHH:mm:ss' (no zone: hotel-local wall clock) */
export type LocalDateTime = string;

/** W waiting, E confirmed, H not confirmed (declined). */
export type ConfirmationStatus = 'W' | 'E' | 'H';

/** What the service said about this version: PmsStatus 0 new, 2 changed, 3 cancelled. */
export type ChangeKind = 'new' | 'changed' | 'cancelled';

export const changeKindOfPmsStatus = (pmsStatus: number): ChangeKind =>
  pmsStatus === 3 ? 'cancelled' : pmsStatus === 2 ? 'changed' : 'new';

export type UiLanguage = 'tr' | 'en';
export type ServiceLanguage = 'tr-TR' | 'en-US';
export type WireFormat = 'json' | 'xml';

export interface Agency {
  id: string;
  name: string;
}

export interface NotConfirmMessage {
  id: string;
  name: string;
  lang: ServiceLanguage;
}

export type StayCodeKind = 'room' | 'roomType' | 'board' | 'nationality';

export interface StayCode {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
  name: string;
  /** Rooms only. */
  pax?: number | null;
  minAdults?: number | null;
  maxAdults?: number | null;
  maxChildren?: number | null;
}

/** A channel code mapped to the hotel's own PMS code. */
export interface Mapping {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  hotelCode: string;
  updatedBy: string;
  updatedAt: string;
}

/** CustomerPms, in the hotel's words. */
export interface Guest {
  name: string;
  title: string;
  age: number | null;
  birthDate: LocalDateTime | null;
  nationality: string;
  nationalityString: string;
  arrival: string;
  arrivalTime: LocalDateTime | null;
  departure: string;
  departureTime: LocalDateTime | null;
  musNo: number | null;
  musTakipNo: string;
  reservationKeyField: string;
}

/** ReservationPms, one version of a reservation as the service sent it. */
export interface Reservation {
  keyField: string;
  logId: number;
  serviceId: string;
  pmsStatus: number;
  confirmationStatus: ConfirmationStatus;
  confirmationNo: string;
  confirmDate: LocalDateTime | null;
  confirmeNote: string;
  agencyId: string;
  agencyName: string;
  hotelId: string;
  hotelName: string;
  stayHotelName: string;
  originalHotelCode: string;
  partnerId: number;
  tourOpCode: string;
  tourOpName: string;
  voucherNo: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  nights: number;
  roomId: string;
  roomName: string;
  roomNo: string | null;
  roomTypeId: string;
  roomTypeName: string;
  /** Board code (AccomId). */
  accomId: string;
  accomName: string;
  roomCount: number;
  adults: number;
  childs: number;
  infants: number;
  pax: number;
  extraBed: number;
  fisNo: number;
  freeOfCharge: string;
  honeyMoon: string;
  promosyonRoom: string;
  quotaType: number;
  reservationStatus: number;
  lastChangeUser: string;
  note: string;
  sellDate: LocalDateTime | null;
  soldCurrency: string;
  soldPrice: number;
  guests: Guest[];
  /** The item exactly as decoded, unknown fields included, so nothing the service sent is lost. */
  raw: Record<string, unknown>;
}
