// The decline reasons the service offers (NotConfirmMessages), one list per language, in the service's order.
import { sql } from 'kysely';
import { all, changed, first, q, run, type Op } from './engines/op';
import { turns } from './engines/turn';
import { prepared } from './engines/prepared';
import type { NotConfirmMessage, ServiceLanguage } from '../../shared/domain';

const removeLanguage = prepared((p: { lang: ServiceLanguage }) =>
  q.deleteFrom('not_confirm_messages').where('lang', '=', p.lang),
);
// An upsert, not SQLite's INSERT OR REPLACE (PostgreSQL has none): a reason the service lists twice keeps its
// last name and position, as the replace did.
const put = prepared((p: NotConfirmMessage & { position: number }) =>
  q
    .insertInto('not_confirm_messages')
    .values({ lang: p.lang, id: p.id, name: p.name, position: p.position })
    .onConflict((c) =>
      c.columns(['lang', 'id']).doUpdateSet((e) => ({
        name: e.ref('excluded.name'),
        position: e.ref('excluded.position'),
      })),
    ),
);
const inLanguage = prepared((p: { lang: ServiceLanguage }) =>
  q
    .selectFrom('not_confirm_messages')
    .select(['id', 'name', 'lang'])
    .where('lang', '=', p.lang)
    .orderBy('position'),
);
// The same reason id is listed once per language; the Turkish text is the service's own.
const byId = prepared((p: { id: string }) =>
  q
    .selectFrom('not_confirm_messages')
    .select(['id', 'name', 'lang'])
    .where('id', '=', p.id)
    .orderBy(sql`CASE lang WHEN 'tr-TR' THEN 0 ELSE 1 END`)
    .limit(sql.lit(1)),
);
const byIdInLanguage = prepared((p: { id: string; lang: ServiceLanguage }) =>
  q
    .selectFrom('not_confirm_messages')
    .select(['id', 'name', 'lang'])
    .where('id', '=', p.id)
    .where('lang', '=', p.lang),
);

/** Decline reasons' operations, one definition for both engines (engines/op.ts). */
export const declineReasonOps = {
  /** Replaces the decline reasons of one language, keeping the service's order. */
  *replace(lang: ServiceLanguage, messages: readonly NotConfirmMessage[]): Op<void> {
    yield* run(turns.reference);
    yield* run(removeLanguage({ lang }));
    for (const [position, message] of messages.entries())
      yield* run(put({ lang, id: message.id, name: message.name, position }));
    // Other desks' decline dialogs read them again.
    yield* changed('not_confirm_messages', 'changed', [lang]);
  },

  /** Decline reasons in one language, in the service's order. */
  *list(lang: ServiceLanguage): Op<NotConfirmMessage[]> {
    return yield* all(inLanguage({ lang }));
  },

  /** A decline reason by id, in the given language when asked, else in whichever language is stored. */
  *find(id: string, lang?: ServiceLanguage): Op<NotConfirmMessage | null> {
    const row = yield* first(lang ? byIdInLanguage({ id, lang }) : byId({ id }));
    return row ?? null;
  },
};
