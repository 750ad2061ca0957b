// ReservationPms → Reservation, CustomerPms → Guest. Dates stay the wall-clock text they came as.
import {
  asObject,
  code,
  calendarDate,
  field,
  FieldError,
  int,
  intOrNull,
  intWithin,
  decimalWithin,
  listItems,
  localDateTime,
  requiredInt,
  requiredCode,
  text,
  textOrNull,
} from './fields';
import { itemJson } from './item-text';
import type { WireObject, WireValue } from './wire-value';
import { reservationFieldSpellings } from './dialect';
import type { Guest, Reservation, ServiceConfirmationStatus } from '../../shared/domain';

/**
 * Any short code is kept as it came: besides W, E and H the live service sends S and G, and a letter
 * nobody has seen yet must not make the list unreadable. Only a missing or absurd value is refused.
 */
function confirmationStatus(item: WireObject): ServiceConfirmationStatus {
  const value = text(item, 'ConfirmationStatus').trim().toUpperCase();
  if (value === '' || value.length > 8) throw new FieldError('ConfirmationStatus', 'a status letter');
  return value;
}

/**
 * What a booking can hold. Beyond these a value is broken, not big: the item is set aside for a person
 * to look at instead of being stored and later exported room by room or guest by guest.
 */
const LIMITS = { rooms: 100, guests: 999, nights: 400, age: 130, price: 100_000_000 };

function ageOf(item: WireObject): number | null {
  const age = intOrNull(item, 'Age');
  if (age !== null && (age < 0 || age > LIMITS.age))
    throw new FieldError('Age', `a whole number from 0 to ${LIMITS.age}`);
  return age;
}

/** The name this item uses for a field both dialects carry (PartnerId / PaximumId, …). */
function spelledAs(item: WireObject, specName: string): string {
  const spellings = reservationFieldSpellings[specName] ?? [specName];
  for (const name of spellings) if (field(item, name) !== undefined) return name;
  return specName;
}

export function decodeGuest(value: WireValue): Guest {
  const item = asObject(value, 'Customers');
  return {
    name: text(item, 'Name'),
    title: text(item, 'Title'),
    age: ageOf(item),
    birthDate: localDateTime(item, 'BirthDate'),
    nationality: text(item, 'Nationality'),
    nationalityString: text(item, 'NationalityString'),
    arrival: text(item, 'Arrival'),
    arrivalTime: localDateTime(item, 'ArrivalTime'),
    departure: text(item, 'Departure'),
    departureTime: localDateTime(item, 'DepartureTime'),
    musNo: intOrNull(item, 'MusNo'),
    musTakipNo: text(item, 'MusTakipNo'),
    reservationKeyField: text(item, 'ReservationKeyField'),
  };
}

/** The reservation's guests: more than a booking can hold is a broken list, like a count beyond LIMITS.guests. */
function guestsOf(item: WireObject): Guest[] {
  const guests = listItems(field(item, 'Customers'), 'Customers');
  if (guests.length > LIMITS.guests) throw new FieldError('Customers', `at most ${LIMITS.guests} guests`);
  return guests.map(decodeGuest);
}

/** `raw` of each decoded reservation, made from its item's text the first time someone asks. */
const rawOfDecoded = new WeakMap<Reservation, Record<string, unknown>>();
function decodedRaw(this: Reservation): Record<string, unknown> {
  let raw = rawOfDecoded.get(this);
  if (raw === undefined) {
    raw = JSON.parse(this.itemJson ?? '{}') as Record<string, unknown>;
    rawOfDecoded.set(this, raw);
  }
  return raw;
}

// `raw` is made again from the item's text when someone asks (the probe, a hand-changed copy): holding the parsed
// item in every decoded reservation would keep each batch's 2000 item objects alive until the batch is stored. It
// is one getter shared by every reservation, added after the literal: a getter written in the literal put each
// reservation's 47 fields in a dictionary instead of V8's fast properties, and every read of them was a lookup.
// The item's JSON rides along as `itemJson`, so the store may keep the item alone as the version's snapshot (reading
// it again gives this Reservation back). Not enumerable: a copy ({ ...r, logId }) is no longer what the item says
// and must not carry it. Reservations are never changed in place.
const withItemJson = (reservation: Omit<Reservation, 'raw'>, json: string): Reservation =>
  Object.defineProperties(reservation as Reservation, {
    raw: { get: decodedRaw, enumerable: true, configurable: true },
    itemJson: { value: json, enumerable: false },
  });

/** Throws FieldError when the item is not a usable reservation. */
export function decodeReservation(value: WireValue): Reservation {
  const item = asObject(value, 'ReservationPms');
  const reservation: Omit<Reservation, 'raw'> = {
    keyField: requiredCode(item, 'KeyField'),
    logId: requiredInt(item, 'LogId'),
    serviceId: requiredCode(item, 'ServiceId'),
    pmsStatus: int(item, 'PmsStatus'),
    confirmationStatus: confirmationStatus(item),
    confirmationNo: text(item, 'ConfirmationNo'),
    confirmDate: localDateTime(item, 'ConfirmDate'),
    confirmeNote: text(item, 'ConfirmeNote'),
    agencyId: code(item, 'AgencyId'),
    agencyName: text(item, 'AgencyName'),
    hotelId: text(item, 'HotelId'),
    hotelName: text(item, 'HotelName'),
    stayHotelName: text(item, spelledAs(item, 'StayHotelName')),
    originalHotelCode: text(item, 'OriginalHotelCode'),
    partnerId: int(item, spelledAs(item, 'PartnerId')),
    tourOpCode: text(item, 'TourOpCode'),
    tourOpName: text(item, 'TourOpName'),
    voucherNo: code(item, 'VoucherNo'),
    checkIn: calendarDate(item, 'CheckIn'),
    checkOut: calendarDate(item, 'CheckOut'),
    nights: intWithin(item, 'Nights', 0, LIMITS.nights),
    roomId: text(item, 'RoomId'),
    roomName: text(item, 'RoomName'),
    roomNo: textOrNull(item, 'RoomNo'),
    roomTypeId: code(item, 'RoomTypeId'),
    roomTypeName: text(item, 'RoomTypeName'),
    accomId: text(item, 'AccomId'),
    accomName: text(item, 'AccomName'),
    roomCount: intWithin(item, 'RoomCount', 0, LIMITS.rooms),
    adults: intWithin(item, 'Adults', 0, LIMITS.guests),
    childs: intWithin(item, 'Childs', 0, LIMITS.guests),
    infants: intWithin(item, 'Infants', 0, LIMITS.guests),
    pax: intWithin(item, 'Pax', 0, LIMITS.guests),
    extraBed: intWithin(item, 'ExtraBed', 0, LIMITS.guests),
    fisNo: int(item, 'FisNo'),
    freeOfCharge: text(item, 'FreeOfCharge'),
    honeyMoon: text(item, 'HoneyMoon'),
    promosyonRoom: text(item, 'PromosyonRoom'),
    quotaType: int(item, 'QuotaType'),
    reservationStatus: int(item, 'ReservationStatus'),
    lastChangeUser: text(item, 'LastChangeUser'),
    note: text(item, 'Note'),
    sellDate: localDateTime(item, 'SellDate'),
    soldCurrency: text(item, 'SoldCurrency'),
    soldPrice: decimalWithin(item, 'SoldPrice', -LIMITS.price, LIMITS.price),
    guests: guestsOf(item),
  };
  return withItemJson(reservation, itemJson(item));
}
