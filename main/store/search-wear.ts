// SQLite's search index rebuilt once it is worn. A replaced search row leaves its old entries behind in FTS5 as
// tombstones that every later match must step over: after 20k changes among 100k reservations a name search took
// 14 ms instead of 5. Once the replacements since the last rebuild reach a tenth of the reservations, the index is
// rebuilt in one piece (about 0.5 s at 100k, so some 20 µs per change). Counted per connection: after a restart
// the count starts again, which only delays the next rebuild. SQLite only: PostgreSQL's GIN index is kept by its
// own vacuum.
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import { first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { rawQuery } from './engines/raw-query';

const REBUILD_SHARE = 0.1;
const REBUILD_MINIMUM = 1000;
const replacedSinceRebuild = new WeakMap<Database, number>();
const reservationCount = prepared(() =>
  q.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')),
);
const optimizeSearch = prepared(() =>
  rawQuery(sql`INSERT INTO reservation_search (reservation_search) VALUES ('optimize')`),
);

/** Counts `replaced` search rows against this connection's and rebuilds the index once they wear it. */
export function* rebuildSearchWhenWorn(db: Database, replaced: number): Op<void> {
  if (replaced === 0) return;
  const total = (replacedSinceRebuild.get(db) ?? 0) + replaced;
  const rebuild =
    total >= REBUILD_MINIMUM && total >= ((yield* first(reservationCount({})))?.n ?? 0) * REBUILD_SHARE;
  if (rebuild) yield* run(optimizeSearch({}));
  replacedSinceRebuild.set(db, rebuild ? 0 : total);
}
