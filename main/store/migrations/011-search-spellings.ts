import type { Migration } from '../migration';
import { reindexSearch } from '../search';

// The search index also holds the other spellings of a word (the German one of an umlaut,
// "schaefer" for SCHÄFER; the Latin ones of a Cyrillic name, "ivanov" for ИВАНОВ) and a voucher's digits
// without leading zeros ("12345" for TRV-0012345), and the folding now lives in shared/text-fold.ts.
// Reservations stored before hold none of these: the whole index is built again from their rows.
//
// It uses the search of today (main/store/search.ts), not a frozen copy: the index is derived data, never
// read back, so an old database re-indexed by a later folding is simply right for that folding. A later
// change to what the index holds adds its own migration that calls reindexSearch again.
export const searchSpellingsMigration: Migration = {
  version: 11,
  name: 'search-spellings',
  up(db) {
    reindexSearch(db);
  },
};
