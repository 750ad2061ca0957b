// What the live service's data sometimes does to a reservation's identity: a LogId that comes
// again on another reservation (another KeyField, or under another ServiceId), a reservation whose content
// changes while its LogId stays, and an item carrying another hotel's number. With the `logIds` /
// `foreignHotel` oddities on they happen by themselves at low rates, drawn from a generator of its own
// (seed ^ IDS_SALT) so the rest of the world stays as it is for the seed; the control API makes any of
// them happen once (arrive with logIdOf / hotelNumber, change with keepLogId). Each is logged, so a test
// or a trainer can see exactly which reservations were touched.
import { hotelDateTime } from './calendar';
import { SEARCHABLE_HOTELS } from './catalog';
import type { OddityKind } from './oddity-kinds';
import { createPrng, type Prng } from './prng';
import type { ReservationRecord } from './reservation';

const IDS_SALT = 0x1d5;

/** Shares: of generated reservations (reused LogId, foreign hotel), of changes by the evolve timer (silent). */
export const ID_ODDITY_SHARE = { reusedLogId: 0.004, foreignHotel: 0.003, silentChange: 0.1 } as const;

export type ServiceChoice = 'same' | 'other';

export interface IdentityOddity {
  kind: 'reusedLogId' | 'silentChange' | 'foreignHotel';
  keyField: string;
  logId: number;
  serviceId: string;
  /** reusedLogId: the reservation that had the LogId first, and whether the ServiceId is its own or another. */
  sharedWith?: string;
  service?: ServiceChoice;
  /** foreignHotel: the hotel number the item carries. */
  hotelNumber?: number;
  /** Made by the control API, or drawn by the seeded generator. */
  trigger: 'control' | 'seeded';
  at: string;
}

/** Another hotel of the catalogue: a number the service might really mix in. */
export function foreignHotelNumber(own: number, prng: Prng | null): number {
  const others = SEARCHABLE_HOTELS.filter((hotel) => hotel.partnerId !== own).map((hotel) => hotel.partnerId);
  return prng ? prng.pick(others) : (others[0] ?? own + 1);
}

export class IdOddities {
  readonly log: IdentityOddity[] = [];
  private readonly prng: Prng;

  constructor(
    seed: number,
    private readonly kinds: ReadonlySet<OddityKind>,
    private readonly now: () => Date,
  ) {
    this.prng = createPrng(seed ^ IDS_SALT);
  }

  /** One roll per generated reservation (always drawn, so the sequence does not depend on the kinds). */
  rollArrival(): 'reusedLogId' | 'foreignHotel' | null {
    const roll = this.prng.next();
    const share = ID_ODDITY_SHARE;
    if (roll < share.reusedLogId) return this.kinds.has('logIds') ? 'reusedLogId' : null;
    if (roll < share.reusedLogId + share.foreignHotel)
      return this.kinds.has('foreignHotel') ? 'foreignHotel' : null;
    return null;
  }

  /** One roll per change the evolve timer makes: true = the content changes and the LogId stays. */
  rollSilentChange(): boolean {
    return this.prng.chance(ID_ODDITY_SHARE.silentChange) && this.kinds.has('logIds');
  }

  /** The earlier reservation whose LogId comes again, and under which ServiceId. */
  pickShared(
    earlier: readonly ReservationRecord[],
  ): { of: ReservationRecord; service: ServiceChoice } | null {
    if (earlier.length === 0) return null;
    return { of: this.prng.pick(earlier), service: this.prng.chance(0.5) ? 'same' : 'other' };
  }

  foreignHotel(own: number): number {
    return foreignHotelNumber(own, this.prng);
  }

  record(entry: Omit<IdentityOddity, 'at'>): void {
    this.log.push({ ...entry, at: hotelDateTime(this.now()) });
  }
}

/** Gives `record` the LogId of `of`, under `of`'s ServiceId or another of the world's. */
export function shareLogId(
  record: ReservationRecord,
  of: ReservationRecord,
  service: ServiceChoice,
  serviceIds: readonly string[],
): void {
  record.logId = of.logId;
  record.serviceId =
    service === 'same' ? of.serviceId : (serviceIds.find((id) => id !== of.serviceId) ?? record.serviceId);
}
