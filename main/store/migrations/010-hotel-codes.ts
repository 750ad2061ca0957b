import type { Migration } from '../migration';

// The hotel keeps a list of its own PMS codes per kind (code and name), and a channel
// code is mapped by picking one of them, so "DBL" and "dbl " never become two codes of one room type.
//
// hotel_codes  the hotel's codes, unique per kind whatever their case, in Turkish and in English: code_key
//              is the code trimmed, with İ, I and ı as i, lower-cased (caseKey in shared/text-fold.ts,
//              copied below so this migration stays as shipped). The code is kept as first written.
//
// The list starts with every hotel code the mappings already use; where two spellings are one code, the
// one most mappings use (then the earliest) is kept. The mappings themselves are left as they are.
//
// Mappings made once for all agencies need no schema: they are `mappings` rows with agency_id '*'.
const schema = `
CREATE TABLE hotel_codes (
  kind     TEXT NOT NULL CHECK (kind IN ('room', 'roomType', 'board', 'nationality')),
  code_key TEXT NOT NULL CHECK (code_key <> ''),
  code     TEXT NOT NULL CHECK (code <> ''),
  name     TEXT NOT NULL DEFAULT '',
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (kind, code_key)
) STRICT;
`;

const keyOf = (code: string): string =>
  code
    .trim()
    .normalize('NFC')
    .replace(/[İIı]/g, 'i')
    .toLowerCase()
    .replace(/i\u0307/g, 'i');

interface UsedCode {
  kind: string;
  code: string;
  at: string;
  user: string;
}

export const hotelCodesMigration: Migration = {
  version: 10,
  name: 'hotel-codes',
  up(db) {
    db.exec(schema);
    // min(updated_at) makes SQLite take updated_by from the same (earliest) row.
    const used = db
      .prepare<[], UsedCode>(
        `SELECT kind, trim(hotel_code) AS code, min(updated_at) AS at, updated_by AS user
         FROM mappings WHERE trim(hotel_code) <> ''
         GROUP BY kind, trim(hotel_code) ORDER BY kind, count(*) DESC, at, code`,
      )
      .all();
    const insert = db.prepare<[string, string, string, string, string]>(
      `INSERT INTO hotel_codes (kind, code_key, code, added_by, added_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (kind, code_key) DO NOTHING`,
    );
    for (const u of used) insert.run(u.kind, keyOf(u.code), u.code, u.user, u.at);
  },
};
