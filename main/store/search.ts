// Full-text search over guest names, voucher, tour operator and KeyField. The desk's one folding
// (shared/text-fold.ts) runs on both sides, so "ISIK", "ışık" and "isi" all reach Işık. SQLite's unicode61
// tokenizer removes diacritics, but it lowercases by Unicode's default rules, where dotless ı and dotted
// İ are letters of their own: so the text is folded before FTS5 sees it.
//
// Beyond the folded text the index holds, per word, the other spellings a receptionist may type:
// the German one of an umlaut ("SCHÄFER" also as "schaefer", while "schafer" still finds it), the
// Latin ones of a Cyrillic name ("ИВАНОВ" also as "ivanov"), and a voucher's digits without their
// leading zeros ("TRV-0012345" also as "12345"). A query word matches any of its own spellings, so
// "müller" finds "MUELLER" too. Changing what the index holds needs a migration that re-indexes
// (migrations/011-search-spellings.ts).
//
// On PostgreSQL the same words sit in reservation_search.folded, a tsvector under a GIN index, and a query is a
// tsquery of the same words: both are taken as written (a split list and a cast, never to_tsvector / to_tsquery),
// so a lexeme is a word FTS5 indexes, cut to its first 500 characters (`lexeme`). PostgreSQL's parser would read
// the folded text its own way ("ege/401519" as one file-path token, "sun.travel" as a host name), where unicode61
// splits at every character that is not a letter or digit. The folding stays here, in JS, for both: PostgreSQL's own case rules depend on the server.
// Words are letters and digits only, so they need no quoting in either.
import type { Database } from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Reservation } from '../../shared/domain';
import { foldText, foldingsOf } from '../../shared/text-fold';
import {
  foldedOnce,
  foldedPiece,
  plainAscii,
  type FoldedPiece,
  rawWordPattern,
  wordPattern,
} from './search-pieces';
import { all, first, q, type Op } from './engines/op';
import { rawQuery } from './engines/raw-query';
import { runSqlite } from './engines/run-sqlite';
import { preparedPerEngine, type EngineName } from './engines/per-engine';

/** The words of a text after folding, as the unicode61 tokenizer would split them (letters and digits). */
export function searchWords(text: string): string[] {
  return foldText(text).match(wordPattern) ?? [];
}

/** What a reservation's search row is made of; the migration that re-indexes reads the same columns. */
export interface SearchParts {
  names: readonly string[];
  voucherNo: string;
  tourOpCode: string;
  tourOpName: string;
  keyField: string;
}

/**
 * A voucher's digits as typed without its prefix: each digit run ("EGE401519" → "401519") and the run
 * without its leading zeros ("TRV-0012345" → "12345").
 */
function voucherDigits(voucherNo: string): string[] {
  const out: string[] = [];
  for (const run of voucherNo.match(/\d+/g) ?? []) {
    out.push(run);
    const short = run.replace(/^0+/, '');
    if (short !== '') out.push(short);
  }
  return out;
}

/** Beyond this many words a reservation's words are looked up in a Set (a hostile list made the lookups quadratic). */
const MANY_WORDS = 200;

/**
 * The words the other spellings and the voucher's digits add, each once and none of `words`. Plain loops, no
 * closures: this runs for every reservation an import stores (closures over these lists cost it a fifth more).
 */
function extraWords(pieces: readonly FoldedPiece[], words: readonly string[], voucherNo: string): string[] {
  const extra: string[] = [];
  const digits = voucherDigits(voucherNo);
  if (words.length > MANY_WORDS) {
    const seen = new Set(words);
    for (const piece of pieces)
      for (const word of piece.others)
        if (!seen.has(word)) {
          seen.add(word);
          extra.push(word);
        }
    for (const word of digits)
      if (!seen.has(word)) {
        seen.add(word);
        extra.push(word);
      }
    return extra;
  }
  // A few dozen words in a real reservation: looked up in the lists themselves, cheaper than building a Set.
  for (const piece of pieces)
    for (const word of piece.others) if (!words.includes(word) && !extra.includes(word)) extra.push(word);
  for (const word of digits) if (!words.includes(word) && !extra.includes(word)) extra.push(word);
  return extra;
}

