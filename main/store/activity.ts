import { sql } from 'kysely';
import { all, changed, first, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import type { ActivityEntry, ServiceLanguage, UiLanguage } from '../../shared/domain';

export interface NewActivity {
  at: string;
  user: string;
  action: ActivityEntry['action'];
  keyField: string | null;
  detail: string;
}

// The guest and the reason are looked up for the page only (by the key and id indexes).
const page = prepared(
  (p: { first: ServiceLanguage; second: ServiceLanguage; limit: number; offset: number }) =>
    q
      .selectFrom(
        q
          .selectFrom('activity')
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(p.limit)
          .offset(p.offset)
          .as('a'),
      )
      .select((eb) => {
        const reasonIn = (lang: ServiceLanguage) =>
          eb
            .selectFrom('not_confirm_messages as m')
            .select('m.name')
            .whereRef('m.id', '=', 'a.detail')
            .where('m.lang', '=', lang);
        return [
          'a.id',
          'a.at',
          'a.user',
          'a.action',
          'a.key_field as keyField',
          'a.detail',
          eb
            .selectFrom('reservations as r')
            .select('r.lead_guest')
            .whereRef('r.key_field', '=', 'a.key_field')
            .as('guest'),
          sql<
            ActivityEntry['reasonName']
          >`CASE WHEN a.action = 'decline' THEN coalesce(${reasonIn(p.first)}, ${reasonIn(p.second)}) END`.as(
            'reasonName',
          ),
        ];
      })
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc'),
);

const insert = prepared((p: NewActivity) =>
  q
    .insertInto('activity')
    .values({ at: p.at, user: p.user, action: p.action, key_field: p.keyField, detail: p.detail })
    .returning('id'),
);

/** Activity's operations, one definition for both engines (engines/op.ts). */
export const activityOps = {
  /** Records who did what at the desk; returns the entry's id. */
  *add(entry: NewActivity): Op<number> {
    const row = yield* first(
      insert({
        at: entry.at,
        user: entry.user,
        action: entry.action,
        keyField: entry.keyField,
        detail: entry.detail,
      }),
    );
    if (!row) throw new Error('activity insert returned no row');
    yield* changed('activity', 'added', [String(row.id)]);
    return row.id;
  },

  /** One page of the activity log, newest first, with decline reasons named in `language` when it can. */
  *list(offset: number, limit: number, language: UiLanguage = 'en'): Op<ActivityEntry[]> {
    const [first, second]: [ServiceLanguage, ServiceLanguage] =
      language === 'tr' ? ['tr-TR', 'en-US'] : ['en-US', 'tr-TR'];
    return yield* all(page({ first, second, limit, offset }));
  },
};
