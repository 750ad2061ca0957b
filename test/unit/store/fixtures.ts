// Deterministic reservations for store tests and benchmarks: Turkish (and a few German) names, a
// spread of check-in dates, agencies and statuses, 2.5 guests on average.
import type { ConfirmationStatus, Guest, Reservation } from '../../../shared/domain';

const surnames = [
  'IŞIK',
  'YILMAZ',
  'ŞAHİN',
  'ÇELİK',
  'ÖZTÜRK',
  'GÜNEŞ',
  'DOĞAN',
  'KAYA',
  'AYDIN',
  'ÇAĞLAR',
  'MÜLLER',
  'GROSSMANN',
  'SCHÄFER',
  'KRAUß',
];
const given = [
  'AYŞE',
  'MEHMET',
  'İBRAHİM',
  'ŞULE',
  'GÖKHAN',
  'ÇİĞDEM',
  'ÜMİT',
  'IRMAK',
  'OĞUZ',
  'HANS',
  'JÜRGEN',
  'ANNA',
];
const agencies = [
  { id: 'AG1', name: 'Sun Travel' },
  { id: 'AG2', name: 'Öger Tours' },
  { id: 'AG3', name: 'Anex' },
];
const roomTypes = [
  ['DBL', 'Double Room'],
  ['TRP', 'Triple Room'],
  ['FAM', 'Family Room'],
];
const boards = ['AI', 'HB', 'BB'];
const nationalities = ['TR', 'DE', 'GB', 'RU'];

/** mulberry32: small, fast and the same everywhere. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

import { addDays } from '../../../shared/calendar';

export { addDays };

export function makeGuest(name: string, keyField: string, overrides: Partial<Guest> = {}): Guest {
  return {
    name,
    title: 'Mr',
    age: 40,
    birthDate: null,
    nationality: 'TR',
    nationalityString: 'Türkiye',
    arrival: '',
    arrivalTime: null,
    departure: '',
    departureTime: null,
    musNo: null,
    musTakipNo: '',
    reservationKeyField: keyField,
    ...overrides,
  };
}

/** One hand-made reservation; tests override what they care about. */
export function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  const keyField = overrides.keyField ?? '1001|V-1|1';
  const base: Reservation = {
    keyField,
    logId: 1,
    serviceId: 'svc-a',
    pmsStatus: 0,
    confirmationStatus: 'W',
    confirmationNo: '',
    confirmDate: null,
    confirmeNote: '',
    agencyId: 'AG1',
    agencyName: 'Sun Travel',
    hotelId: 'H1',
    hotelName: 'Hotel Deniz',
    stayHotelName: 'Hotel Deniz',
    originalHotelCode: 'HD',
    partnerId: 1001,
    tourOpCode: 'SUN',
    tourOpName: 'Sun Travel GmbH',
    voucherNo: 'V-1',
    checkIn: '2026-07-10',
    checkOut: '2026-07-17',
    nights: 7,
    roomId: 'R1',
    roomName: 'Sea view',
    roomNo: null,
    roomTypeId: 'DBL',
    roomTypeName: 'Double Room',
    accomId: 'AI',
    accomName: 'All inclusive',
    roomCount: 1,
    adults: 2,
    childs: 0,
    infants: 0,
    pax: 2,
    extraBed: 0,
    fisNo: 0,
    freeOfCharge: '',
    honeyMoon: '',
    promosyonRoom: '',
    quotaType: 0,
    reservationStatus: 0,
    lastChangeUser: 'agent',
    note: '',
    sellDate: '2026-03-01T10:00:00',
    soldCurrency: 'EUR',
    soldPrice: 1234.5,
    guests: [makeGuest('IŞIK AYŞE', keyField), makeGuest('IŞIK MEHMET', keyField)],
    raw: { KeyField: keyField, Unknown: 'kept' },
  };
  return { ...base, ...overrides };
}

/** `count` distinct reservations, deterministic for a seed, numbered from `first`. */
export function generateReservations(count: number, seed = 1, first = 0): Reservation[] {
  const random = randomSource(seed);
  const out: Reservation[] = [];
  for (let i = first; i < first + count; i++) {
    const keyField = `1001|${100000 + i}|${i % 7}`;
    const agency = pick(random, agencies);
    const [roomTypeId, roomTypeName] = pick(random, roomTypes) as [string, string];
    const guestCount = 1 + Math.floor(random() * 4); // 1..4, 2.5 on average
    const adults = Math.min(guestCount, 2);
    const checkIn = addDays('2026-05-01', Math.floor(random() * 180));
    const nights = 3 + Math.floor(random() * 11);
    const pmsRoll = random();
    const statusRoll = random();
    const status: ConfirmationStatus = statusRoll < 0.6 ? 'W' : statusRoll < 0.95 ? 'E' : 'H';
    const surname = pick(random, surnames);
    const guests = Array.from({ length: guestCount }, (_, g) =>
      makeGuest(`${surname} ${pick(random, given)}`, keyField, {
        title: g < adults ? 'Mr' : 'Chd',
        age: g < adults ? 20 + Math.floor(random() * 50) : 2 + Math.floor(random() * 12),
        nationality: pick(random, nationalities),
        arrivalTime: g === 0 && random() < 0.3 ? `${checkIn}T14:30:00` : null,
      }),
    );
    out.push(
      makeReservation({
        keyField,
        logId: 1_000_000 + i,
        agencyId: agency.id,
        agencyName: agency.name,
        tourOpName: `${agency.name} GmbH`,
        voucherNo: `VC${200000 + i}`,
        pmsStatus: pmsRoll < 0.8 ? 0 : pmsRoll < 0.95 ? 2 : 3,
        confirmationStatus: status,
        checkIn,
        checkOut: addDays(checkIn, nights),
        nights,
        roomTypeId,
        roomTypeName,
        accomId: pick(random, boards),
        adults,
        childs: guestCount - adults,
        pax: guestCount,
        soldPrice: Math.round(random() * 500000) / 100,
        guests,
        raw: { KeyField: keyField, LogId: 1_000_000 + i, VoucherNo: `VC${200000 + i}`, Extra: 'kept' },
      }),
    );
  }
  return out;
}
