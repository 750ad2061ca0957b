// The practice world's state: reservations and their versions (LogIds), what the desk acknowledged,
// and every confirmation it sent. Everything random comes from one seeded generator.
import { AGENCIES, NOT_CONFIRM_REASONS } from './catalog';
import { hotelDateTime, hotelToday } from './calendar';
import { applyChange } from './changes';
import { CheckCases } from './check-cases';
import { generateReservation, type ArrivalRequest, type GeneratorContext } from './generator';
import { IdOddities, shareLogId, type ServiceChoice } from './id-oddities';
import type { OddityKind } from './oddity-kinds';
import { createPrng, type Prng } from './prng';
import type { AnswerStatus, PmsStatus, ReservationRecord } from './reservation';
import type {
  Acknowledgement,
  ArrivalIdentity,
  ConfirmationEntry,
  ListQuery,
  VersionReceipt,
} from './world-records';

export interface WorldOptions {
  seed: number;
  reservations: number;
  partnerId: number;
  now: () => Date;
  /** Which odd things happen by themselves in a small seeded share (oddity-kinds.ts). */
  oddities: ReadonlySet<OddityKind>;
}

/** What a list without a status filter holds: the reservations the hotel has not answered. */
const UNANSWERED: ReadonlySet<string> = new Set(['W', 'S', 'G']);

/** Shares of generated reservations with odd values when oddities are on (realistic: rare). */
const ODD_SHARE = { sent: 0.01, notSent: 0.01, unknownPmsStatus: 0.01 } as const;
/** An undocumented PmsStatus the clients of the live service flag for a person to look at. */
export const ODD_PMS_STATUS = 5;

const FIRST_LOG_ID = 100_001;

/** Acknowledgements are per ServiceId and LogId: the same LogId may come again under another ServiceId. */
const ackKey = (serviceId: string, logId: number): string => `${serviceId.toLowerCase()}|${logId}`;

export class World {
  readonly hotelId: string;
  readonly agencyIds: readonly string[];
  readonly serviceIds: readonly string[];
  readonly messageIds: readonly string[];
  readonly partnerId: number;
  readonly acknowledged = new Map<string, Acknowledgement>();
  /**
   * How many times each LogId was reported (same keys): the live service cannot tell a client, but a test of
   * several desks must show that none is reported twice.
   */
  readonly acknowledgedTimes = new Map<string, number>();
  readonly confirmations: ConfirmationEntry[] = [];
  private readonly prng: Prng;
  /** A generator of its own, so turning oddities on leaves everything else in the world unchanged. */
  private readonly oddPrng: Prng | null;
  /** What the desk's pre-confirm checks find (oddities on): a generator of its own too. */
  private readonly cases: CheckCases | null;
  /** Reused LogIds, silent changes, other hotels' numbers: seeded when on, always available to control. */
  readonly ids: IdOddities;
  private readonly now: () => Date;
  private readonly reservations = new Map<string, ReservationRecord>();
  /** Every LogId ever issued → the ServiceIds it was sent under (old versions stay acknowledgeable). */
  private readonly logIdServices = new Map<number, Set<string>>();
  private nextLogId = FIRST_LOG_ID;
  private sequence = 0;
  private confirmationCounter = 0;

  constructor(options: WorldOptions) {
    this.prng = createPrng(options.seed);
    this.oddPrng = options.oddities.has('values') ? createPrng(options.seed ^ 0x0dd1) : null;
    this.cases = options.oddities.has('checkCases') ? new CheckCases(options.seed) : null;
    this.ids = new IdOddities(options.seed, options.oddities, options.now);
    this.now = options.now;
    this.partnerId = options.partnerId;
    this.hotelId = this.prng.guid();
    this.agencyIds = AGENCIES.map(() => this.prng.guid());
    this.serviceIds = [this.prng.guid(), this.prng.guid(), this.prng.guid()];
    this.messageIds = NOT_CONFIRM_REASONS.map(() => this.prng.guid());
    for (let i = 0; i < options.reservations; i += 1) {
      // Some reservations were already changed or cancelled before the desk ever saw them.
      const roll = this.prng.next();
      this.add({}, roll < 0.03 ? 3 : roll < 0.15 ? 2 : 0, true);
    }
  }

  get size(): number {
    return this.reservations.size;
  }

  find(keyField: string): ReservationRecord | undefined {
    return this.reservations.get(keyField);
  }

  agencyIndexOf(agencyId: string): number {
    return this.agencyIds.findIndex((id) => id === agencyId.toLowerCase());
  }

