// Each operator's production on both engines, against a plain model that walks every night of every stay: room
// and guest nights and revenue in the month each night is stayed, arrivals, guests and the answer wait in the month
// of check-in, answered stays only; the hotel's rates kept and refused in words; the same figures as CSV.
// `npx vitest run test/integration/hotel-db/production.test.ts`
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productionView } from '../../../main/contracts/production';
import { productionCsv } from '../../../main/export/production-csv';
import { decisionOps } from '../../../main/store/decisions';
import { addDays } from '../../../shared/calendar';
import { ratesProblems, type ProductionFigures, type Reservation } from '../../../shared/domain';
import { makeReservation } from '../../unit/store/fixtures';
import { propertyRuns } from '../../harness/property-runs';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';

const AT = '2027-05-01T08:00:00.000Z';
const engines = bothEngines();
const RATES = { hotelCurrency: 'TRY', rates: { EUR: 35.5, USD: 32.25 } };

interface Stay {
  agencyId: 'AG1' | 'AG2';
  checkIn: number;
  nights: number;
  rooms: number;
  pax: number;
  adults: number;
  price: number;
  currency: string;
  status: 'W' | 'E' | 'H' | 'S';
  pmsStatus: number;
  answeredAfter: number | null;
}

const stayArb: fc.Arbitrary<Stay> = fc.record({
  agencyId: fc.constantFrom('AG1' as const, 'AG2' as const),
  checkIn: fc.integer({ min: 0, max: 100 }),
  nights: fc.integer({ min: 0, max: 14 }),
  rooms: fc.integer({ min: 1, max: 3 }),
  pax: fc.integer({ min: 0, max: 4 }),
  adults: fc.integer({ min: 1, max: 3 }),
  price: fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
  currency: fc.constantFrom('EUR', 'USD', 'TRY', 'eur'),
  status: fc.constantFrom('W' as const, 'E' as const, 'H' as const, 'S' as const),
  pmsStatus: fc.constantFrom(0, 2, 3),
  answeredAfter: fc.option(fc.integer({ min: 0, max: 3000 })),
});

/** Answers a stored reservation: its decision sent `minutes` after the import. */
async function answer(e: EngineUnderTest, r: Reservation, minutes: number): Promise<void> {
  const d = await e.write(
    decisionOps.insert({
      keyField: r.keyField,
      action: 'confirm',
      note: '',
      reasonId: null,
      user: 'ayse',
      decidedAt: AT,
      basedOnLogId: r.logId,
    }),
  );
  const sentAt = new Date(Date.parse(AT) + minutes * 60_000).toISOString();
  await e.write(decisionOps.markOutcome(d.id, { kind: 'sent', sentAt, pdfPath: null }));
}

interface Model {
  arrivals: number;
  guests: number;
  roomNights: number;
  guestNights: number;
  revenue: Map<string, number>;
  waits: number[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2);
};

function expectFigures(got: ProductionFigures, model: Model): void {
  expect([got.arrivals, got.guests, got.roomNights, got.guestNights]).toEqual([
    model.arrivals,
    model.guests,
    model.roomNights,
    model.guestNights,
  ]);
  expect(got.revenue.map((r) => r.currency)).toEqual([...model.revenue.keys()].sort());
  for (const r of got.revenue)
    expect(Math.abs(r.amount - model.revenue.get(r.currency)!)).toBeLessThan(0.011);
  expect(got.answered).toBe(model.waits.length);
  expect(got.medianWaitMinutes).toBe(median(model.waits));
  const hotel = [...model.revenue].reduce(
    (sum, [c, amount]) => sum + amount * (c === 'TRY' ? 1 : RATES.rates[c as 'EUR' | 'USD']),
    0,
  );
  expect(Math.abs((got.hotelRevenue ?? Number.NaN) - hotel)).toBeLessThan(0.05 + hotel * 1e-9);
}

