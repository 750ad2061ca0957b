// The store's schema on PostgreSQL, one list of its own beside SQLite's (main/store/migrations, frozen):
// the same tables, columns, keys and refusals, in PostgreSQL's words. Applied by main/hotel-db/migrate.ts, all
// pending ones in one transaction, under an advisory lock so desks starting together migrate once. Each migration
// is a file of its own under postgres-migrations/, frozen once shipped. Version 1 holds the first areas ported,
// version 2 every other table; an area's queries join engines/tables.ts when they move onto the shared pattern.
//
// What differs from SQLite, on purpose:
// - every text column is COLLATE "C": text compares and sorts bytewise, as SQLite's does, whatever the locale
//   the server or a chain's database was created with, so lists come in the same order on both engines;
// - ids are bigint identities (BY DEFAULT, so moving a desk's data in keeps its ids); the runner reads int8 back
//   as a number. SQLite's INTEGER PRIMARY KEY (stop_sales) may reuse the highest id after a delete; PostgreSQL
//   never does, so no caller may count on either;
// - "user" is quoted: a reserved word in PostgreSQL;
// - settings.value is checked with a cast to json (not jsonb: jsonb refuses the escape \u0000 that
//   JSON.stringify writes for a NUL, and SQLite's json_valid accepts it);
// - a YYYY-MM-DD check is a regular expression instead of GLOB;
// - the derived tables (check keys, pending marks, search text) keep no foreign key: PostgreSQL checks one with a
//   query per row inserted, SQLite with a lookup it hardly feels.
import { sharedDeskAreas } from './postgres-migrations/001-shared-desk-areas';
import { storeTables } from './postgres-migrations/002-store-tables';
import { answering } from './postgres-migrations/003-answering';
import { guestsBytewise } from './postgres-migrations/004-guests-bytewise';
import { claimDeadline } from './postgres-migrations/005-claim-deadline';
import { checkKeysPerStatement } from './postgres-migrations/006-check-keys-per-statement';
import { contracts } from './postgres-migrations/007-contracts';
import { allotmentNights } from './postgres-migrations/008-allotment-nights';
import { stopSaleNotices } from './postgres-migrations/009-stop-sale-notices';
import { keysMarkedByWriters } from './postgres-migrations/010-keys-marked-by-writers';
import { checkGuestsByReservation } from './postgres-migrations/011-check-guests-by-reservation';
import { countsUpdatedInPlace } from './postgres-migrations/012-counts-updated-in-place';
import { searchWordsRewritten } from './postgres-migrations/013-search-words-rewritten';
import { rewriteSearchWords, type SqlClient } from '../search-words-rewrite';

export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
  /** Run after the SQL, in the same transaction: a step the desk's own code must do (its search folding). */
  then?: (client: SqlClient) => Promise<unknown>;
}

/** Ordered: a migration's version is its position in this list plus one. */
export const postgresMigrations: readonly PostgresMigration[] = [
  { version: 1, name: 'shared-desk-areas', sql: sharedDeskAreas },
  { version: 2, name: 'store-tables', sql: storeTables },
  { version: 3, name: 'answering', sql: answering },
  { version: 4, name: 'guests-bytewise', sql: guestsBytewise },
  { version: 5, name: 'claim-deadline', sql: claimDeadline },
  { version: 6, name: 'check-keys-per-statement', sql: checkKeysPerStatement },
  { version: 7, name: 'contracts', sql: contracts },
  { version: 8, name: 'allotment-nights', sql: allotmentNights },
  { version: 9, name: 'stop-sale-notices', sql: stopSaleNotices },
  { version: 10, name: 'keys-marked-by-writers', sql: keysMarkedByWriters },
  { version: 11, name: 'check-guests-by-reservation', sql: checkGuestsByReservation },
  { version: 12, name: 'counts-updated-in-place', sql: countsUpdatedInPlace },
  { version: 13, name: 'search-words-rewritten', sql: searchWordsRewritten, then: rewriteSearchWords },
];
