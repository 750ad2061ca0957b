// Each operator's production over a window of months, from its answered stays. Nights and revenue count in the
// month they are stayed (a stay across months counts in each, its price shared by its nights); arrivals, guests
// and the answer wait count in the month of check-in. Revenue is kept per sold currency and converted at the
// hotel's rates; a currency without a rate leaves the converted total unknown rather than wrong.
import { addDays, addMonths, startsWithCalendarDate } from '../../shared/calendar';
import {
  LONGEST_COUNTED_STAY,
  type ExchangeRates,
  type Month,
  type OperatorProduction,
  type ProducedStay,
  type ProductionFigures,
  type ProductionView,
} from '../../shared/domain';

/** `count` months from `from`, in order. */
export function monthsFrom(from: Month, count: number): Month[] {
  return Array.from({ length: count }, (_, i) => addMonths(from, i));
}

/** The first night of the month after `month`. */
const monthAfter = (month: Month): string => `${addMonths(month, 1)}-01`;

/**
 * A stay counts its first 62 nights at most, as its allotment does (LONGEST_COUNTED_STAY): tour-operator stays are
 * a week or two, and the bound keeps the read a short range of the check-in index.
 */

/** The nights of a window of months, [from, to), and the earliest check-in a stay with one of them is read from. */
export function productionNights(months: readonly Month[]): { earliest: string; from: string; to: string } {
  const first = months[0] ?? '1970-01';
  const from = `${first}-01`;
  return {
    earliest: addDays(from, -LONGEST_COUNTED_STAY),
    from,
    to: monthAfter(months[months.length - 1] ?? first),
  };
}

const DAY_MS = 86_400_000;
const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : 30 + ((month + (month >> 3)) & 1);

/** Days since 1970-01-01 of a real 'YYYY-MM-DD' date, else NaN. Arithmetic, not parsing: it runs twice a stay. */
function dayOf(date: string): number {
  if (date.length !== 10 || !startsWithCalendarDate(date)) return Number.NaN;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return Number.NaN;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

class Tally {
  arrivals = 0;
  guests = 0;
  roomNights = 0;
  guestNights = 0;
  readonly revenue = new Map<string, number>();
  readonly waits: number[] = [];

  addRevenue(currency: string, amount: number): void {
    this.revenue.set(currency, (this.revenue.get(currency) ?? 0) + amount);
  }

  add(other: Tally): void {
    this.arrivals += other.arrivals;
    this.guests += other.guests;
    this.roomNights += other.roomNights;
    this.guestNights += other.guestNights;
    for (const [currency, amount] of other.revenue) this.addRevenue(currency, amount);
    this.waits.push(...other.waits);
  }

  get empty(): boolean {
    return this.arrivals === 0 && this.roomNights === 0 && this.revenue.size === 0;
  }
}

const cents = (n: number): number => Math.round(n * 100) / 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value);
}

function figures(t: Tally, rates: ExchangeRates): ProductionFigures {
  const revenue = [...t.revenue]
    .map(([currency, amount]) => ({ currency, amount: cents(amount) }))
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  const rateOf = (currency: string): number | undefined =>
    rates.hotelCurrency !== '' && currency === rates.hotelCurrency ? 1 : rates.rates[currency];
  const missingRates = revenue.filter((r) => rateOf(r.currency) === undefined).map((r) => r.currency);
  const hotelRevenue =
    missingRates.length > 0
      ? null
      : cents([...t.revenue].reduce((sum, [currency, amount]) => sum + amount * (rateOf(currency) ?? 0), 0));
  return {
    arrivals: t.arrivals,
    guests: t.guests,
    roomNights: t.roomNights,
    guestNights: t.guestNights,
    revenue,
    hotelRevenue,
    missingRates,
    answered: t.waits.length,
    medianWaitMinutes: median(t.waits),
  };
}

/** Minutes from receiving a stay to sending its answer; null when either is unknown. */
function waitMinutes(stay: ProducedStay): number | null {
  if (stay.receivedAt === null || stay.answeredAt === null) return null;
  const ms = Date.parse(stay.answeredAt) - Date.parse(stay.receivedAt);
  return Number.isFinite(ms) ? Math.max(0, ms / 60_000) : null;
}

