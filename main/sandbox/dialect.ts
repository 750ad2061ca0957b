// How the practice service spells the brand-bearing identifiers. 'spec' is the interface as documented
// (../shared/spec/exchange-service.md, which replaced the brand words by neutral ones); 'original' is
// what the live service still sends, as its public clients show (real-service-evidence.md). Everything
// else — behaviour, errors, other members — is the same in both. This is the practice service's own
// table: it deliberately shares nothing with the client's table in main/exchange.

export type ServiceDialect = 'spec' | 'original';

export const SERVICE_DIALECTS: readonly ServiceDialect[] = ['spec', 'original'];

export interface XmlNamespaces {
  /** Default namespace of the ServiceResultOfArrayOf… root. */
  readonly envelope: string;
  /** Namespace of the Data items (prefix a:). */
  readonly entity: string;
  /** Namespace the stay-code collection items switch to. */
  readonly definition: string;
}

/** Member names of the mapping collection items, by concept. */
export interface MappingFieldNames {
  readonly boardCode: string;
  readonly roomTypeCode: string;
  readonly roomCode: string;
  readonly nationalCode: string;
  /** The definition (name) of a board, room type or room. */
  readonly name: string;
  readonly nationalName: string;
  /** The hotel, by its code. */
  readonly hotel: string;
  /** The hotel number. */
  readonly hotelNumber: string;
}

export interface DialectWords {
  readonly dialect: ServiceDialect;
  /** Query parameter with the hotel number. */
  readonly hotelParameter: 'partnerId' | 'paximumId';
  /** Lower-case path of the mapping operation. */
  readonly mappingPath: string;
  /** Action name in .NET exception texts. */
  readonly mappingAction: string;
  readonly mappingItem: string;
  readonly boards: string;
  readonly nationals: string;
  readonly roomTypes: string;
  readonly rooms: string;
  readonly fields: MappingFieldNames;
  /** Reservation member with the hotel number. */
  readonly reservationHotelNumber: string;
  /** Reservation member with the hotel's name in the stay system. */
  readonly reservationStayHotelName: string;
  /** Member of a hotel-search result with the hotel number. */
  readonly searchHotelNumber: string;
  readonly namespaces: XmlNamespaces;
}

const CONTRACTS = 'http://schemas.datacontract.org/2004/07/';

const SPEC: DialectWords = {
  dialect: 'spec',
  hotelParameter: 'partnerId',
  mappingPath: '/api/pax/getstayformapping',
  mappingAction: 'GetStayForMapping',
  mappingItem: 'StayCodesForMapping',
  boards: 'StayBoards',
  nationals: 'StayNationals',
  roomTypes: 'StayRoomTypes',
  rooms: 'StayRooms',
  // The spec shows no member names inside the collections: these are the practice service's own, chosen
  // as the English counterparts of the original ones so both dialects carry the same information.
  fields: {
    boardCode: 'Code',
    roomTypeCode: 'Code',
    roomCode: 'Code',
    nationalCode: 'Code',
    name: 'Name',
    nationalName: 'Name',
    hotel: 'Hotel',
    hotelNumber: 'PartnerId',
  },
  reservationHotelNumber: 'PartnerId',
  reservationStayHotelName: 'StayHotelName',
  searchHotelNumber: 'partnerId',
  namespaces: {
    envelope: `${CONTRACTS}Stay.Pms.Service.Models`,
    entity: `${CONTRACTS}Stay.Pms.Entities`,
    definition: `${CONTRACTS}Stay.Definitions`,
  },
};

const ORIGINAL: DialectWords = {
  dialect: 'original',
  hotelParameter: 'paximumId',
  mappingPath: '/api/pax/getsejourformapping',
  mappingAction: 'GetSejourForMapping',
  mappingItem: 'SejourCodesForMapping',
  boards: 'SejourBoards',
  nationals: 'SejourNationals',
  roomTypes: 'SejourRoomTypes',
  rooms: 'SejourRooms',
  // The COBOL client's record layouts (Kodu = code, Tanim = definition, Otel = hotel, Otip = room type,
  // Oda = room, adi = name; the lower-case adi is as it shows it).
  fields: {
    boardCode: 'Kodu',
    roomTypeCode: 'Otip',
    roomCode: 'Oda',
    nationalCode: 'Kodu',
    name: 'Tanim',
    nationalName: 'adi',
    hotel: 'Otel',
    hotelNumber: 'PaximumId',
  },
  reservationHotelNumber: 'PaximumId',
  reservationStayHotelName: 'SejourHotelName',
  searchHotelNumber: 'paximumId',
  // Nothing public shows the live namespaces. Our guess by the same rule as the names: the product
  // (Paximum) where the spec wrote Stay for the service and its entities, Sejour for the stay definitions.
  namespaces: {
    envelope: `${CONTRACTS}Paximum.Pms.Service.Models`,
    entity: `${CONTRACTS}Paximum.Pms.Entities`,
    definition: `${CONTRACTS}Sejour.Definitions`,
  },
};

export const DIALECT_WORDS: Readonly<Record<ServiceDialect, DialectWords>> = {
  spec: SPEC,
  original: ORIGINAL,
};

/** Hotel-number parameter names of every dialect, lower-case (for the request log). */
export const HOTEL_PARAMETERS: readonly string[] = SERVICE_DIALECTS.map((dialect) =>
  DIALECT_WORDS[dialect].hotelParameter.toLowerCase(),
);