describe.each(engineNames)('production on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  it('counts each month as a plain model walking every night does, over any stays', async () => {
    await e.store.setProductionRates(RATES, 'Ayşe', AT);
    const base = '2027-05-20';
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(stayArb, { maxLength: 25 }),
        fc.integer({ min: 1, max: 3 }),
        async (stays, months) => {
          run += 1;
          const op = (a: string): string => `${a}-${run}`;
          const reservations = stays.map((st, i) =>
            makeReservation({
              keyField: `P${run}-${i}`,
              logId: run * 1000 + i,
              agencyId: op(st.agencyId),
              checkIn: addDays(base, st.checkIn),
              checkOut: addDays(base, st.checkIn + st.nights),
              nights: st.nights,
              roomCount: st.rooms,
              pax: st.pax,
              adults: st.adults,
              childs: 1,
              infants: 0,
              soldPrice: st.price,
              soldCurrency: st.currency,
              confirmationStatus: st.status,
              pmsStatus: st.pmsStatus,
            }),
          );
          if (reservations.length > 0) await e.store.importBatch(reservations, AT);
          for (const [i, st] of stays.entries())
            if (st.answeredAfter !== null) await answer(e, reservations[i]!, st.answeredAfter);
          const view = await productionView(e.store, '2027-06', months);

          // The plain model: every night of every answered stay, one by one.
          const window = view.months;
          const models = new Map<string, Model[]>();
          for (const st of stays) {
            // A confirmation sent shows on the reservation at once (the service says so at its next pull).
            const status = st.answeredAfter === null ? st.status : 'E';
            if (status === 'W' || status === 'H' || st.pmsStatus === 3) continue;
            const tallies =
              models.get(op(st.agencyId)) ??
              window.map(() => ({
                arrivals: 0,
                guests: 0,
                roomNights: 0,
                guestNights: 0,
                revenue: new Map<string, number>(),
                waits: [],
              }));
            models.set(op(st.agencyId), tallies);
            const guests = st.pax > 0 ? st.pax : st.adults + 1;
            const currency = st.currency.toUpperCase();
            const checkIn = addDays(base, st.checkIn);
            const arrival = window.indexOf(checkIn.slice(0, 7));
            if (arrival >= 0) {
              const t = tallies[arrival]!;
              t.arrivals += 1;
              t.guests += guests;
              if (st.answeredAfter !== null) t.waits.push(st.answeredAfter);
              if (st.nights === 0) t.revenue.set(currency, (t.revenue.get(currency) ?? 0) + st.price);
            }
            for (let n = 0; n < st.nights; n++) {
              const at = window.indexOf(addDays(checkIn, n).slice(0, 7));
              if (at < 0) continue;
              const t = tallies[at]!;
              t.roomNights += st.rooms;
              t.guestNights += guests;
              t.revenue.set(currency, (t.revenue.get(currency) ?? 0) + st.price / st.nights);
            }
          }
          const mine = view.operators.filter((o) => o.agencyId.endsWith(`-${run}`));
          const expectedOperators = [...models]
            .filter(([, tallies]) =>
              tallies.some((t) => t.arrivals > 0 || t.roomNights > 0 || t.revenue.size > 0),
            )
            .map(([id]) => id)
            .sort();
          expect(mine.map((o) => o.agencyId).sort()).toEqual(expectedOperators);
          for (const o of mine) {
            const tallies = models.get(o.agencyId)!;
            o.months.forEach((f, i) => expectFigures(f, tallies[i]!));
          }
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  });

  it('keeps the hotel’s rates, reads damaged ones as none, and writes the figures as the desk’s CSV', async () => {
    const s = e.store;
    expect(await s.productionRates()).toEqual({ hotelCurrency: '', rates: {} });
    expect(ratesProblems({ hotelCurrency: 'TL', rates: { EUR: 0, usd: 3 } })).toEqual([
      { currency: 'TL', reason: 'not-a-currency' },
      { currency: 'EUR', reason: 'not-a-rate' },
      { currency: 'usd', reason: 'not-a-currency' },
    ]);
    await s.setProductionRates({ hotelCurrency: 'EUR', rates: { USD: 0.92 } }, 'Ayşe', AT);
    expect(await s.productionRates()).toEqual({ hotelCurrency: 'EUR', rates: { USD: 0.92 } });
    await s.setSetting('productionRates', { hotelCurrency: 'EUR', rates: { USD: 'x' } });
    expect(await s.productionRates()).toEqual({ hotelCurrency: '', rates: {} });
    await s.setProductionRates({ hotelCurrency: 'EUR', rates: { USD: 0.92 } }, 'Mehmet', AT);
    // A change goes into the activity log, who and what; saving the same rates again (in any order) does not.
    await s.setProductionRates({ hotelCurrency: 'EUR', rates: { USD: 0.92 } }, 'Mehmet', AT);
    await s.setProductionRates({ hotelCurrency: 'EUR', rates: { GBP: 1.17, USD: 0.92 } }, 'Ayşe', AT);
    await s.setProductionRates({ hotelCurrency: 'EUR', rates: { USD: 0.92, GBP: 1.17 } }, 'Ayşe', AT);
    const saved = (await s.listActivity(0, 10)).map((a) => [a.user, a.action, JSON.parse(a.detail)]);
    const said = (rates: Record<string, number>) => ({
      kind: 'settings',
      setting: 'rates',
      hotelCurrency: 'EUR',
      rates,
    });
    expect(saved).toEqual([
      ['Ayşe', 'settings', said({ GBP: 1.17, USD: 0.92 })],
      ['Mehmet', 'settings', said({ USD: 0.92 })],
      ['Ayşe', 'settings', said({ USD: 0.92 })],
    ]);

    // 30 June → 3 July: one night in June, two in July; its 300 EUR shared by the nights.
    const stay = makeReservation({
      keyField: 'K1',
      logId: 1,
      agencyId: 'AG1',
      checkIn: '2027-06-30',
      checkOut: '2027-07-03',
      nights: 3,
      roomCount: 2,
      pax: 3,
      soldPrice: 300,
      soldCurrency: 'EUR',
      confirmationStatus: 'E',
    });
    const usd = makeReservation({
      ...stay,
      keyField: 'K2',
      logId: 2,
      voucherNo: 'V-2',
      checkIn: '2027-07-10',
      checkOut: '2027-07-12',
      nights: 2,
      roomCount: 1,
      soldPrice: 200,
      soldCurrency: 'USD',
    });
    await s.importBatch([stay, usd], AT);
    await answer(e, stay, 45);
    // Changed the next day after its answer: its wait is still the answered version's.
    await s.importBatch([{ ...stay, logId: 3, note: 'late arrival' }], '2027-05-02T08:00:00.000Z');
    const view = await productionView(s, '2027-06', 2);
    expect(view.months).toEqual(['2027-06', '2027-07']);
    const [june, july] = view.operators[0]!.months;
    expect(june).toMatchObject({ arrivals: 1, guests: 3, roomNights: 2, guestNights: 3, answered: 1 });
    expect(june!.revenue).toEqual([{ currency: 'EUR', amount: 100 }]);
    expect(june!.medianWaitMinutes).toBe(45);
    expect(july).toMatchObject({ arrivals: 1, roomNights: 6, guestNights: 12, hotelRevenue: 384 });
    expect(july!.revenue).toEqual([
      { currency: 'EUR', amount: 200 },
      { currency: 'USD', amount: 200 },
    ]);

    const lines = parse(productionCsv(view, 'tr').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(lines[0]).toEqual([
      'Tur operatörü',
      'Ay',
      'Giriş',
      'Kişi',
      'Oda gecesi',
      'Kişi gecesi',
      'Ciro EUR',
      'Ciro USD',
      'Ciro EUR (otelin kurlarıyla)',
      'Cevaplanan',
      'Ortanca cevap süresi (dakika)',
    ]);
    expect(lines.slice(1).map((l) => l.slice(1, 9))).toEqual([
      ['06.2027', '1', '3', '2', '3', '100', '0', '100'],
      ['07.2027', '1', '3', '6', '12', '200', '200', '384'],
      ['Toplam', '2', '6', '8', '15', '300', '200', '484'],
      ['06.2027', '1', '3', '2', '3', '100', '0', '100'],
      ['07.2027', '1', '3', '6', '12', '200', '200', '384'],
      ['Toplam', '2', '6', '8', '15', '300', '200', '484'],
    ]);
    expect(lines[3]![0]).toBe('AG1');
    expect(lines[6]![0]).toBe('Tüm tur operatörleri');
  });
});
