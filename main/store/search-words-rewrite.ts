// Every reservation's search words on the hotel's database written again from its row, as the import writes them
// (PostgreSQL migration 13). A desk's data moved in before then had SQLite's search text cast as its words: that
// text keeps punctuation, so "o'brien-smith," was one word ("smith" and a voucher's digits found nothing), and a
// text PostgreSQL reads otherwise ("x:1") lost words. Run inside the migration's transaction, a page at a time.
import { searchEntryOfRow, type SearchRow } from './search';

/** What the rewrite needs of a connection: a pg client in the migration's transaction. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const PAGE = 2000;

// The SQL as of schema version 13, frozen with the migration (a later one may change these tables); the folding is
// today's, as every re-index's is.
const readPage = `SELECT id, voucher_no AS "voucherNo", tour_op_code AS "tourOpCode", tour_op_name AS "tourOpName",
  key_field AS "keyField", guests_json AS guests FROM reservations WHERE id > $1 ORDER BY id LIMIT ${PAGE}`;
const writePage = `INSERT INTO reservation_search (reservation_id, folded)
  SELECT CAST(v ->> 0 AS bigint), array_to_tsvector(string_to_array(v ->> 1, ' '))
  FROM jsonb_array_elements(CAST($1 AS jsonb)) AS e(v)
  ON CONFLICT (reservation_id) DO UPDATE SET folded = excluded.folded`;

/** Writes every reservation's search words afresh, in id order; how many it wrote. */
export async function rewriteSearchWords(client: SqlClient): Promise<number> {
  let written = 0;
  let after = '0';
  for (;;) {
    const { rows } = await client.query(readPage, [after]);
    const page = rows as SearchRow[];
    const last = page[page.length - 1];
    if (!last) return written;
    const words = page.map((row) => [String(row.id), searchEntryOfRow(row).words]);
    await client.query(writePage, [JSON.stringify(words)]);
    written += page.length;
    after = String(last.id);
  }
}
