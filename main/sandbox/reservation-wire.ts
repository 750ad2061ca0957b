// A reservation written the way its agency sends it: that agency's codes and names, ReservationPms
// and CustomerPms members exactly as the spec names them (ConfirmeNote, Childs, PromosyonRoom, ...),
// except the two brand-bearing members, which follow the service's dialect (PartnerId / PaximumId,
// StayHotelName / SejourHotelName). The encoders order members ordinally wherever they land.
import type { DialectWords } from './dialect';
import { AGENCIES, BOARDS, HOTEL, NATIONALS, ROOMS, ROOM_TYPES, type DialectCode } from './catalog';
import { daysBetween, wireDate } from './calendar';
import { countGuests, type GuestRecord, type ReservationRecord } from './reservation';
import { dateTime, list, record, type WireRecord } from './wire';

export interface HotelIdentity {
  hotelId: string;
  partnerId: number;
  agencyIds: readonly string[];
  words: DialectWords;
}

function dialectEntry(
  table: readonly DialectCode[],
  index: number,
  dialect: number,
): { code: string; name: string } {
  const entry = table[index] ?? table[0];
  return { code: entry?.codes[dialect] ?? '', name: entry?.names[dialect] ?? '' };
}

function customer(guest: GuestRecord, index: number, keyField: string, turkishNames: boolean): WireRecord {
  const national = NATIONALS.find((item) => item.code === guest.nationality);
  return record('CustomerPms', {
    Age: guest.age,
    Arrival: guest.arrival,
    ArrivalTime: dateTime(guest.arrivalTime),
    BirthDate: dateTime(guest.birthDate),
    Departure: guest.departure,
    DepartureTime: dateTime(guest.departureTime),
    MusNo: index + 1,
    MusTakipNo: guest.musTakipNo,
    Name: guest.name,
    Nationality: guest.nationality,
    NationalityString: national ? (turkishNames ? national.turkishName : national.name) : '',
    ReservationKeyField: keyField,
    Title: guest.title,
  });
}

export function reservationItem(item: ReservationRecord, hotel: HotelIdentity): WireRecord {
  const agency = AGENCIES[item.agencyIndex] ?? AGENCIES[0];
  const dialect = agency?.dialect ?? 0;
  const room = dialectEntry(ROOMS, item.roomIndex, dialect);
  const roomType = dialectEntry(ROOM_TYPES, item.roomTypeIndex, dialect);
  const board = dialectEntry(BOARDS, item.boardIndex, dialect);
  const { adults, childs, infants } = countGuests(item.guests);
  return record('ReservationPms', {
    AccomId: board.code,
    AccomName: board.name,
    Adults: adults,
    AgencyId: hotel.agencyIds[item.agencyIndex] ?? '',
    AgencyName: agency?.name ?? '',
    CheckIn: dateTime(wireDate(item.checkIn)),
    CheckOut: dateTime(wireDate(item.checkOut)),
    Childs: childs,
    ConfirmDate: dateTime(item.confirmDate),
    ConfirmationNo: item.confirmationNo,
    ConfirmationStatus: item.confirmationStatus,
    ConfirmeNote: item.confirmeNote,
    Customers: list(
      'CustomerPms',
      item.guests.map((guest, index) => customer(guest, index, item.keyField, dialect === 4)),
    ),
    ExtraBed: item.extraBed,
    ExtraServices: list('ExtraServicePms', []),
    FisNo: item.fisNo,
    FreeOfCharge: item.freeOfCharge,
    HoneyMoon: item.honeyMoon,
    HotelId: hotel.hotelId,
    HotelName: HOTEL.name,
    Infants: infants,
    KeyField: item.keyField,
    LastChangeUser: item.lastChangeUser,
    LogId: item.logId,
    Nights: daysBetween(item.checkIn, item.checkOut),
    Note: item.note,
    OriginalHotelCode: HOTEL.originalCode,
    [hotel.words.reservationHotelNumber]: item.hotelNumber ?? hotel.partnerId,
    Pax: adults + childs + infants,
    PmsStatus: item.pmsStatus,
    PromosyonRoom: item.promosyonRoom,
    QuotaType: item.quotaType,
    ReservationStatus: item.reservationStatus,
    RoomCount: item.roomCount,
    RoomId: room.code,
    RoomName: room.name,
    RoomNo: item.roomNo,
    RoomTypeId: roomType.code,
    RoomTypeName: roomType.name,
    SellDate: dateTime(item.sellDate),
    ServiceId: item.serviceId,
    SoldCurrency: agency?.currency ?? 'EUR',
    SoldPrice: item.soldPrice,
    [hotel.words.reservationStayHotelName]: HOTEL.stayName,
    TourOpCode: agency?.tourOpCode ?? '',
    TourOpName: agency?.name ?? '',
    VoucherNo: item.voucherNo,
  });
}
