// Seeded reservations for the practice world: believable stays, guests, prices and notes.
import { AGENCIES, BOARDS, EUR_RATE, ROOMS, ROOM_TYPES, type AgencyTemplate } from './catalog';
import { addDays, daysBetween, hotelDateTime } from './calendar';
import { FLIGHTS, NOTES, namePool } from './names';
import type { Prng } from './prng';
import {
  countGuests,
  type ConfirmationStatus,
  type GuestRecord,
  type PmsStatus,
  type ReservationRecord,
} from './reservation';

export interface GeneratorContext {
  prng: Prng;
  now: Date;
  /** Hotel-local 'YYYY-MM-DD'. */
  today: string;
  partnerId: number;
  agencyIds: readonly string[];
  serviceIds: readonly string[];
}

/** What a caller (the control API) may fix; everything else is drawn from the generator. */
export interface ArrivalRequest {
  checkIn?: string;
  agencyIndex?: number;
  leadGuest?: string;
  note?: string;
  roomCount?: number;
  /** W by default; S or G for a reservation dealt with elsewhere. */
  confirmationStatus?: Extract<ConfirmationStatus, 'W' | 'S' | 'G'>;
  pmsStatus?: PmsStatus;
}

const CYRILLIC = /[\u0400-\u04ff]/;

function agencyAt(index: number): AgencyTemplate {
  const agency = AGENCIES[index];
  if (!agency) throw new Error(`no agency ${index}`);
  return agency;
}

interface PickedName {
  surname: string;
  full: string;
}

const LOCALE: Readonly<Record<string, string>> = {
  TUR: 'tr-TR',
  DEU: 'de-DE',
  POL: 'pl-PL',
  RUS: 'ru-RU',
  UKR: 'uk-UA',
};

