// What the hotel told each operator of a stop-sale (migration 015): the day the notice was sent and by whom, and
// the operator's confirmation, ticked by hand. Written as the receptionist acts; gone with the stop-sale.
import { sql } from 'kysely';
import { all, changed, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { preparedPerEngine } from './engines/per-engine';

export interface StopSaleNoticeRow {
  stopSaleId: number;
  agencyId: string;
  sentAt: string | null;
  sentBy: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
}

const everyNotice = prepared(() =>
  q
    .selectFrom('stop_sale_notices')
    .select([
      'stop_sale_id as stopSaleId',
      'agency_id as agencyId',
      'sent_at as sentAt',
      'sent_by as sentBy',
      'confirmed_at as confirmedAt',
      'confirmed_by as confirmedBy',
    ])
    .orderBy('stop_sale_id')
    .orderBy('agency_id'),
);
const sent = prepared((p: { stopSaleId: number; agencyId: string; user: string; at: string }) =>
  q
    .insertInto('stop_sale_notices')
    .values({ stop_sale_id: p.stopSaleId, agency_id: p.agencyId, sent_at: p.at, sent_by: p.user })
    .onConflict((c) =>
      c.columns(['stop_sale_id', 'agency_id']).doUpdateSet({ sent_at: p.at, sent_by: p.user }),
    ),
);
const confirmed = prepared(
  (p: { stopSaleId: number; agencyId: string; at: string | null; user: string | null }) =>
    q
      .insertInto('stop_sale_notices')
      .values({ stop_sale_id: p.stopSaleId, agency_id: p.agencyId, confirmed_at: p.at, confirmed_by: p.user })
      .onConflict((c) =>
        c.columns(['stop_sale_id', 'agency_id']).doUpdateSet({ confirmed_at: p.at, confirmed_by: p.user }),
      ),
);
// Held until the notice is written (PostgreSQL: FOR KEY SHARE): another desk removing the stop-sale meanwhile waits,
// and its removal then takes the notice with it, instead of this write failing on the missing stop-sale.
const stopSaleExists = preparedPerEngine((p: { id: number }, engine) => {
  const query = q.selectFrom('stop_sales').select('id').where('id', '=', p.id);
  return engine === 'postgres' ? query.forKeyShare() : query;
});
// The hotel's name as the service last wrote it on a reservation: what a notice says it comes from.
const hotelName = prepared(() =>
  q
    .selectFrom('reservations')
    .select(sql<string>`coalesce(nullif(stay_hotel_name, ''), hotel_name)`.as('name'))
    .orderBy('id', 'desc')
    .limit(1),
);

/** The stop-sale notices' operations, one definition for both engines (engines/op.ts). */
export const stopSaleNoticeOps = {
  *list(): Op<StopSaleNoticeRow[]> {
    return (yield* all(everyNotice({}))).map((r) => ({ ...r, stopSaleId: Number(r.stopSaleId) }));
  },

  /** The notice went to the operator now; false when the stop-sale is gone. */
  *markSent(stopSaleId: number, agencyId: string, user: string, at: string): Op<boolean> {
    if (!(yield* first(stopSaleExists({ id: stopSaleId })))) return false;
    yield* run(sent({ stopSaleId, agencyId, user, at }));
    yield* changed('stop_sale_notices', 'changed', [String(stopSaleId)]);
    return true;
  },

  /** The operator confirmed the stop-sale (or the tick is taken back); false when the stop-sale is gone. */
  *setConfirmed(stopSaleId: number, agencyId: string, yes: boolean, user: string, at: string): Op<boolean> {
    if (!(yield* first(stopSaleExists({ id: stopSaleId })))) return false;
    yield* run(confirmed({ stopSaleId, agencyId, at: yes ? at : null, user: yes ? user : null }));
    yield* changed('stop_sale_notices', 'changed', [String(stopSaleId)]);
    return true;
  },

  /** The hotel's name on its newest reservation, or '' before the first sync. */
  *hotelName(): Op<string> {
    return (yield* first(hotelName({})))?.name ?? '';
  },
};
