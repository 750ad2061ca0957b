// The practice hotel and what its tour operators call things. Each agency speaks a "dialect": the
// same room is DBL for one operator and DZ for another, which is exactly why the desk needs mappings.

export const HOTEL = {
  name: 'Kumsal Beach Resort & Spa',
  stayName: 'KUMSAL BEACH RESORT & SPA (SIDE)',
  originalCode: 'AYT-KUMSAL',
  city: 'Side / Antalya',
} as const;

export type Dialect = 0 | 1 | 2 | 3 | 4;

export interface AgencyTemplate {
  name: string;
  tourOpCode: string;
  currency: 'EUR' | 'USD' | 'TRY' | 'GBP';
  dialect: Dialect;
  /** Where its guests come from (StayNational codes). */
  markets: readonly string[];
  apiUser: string;
}

export const AGENCIES: readonly AgencyTemplate[] = [
  {
    name: 'Anatolian Sun Tours',
    tourOpCode: 'AST',
    currency: 'EUR',
    dialect: 0,
    markets: ['DEU', 'GBR', 'NLD', 'POL', 'TUR'],
    apiUser: 'ast.xml',
  },
  {
    name: 'Sonnenklar Reisen GmbH',
    tourOpCode: 'SKR',
    currency: 'EUR',
    dialect: 1,
    markets: ['DEU', 'DEU', 'NLD'],
    apiUser: 'skr-connect',
  },
  {
    name: 'Beryozka Travel',
    tourOpCode: 'BRZ',
    currency: 'USD',
    dialect: 2,
    markets: ['RUS', 'RUS', 'UKR'],
    apiUser: 'brz_api',
  },
  {
    name: 'Britannia Sun & Sea Ltd',
    tourOpCode: 'BSS',
    currency: 'GBP',
    dialect: 3,
    markets: ['GBR', 'GBR', 'NLD'],
    apiUser: 'bss.ops',
  },
  {
    name: 'Ege Turizm & Seyahat A.Ş.',
    tourOpCode: 'EGE',
    currency: 'TRY',
    dialect: 4,
    markets: ['TUR', 'TUR', 'POL'],
    apiUser: 'ege.operasyon',
  },
];

/** A code with its name in each of the five dialects (index = Dialect). */
export interface DialectCode {
  codes: readonly [string, string, string, string, string];
  names: readonly [string, string, string, string, string];
}

export interface RoomDefinition extends DialectCode {
  pax: number;
  minAdults: number;
  maxAdults: number;
  maxChildren: number;
  /** Most guests of any age the room takes (adults and children together). */
  maxPax: number;
  /** Price per room and night in EUR, before board. */
  basePrice: number;
}

export const ROOMS: readonly RoomDefinition[] = [
  {
    codes: ['DBL', 'DZ', 'DBL', 'DBL', 'STD'],
    names: ['Double Room', 'Doppelzimmer', 'Double Room', 'Double Room', 'Standart Oda'],
    pax: 2,
    minAdults: 1,
    maxAdults: 2,
    maxChildren: 2,
    maxPax: 4,
    basePrice: 95,
  },
  {
    codes: ['SGL', 'EZ', 'SGL', 'SGL', 'TEK'],
    names: ['Single Room', 'Einzelzimmer', 'Single Room', 'Single Room', 'Tek Kişilik Oda'],
    pax: 1,
    minAdults: 1,
    maxAdults: 1,
    maxChildren: 1,
    maxPax: 2,
    basePrice: 70,
  },
  {
    codes: ['FAM', 'FZ', 'FAMILY', 'FAM', 'AİLE'],
    names: ['Family Room', 'Familienzimmer', 'Family Room', 'Family Room', 'Aile Odası'],
    pax: 4,
    minAdults: 2,
    maxAdults: 4,
    maxChildren: 2,
    maxPax: 5,
    basePrice: 150,
  },
  {
    codes: ['JSU', 'JS', 'JSUITE', 'JSU', 'SÜİT'],
    names: ['Junior Suite', 'Junior Suite', 'Junior Suite', 'Junior Suite', 'Junior Süit'],
    pax: 3,
    minAdults: 2,
    maxAdults: 3,
    maxChildren: 1,
    maxPax: 4,
    basePrice: 180,
  },
  {
    codes: ['TRP', 'DZ3', 'TRPL', 'TRP', 'ÜÇ'],
    names: ['Triple Room', 'Dreibettzimmer', 'Triple Room', 'Triple Room', 'Üç Kişilik Oda'],
    pax: 3,
    minAdults: 1,
    maxAdults: 3,
    maxChildren: 1,
    maxPax: 4,
    basePrice: 120,
  },
];

