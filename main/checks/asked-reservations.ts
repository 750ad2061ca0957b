// The rules ask about other reservations synchronously, in the middle of a check (hotel-reservations.ts), but
// the desk's answers live in a database that answers asynchronously (SQLite through the same operations as the
// hotel's shared PostgreSQL). So a batch is checked in rounds: each round runs the rules with the answers known so
// far, noting every question not answered yet (and answering it "nothing" for now); the caller fetches those in one
// go, and the batch is checked again. A rule asks its second question only after its first answer (a returning
// guest: by birth date, then without one), so two or three rounds settle any batch; the last round's checks are
// the result, every question in it answered.
import type { BirthFilter, EarlierStay, HotelReservations, VoucherHolders } from './hotel-reservations';
import type { ReferenceChecker } from './checker';
import type { CheckedReservation } from './context';
import type { ReservationCheck } from './types';
import type { AllotmentQuestion, NightUse } from '../../shared/domain';

export interface VoucherQuestion {
  agencyId: string;
  voucher: string;
  self: string;
  shown: number;
}
export interface StayQuestion {
  person: string;
  birth: BirthFilter;
  day: number;
  self: string;
}
export interface Questions {
  vouchers: VoucherQuestion[];
  stays: StayQuestion[];
  allotments: AllotmentQuestion[];
}
export interface Answers {
  vouchers: readonly VoucherHolders[];
  stays: readonly (EarlierStay | null)[];
  allotments: readonly (readonly NightUse[])[];
}

/** What a batch may skip asking: the "has a problem" pass asks only of vouchers known to be held twice. */
export interface AskOnly {
  /** Whether a voucher is worth asking about; unasked ones have no other holder. */
  voucher?: (agencyId: string, voucher: string) => boolean;
  /** False: no earlier stays are looked up (a returning guest is a note, never a problem). */
  stays?: boolean;
}

const allotmentKey = (q: AllotmentQuestion): string =>
  keyOf('a', q.agencyId, q.roomTypeIds.join('\u0001'), q.nights.join('\u0001'));

const NO_HOLDERS: VoucherHolders = { keyFields: [], count: 0 };
// The key of a question: its fields joined by a separator no folded name, voucher or key holds.
const keyOf = (...parts: readonly (string | number)[]): string => parts.join('\u0000');

/** Answers known so far, and the questions asked in the current round that were not. */
class AskedReservations implements HotelReservations {
  private readonly vouchers = new Map<string, VoucherHolders>();
  private readonly stays = new Map<string, EarlierStay | null>();
  private readonly allotments = new Map<string, readonly NightUse[]>();
  private asked: Questions = { vouchers: [], stays: [], allotments: [] };
  private readonly askedKeys = new Set<string>();

  constructor(private readonly only: AskOnly) {}

  voucherHolders(agencyId: string, voucher: string, self: string, shown: number): VoucherHolders {
    if (this.only.voucher && !this.only.voucher(agencyId, voucher)) return NO_HOLDERS;
    const key = keyOf('v', agencyId, voucher, self, shown);
    const known = this.vouchers.get(key);
    if (known) return known;
    if (!this.askedKeys.has(key)) {
      this.askedKeys.add(key);
      this.asked.vouchers.push({ agencyId, voucher, self, shown });
    }
    return NO_HOLDERS;
  }

  latestStay(person: string, birth: BirthFilter, day: number, self: string): EarlierStay | undefined {
    if (this.only.stays === false) return undefined;
    const key = keyOf('s', person, birth, day, self);
    const known = this.stays.get(key);
    if (known !== undefined) return known ?? undefined;
    if (!this.askedKeys.has(key)) {
      this.askedKeys.add(key);
      this.asked.stays.push({ person, birth, day, self });
    }
    return undefined;
  }

  allotmentNights(question: AllotmentQuestion): readonly NightUse[] {
    const key = allotmentKey(question);
    const known = this.allotments.get(key);
    if (known) return known;
    if (!this.askedKeys.has(key)) {
      this.askedKeys.add(key);
      this.asked.allotments.push(question);
    }
    return [];
  }

  /** The questions of this round not answered yet; the next round starts empty. */
  takeQuestions(): Questions {
    const asked = this.asked;
    this.asked = { vouchers: [], stays: [], allotments: [] };
    this.askedKeys.clear();
    return asked;
  }

  learn(questions: Questions, answers: Answers): void {
    questions.vouchers.forEach((q, i) =>
      this.vouchers.set(
        keyOf('v', q.agencyId, q.voucher, q.self, q.shown),
        answers.vouchers[i] ?? NO_HOLDERS,
      ),
    );
    questions.stays.forEach((q, i) =>
      this.stays.set(keyOf('s', q.person, q.birth, q.day, q.self), answers.stays[i] ?? null),
    );
    questions.allotments.forEach((q, i) => this.allotments.set(allotmentKey(q), answers.allotments[i] ?? []));
  }
}

/** More rounds than any rule needs (a returning guest asks twice); past it a rule would loop. */
const MAX_ROUNDS = 4;

/**
 * The checks of every reservation of a batch, in its order, each lookup of another reservation answered by
 * `fetch` (all the questions of a round at once).
 */
export async function checkBatch(
  checker: ReferenceChecker,
  reservations: readonly CheckedReservation[],
  fetch: (questions: Questions) => Promise<Answers>,
  only: AskOnly = {},
): Promise<ReservationCheck[][]> {
  const hotel = new AskedReservations(only);
  for (let round = 1; ; round += 1) {
    const checks = reservations.map((r) => checker.check(r, hotel));
    const questions = hotel.takeQuestions();
    if (questions.vouchers.length === 0 && questions.stays.length === 0 && questions.allotments.length === 0)
      return checks;
    if (round === MAX_ROUNDS)
      throw new Error('the checks kept asking new questions about other reservations');
    hotel.learn(questions, await fetch(questions));
  }
}