  list(query: ListQuery): ReservationRecord[] {
    const agencyIndex = query.agencyId === null ? -1 : this.agencyIndexOf(query.agencyId);
    if (query.agencyId !== null && agencyIndex < 0) return [];
    const result: ReservationRecord[] = [];
    for (const record of this.reservations.values()) {
      if (record.checkIn < query.from || record.checkIn > query.to) continue;
      if (agencyIndex >= 0 && record.agencyIndex !== agencyIndex) continue;
      if (
        query.status === null
          ? !UNANSWERED.has(record.confirmationStatus)
          : record.confirmationStatus !== query.status
      )
        continue;
      if (query.onlyUnacknowledged && this.acknowledged.has(ackKey(record.serviceId, record.logId))) continue;
      result.push(record);
    }
    return result.sort((a, b) => a.logId - b.logId);
  }

  /** A new reservation; `generated` ones (not asked for through the control API) may get odd values. */
  arrive(request: ArrivalRequest = {}, generated = false, identity: ArrivalIdentity = {}): VersionReceipt {
    const record = this.add(request, 0, generated);
    if (identity.logIdOf)
      this.reuseLogId(record, identity.logIdOf.record, identity.logIdOf.service, 'control');
    if (identity.hotelNumber !== undefined) this.carryHotel(record, identity.hotelNumber, 'control');
    return { keyField: record.keyField, logId: record.logId };
  }

  /**
   * A changed version: new LogId, PmsStatus 2, and it waits for the hotel's answer again. With `keepLogId`
   * (an oddity of the live service) only the content changes: same LogId, same statuses.
   */
  change(
    record: ReservationRecord,
    checkOut?: string,
    keepLogId: false | 'control' | 'seeded' = false,
  ): VersionReceipt {
    applyChange(this.prng, record, checkOut);
    if (keepLogId === false) return this.newVersion(record, 2);
    const { keyField, logId, serviceId } = record;
    this.ids.record({ kind: 'silentChange', keyField, logId, serviceId, trigger: keepLogId });
    return { keyField, logId };
  }

  /** A cancellation is a version of its own: new LogId, PmsStatus 3, waiting to be answered. */
  cancel(record: ReservationRecord): VersionReceipt {
    return this.newVersion(record, 3);
  }

  /** Up to `count` distinct reservations that are not cancelled, chosen by the seeded generator. */
  pickActive(count: number): ReservationRecord[] {
    const active = [...this.reservations.values()].filter((record) => record.pmsStatus !== 3);
    const chosen: ReservationRecord[] = [];
    while (chosen.length < count && active.length > 0) {
      const [record] = active.splice(this.prng.int(0, active.length - 1), 1);
      if (record) chosen.push(record);
    }
    return chosen;
  }

  /** Acknowledges the LogIds that were issued under this ServiceId; returns the ones accepted. */
  acknowledge(serviceId: string, logIds: readonly number[]): number[] {
    const accepted: number[] = [];
    const at = hotelDateTime(this.now());
    for (const logId of logIds) {
      const key = ackKey(serviceId, logId);
      if (!this.logIdServices.get(logId)?.has(serviceId.toLowerCase())) continue;
      if (!this.acknowledged.has(key))
        this.acknowledged.set(key, { logId, serviceId: serviceId.toLowerCase(), at });
      this.acknowledgedTimes.set(key, (this.acknowledgedTimes.get(key) ?? 0) + 1);
      accepted.push(logId);
    }
    return accepted;
  }

  /** The hotel's answer. It changes the reservation but is not a new version (no new LogId). */
  answer(record: ReservationRecord, status: AnswerStatus, note: string): void {
    record.confirmationStatus = status;
    record.confirmeNote = note;
    if (status === 'E') {
      this.confirmationCounter += 1;
      record.confirmDate = hotelDateTime(this.now());
      record.confirmationNo = `KBR-${String(record.logId).slice(-4)}${String(this.confirmationCounter).padStart(4, '0')}`;
    }
  }

  /**
   * Dealt with elsewhere, in place (same LogId): answered on another system (E, H), or marked S or G by
   * the service, as the live service's clients meet them. Only a list read without IsSendRequired shows it.
   */
  settleElsewhere(record: ReservationRecord, status: 'E' | 'H' | 'S' | 'G'): void {
    if (status === 'E' || status === 'H') this.answer(record, status, 'Answered elsewhere');
    else record.confirmationStatus = status;
  }