/** What the search index holds for one reservation: SQLite's text, and its words for PostgreSQL. */
export interface SearchEntry {
  /** Folded text, then the other spellings: what SQLite's FTS5 table is given. */
  text: string;
  /**
   * The words FTS5 makes of `text`, joined by spaces, each cut to what PostgreSQL keeps (`lexemes`): its
   * reservation_search.folded.
   */
  words: string;
}

/**
 * The most pieces (space-separated parts) a field gives the index: a name, a voucher or an operator is a few, and a
 * field of thousands (a hostile list) would otherwise fill the index entry. PostgreSQL's holds at most 1 MB, which
 * `lexemes` keeps below whatever the pieces hold.
 */
const MOST_PIECES = 100;

/** Adds the pieces of `text` (split at plain spaces, the first MOST_PIECES) to `out`, each folded by `fold`. */
function addPieces(text: string, fold: (piece: string) => FoldedPiece, out: FoldedPiece[]): void {
  for (const piece of text.split(' ', MOST_PIECES)) out.push(fold(piece));
}

/** What the search index holds for one reservation: folded text, then the other spellings. */
export function searchEntryOfParts(parts: SearchParts): SearchEntry {
  // A piece at a time (search-pieces.ts), the same as folding the whole text; the names' pieces remembered.
  // Plain loops: this runs for every reservation an import stores.
  const pieces: FoldedPiece[] = [];
  for (const name of parts.names) addPieces(name, foldedPiece, pieces);
  addPieces(parts.voucherNo, foldedOnce, pieces);
  addPieces(parts.tourOpCode, foldedPiece, pieces);
  addPieces(parts.tourOpName, foldedPiece, pieces);
  addPieces(parts.keyField, foldedOnce, pieces);
  const words: string[] = [];
  const folded: string[] = [];
  for (const piece of pieces) {
    folded.push(piece.folded);
    for (const word of piece.words) words.push(word);
  }
  const extra = extraWords(pieces, words, parts.voucherNo);
  const text = folded.join(' ');
  if (extra.length === 0) return { text, words: lexemes(words.join(' ')) };
  const more = extra.join(' ');
  return {
    text: `${text} ${more}`,
    words: lexemes(words.length === 0 ? more : `${words.join(' ')} ${more}`),
  };
}

/**
 * PostgreSQL keeps a word of at most 2,046 bytes in a tsvector or tsquery and refuses a longer one, and with it
 * the whole write or search. There a word is kept and looked up by its first 500 characters (at most 1,500
 * bytes), stored or typed alike, so a typed beginning of it still finds it. SQLite's FTS5 keeps any length.
 */
const LONGEST_WORD = 500;
const longWord = new RegExp(`[^ ]{${LONGEST_WORD + 1},}`, 'g');

/** A word cut to LONGEST_WORD characters, never between the halves of a surrogate pair. */
function lexeme(word: string): string {
  if (word.length <= LONGEST_WORD) return word;
  const last = word.charCodeAt(LONGEST_WORD - 1);
  return word.slice(0, last >= 0xd800 && last <= 0xdbff ? LONGEST_WORD - 1 : LONGEST_WORD);
}

/**
 * A reservation's words on PostgreSQL, at most this many characters: a tsvector holds at most 1 MB, and these are
 * at most 700 KB (a word of one three-byte character and its entry, seven bytes for two characters). A real
 * reservation has a few hundred.
 */
const MOST_WORDS = 200_000;

/** Space-separated words, each cut as lexeme does, the whole cut to MOST_WORDS (no reservation has that many). */
function lexemes(words: string): string {
  if (words.length <= LONGEST_WORD) return words;
  const cut = words.replace(longWord, lexeme);
  return cut.length <= MOST_WORDS ? cut : cut.slice(0, cut.lastIndexOf(' ', MOST_WORDS));
}

