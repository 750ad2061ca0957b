// Production's own rules, where the plain model of the engines' test does not reach: months across a year's end,
// a stay of no night, a date that is no date, an even count's median, a currency without a rate, damaged rates.
import { describe, expect, it } from 'vitest';
import { monthsFrom, production, productionNights } from '../../../main/contracts/production';
import { ratesProblems, storedRates, type ProducedStay } from '../../../shared/domain';

const stay = (over: Partial<ProducedStay>): ProducedStay => ({
  agencyId: 'AG1',
  checkIn: '2027-12-30',
  checkOut: '2028-01-02',
  rooms: 1,
  guests: 2,
  price: 300,
  currency: 'EUR',
  receivedAt: '2027-11-01T08:00:00.000Z',
  answeredAt: null,
  ...over,
});

describe('production', () => {
  it('walks months across the year and bounds the read a year back', () => {
    expect(monthsFrom('2027-11', 3)).toEqual(['2027-11', '2027-12', '2028-01']);
    expect(productionNights(['2027-11', '2027-12', '2028-01'])).toEqual({
      earliest: '2027-08-31',
      from: '2027-11-01',
      to: '2028-02-01',
    });
  });

  it('shares a stay across the new year, brings a day use in whole, and skips a date that is no date', () => {
    const view = production(
      [
        stay({}),
        stay({ checkIn: '2027-12-05', checkOut: '2027-12-05', price: 50, guests: 1 }),
        stay({ checkIn: '2027-12-40', checkOut: '2028-01-03' }),
      ],
      monthsFrom('2027-12', 2),
      { hotelCurrency: 'EUR', rates: {} },
      new Map([['AG1', 'Sun Tours']]),
    );
    const [december, january] = view.operators[0]!.months;
    expect(view.operators[0]!.agencyName).toBe('Sun Tours');
    expect(december).toMatchObject({
      arrivals: 2,
      guests: 3,
      roomNights: 2,
      guestNights: 4,
      hotelRevenue: 250,
    });
    expect(january).toMatchObject({ arrivals: 0, roomNights: 1, guestNights: 2, hotelRevenue: 100 });
    expect(view.total.revenue).toEqual([{ currency: 'EUR', amount: 350 }]);
  });

  it('takes the median of an even count as the middle two, and says which currency lacks a rate', () => {
    const answered = (minutes: number, currency: string): ProducedStay =>
      stay({
        checkIn: '2027-12-10',
        checkOut: '2027-12-12',
        currency,
        answeredAt: new Date(Date.parse('2027-11-01T08:00:00.000Z') + minutes * 60_000).toISOString(),
      });
    const view = production(
      [answered(10, 'EUR'), answered(20, 'usd'), answered(50, 'EUR'), answered(200, 'GBP')],
      ['2027-12'],
      { hotelCurrency: 'TRY', rates: { EUR: 35, USD: 32 } },
      new Map(),
    );
    const december = view.operators[0]!.months[0]!;
    expect(december.medianWaitMinutes).toBe(35);
    expect(december.answered).toBe(4);
    expect(december.hotelRevenue).toBeNull();
    expect(december.missingRates).toEqual(['GBP']);
    expect(december.revenue.map((r) => r.currency)).toEqual(['EUR', 'GBP', 'USD']);
  });

  it('asks for the hotel’s currency before anything else, and reads damaged rates as none', () => {
    expect(ratesProblems({ hotelCurrency: '', rates: { EUR: 35 } })).toEqual([
      { currency: '', reason: 'no-hotel-currency' },
    ]);
    expect(storedRates({ hotelCurrency: 'TRY', rates: { EUR: 35 } })).toEqual({
      hotelCurrency: 'TRY',
      rates: { EUR: 35 },
    });
    for (const damaged of [
      null,
      'TRY',
      { hotelCurrency: 'TRY', rates: { EUR: -1 } },
      { hotelCurrency: 7, rates: {} },
    ])
      expect(storedRates(damaged)).toEqual({ hotelCurrency: '', rates: {} });
  });
});
