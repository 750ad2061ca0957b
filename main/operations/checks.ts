// Where the pre-confirm checks are computed for the desk, on either engine (SQLite, or the hotel's
// shared PostgreSQL). The hotel's other reservations are looked up in SQL indexes of their keys
// (main/store/check-keys.ts), which any writer marks for recomputing and the desk brings up to date before each
// question: a new reservation or a decision costs the keys of what changed, never a pass over every reservation.
// The rules ask those lookups in the middle of a check; the desk answers them a batch at a time
// (main/checks/asked-reservations.ts: check, fetch what was asked, check again). Only the small reference tables
// (stay codes, mappings, stop-sales, the family-policy setting) and the hotel's date are indexed in memory, again
// when one of them changes. Checks inform a decision; nothing here can refuse one.
import {
  CHECK_KINDS,
  checkBatch,
  createChecker,
  createReferenceChecker,
  reservationKeys,
  type Answers,
  type AskOnly,
  type CheckedReservation,
  type Checker,
  type KnownReservation,
  type Questions,
  type ReferenceChecker,
} from '../checks';
import type { CheckMarker, ReservationCheck } from '../../shared/domain';
import type { DeskStore } from '../store/engines/desk-store';
import type { Store } from '../store';
import { localDate } from '../../shared/calendar';
import type { Logger } from '../kernel/core-types';

/**
 * The setting the sync writes when it has refreshed the reference data (stay codes among them): seeing it
 * move is how the desk learns that room limits may have changed, without the sync knowing about checks.
 */
const REFERENCE_REFRESHED = 'sync.lastReferenceAt';

/**
 * A full rebuild: every reservation of a desk file indexed in memory, as of the hotel's date `today`
 * (YYYY-MM-DD): what the desk's lookups must always agree with (the tests' and the benchmark's yardstick).
 */
export async function buildChecker(
  store: Store,
  today: string,
  counted?: (reservations: number) => void,
): Promise<Checker> {
  const input = store.checksInput();
  const settings = store.checkSettings();
  let reservations = 0;
  const all: Iterable<KnownReservation> = {
    *[Symbol.iterator]() {
      for (const r of input.reservations) {
        reservations++;
        yield r;
      }
    },
  };
  const checker = createChecker({ ...input, reservations: all, today, settings });
  counted?.(reservations);
  return checker;
}

/** The store's answers to a round of the checks' questions, in one operation. */
const askStore =
  (store: DeskStore) =>
  async (questions: Questions): Promise<Answers> => {
    const answers =
      questions.vouchers.length > 0 || questions.stays.length > 0
        ? await store.checkLookups(questions)
        : { vouchers: [], stays: [] };
    const allotments =
      questions.allotments.length > 0 ? await store.allotmentLookups(questions.allotments) : [];
    return { vouchers: answers.vouchers, stays: answers.stays, allotments };
  };

/** One marker per kind found, in the checks' own order (problems first): what an inbox row shows. */
export function markersOf(checks: readonly ReservationCheck[]): CheckMarker[] {
  const seen = new Set<string>();
  const markers: CheckMarker[] = [];
  for (const check of checks)
    if (!seen.has(check.kind)) {
      seen.add(check.kind);
      markers.push({ kind: check.kind, severity: check.severity });
    }
  return markers.sort((a, b) => CHECK_KINDS.indexOf(a.kind) - CHECK_KINDS.indexOf(b.kind));
}

export class DeskChecks {
  private checker: ReferenceChecker | null = null;
  private builtFor: { store: DeskStore; today: string; reference: unknown } | null = null;
  /** Moves on every change the desk is told of; the "has a problem" answer is kept for one generation. */
  private generation = 0;
  private problems: { generation: number; checker: ReferenceChecker; keys: string[] } | null = null;

  constructor(
    private readonly store: () => DeskStore,
    private readonly now: () => Date,
    private readonly logger?: Logger,
  ) {}

  /** A reference input changed (a mapping, a stop-sale, the family policy): indexed again when next asked. */
  invalidate(): void {
    this.checker = null;
    this.generation += 1;
  }

