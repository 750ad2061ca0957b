// What the checks ask of the hotel's other reservations: who else holds a voucher, and a guest's latest
// earlier stay. Two answers exist and must agree: an index built in memory from every reservation
// (createChecker, what the CLI and the tests' full rebuild use) and the desk's, answered from SQL indexes
// kept up to date as reservations change (main/operations/checks.ts), so nothing is rebuilt per event.

import type { AllotmentQuestion, NightUse } from '../../shared/domain';

/** A stay another reservation holds, as a returning-guest check names it. */
export interface EarlierStay {
  keyField: string;
  voucherNo: string;
  /** YYYY-MM-DD. */
  checkIn: string;
}

/** Which of a name's guests a lookup looks at: those born on a day (YYYYMMDD), without one, or all. */
export type BirthFilter = number | 'unknown' | 'any';

export interface VoucherHolders {
  /** The first `shown` holders by key (code-unit order), the reservation itself left out. */
  keyFields: string[];
  /** How many others hold it. */
  count: number;
}

export interface HotelReservations {
  /**
   * The rooms the operator's reservations (the one asking included) take in the question's channel room types, per
   * room type and night, from its first to its last night.
   */
  allotmentNights(question: AllotmentQuestion): readonly NightUse[];
  /** Active reservations of the agency whose normalized voucher is `voucher`, other than `self`. */
  voucherHolders(agencyId: string, voucher: string, self: string, shown: number): VoucherHolders;
  /**
   * The active stay with the latest check-in day before `day` with a guest of folded name `person`,
   * other than `self`; among stays of one day, the reservation stored last.
   */
  latestStay(person: string, birth: BirthFilter, day: number, self: string): EarlierStay | undefined;
}
