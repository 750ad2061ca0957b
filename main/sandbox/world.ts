// The practice world's state: reservations and their versions (LogIds), what the desk acknowledged,
// and every confirmation it sent. Everything random comes from one seeded generator.
import { AGENCIES, NOT_CONFIRM_REASONS } from './catalog';
import { hotelDateTime, hotelToday } from './calendar';
import { applyChange } from './changes';
import { generateReservation, type ArrivalRequest, type GeneratorContext } from './generator';
import { createPrng, type Prng } from './prng';
import type { ConfirmationStatus, PmsStatus, ReservationRecord } from './reservation';

export interface WorldOptions {
  seed: number;
  reservations: number;
  partnerId: number;
  now: () => Date;
}

export interface Acknowledgement {
  logId: number;
  serviceId: string;
  at: string;
}

export interface ConfirmationEntry {
  operation: 'sendconfirmation' | 'sendconfirmationv2';
  keyField: string;
  agencyId: string;
  partnerId: number;
  confirmationStatus: 'E' | 'H';
  confirmationNote: string | null;
  notconfirmationNote: string | null;
  pmsUser: string | null;
  at: string;
}

export interface ListQuery {
  from: string;
  to: string;
  agencyId: string | null;
  status: ConfirmationStatus;
  onlyUnacknowledged: boolean;
}

export interface VersionReceipt {
  keyField: string;
  logId: number;
}

const FIRST_LOG_ID = 100_001;

export class World {
  readonly hotelId: string;
  readonly agencyIds: readonly string[];
  readonly serviceIds: readonly string[];
  readonly messageIds: readonly string[];
  readonly partnerId: number;
  readonly acknowledged = new Map<number, Acknowledgement>();
  readonly confirmations: ConfirmationEntry[] = [];
  private readonly prng: Prng;
  private readonly now: () => Date;
  private readonly reservations = new Map<string, ReservationRecord>();
  /** Every LogId ever issued → the ServiceId it was sent under (old versions stay acknowledgeable). */
  private readonly logIdServices = new Map<number, string>();
  private nextLogId = FIRST_LOG_ID;
  private sequence = 0;
  private confirmationCounter = 0;

  constructor(options: WorldOptions) {
    this.prng = createPrng(options.seed);
    this.now = options.now;
    this.partnerId = options.partnerId;
    this.hotelId = this.prng.guid();
    this.agencyIds = AGENCIES.map(() => this.prng.guid());
    this.serviceIds = [this.prng.guid(), this.prng.guid(), this.prng.guid()];
    this.messageIds = NOT_CONFIRM_REASONS.map(() => this.prng.guid());
    for (let i = 0; i < options.reservations; i += 1) {
      // Some reservations were already changed or cancelled before the desk ever saw them.
      const roll = this.prng.next();
      this.add({}, roll < 0.03 ? 3 : roll < 0.15 ? 2 : 0);
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
      if (record.confirmationStatus !== query.status) continue;
      if (query.onlyUnacknowledged && this.acknowledged.has(record.logId)) continue;
      result.push(record);
    }
    return result.sort((a, b) => a.logId - b.logId);
  }

  arrive(request: ArrivalRequest = {}): VersionReceipt {
    const record = this.add(request, 0);
    return { keyField: record.keyField, logId: record.logId };
  }

  /** A changed version: new LogId, PmsStatus 2, and it waits for the hotel's answer again. */
  change(record: ReservationRecord, checkOut?: string): VersionReceipt {
    applyChange(this.prng, record, checkOut);
    return this.newVersion(record, 2);
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
      if (this.logIdServices.get(logId) !== serviceId.toLowerCase()) continue;
      if (!this.acknowledged.has(logId))
        this.acknowledged.set(logId, { logId, serviceId: serviceId.toLowerCase(), at });
      accepted.push(logId);
    }
    return accepted;
  }

  /** The hotel's answer. It changes the reservation but is not a new version (no new LogId). */
  answer(record: ReservationRecord, status: 'E' | 'H', note: string): void {
    record.confirmationStatus = status;
    record.confirmeNote = note;
    if (status === 'E') {
      this.confirmationCounter += 1;
      record.confirmDate = hotelDateTime(this.now());
      record.confirmationNo = `KBR-${String(record.logId).slice(-4)}${String(this.confirmationCounter).padStart(4, '0')}`;
    }
  }

  /** Background life of the practice world: arrivals, changes, cancellations, confirmations made elsewhere. */
  evolve(): VersionReceipt[] {
    const receipts: VersionReceipt[] = [];
    for (let i = this.prng.int(1, 3); i > 0; i -= 1) receipts.push(this.arrive());
    for (const record of this.pickActive(this.prng.int(0, 2))) receipts.push(this.change(record));
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

  private add(request: ArrivalRequest, pmsStatus: PmsStatus): ReservationRecord {
    this.sequence += 1;
    const logId = this.issueLogId();
    const record = generateReservation(this.context(), this.sequence, logId, request, pmsStatus);
    this.reservations.set(record.keyField, record);
    this.logIdServices.set(logId, record.serviceId);
    return record;
  }

  private newVersion(record: ReservationRecord, pmsStatus: PmsStatus): VersionReceipt {
    record.logId = this.issueLogId();
    record.pmsStatus = pmsStatus;
    record.confirmationStatus = 'W';
    record.confirmDate = null;
    record.confirmationNo = '';
    record.confirmeNote = '';
    this.logIdServices.set(record.logId, record.serviceId);
    return { keyField: record.keyField, logId: record.logId };
  }

  private issueLogId(): number {
    const logId = this.nextLogId;
    this.nextLogId += 1;
    return logId;
  }
}