export const ROOM_TYPES: readonly DialectCode[] = [
  {
    codes: ['LV', 'LS', 'LV', 'GV', 'KM'],
    names: ['Land View', 'Landseite', 'Land View', 'Garden View', 'Kara Manzaralı'],
  },
  {
    codes: ['SV', 'MB', 'SV', 'SV', 'DM'],
    names: ['Sea View', 'Meerblick', 'Sea View', 'Sea View', 'Deniz Manzaralı'],
  },
  {
    codes: ['PV', 'PB', 'PV', 'PV', 'HM'],
    names: ['Pool View', 'Poolblick', 'Pool View', 'Pool View', 'Havuz Manzaralı'],
  },
];

export interface BoardDefinition extends DialectCode {
  /** Per person and night, EUR. */
  supplement: number;
}

export const BOARDS: readonly BoardDefinition[] = [
  {
    codes: ['AI', 'AL', 'AI', 'AI', 'HD'],
    names: ['All Inclusive', 'Alles inklusive', 'All Inclusive', 'All Inclusive', 'Her Şey Dahil'],
    supplement: 45,
  },
  {
    codes: ['UAI', 'UAL', 'UAI', 'UAI', 'UHD'],
    names: [
      'Ultra All Inclusive',
      'Ultra All Inklusive',
      'Ultra All Inclusive',
      'Ultra All Inclusive',
      'Ultra Her Şey Dahil',
    ],
    supplement: 60,
  },
  {
    codes: ['FB', 'VP', 'FB', 'FB', 'TP'],
    names: ['Full Board', 'Vollpension', 'Full Board', 'Full Board', 'Tam Pansiyon'],
    supplement: 35,
  },
  {
    codes: ['HB', 'HP', 'HB', 'HB', 'YP'],
    names: ['Half Board', 'Halbpension', 'Half Board', 'Half Board', 'Yarım Pansiyon'],
    supplement: 25,
  },
  {
    codes: ['BB', 'UF', 'BB', 'BB', 'OK'],
    names: [
      'Bed & Breakfast',
      'Übernachtung & Frühstück',
      'Bed & Breakfast',
      'Bed & Breakfast',
      'Oda & Kahvaltı',
    ],
    supplement: 12,
  },
  {
    codes: ['RO', 'OV', 'RO', 'RO', 'SO'],
    names: ['Room Only', 'Ohne Verpflegung', 'Room Only', 'Room Only', 'Sadece Oda'],
    supplement: 0,
  },
];

export interface NationalDefinition {
  code: string;
  name: string;
  turkishName: string;
}

export const NATIONALS: readonly NationalDefinition[] = [
  { code: 'TUR', name: 'Turkey', turkishName: 'Türkiye' },
  { code: 'DEU', name: 'Germany', turkishName: 'Almanya' },
  { code: 'RUS', name: 'Russia', turkishName: 'Rusya' },
  { code: 'GBR', name: 'United Kingdom', turkishName: 'Birleşik Krallık' },
  { code: 'NLD', name: 'Netherlands', turkishName: 'Hollanda' },
  { code: 'UKR', name: 'Ukraine', turkishName: 'Ukrayna' },
  { code: 'POL', name: 'Poland', turkishName: 'Polonya' },
];

/** Currency rates from EUR, for believable prices. */
export const EUR_RATE: Readonly<Record<AgencyTemplate['currency'], number>> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  TRY: 36.5,
};

/** The not-confirm reasons; the Ids are the same in both languages. */
export const NOT_CONFIRM_REASONS: readonly { tr: string; en: string }[] = [
  { tr: 'Otel dolu, müsaitlik yok', en: 'Hotel is fully booked' },
  { tr: 'İstenen oda tipi müsait değil', en: 'Requested room type is not available' },
  { tr: 'Fiyat hatalı / kontrata uygun değil', en: 'Price is wrong / does not match the contract' },
  { tr: 'Minimum konaklama süresi sağlanmıyor', en: 'Minimum length of stay not met' },
  { tr: 'Mükerrer rezervasyon', en: 'Duplicate reservation' },
  {
    tr: 'Çocuk yaşı / kişi sayısı odaya uygun değil',
    en: "Child age or number of guests doesn't fit the room",
  },
];

/** Hotels known to the search interface (POST /v1/search/hotels); the practice hotel is the first. */
export const SEARCHABLE_HOTELS: readonly { partnerId: number; name: string; city: string }[] = [
  { partnerId: 1001, name: HOTEL.name, city: 'Side' },
  { partnerId: 1002, name: 'Işıklar Palace Hotel', city: 'Alanya' },
  { partnerId: 1003, name: 'Çamlık Butik Otel', city: 'Kaş' },
  { partnerId: 1004, name: 'İstanbul Boğaz Suites', city: 'İstanbul' },
  { partnerId: 1005, name: 'Ölüdeniz Lagoon Hotel', city: 'Fethiye' },
  { partnerId: 1006, name: 'Sultan Garden Resort', city: 'Belek' },
];
