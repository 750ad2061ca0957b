// Where the pre-confirm checks (issue 14) are computed for the desk: one checker kept in memory per work
// database, built from the store's tables the first time it is needed after something it reads changed
// (reservations, stay codes, mappings, stop-sales, the family-policy setting) or the hotel's date moved on.
// Building indexes every reservation (about a second at 100k on a busy machine, far less at a hotel's real
// size: see `npm run bench -- checks`); checking one is a few lookups, so pages and details are checked
// when asked, never stored. Checks inform a decision; nothing here can refuse one.
import {
  CHECK_KINDS,
  createChecker,
  type CheckedReservation,
  type Checker,
  type KnownReservation,
} from '../checks';
import type { CheckMarker, ReservationCheck } from '../../shared/domain';
import type { Store } from '../store';
import { localDate } from '../../shared/calendar';
import type { Logger } from '../kernel/core-types';

/**
 * The setting the sync writes when it has refreshed the reference data (stay codes among them): seeing it
 * move is how the desk learns that room limits may have changed, without the sync knowing about checks.
 */
const REFERENCE_REFRESHED = 'sync.lastReferenceAt';

/** Indexes the store's current data for the checks, as of the hotel's date `today` (YYYY-MM-DD). */
export function buildChecker(store: Store, today: string, counted?: (reservations: number) => void): Checker {
  const input = store.checksInput();
  let reservations = 0;
  const all: Iterable<KnownReservation> = {
    *[Symbol.iterator]() {
      for (const r of input.reservations) {
        reservations++;
        yield r;
      }
    },
  };
  const checker = createChecker({ ...input, reservations: all, today, settings: store.checkSettings() });
  counted?.(reservations);
  return checker;
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
  /** The "has a problem" answer, kept as long as the checker it came from (both go on invalidate). */
  private problems: { checker: Checker; keys: string[] } | null = null;
  private builtFor: { store: Store; today: string; reference: unknown } | null = null;

  constructor(
    private readonly store: () => Store,
    private readonly now: () => Date,
    private readonly logger?: Logger,
  ) {}

  /** Something the checks read changed: the next question rebuilds the checker. */
  invalidate(): void {
    this.checker = null;
  }

  private current(): { checker: Checker; store: Store } {
    const store = this.store();
    const today = localDate(this.now());
    const reference = store.getSetting<unknown>(REFERENCE_REFRESHED, null);
    const built = this.builtFor;
    if (
      this.checker === null ||
      built === null ||
      built.store !== store ||
      built.today !== today ||
      built.reference !== reference
    ) {
      const started = performance.now();
      let reservations = 0;
      this.checker = buildChecker(store, today, (n) => (reservations = n));
      this.builtFor = { store, today, reference };
      this.logger?.info('checks indexed', { reservations, ms: Math.round(performance.now() - started) });
    }
    return { checker: this.checker, store };
  }

  /** The checks of one reservation (a full stored Reservation fits). */
  of(reservation: CheckedReservation): ReservationCheck[] {
    return this.current().checker.check(reservation);
  }

  /** The checks of the given reservations, read from the store in one go; unknown keys are left out. */
  forKeys(keyFields: readonly string[]): Map<string, ReservationCheck[]> {
    const { checker, store } = this.current();
    const out = new Map<string, ReservationCheck[]>();
    for (const [keyField, row] of store.checkedReservations(keyFields)) out.set(keyField, checker.check(row));
    return out;
  }

  /**
   * Reservations waiting for an answer whose checks found a problem, for the inbox's "has a problem"
   * filter. Checked once per checker (a pull, a decision or a mapping change builds a new one), so paging
   * and the chip counts reuse it.
   */
  problemKeys(): string[] {
    const { checker, store } = this.current();
    if (this.problems?.checker === checker) return this.problems.keys;
    const keys = [...this.forKeys(store.problemCandidates())]
      .filter(([, checks]) => checks.some((c) => c.severity === 'problem'))
      .map(([keyField]) => keyField);
    this.problems = { checker, keys };
    return keys;
  }

  /** Rows of a page with their markers (a row the store no longer has gets none). */
  markRows<T extends { keyField: string }>(rows: readonly T[]): (T & { checks: CheckMarker[] })[] {
    if (rows.length === 0) return [];
    const checks = this.forKeys(rows.map((r) => r.keyField));
    return rows.map((r) => ({ ...r, checks: markersOf(checks.get(r.keyField) ?? []) }));
  }
}