/** What the search index holds for one reservation (already folded), for either engine. */
export function searchEntryOf(r: Reservation): SearchEntry {
  return searchEntryOfParts({
    names: r.guests.map((g) => g.name),
    voucherNo: r.voucherNo,
    tourOpCode: r.tourOpCode,
    tourOpName: r.tourOpName,
    keyField: r.keyField,
  });
}

/** What SQLite's search index holds for one reservation (already folded). */
export const searchTextOf = (r: Reservation): string => searchEntryOf(r).text;

/**
 * The most words a search looks for: a receptionist types a name or two and a voucher, never more. Each word is a
 * prefix search of its own, so a pasted line of a hundred one-letter words held the desk for seconds; a word typed
 * twice is looked for once.
 */
const MAX_TERMS = 8;

/**
 * What the receptionist typed, as a list of terms that must all match; each term is the spellings of one
 * typed word (any of them may match). Folded words of letters and digits only.
 */
export function queryTerms(query: string): string[][] {
  const terms = new Map<string, string[]>();
  const add = (spellings: string[]): void => {
    if (terms.size < MAX_TERMS) terms.set(spellings.join(' '), spellings);
  };
  for (const raw of query.match(rawWordPattern) ?? []) {
    if (terms.size >= MAX_TERMS) break;
    const base = searchWords(raw);
    // A character that folds into several words ("½"): each is a term of its own.
    if (base.length !== 1) {
      for (const word of base) add([word]);
      continue;
    }
    const spellings = new Set(base);
    if (!plainAscii.test(raw))
      for (const form of foldingsOf(raw).slice(1)) {
        const words = form.match(wordPattern) ?? [];
        if (words.length === 1 && words[0] !== undefined) spellings.add(words[0]);
      }
    add([...spellings]);
  }
  return [...terms.values()];
}

/**
 * The FTS5 MATCH expression for what the receptionist typed: every word must appear, each as a prefix
 * (typing "isi" already finds Işık), in any of its spellings. Null when nothing searchable was typed.
 * Words are letters and digits only, so quoting them cannot break the expression.
 */
export function matchExpression(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  const grouped = terms.some((spellings) => spellings.length > 1);
  // FTS5 takes whitespace as AND between phrases only: beside a group in brackets it must be spelled out.
  return terms
    .map((spellings) =>
      spellings.length === 1 ? `"${spellings[0]}"*` : `(${spellings.map((w) => `"${w}"*`).join(' OR ')})`,
    )
    .join(grouped ? ' AND ' : ' ');
}

/**
 * The tsquery for what the receptionist typed (PostgreSQL): the same terms as matchExpression,
 * each word a prefix (`isi:*`), spellings of one word OR-ed, terms AND-ed. Null when nothing searchable was
 * typed. Words are letters and digits only, so no quoting is needed.
 */
export function tsQueryExpression(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  return terms
    .map((spellings) =>
      spellings.length === 1
        ? `${lexeme(spellings[0] ?? '')}:*`
        : `(${spellings.map((w) => `${lexeme(w)}:*`).join(' | ')})`,
    )
    .join(' & ');
}

/** What the receptionist typed, as each engine's search expression (bind both; each engine reads its own). */
export interface SearchMatch {
  /** SQLite's FTS5 MATCH expression. */
  fts: string;
  /** PostgreSQL's tsquery. */
  ts: string;
}

/** Both engines' expressions for what was typed, or null when nothing searchable was typed. */
export function searchMatch(query: string): SearchMatch | null {
  const fts = matchExpression(query);
  const ts = tsQueryExpression(query);
  return fts === null || ts === null ? null : { fts, ts };
}

/**
 * The condition restricting reservations (alias r) to a search, for one engine (engines/per-engine.ts):
 * `fts` and `ts` are the bound values (stand-ins in a prepared query) of a SearchMatch.
 */
export function searchConditionFor(
  engine: EngineName,
  match: { fts: unknown; ts: unknown },
): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`r.id IN (SELECT reservation_id FROM reservation_search
        WHERE folded @@ CAST(${match.ts} AS tsquery))`
    : sql<boolean>`r.id IN (SELECT rowid FROM reservation_search WHERE reservation_search MATCH ${match.fts})`;
}