  /** Background life of the practice world: arrivals, changes, cancellations, confirmations made elsewhere. */
  evolve(): VersionReceipt[] {
    const receipts: VersionReceipt[] = [];
    for (let i = this.prng.int(1, 3); i > 0; i -= 1) receipts.push(this.arrive({}, true));
    for (const record of this.pickActive(this.prng.int(0, 2)))
      receipts.push(this.change(record, undefined, this.ids.rollSilentChange() ? 'seeded' : false));
    if (this.prng.chance(0.3)) for (const record of this.pickActive(1)) receipts.push(this.cancel(record));
    if (this.prng.chance(0.2)) {
      const waiting = this.pickActive(3).find((record) => record.confirmationStatus === 'W');
      if (waiting) this.answer(waiting, 'E', 'Confirmed on the extranet');
    }
    return receipts;
  }

  private context(): GeneratorContext {
    const now = this.now();
    return {
      prng: this.prng,
      now,
      today: hotelToday(now),
      partnerId: this.partnerId,
      agencyIds: this.agencyIds,
      serviceIds: this.serviceIds,
    };
  }

  private add(request: ArrivalRequest, pmsStatus: PmsStatus, generated: boolean): ReservationRecord {
    this.sequence += 1;
    const logId = this.issueLogId();
    const record = generateReservation(this.context(), this.sequence, logId, request, pmsStatus);
    if (generated) {
      this.makeOdd(record);
      this.cases?.apply(record);
    }
    this.reservations.set(record.keyField, record);
    this.issuedUnder(logId, record.serviceId);
    if (generated) this.makeIdOdd(record);
    return record;
  }

  /** One roll per generated reservation, from the identity oddities' own generator. */
  private makeIdOdd(record: ReservationRecord): void {
    const odd = this.ids.rollArrival();
    if (odd === 'foreignHotel') this.carryHotel(record, this.ids.foreignHotel(this.partnerId), 'seeded');
    if (odd !== 'reusedLogId') return;
    // Rare, so the list of earlier reservations is only built when one is needed.
    const shared = this.ids.pickShared([...this.reservations.values()].filter((other) => other !== record));
    if (shared) this.reuseLogId(record, shared.of, shared.service, 'seeded');
  }

  /** The LogId of `of` comes again on `record` (its own fresh LogId is left unused: a gap, as live). */
  private reuseLogId(
    record: ReservationRecord,
    of: ReservationRecord,
    service: ServiceChoice,
    trigger: 'control' | 'seeded',
  ): void {
    shareLogId(record, of, service, this.serviceIds);
    this.issuedUnder(record.logId, record.serviceId);
    const { keyField, logId, serviceId } = record;
    this.ids.record({
      kind: 'reusedLogId',
      keyField,
      logId,
      serviceId,
      sharedWith: of.keyField,
      service,
      trigger,
    });
  }

  private carryHotel(record: ReservationRecord, hotelNumber: number, trigger: 'control' | 'seeded'): void {
    record.hotelNumber = hotelNumber;
    const { keyField, logId, serviceId } = record;
    this.ids.record({ kind: 'foreignHotel', keyField, logId, serviceId, hotelNumber, trigger });
  }

  private issuedUnder(logId: number, serviceId: string): void {
    const services = this.logIdServices.get(logId) ?? new Set<string>();
    services.add(serviceId.toLowerCase());
    this.logIdServices.set(logId, services);
  }

  /** One draw per generated reservation, so the odd ones are the same for a seed. */
  private makeOdd(record: ReservationRecord): void {
    if (!this.oddPrng) return;
    const roll = this.oddPrng.next();
    if (roll < ODD_SHARE.sent) record.confirmationStatus = 'S';
    else if (roll < ODD_SHARE.sent + ODD_SHARE.notSent) record.confirmationStatus = 'G';
    else if (roll < ODD_SHARE.sent + ODD_SHARE.notSent + ODD_SHARE.unknownPmsStatus)
      record.pmsStatus = ODD_PMS_STATUS;
  }

  private newVersion(record: ReservationRecord, pmsStatus: PmsStatus): VersionReceipt {
    record.logId = this.issueLogId();
    record.pmsStatus = pmsStatus;
    record.confirmationStatus = 'W';
    record.confirmDate = null;
    record.confirmationNo = '';
    record.confirmeNote = '';
    this.issuedUnder(record.logId, record.serviceId);
    return { keyField: record.keyField, logId: record.logId };
  }

  private issueLogId(): number {
    const logId = this.nextLogId;
    this.nextLogId += 1;
    return logId;
  }
}
