// Full-text search over guest names, voucher, tour operator and KeyField. The folding of
// turkish-fold.ts runs on both sides, so "ISIK", "ışık" and "isi" all reach Işık.
import type { Database } from 'better-sqlite3';
import type { Reservation } from '../../shared/domain';
import { foldForSearch, searchWords } from './turkish-fold';

/** What the search index holds for one reservation (already folded). */
export function searchTextOf(r: Reservation): string {
  const parts = r.guests.map((g) => g.name);
  parts.push(r.voucherNo, r.tourOpCode, r.tourOpName, r.keyField);
  return foldForSearch(parts.join(' '));
}

/**
 * The FTS5 MATCH expression for what the receptionist typed: every word must appear, each as a prefix
 * (typing "isi" already finds Işık). Null when nothing searchable was typed. Words are letters and
 * digits only, so quoting them cannot break the expression.
 */
export function matchExpression(query: string): string | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}

/** SQL condition restricting reservations (alias r) to a MATCH expression bound as one parameter. */
export const searchCondition =
  'r.id IN (SELECT rowid FROM reservation_search WHERE reservation_search MATCH ?)';

/** How many reservations a MATCH expression finds (cheap: read from the index alone). */
export function countMatches(db: Database, match: string): number {
  return (
    db
      .prepare<[string], number>('SELECT count(*) FROM reservation_search WHERE reservation_search MATCH ?')
      .pluck()
      .get(match) ?? 0
  );
}

/** KeyFields of reservations matching the query, in check-in order, at most `limit`. */
export function searchKeyFields(db: Database, query: string, limit = 50): string[] {
  const match = matchExpression(query);
  if (match === null) return [];
  return db
    .prepare<[string, number], string>(
      `SELECT r.key_field FROM reservations r WHERE ${searchCondition} ORDER BY r.check_in, r.id LIMIT ?`,
    )
    .pluck()
    .all(match, limit);
}