/** Most agencies type names in capitals; some send "Işık Ayşe" (case folded by the guest's locale). */
function titleCase(text: string, nationality: string): string {
  const locale = LOCALE[nationality] ?? 'en-GB';
  return text
    .split(/([ '-])/)
    .map((word) => word.slice(0, 1) + word.slice(1).toLocaleLowerCase(locale))
    .join('');
}

function pickName(prng: Prng, nationality: string, woman: boolean, surname?: string): PickedName {
  const pool = namePool(nationality);
  const family = surname ?? prng.pick(pool.surnames);
  // A Russian or Ukrainian booking is typed in one script: Cyrillic or transliterated Latin.
  const cyrillic = CYRILLIC.test(family);
  const given = (woman ? pool.women : pool.men).filter((name) => CYRILLIC.test(name) === cyrillic);
  return {
    surname: family,
    full: `${family} ${prng.pick(given.length > 0 ? given : woman ? pool.women : pool.men)}`,
  };
}

function birthDate(prng: Prng, checkIn: string, age: number): string {
  const year = Number(checkIn.slice(0, 4)) - age - 1;
  const month = String(prng.int(1, 12)).padStart(2, '0');
  const day = String(prng.int(1, 28)).padStart(2, '0');
  return `${year}-${month}-${day}T00:00:00`;
}

function timeOf(prng: Prng, date: string): string {
  return `${date}T${String(prng.int(0, 23)).padStart(2, '0')}:${prng.pick(['00', '15', '30', '45'])}:00`;
}

export function generateGuests(
  prng: Prng,
  record: Pick<ReservationRecord, 'checkIn' | 'checkOut' | 'roomIndex' | 'roomCount' | 'agencyIndex'>,
  leadGuest?: string,
): GuestRecord[] {
  const room = ROOMS[record.roomIndex] ?? ROOMS[0];
  if (!room) return [];
  const nationality = prng.pick(agencyAt(record.agencyIndex).markets);
  const adults = Math.min(
    4,
    Math.max(record.roomCount, prng.int(room.minAdults, Math.min(room.maxAdults, 3))),
  );
  const children = Math.min(4 - adults, prng.int(0, room.maxChildren * record.roomCount));
  const picked = pickName(prng, nationality, prng.chance(0.4));
  const lead = leadGuest ?? picked.full;
  const surname = leadGuest === undefined ? picked.surname : (leadGuest.split(' ')[0] ?? leadGuest);
  const mixedCase = leadGuest === undefined && prng.chance(0.25);
  const flightIn = prng.pick(FLIGHTS);
  const flightOut = prng.pick(FLIGHTS);
  const arrivalTime = prng.chance(0.6) ? timeOf(prng, record.checkIn) : null;
  const departureTime = prng.chance(0.6) ? timeOf(prng, record.checkOut) : null;
  const styled = (name: string): string => (mixedCase ? titleCase(name, nationality) : name);
  const guests: GuestRecord[] = [];
  for (let i = 0; i < adults + children; i += 1) {
    const adult = i < adults;
    const woman = i === 0 ? prng.chance(0.4) : i === 1 ? true : prng.chance(0.5);
    const infant = !adult && prng.chance(0.3);
    const age = adult ? prng.int(19, 76) : infant ? prng.int(0, 1) : prng.int(2, 12);
    const sameFamily = i > 0 && (adult ? prng.chance(0.7) : true);
    guests.push({
      name:
        i === 0
          ? mixedCase
            ? titleCase(lead, nationality)
            : lead
          : styled(pickName(prng, nationality, woman, sameFamily ? surname : undefined).full),
      title: adult ? (woman ? 'Mrs' : 'Mr') : infant ? 'Inf' : 'Chd',
      age,
      birthDate: adult && prng.chance(0.3) ? null : birthDate(prng, record.checkIn, age),
      nationality,
      arrival: flightIn,
      arrivalTime,
      departure: flightOut,
      departureTime,
      musTakipNo: prng.chance(0.2) ? `M${prng.int(100000, 999999)}` : '',
    });
  }
  return guests;
}

/** What the agency charged, in its own currency. */
export function priceOf(
  record: Pick<
    ReservationRecord,
    'checkIn' | 'checkOut' | 'roomIndex' | 'boardIndex' | 'roomCount' | 'guests' | 'agencyIndex'
  >,
): number {
  const nights = Math.max(1, daysBetween(record.checkIn, record.checkOut));
  const { adults, childs } = countGuests(record.guests);
  const room = ROOMS[record.roomIndex]?.basePrice ?? 100;
  const board = BOARDS[record.boardIndex]?.supplement ?? 0;
  const eur = nights * (room * record.roomCount + board * (adults + childs * 0.5));
  return Math.round(eur * EUR_RATE[agencyAt(record.agencyIndex).currency] * 100) / 100;
}

function weighted<T>(prng: Prng, choices: readonly (readonly [T, number])[]): T {
  let roll = prng.next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error('no choices');
  return last[0];
}

export function generateReservation(
  ctx: GeneratorContext,
  sequence: number,
  logId: number,
  request: ArrivalRequest = {},
  pmsStatus: PmsStatus = 0,
): ReservationRecord {
  const { prng } = ctx;
  const agencyIndex = request.agencyIndex ?? prng.int(0, AGENCIES.length - 1);
  const agency = agencyAt(agencyIndex);
  const agencyId = ctx.agencyIds[agencyIndex] ?? '';
  const checkIn = request.checkIn ?? addDays(ctx.today, prng.int(-10, 180));
  const checkOut = addDays(
    checkIn,
    weighted(prng, [
      [3, 2],
      [4, 2],
      [5, 2],
      [7, 6],
      [10, 2],
      [14, 2],
      [1, 1],
      [2, 1],
    ]),
  );
  const roomCount =
    request.roomCount ??
    weighted(prng, [
      [1, 90],
      [2, 8],
      [3, 2],
    ]);
  const roomIndex = roomCount > 1 ? 0 : prng.int(0, ROOMS.length - 1);
  const voucherNo = `${agency.tourOpCode}${400000 + sequence * 37 + prng.int(0, 36)}`;
  const base = { checkIn, checkOut, roomIndex, roomCount, agencyIndex };
  const guests = generateGuests(prng, base, request.leadGuest);
  const boardIndex = weighted(prng, [
    [0, 40],
    [1, 10],
    [2, 10],
    [3, 15],
    [4, 15],
    [5, 10],
  ]);
  const honeyMoon = prng.chance(0.05) ? 'Y' : 'N';
  const sellDaysAgo = prng.int(0, 120);
  return {
    keyField: `${ctx.partnerId}|${agencyId}|${voucherNo}|${sequence}`,
    voucherNo,
    serviceId: prng.pick(ctx.serviceIds),
    logId,
    pmsStatus: request.pmsStatus ?? pmsStatus,
    confirmationStatus: request.confirmationStatus ?? 'W',
    confirmDate: null,
    confirmationNo: '',
    confirmeNote: '',
    ...base,
    roomTypeIndex: prng.int(0, ROOM_TYPES.length - 1),
    boardIndex,
    extraBed: prng.chance(0.05) ? 1 : 0,
    guests,
    note:
      request.note ?? (honeyMoon === 'Y' ? 'Honeymoon & anniversary: flowers <please>' : prng.pick(NOTES)),
    soldPrice: priceOf({ ...base, boardIndex, guests }),
    sellDate: prng.chance(0.1)
      ? null
      : hotelDateTime(new Date(ctx.now.getTime() - sellDaysAgo * 86_400_000 - prng.int(0, 86_399) * 1000)),
    quotaType: weighted(prng, [
      [1, 60],
      [0, 30],
      [2, 10],
    ]),
    reservationStatus: weighted(prng, [
      [0, 85],
      [1, 8],
      [4, 5],
      [3, 2],
    ]),
    honeyMoon,
    freeOfCharge: prng.chance(0.02) ? 'Y' : 'N',
    promosyonRoom: prng.chance(0.1) ? 'Y' : 'N',
    fisNo: prng.int(10000, 99999),
    lastChangeUser: agency.apiUser,
    roomNo: prng.chance(0.1) ? String(prng.int(101, 459)) : null,
  };
}
