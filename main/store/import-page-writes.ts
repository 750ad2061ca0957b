// What a page of the import (reservations.ts) writes once for all its items, after its runs: the new reservations'
// tally counts, the LogIds to acknowledge, the search rows and the check keys of the rows it wrote. Gathered while
// the runs are stored, each is one statement for the page.
import type { ChangeKind, KnownReservation, Reservation } from '../../shared/domain';
import { run, type Op } from './engines/op';
import { addToTallies, enqueueAcks, writeSearch } from './reservations-import-queries';
import { searchEntryOf } from './search';
import { checkKeyOps, type StoredCheckKeys } from './check-keys';

// Tally keys in one order, so two desks' batches add to the same tally rows in the same order (no deadlock).
const byTallyKey = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number =>
  a < b ? -1 : a > b ? 1 : 0;

/** A reservation as the checks find it (checks-input.ts knownOf reads the same from its stored row). */
const knownOfReservation = (r: Reservation): KnownReservation => ({
  keyField: r.keyField,
  agencyId: r.agencyId,
  voucherNo: r.voucherNo,
  checkIn: r.checkIn,
  pmsStatus: r.pmsStatus,
  confirmationStatus: r.confirmationStatus,
  guests: r.guests.map(({ name, birthDate }) => ({ name, birthDate })),
});

export class PageWrites {
  // Search rows are written after the whole batch, one statement for the new ones and one for the replaced:
  // FTS5 flushes its pending terms to disk at every statement savepoint, and statements with triggers (the
  // tally's) open one per row, so interleaved writes made one tiny index segment per reservation and endless
  // merging. One entry per reservation, the last text written (PostgreSQL's upsert refuses a row twice).
  private readonly searchRows = new Map<number, { text: string; words: string; replace: boolean }>();
  /** How many search rows the page replaced (SQLite rebuilds its worn index from that). */
  searchReplaced = 0;
  // Rows written, for their check keys; the last values written per reservation (`added`: inserted by the page).
  private readonly written = new Map<number, { r: Reservation; added: boolean }>();
  // LogIds queued, as [logId, serviceId]: plainly, or only unless the service accepted them already.
  private readonly acks: [number, string][] = [];
  private readonly acksUnlessAcknowledged: [number, string][] = [];
  // New reservations per tally key, added to reservation_tally before any update and at the end of the batch
  // (migration 004).
  private readonly tallied = new Map<string, [string, string, string, string, number]>();

  constructor(private readonly acknowledgeAgain: boolean) {}

  /** The reservation's search text, new or replacing the stored one. */
  search(id: number, r: Reservation, replace: boolean): void {
    if (replace) this.searchReplaced++;
    const before = this.searchRows.get(id);
    this.searchRows.set(id, { ...searchEntryOf(r), replace: before ? before.replace : replace });
  }

  /** The values a row now holds, for its check keys. */
  wrote(id: number, r: Reservation, added: boolean): void {
    this.written.set(id, { r, added });
  }

  /** The item's LogId to acknowledge; `seenBefore`: stored already by an earlier page. */
  enqueue(r: Reservation, seenBefore: boolean): void {
    (seenBefore && !this.acknowledgeAgain ? this.acksUnlessAcknowledged : this.acks).push([
      r.logId,
      r.serviceId,
    ]);
  }

  /** A new reservation, counted into the tally at the next flush. */
  countNew(r: Reservation, kind: ChangeKind): void {
    const id = `${r.checkIn}\u0000${r.agencyId}\u0000${kind}\u0000${r.confirmationStatus}`;
    const entry = this.tallied.get(id);
    if (entry) entry[4]++;
    else this.tallied.set(id, [r.checkIn, r.agencyId, kind, r.confirmationStatus, 1]);
  }

  /**
   * Before any update of a reservation: its update trigger moves a count from the old key, which must already be
   * in the table when the reservation was inserted earlier in this batch. Keys in one order, so two desks' batches
   * add to the same tally rows in the same order (no deadlock).
   */
  *flushTally(): Op<void> {
    if (this.tallied.size === 0) return;
    const rows = [...this.tallied.entries()].sort(byTallyKey).map(([, row]) => row);
    this.tallied.clear();
    yield* run(addToTallies(rows));
  }

  /** Writes what the page gathered: tallies, acknowledgements, search rows and (given the key function) keys. */
  *finish(checkKeys: ((r: KnownReservation) => StoredCheckKeys) | undefined): Op<void> {
    yield* this.flushTally();
    if (this.acks.length > 0) yield* run(enqueueAcks(this.acks, false));
    if (this.acksUnlessAcknowledged.length > 0) yield* run(enqueueAcks(this.acksUnlessAcknowledged, true));
    const searched = [...this.searchRows.entries()];
    for (const replace of [false, true]) {
      const rows = searched.flatMap(([id, row]) =>
        row.replace === replace ? [[id, row.text, row.words] as const] : [],
      );
      if (rows.length > 0) yield* run(writeSearch(rows, replace));
    }
    if (checkKeys && this.written.size > 0)
      yield* checkKeyOps.keyWritten(
        [...this.written.entries()].map(([id, { r, added }]) => ({
          id,
          known: knownOfReservation(r),
          added,
        })),
        checkKeys,
      );
  }
}