/** SQL condition restricting reservations (alias r) to a MATCH expression bound as one parameter. */
export const searchCondition =
  'r.id IN (SELECT rowid FROM reservation_search WHERE reservation_search MATCH ?)';

/** KeyFields of reservations matching the query, in check-in order, at most `limit`. */
export function searchKeyFields(db: Database, query: string, limit = 50): string[] {
  return runSqlite(db, searchOps.keyFields(query, limit));
}

const matchCount = preparedPerEngine((p: SearchMatch, engine) =>
  engine === 'postgres'
    ? q
        .selectFrom('reservation_search')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql<boolean>`folded @@ CAST(${p.ts} AS tsquery)`)
    : rawQuery(
        sql<{
          n: number;
        }>`SELECT count(*) AS n FROM reservation_search WHERE reservation_search MATCH ${p.fts}`,
      ),
);
const keyFieldsMatching = preparedPerEngine((p: SearchMatch & { limit: number }, engine) =>
  q
    .selectFrom('reservations as r')
    .select('r.key_field as keyField')
    .where(searchConditionFor(engine, p))
    .orderBy('r.check_in')
    .orderBy('r.id')
    .limit(p.limit),
);

/** Search reads, one definition for both engines. */
export const searchOps = {
  /** How many reservations a search finds (cheap: read from the index alone). */
  *count(match: SearchMatch): Op<number> {
    return (yield* first(matchCount(match)))?.n ?? 0;
  },

  /** KeyFields of reservations matching the query, in check-in order, at most `limit`. */
  *keyFields(query: string, limit = 50): Op<string[]> {
    const match = searchMatch(query);
    if (match === null) return [];
    return (yield* all(keyFieldsMatching({ ...match, limit }))).map((row) => row.keyField);
  },
};

/**
 * Builds the whole index again from the reservations' rows, with today's folding: for a migration that
 * changes what the index holds. Reads guest names from guests_json (name first in each guest's array).
 */
const searchRows = `SELECT id, voucher_no AS "voucherNo", tour_op_code AS "tourOpCode",
  tour_op_name AS "tourOpName", key_field AS "keyField", guests_json AS guests FROM reservations`;

/** What searchRows reads of a reservation (PostgreSQL's pg hands a bigint id over as text). */
export interface SearchRow {
  id: number | string;
  voucherNo: string;
  tourOpCode: string;
  tourOpName: string;
  keyField: string;
  guests: string;
}

/** The search entry of a reservation as its row holds it: guest names first in each guest of guests_json. */
export function searchEntryOfRow(row: SearchRow): SearchEntry {
  const guests = JSON.parse(row.guests) as unknown[];
  const names = guests.map((g) => (Array.isArray(g) && typeof g[0] === 'string' ? g[0] : ''));
  return searchEntryOfParts({ ...row, names });
}

/** Writes (or replaces) each row's entry in the search index. */
function writeSearchRows(db: Database, rows: readonly SearchRow[]): void {
  const insert = db.prepare<[number, string]>(
    'INSERT OR REPLACE INTO reservation_search (rowid, text) VALUES (?, ?)',
  );
  for (const row of rows) insert.run(Number(row.id), searchEntryOfRow(row).text);
}

export function reindexSearch(db: Database): number {
  const rows = db.prepare<[], SearchRow>(searchRows).all();
  db.prepare("INSERT INTO reservation_search (reservation_search) VALUES ('delete-all')").run();
  writeSearchRows(db, rows);
  db.prepare("INSERT INTO reservation_search (reservation_search) VALUES ('optimize')").run();
  return rows.length;
}

/** The search entries of these reservations written afresh (rows written into the file by a copy, not an import). */
export function reindexSearchOf(db: Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const read = db.prepare<[string], SearchRow>(`${searchRows} WHERE id IN (SELECT value FROM json_each(?))`);
  for (let i = 0; i < ids.length; i += 1000)
    writeSearchRows(db, read.all(JSON.stringify(ids.slice(i, i + 1000))));
}
