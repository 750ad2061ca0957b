// What a moved reservation brings with it in the target that is not copied but derived from its row, as the
// desk's import derives it: its search words (the store's own folding, so the hotel database finds exactly what
// the desk found), its count in reservation_tally and in allotment_nights, and a mark in check_keys_pending so the desk computes its
// pre-confirm check keys (check_guests has no key to copy idempotently; the keys are the checks', not the store's).
import type pg from 'pg';
import { moveCountSql } from '../store/allotment-nights';
import { searchEntryOfRow } from '../store/search';
import { comparable, type Row } from './move-rows';

export interface DerivedCounts {
  search: number;
  pending: number;
  tallied: number;
}

/** Collects the derived rows of the reservations a move inserted, and writes them batch by batch. */
export class DerivedRows {
  private readonly tally = new Map<string, { key: string[]; n: number }>();
  readonly counts: DerivedCounts = { search: 0, pending: 0, tallied: 0 };

  /** The reservations of one batch that the target did not have. */
  async add(client: pg.ClientBase, inserted: readonly Row[]): Promise<void> {
    if (inserted.length === 0) return;
    const ids = inserted.map((r) => comparable(r.id));
    const words = inserted.map((r) => searchWords(r));
    const search = await client.query(
      `INSERT INTO reservation_search (reservation_id, folded)
       SELECT t.id, array_to_tsvector(string_to_array(t.words, ' ')) FROM unnest($1::bigint[], $2::text[]) AS t(id, words)
       ON CONFLICT DO NOTHING`,
      [ids, words],
    );
    this.counts.search += search.rowCount ?? 0;
    // Their nights in the operators' allotment counts (the import counts what it inserts; a move is an import).
    await client.query(moveCountSql, [JSON.stringify(ids)]);
    // Keyed by the desk with the checks of its version (no insert trigger marks a reservation).
    await client.query(
      `INSERT INTO check_keys_pending (reservation_id) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING`,
      [ids],
    );
    this.counts.pending += inserted.length;
    for (const r of inserted) {
      const key = [r.check_in, r.agency_id, r.change_kind, r.confirmation_status].map((v) => String(v));
      const id = JSON.stringify(key);
      const entry = this.tally.get(id);
      if (entry) entry.n += 1;
      else this.tally.set(id, { key, n: 1 });
    }
  }

  /** Adds the moved reservations to the target's tally (which may count other rows already). */
  async finish(client: pg.ClientBase): Promise<void> {
    const entries = [...this.tally.values()];
    if (entries.length === 0) return;
    const column = (i: number): string[] => entries.map((e) => e.key[i] ?? '');
    await client.query(
      `INSERT INTO reservation_tally (check_in, agency_id, change_kind, confirmation_status, n)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
       ON CONFLICT (check_in, agency_id, change_kind, confirmation_status)
       DO UPDATE SET n = reservation_tally.n + excluded.n`,
      [column(0), column(1), column(2), column(3), entries.map((e) => e.n)],
    );
    this.counts.tallied = entries.length;
  }
}

/** The reservation's search words from its row, as the import writes them (not SQLite's text, which keeps punctuation). */
const searchWords = (r: Row): string =>
  searchEntryOfRow({
    id: String(r.id),
    voucherNo: String(r.voucher_no),
    tourOpCode: String(r.tour_op_code),
    tourOpName: String(r.tour_op_name),
    keyField: String(r.key_field),
    guests: String(r.guests_json),
  }).words;
