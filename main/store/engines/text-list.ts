// A list of texts bound as ONE value that both engines read as rows, so a query over "these keys" (a page of
// the inbox) is one text whatever the list's length: one prepared statement on SQLite, one plan on PostgreSQL.
// The list travels as a JSON object whose keys are the texts, because `json_each(object)` exists on both and
// names its rows' key column `key` on both (SQLite's json_each; PostgreSQL's json_each(json), which an untyped
// parameter resolves to). A JSON array would not do: PostgreSQL's json_each refuses one (it has
// json_array_elements_text instead), and SQLite has no function of that name.
import { sql, type RawBuilder } from 'kysely';

// What JSON must escape in a string (quote, backslash, control characters) and what JSON.stringify escapes besides
// (lone surrogates); a text with none of these is its own JSON string between quotes.
const needsEscape = /["\\\p{Cc}\p{Cs}]/u;

/** The texts as the one value `inTextList` reads. */
export function textList(texts: readonly string[]): string {
  if (texts.length === 0) return '{}';
  // Written out, not stringified from an object (building and writing a 500-key object cost about 0.2 ms, four
  // times JSON.stringify of the array); plain texts (key fields, GUIDs), the usual case, are their own JSON
  // strings and are joined at once. A text listed twice is a key listed twice, which both engines' json_each read
  // as two rows (IN keeps one).
  const plain = texts.join('');
  if (!needsEscape.test(plain)) return `{"${texts.join('":1,"')}":1}`;
  return `{${texts.map((text) => `${JSON.stringify(text)}:1`).join(',')}}`;
}

/** `(SELECT key FROM json_each(list))`: the right side of an IN, for a value made by `textList`. */
export function inTextList(list: unknown): RawBuilder<string> {
  return sql<string>`(SELECT key FROM json_each(${list}))`;
}