  /**
   * Reservations were stored or changed. Their keys were marked by the store as they were written; they
   * are computed at the next question. Nothing is rebuilt.
   */
  reservationsChanged(): void {
    this.generation += 1;
  }

  /** A decision moved a status: read from the row at each lookup, so only cached answers go. */
  decisionMoved(): void {
    this.generation += 1;
  }

  /**
   * The checker for now. Two questions at once may both build it (the later one kept): the same answer.
   */
  private async current(): Promise<{ checker: ReferenceChecker; store: DeskStore }> {
    const store = this.store();
    const keyed = (await store.checkKeysPending()) ? await store.refreshCheckKeys(reservationKeys) : 0;
    if (keyed > 0) {
      // Another writer (the CLI beside the desk, another desk) may have changed them without the desk being told.
      this.generation += 1;
      this.logger?.info('checks keyed', { reservations: keyed });
    }
    const today = localDate(this.now());
    const reference = await store.getSetting<unknown>(REFERENCE_REFRESHED, null);
    const built = this.builtFor;
    if (
      this.checker === null ||
      built === null ||
      built.store !== store ||
      built.today !== today ||
      built.reference !== reference
    ) {
      const started = performance.now();
      const { stayCodes, mappings, stopSales, contracts } = await store.checkReference();
      this.checker = createReferenceChecker({
        today,
        settings: await store.checkSettings(),
        stayCodes,
        mappings,
        stopSales,
        contracts,
      });
      this.builtFor = { store, today, reference };
      this.logger?.info('checks indexed', { ms: Math.round(performance.now() - started) });
    }
    return { checker: this.checker, store };
  }

  /** The checks of one reservation (a full stored Reservation fits). */
  async of(reservation: CheckedReservation): Promise<ReservationCheck[]> {
    const { checker, store } = await this.current();
    const [checks] = await checkBatch(checker, [reservation], askStore(store));
    return checks ?? [];
  }

  /** The checks of the given reservations, read from the store in one go; unknown keys are left out. */
  async forKeys(keyFields: readonly string[]): Promise<Map<string, ReservationCheck[]>> {
    const { checker, store } = await this.current();
    const rows = [...(await store.checkedReservations(keyFields)).values()];
    const checks = await checkBatch(checker, rows, askStore(store));
    return new Map(rows.map((r, i) => [r.keyField, checks[i] ?? []]));
  }

  /**
   * Reservations waiting for an answer whose checks found a problem, for the inbox's "has a problem"
   * filter. Kept until the desk is told of a change, so paging and the chip counts reuse it. The one problem
   * that reads other reservations, a repeated voucher, is looked up only for the few vouchers held more than
   * once (one query finds them), and returning guests, a note, are not looked up at all.
   */
  async problemKeys(): Promise<string[]> {
    const { checker, store } = await this.current();
    const cached = this.problems;
    if (cached?.generation === this.generation && cached.checker === checker) return cached.keys;
    const generation = this.generation;
    const shared = new Set((await store.sharedVouchers()).map((v) => `${v.agencyId}\u0000${v.voucher}`));
    const only: AskOnly = {
      voucher: (agencyId, voucher) => shared.has(`${agencyId}\u0000${voucher}`),
      stays: false,
    };
    const waiting = await store.waitingReservations();
    const checks = await checkBatch(checker, waiting, askStore(store), only);
    const keys = waiting
      .filter((_, i) => checks[i]?.some((c) => c.severity === 'problem'))
      .map((r) => r.keyField);
    this.problems = { generation, checker, keys };
    return keys;
  }

  /** Rows of a page with their markers (a row the store no longer has gets none). */
  async markRows<T extends { keyField: string }>(
    rows: readonly T[],
  ): Promise<(T & { checks: CheckMarker[] })[]> {
    if (rows.length === 0) return [];
    const checks = await this.forKeys(rows.map((r) => r.keyField));
    return rows.map((r) => ({ ...r, checks: markersOf(checks.get(r.keyField) ?? []) }));
  }
}
