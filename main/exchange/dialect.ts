// How each dialect of the exchange service spells the spec's words on the wire. The code speaks the
// spec's vocabulary (partnerId, stay codes); only this table knows the live service's original names.
//
// Where each name comes from: "spec" is ../shared/spec/exchange-service.md, which replaced the brand word
// in some identifiers by neutral ones (its first paragraph says so). "original" is what the live service
// still uses, as two independent public clients of it show (spec/real-service-evidence.md): a COBOL
// module of a Turkish hotel PMS and a small Python script. The fields inside the mapping collections are
// not shown by the spec at all; the spec dialect's Code/Name are the practice service's own choice, the
// original ones are the COBOL client's record layouts (Kodu = code, Tanim = definition, Otel = hotel,
// Otip = room type, Oda = room, adi = name).
import type { StayCodeKind } from '../../shared/domain';

/** spec: the documented names; original: the live service's names. */
export type Dialect = 'spec' | 'original';

export interface DialectNames {
  /** Query parameter carrying the hotel number. */
  hotelParameter: string;
  /** Path of the stay-codes-for-mapping operation. */
  mappingPath: string;
  /** The item of the mapping answer. */
  mappingItem: string;
  /** The four collections inside the mapping item. */
  collections: Record<StayCodeKind, string>;
  /** Reservation field with the hotel number. */
  reservationHotelNumber: string;
  /** Reservation field with the hotel's name in the stay system. */
  reservationStayHotelName: string;
}

export const dialects: Record<Dialect, DialectNames> = {
  spec: {
    hotelParameter: 'partnerId',
    mappingPath: 'api/pax/getstayformapping',
    mappingItem: 'StayCodesForMapping',
    collections: {
      board: 'StayBoards',
      roomType: 'StayRoomTypes',
      room: 'StayRooms',
      nationality: 'StayNationals',
    },
    reservationHotelNumber: 'PartnerId',
    reservationStayHotelName: 'StayHotelName',
  },
  original: {
    hotelParameter: 'paximumId',
    mappingPath: 'api/pax/getsejourformapping',
    mappingItem: 'SejourCodesForMapping',
    collections: {
      board: 'SejourBoards',
      roomType: 'SejourRoomTypes',
      room: 'SejourRooms',
      nationality: 'SejourNationals',
    },
    reservationHotelNumber: 'PaximumId',
    reservationStayHotelName: 'SejourHotelName',
  },
};

export const DIALECTS: readonly Dialect[] = ['spec', 'original'];

export const isDialect = (value: unknown): value is Dialect => value === 'spec' || value === 'original';

export const otherDialect = (dialect: Dialect): Dialect => (dialect === 'spec' ? 'original' : 'spec');

/**
 * Field names inside a mapping collection's elements, each concept with every spelling met: the spec
 * dialect's first, then the original's. Decoders take the first one present, so either dialect reads.
 */
export const stayCodeFields = {
  code: {
    board: ['Code', 'Kodu'],
    roomType: ['Code', 'Otip'],
    room: ['Code', 'Oda'],
    nationality: ['Code', 'Kodu'],
  } satisfies Record<StayCodeKind, readonly string[]>,
  name: ['Name', 'Tanim', 'adi'],
  hotel: ['Hotel', 'Otel'],
  hotelNumber: ['PartnerId', 'PaximumId'],
  pax: ['Pax'],
  minAdults: ['MinAdl'],
  maxAdults: ['MaxAdl'],
  maxChildren: ['MaxChd'],
  maxPax: ['MaxPax'],
} as const;

/** Every name either dialect may use for a field of the reservation item (spec name → all spellings). */
export const reservationFieldSpellings: Readonly<Record<string, readonly string[]>> = {
  PartnerId: ['PartnerId', 'PaximumId'],
  StayHotelName: ['StayHotelName', 'SejourHotelName'],
};

/**
 * ASP.NET Web API's answer for a path it has no action for. A 404 with this text means "this service
 * speaks the other dialect"; any other 404 (a wrong base address) does not.
 */
export const isNoSuchOperation = (status: number, body: string): boolean =>
  status === 404 && /No HTTP resource was found|No action was found/i.test(body);