/** Adds one stay to its operator's tallies, one per month of the window. */
function count(
  stay: ProducedStay,
  tallies: Tally[],
  bounds: readonly number[],
  months: readonly Month[],
): void {
  const start = dayOf(stay.checkIn);
  if (Number.isNaN(start)) return;
  // Its first nights only, as its allotment counts them; its price shared by those.
  const end = Math.min(Math.max(start, dayOf(stay.checkOut) || start), start + LONGEST_COUNTED_STAY);
  const nights = end - start;
  const currency = stay.currency.trim().toUpperCase() || '?';
  let arrival = -1;
  for (let i = 0; i < months.length; i++) if (start >= bounds[i]! && start < bounds[i + 1]!) arrival = i;
  if (arrival >= 0) {
    const t = tallies[arrival]!;
    t.arrivals += 1;
    t.guests += stay.guests;
    const wait = waitMinutes(stay);
    if (wait !== null) t.waits.push(wait);
    // A stay of no night (a day use) brings its price in the month it arrives.
    if (nights === 0) t.addRevenue(currency, stay.price);
  }
  if (nights === 0) return;
  for (let i = 0; i < months.length; i++) {
    const overlap = Math.min(end, bounds[i + 1]!) - Math.max(start, bounds[i]!);
    if (overlap <= 0) continue;
    const t = tallies[i]!;
    t.roomNights += overlap * stay.rooms;
    t.guestNights += overlap * stay.guests;
    t.addRevenue(currency, (stay.price * overlap) / nights);
  }
}

/** The production view of the stays over `months`, operators by name. */
export function production(
  stays: Iterable<ProducedStay>,
  months: readonly Month[],
  rates: ExchangeRates,
  names: ReadonlyMap<string, string>,
): ProductionView {
  const bounds = [...months.map((m) => dayOf(`${m}-01`)), dayOf(productionNights(months).to)];
  const perOperator = new Map<string, Tally[]>();
  for (const stay of stays) {
    let tallies = perOperator.get(stay.agencyId);
    if (!tallies) {
      tallies = months.map(() => new Tally());
      perOperator.set(stay.agencyId, tallies);
    }
    count(stay, tallies, bounds, months);
  }
  const monthTallies = months.map(() => new Tally());
  const all = new Tally();
  const operators: OperatorProduction[] = [];
  for (const [agencyId, tallies] of perOperator) {
    const total = new Tally();
    tallies.forEach((t, i) => {
      total.add(t);
      monthTallies[i]!.add(t);
    });
    if (total.empty) continue;
    all.add(total);
    operators.push({
      agencyId,
      agencyName: names.get(agencyId) ?? agencyId,
      months: tallies.map((t) => figures(t, rates)),
      total: figures(total, rates),
    });
  }
  operators.sort((a, b) => a.agencyName.localeCompare(b.agencyName) || (a.agencyId < b.agencyId ? -1 : 1));
  return {
    months: [...months],
    rates,
    operators,
    monthTotals: monthTallies.map((t) => figures(t, rates)),
    total: figures(all, rates),
  };
}

/** What production reads from the store (the desk's store, on either engine). */
export interface ProductionReader {
  producedStays(earliest: string, from: string, to: string): Promise<ProducedStay[]>;
  productionRates(): Promise<ExchangeRates>;
  listAgencies(): Promise<{ id: string; name: string }[]>;
}

/** The production of `count` months from `from`, read and added up. */
export async function productionView(
  store: ProductionReader,
  from: Month,
  count: number,
): Promise<ProductionView> {
  const months = monthsFrom(from, count);
  const nights = productionNights(months);
  const [stays, rates, agencies] = await Promise.all([
    store.producedStays(nights.earliest, nights.from, nights.to),
    store.productionRates(),
    store.listAgencies(),
  ]);
  return production(stays, months, rates, new Map(agencies.map((a) => [a.id, a.name])));
}
