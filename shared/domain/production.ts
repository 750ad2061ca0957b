// Each operator's production: what its answered reservations bring the hotel per month, in room nights, guests
// and revenue, and how long they waited for the desk's answer. The service sells in the operator's currency; the
// hotel reads its totals in its own currency at exchange rates it enters itself (the service carries none).
import type { CalendarDate } from './reservation';

/** A calendar month, 'YYYY-MM'. */
export type Month = string;

/** A reservation as production counts it: answered (not waiting), neither cancelled nor declined. */
export interface ProducedStay {
  agencyId: string;
  checkIn: CalendarDate;
  checkOut: CalendarDate;
  rooms: number;
  guests: number;
  price: number;
  currency: string;
  /** When the desk received the version its first answer answered (ISO); null when it sent none. */
  receivedAt: string | null;
  /** When the desk's first answer to it was sent (ISO), null when the desk sent none. */
  answeredAt: string | null;
}

/**
 * The hotel's exchange rates: its own currency, and for each sold currency how much of the hotel's currency one
 * unit is worth. The hotel's currency itself is worth 1.
 */
export interface ExchangeRates {
  hotelCurrency: string;
  rates: Readonly<Record<string, number>>;
}

export const NO_RATES: ExchangeRates = { hotelCurrency: '', rates: {} };

/** The most a rate may be: beyond it it is a typing slip (one unit worth a million of the hotel's currency). */
export const MAX_RATE = 1_000_000;

/** The most currencies the hotel's rates can list: a hotel sells in a handful. */
export const MAX_RATE_CURRENCIES = 200;

const currencyCode = /^[A-Z]{3}$/;

/** Why entered rates cannot be kept: named by currency, worded by the screen. */
export type RatesProblem =
  | { currency: string; reason: 'not-a-currency' }
  | { currency: string; reason: 'not-a-rate' }
  | { currency: ''; reason: 'no-hotel-currency' };

/** What is wrong with entered rates (nothing: they can be kept). */
export function ratesProblems(rates: ExchangeRates): RatesProblem[] {
  const problems: RatesProblem[] = [];
  if (rates.hotelCurrency === '') problems.push({ currency: '', reason: 'no-hotel-currency' });
  else if (!currencyCode.test(rates.hotelCurrency))
    problems.push({ currency: rates.hotelCurrency, reason: 'not-a-currency' });
  for (const [currency, rate] of Object.entries(rates.rates)) {
    if (!currencyCode.test(currency)) problems.push({ currency, reason: 'not-a-currency' });
    else if (!Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE)
      problems.push({ currency, reason: 'not-a-rate' });
  }
  return problems;
}

/**
 * Rates as read back from the hotel's database: kept only when every part is sound, so a damaged setting reads as
 * no rates (the screen asks for them again) instead of converting at a wrong one.
 */
export function storedRates(value: unknown): ExchangeRates {
  if (typeof value !== 'object' || value === null) return NO_RATES;
  const hotelCurrency: unknown = Reflect.get(value, 'hotelCurrency');
  const rates: unknown = Reflect.get(value, 'rates');
  if (typeof hotelCurrency !== 'string' || typeof rates !== 'object' || rates === null) return NO_RATES;
  const read: Record<string, number> = {};
  for (const [currency, rate] of Object.entries(rates)) {
    if (typeof rate !== 'number') return NO_RATES;
    read[currency] = rate;
  }
  const candidate = { hotelCurrency, rates: read };
  return ratesProblems(candidate).length === 0 ? candidate : NO_RATES;
}

/** One operator's (or every operator's) production over a month or a period. */
export interface ProductionFigures {
  /** Reservations arriving (check-in) in the month. */
  arrivals: number;
  /** Their guests. */
  guests: number;
  /** Rooms × nights stayed in the month (a stay across months counts in each). */
  roomNights: number;
  /** Guests × nights stayed in the month. */
  guestNights: number;
  /** Revenue of the nights stayed in the month, per sold currency (a stay's price shared by its nights). */
  revenue: { currency: string; amount: number }[];
  /** The same in the hotel's currency, or null when a sold currency has no rate (missingRates names them). */
  hotelRevenue: number | null;
  missingRates: string[];
  /** Arrivals the desk answered, and the median minutes from receiving the version answered to sending the answer. */
  answered: number;
  medianWaitMinutes: number | null;
}

/** One operator's production: a figure set per month of the window (aligned with ProductionView.months) and its total. */
export interface OperatorProduction {
  agencyId: string;
  agencyName: string;
  months: ProductionFigures[];
  total: ProductionFigures;
}

/** Every operator's production for a window of months, with the rates it was converted at. */
export interface ProductionView {
  months: Month[];
  rates: ExchangeRates;
  operators: OperatorProduction[];
  /** Every operator together, per month and over the window. */
  monthTotals: ProductionFigures[];
  total: ProductionFigures;
}
