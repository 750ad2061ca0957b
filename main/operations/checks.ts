// Where the pre-confirm checks (issue 14) are computed for the desk. The hotel's other reservations are
// looked up per checked reservation in SQL indexes of their keys (main/store/check-keys.ts), which any
// writer marks for recomputing and the desk brings up to date before each question: a new reservation or
// a decision costs the keys of what changed, never a pass over every reservation. Only the small reference
// tables (stay codes, mappings, stop-sales, the family-policy setting) and the hotel's date are indexed in
// memory, again when one of them changes. Checks inform a decision; nothing here can refuse one.
//
// The store is read through its asynchronous DeskStore, except the checks' own lookups of other
// reservations (storedReservations: a repeated voucher, a returning guest): the rules in main/checks ask for
// them synchronously in the middle of `check`, so they stay on the synchronous SQLite Store (`local`). On
// PostgreSQL those must be fetched before checking (for the vouchers and guests of the rows checked), a
// change to main/checks left for when the reservations are ported; hence SqliteDeskStore here, not DeskStore.
import {
  CHECK_KINDS,
  createChecker,
  createCheckerOver,
  reservationKeys,
  type CheckedReservation,
  type Checker,
  type HotelReservations,
  type KnownReservation,
  type ReferenceContext,
} from '../checks';
import type { CheckMarker, ReservationCheck } from '../../shared/domain';
import type { SqliteDeskStore } from '../store/engines/desk-store';
import { localDate } from '../../shared/calendar';
import type { Logger } from '../kernel/core-types';

/**
 * The setting the sync writes when it has refreshed the reference data (stay codes among them): seeing it
 * move is how the desk learns that room limits may have changed, without the sync knowing about checks.
 */
const REFERENCE_REFRESHED = 'sync.lastReferenceAt';

/**
 * A full rebuild: every reservation of the store indexed in memory, as of the hotel's date `today`
 * (YYYY-MM-DD). What the CLI's one-off `show` uses, and what the desk's lookups must always agree with.
 */
export async function buildChecker(
  store: SqliteDeskStore,
  today: string,
  counted?: (reservations: number) => void,
): Promise<Checker> {
  const input = await store.checksInput();
  const settings = await store.checkSettings();
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

/** The store's key indexes as the checks ask them: synchronously, in the middle of a check (see above). */
export const storedReservations = ({ local }: SqliteDeskStore): HotelReservations => ({
  voucherHolders: (agencyId, voucher, self, shown) => local.voucherHolders(agencyId, voucher, self, shown),
  latestStay: (person, birth, day, self) => local.latestStay(person, birth, day, self),
});

/** A checker over the store's reference tables and key indexes (bring the keys up to date first). */
export async function storedChecker(store: SqliteDeskStore, today: string): Promise<Checker> {
  const { stayCodes, mappings, stopSales } = await store.checksInput();
  return createCheckerOver(
    { today, settings: await store.checkSettings(), stayCodes, mappings, stopSales },
    storedReservations(store),
  );
}

/**
 * A checker good for problems only, for checking every waiting reservation at once: the one problem that
 * reads other reservations, a repeated voucher, is looked up only for the few vouchers held more than
 * once (one query finds them), and returning guests, a note, are not looked up at all.
 */
export async function problemChecker(store: SqliteDeskStore, reference: ReferenceContext): Promise<Checker> {
  const shared = new Set((await store.sharedVouchers()).map((v) => `${v.agencyId}\u0000${v.voucher}`));
  const hotel = storedReservations(store);
  return createCheckerOver(reference, {
    voucherHolders: (agencyId, voucher, self, shown) =>
      shared.has(`${agencyId}\u0000${voucher}`)
        ? hotel.voucherHolders(agencyId, voucher, self, shown)
        : { keyFields: [], count: 0 },
    latestStay: () => undefined,
  });
}

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
  private checker: Checker | null = null;
  private builtFor: { store: SqliteDeskStore; today: string; reference: unknown } | null = null;
  /** Moves on every change the desk is told of; the "has a problem" answer is kept for one generation. */
  private generation = 0;
  private problems: { generation: number; checker: Checker; keys: string[] } | null = null;

  /**
   * `store` gives null where the checks cannot run yet: on the hotel's shared database (issue 27) their lookups of
   * other reservations would have to be fetched before checking (see the top of this file). There every
   * reservation shows without markers and "has a problem" finds none, said once in the log; nothing else stops.
   */
  constructor(
    private readonly store: () => SqliteDeskStore | null,
    private readonly now: () => Date,
    private readonly logger?: Logger,
  ) {}

  private saidUnavailable = false;

  /** Whether the checks can run on the store the desk works in now. */
  private available(): SqliteDeskStore | null {
    const store = this.store();
    if (!store && !this.saidUnavailable) {
      this.saidUnavailable = true;
      this.logger?.warn('pre-confirm checks are not available in the hotel database yet');
    }
    return store;
  }

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
   * The checker for now. Two questions at once may both build it (the later one kept): the same answer, and
   * on SQLite they cannot overlap anyway, every store call resolving at once.
   */
  private async current(): Promise<{ checker: Checker; store: SqliteDeskStore }> {
    const store = this.available();
    if (!store) throw new Error('the pre-confirm checks need the desk file');
    const keyed = await store.refreshCheckKeys(reservationKeys);
    if (keyed > 0) {
      // Another writer (the CLI beside the desk) may have changed them without the desk being told.
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
      this.checker = await storedChecker(store, today);
      this.builtFor = { store, today, reference };
      this.logger?.info('checks indexed', { ms: Math.round(performance.now() - started) });
    }
    return { checker: this.checker, store };
  }

  /** The checks of one reservation (a full stored Reservation fits). */
  async of(reservation: CheckedReservation): Promise<ReservationCheck[]> {
    if (!this.available()) return [];
    return (await this.current()).checker.check(reservation);
  }

  /** The checks of the given reservations, read from the store in one go; unknown keys are left out. */
  async forKeys(keyFields: readonly string[]): Promise<Map<string, ReservationCheck[]>> {
    if (!this.available()) return new Map();
    const { checker, store } = await this.current();
    const out = new Map<string, ReservationCheck[]>();
    for (const [keyField, row] of await store.checkedReservations(keyFields))
      out.set(keyField, checker.check(row));
    return out;
  }

  /**
   * Reservations waiting for an answer whose checks found a problem, for the inbox's "has a problem"
   * filter. Kept until the desk is told of a change, so paging and the chip counts reuse it.
   */
  async problemKeys(): Promise<string[]> {
    if (!this.available()) return [];
    const { checker, store } = await this.current();
    const cached = this.problems;
    if (cached?.generation === this.generation && cached.checker === checker) return cached.keys;
    const problems = await problemChecker(store, await this.reference(store));
    const keys: string[] = [];
    for (const r of await store.waitingReservations())
      if (problems.check(r).some((c) => c.severity === 'problem')) keys.push(r.keyField);
    this.problems = { generation: this.generation, checker, keys };
    return keys;
  }

  private async reference(store: SqliteDeskStore): Promise<ReferenceContext> {
    const { stayCodes, mappings, stopSales } = await store.checksInput();
    const settings = await store.checkSettings();
    return { today: localDate(this.now()), settings, stayCodes, mappings, stopSales };
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
