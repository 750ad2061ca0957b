// Reads a stored item (snapshot format 2: a ReservationPms exactly as the service sent it, as JSON) into
// a Reservation. The store's own reader, frozen with the format, so stored versions never depend on
// today's exchange client: it gives what the wire decoder gave when the item arrived (the snapshot tests
// hold it to that for real items of both dialects and both formats).
import type { Guest, Reservation, ServiceConfirmationStatus } from '../../shared/domain';
import {
  calendarDate,
  decimal,
  field,
  int,
  intOrNull,
  isStoredItem,
  listItems,
  localDateTime,
  requiredInt,
  requiredText,
  spelledAs,
  StoredItemError,
  text,
  textOrNull,
  type ItemValue,
  type StoredItem,
} from './stored-item-fields';

/** Both dialects' names for the fields they spell differently: the spec's first, then the original's. */
const hotelNumber = ['PartnerId', 'PaximumId'] as const;
const stayHotelName = ['StayHotelName', 'SejourHotelName'] as const;

function asItem(value: ItemValue | undefined, name: string): StoredItem {
  if (!isStoredItem(value)) throw new StoredItemError(name);
  return value;
}

/** Any short code as it came (W, E, H, and the live service's S and G). */
function confirmationStatus(item: StoredItem): ServiceConfirmationStatus {
  const value = text(item, 'ConfirmationStatus').trim().toUpperCase();
  if (value === '' || value.length > 8) throw new StoredItemError('ConfirmationStatus');
  return value;
}

function storedGuest(value: ItemValue): Guest {
  const item = asItem(value, 'Customers');
  return {
    name: text(item, 'Name'),
    title: text(item, 'Title'),
    age: intOrNull(item, 'Age'),
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

/** Throws StoredItemError when the item is not a reservation the wire decoder would have accepted. */
export function readStoredItem(item: StoredItem): Reservation {
  return {
    keyField: requiredText(item, 'KeyField'),
    logId: requiredInt(item, 'LogId'),
    serviceId: requiredText(item, 'ServiceId'),
    pmsStatus: int(item, 'PmsStatus'),
    confirmationStatus: confirmationStatus(item),
    confirmationNo: text(item, 'ConfirmationNo'),
    confirmDate: localDateTime(item, 'ConfirmDate'),
    confirmeNote: text(item, 'ConfirmeNote'),
    agencyId: text(item, 'AgencyId'),
    agencyName: text(item, 'AgencyName'),
    hotelId: text(item, 'HotelId'),
    hotelName: text(item, 'HotelName'),
    stayHotelName: text(item, spelledAs(item, stayHotelName)),
    originalHotelCode: text(item, 'OriginalHotelCode'),
    partnerId: int(item, spelledAs(item, hotelNumber)),
    tourOpCode: text(item, 'TourOpCode'),
    tourOpName: text(item, 'TourOpName'),
    voucherNo: text(item, 'VoucherNo'),
    checkIn: calendarDate(item, 'CheckIn'),
    checkOut: calendarDate(item, 'CheckOut'),
    nights: int(item, 'Nights'),
    roomId: text(item, 'RoomId'),
    roomName: text(item, 'RoomName'),
    roomNo: textOrNull(item, 'RoomNo'),
    roomTypeId: text(item, 'RoomTypeId'),
    roomTypeName: text(item, 'RoomTypeName'),
    accomId: text(item, 'AccomId'),
    accomName: text(item, 'AccomName'),
    roomCount: int(item, 'RoomCount'),
    adults: int(item, 'Adults'),
    childs: int(item, 'Childs'),
    infants: int(item, 'Infants'),
    pax: int(item, 'Pax'),
    extraBed: int(item, 'ExtraBed'),
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
    soldPrice: decimal(item, 'SoldPrice'),
    guests: listItems(field(item, 'Customers'), 'Customers').map(storedGuest),
    raw: item,
  };
}
