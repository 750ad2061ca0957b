// The agencies the service connects the hotel to: refreshed by the sync, read by every screen that names one.
import { sql } from 'kysely';
import { all, changed, first, q, run, type Op } from './engines/op';
import { turns } from './engines/turn';
import { prepared } from './engines/prepared';
import type { Agency } from '../../shared/domain';

// 0/1 written into the SQL: constants, not values (engines/prepared.ts).
const listed = sql.lit(1);
const unlisted = sql.lit(0);

const markAllInactive = prepared(() =>
  q.updateTable('agencies').set({ active: unlisted }).where('active', '=', listed).returning('id'),
);
const upsert = prepared((p: Agency) =>
  q
    .insertInto('agencies')
    .values({ id: p.id, name: p.name, active: listed })
    .onConflict((c) => c.column('id').doUpdateSet({ name: (e) => e.ref('excluded.name'), active: listed })),
);
const listActive = prepared(() =>
  q.selectFrom('agencies').select(['id', 'name']).where('active', '=', listed).orderBy('name').orderBy('id'),
);
const byId = prepared((p: { id: string }) =>
  q.selectFrom('agencies').select(['id', 'name']).where('id', '=', p.id),
);

/** Agencies' operations, one definition for both engines (engines/op.ts). */
export const agencyOps = {
  /**
   * Replaces the list of connected agencies with what the service now sends. An agency that is no longer
   * listed is kept but marked inactive: reservations already stored still name it.
   */
  *replace(agencies: readonly Agency[]): Op<void> {
    yield* run(turns.reference);
    const hidden = yield* all(markAllInactive({}));
    for (const agency of agencies) yield* run(upsert({ id: agency.id, name: agency.name }));
    const ids = new Set([...hidden.map((row) => row.id), ...agencies.map((agency) => agency.id)]);
    if (ids.size > 0) yield* changed('agencies', 'changed', [...ids]);
  },

  /** Agencies the service currently lists, by name. */
  *list(): Op<Agency[]> {
    return yield* all(listActive({}));
  },

  /** Any agency ever listed, active or not (a reservation's agency may have been dropped since). */
  *find(id: string): Op<Agency | null> {
    return (yield* first(byId({ id }))) ?? null;
  },
};
