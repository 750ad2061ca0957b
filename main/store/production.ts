// The stays each operator's production counts (main/contracts/production.ts adds them up): answered reservations,
// neither cancelled nor declined, with how long the desk's first answer to each took.
import { sql, type SqlBool } from 'kysely';
import { all, q, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { storedRates, type ActivityDetail, type ExchangeRates, type ProducedStay } from '../../shared/domain';
import { settingsOps } from './settings';
import { activityOps } from './activity';

/** The settings key of the hotel's exchange rates (shared by every desk, as the database is). */
const RATES_KEY = 'productionRates';

interface Row {
  agencyId: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  pax: number;
  adults: number;
  children: number;
  infants: number;
  price: number;
  currency: string;
  receivedAt: string | null;
  answeredAt: string | null;
}

// The wait is the first answer's: from receiving the version it answered to sending it. That version is most often
// the reservation's current one, whose time the row holds; only a booking changed after its answer looks it up.
const staysBetween = prepared((p: { earliest: string; from: string; to: string }) =>
  q
    .selectFrom('reservations as r')
    .leftJoin('decisions as d', (join) =>
      join.on(
        sql<SqlBool>`d.id = (SELECT min(f.id) FROM decisions f WHERE f.key_field = r.key_field AND f.state = 'sent')`,
      ),
    )
    .select([
      'r.agency_id as agencyId',
      sql<string>`substr(r.check_in, 1, 10)`.as('checkIn'),
      sql<string>`substr(r.check_out, 1, 10)`.as('checkOut'),
      'r.room_count as rooms',
      'r.pax as pax',
      'r.adults as adults',
      'r.childs as children',
      'r.infants as infants',
      'r.sold_price as price',
      'r.sold_currency as currency',
      sql<string | null>`CASE WHEN d.based_on_log_id = r.log_id THEN r.received_at
        ELSE (SELECT v.received_at FROM reservation_versions v WHERE v.log_id = d.based_on_log_id) END`.as(
        'receivedAt',
      ),
      'd.sent_at as answeredAt',
    ])
    .where('r.check_in', '>=', p.earliest)
    .where('r.check_in', '<', p.to)
    .where(sql<string>`substr(r.check_out, 1, 10)`, '>=', p.from)
    .where('r.pms_status', '<>', 3)
    .where('r.confirmation_status', 'not in', ['W', 'H']),
);

const producedOf = (row: Row): ProducedStay => {
  const pax = Number(row.pax);
  return {
    agencyId: row.agencyId,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    rooms: Number(row.rooms),
    // The service's Pax is the guest count; a reservation without one counts its guests by age.
    guests: pax > 0 ? pax : Number(row.adults) + Number(row.children) + Number(row.infants),
    price: Number(row.price),
    currency: row.currency,
    receivedAt: row.receivedAt,
    answeredAt: row.answeredAt,
  };
};

/** The same hotel currency and the same rate for each currency, in whatever order they were entered. */
const sameRates = (a: ExchangeRates, b: ExchangeRates): boolean =>
  a.hotelCurrency === b.hotelCurrency &&
  Object.keys(a.rates).length === Object.keys(b.rates).length &&
  Object.entries(a.rates).every(([currency, rate]) => b.rates[currency] === rate);

/** The production's operations, one definition for both engines (engines/op.ts). */
export const productionOps = {
  /** Every answered stay arriving from `earliest` with a night in [from, to), or arriving in it. */
  *stays(earliest: string, from: string, to: string): Op<ProducedStay[]> {
    return (yield* all(staysBetween({ earliest, from, to }))).map(producedOf);
  },
  /** The hotel's exchange rates; none when never entered or unreadable. */
  *rates(): Op<ExchangeRates> {
    return storedRates(yield* settingsOps.get<unknown>(RATES_KEY, null));
  },
  /**
   * Keeps the hotel's rates (checked by the caller: ratesProblems). A change, not a repeat, goes into the activity
   * log: the figures every operator's production is read at changed with it.
   */
  *setRates(rates: ExchangeRates, user: string, at: string): Op<ExchangeRates> {
    if (sameRates(yield* productionOps.rates(), rates)) return rates;
    // Claimed in one order, so two desks saving the same rates at once log them once.
    const inOrder: ExchangeRates = {
      hotelCurrency: rates.hotelCurrency,
      rates: Object.fromEntries(Object.entries(rates.rates).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    };
    if (!(yield* settingsOps.claim(RATES_KEY, inOrder))) return rates;
    const detail: ActivityDetail = { kind: 'settings', setting: 'rates', ...inOrder };
    yield* activityOps.add({ at, user, action: 'settings', keyField: null, detail: JSON.stringify(detail) });
    return rates;
  },
};
