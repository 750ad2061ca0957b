// `resdesk production`: each operator's production per month, as a table, JSON or the desk's CSV; and
// `resdesk production rates`: the hotel's currency and the exchange rates its totals are converted at.
// Every bad input ends in one plain line, exit non-zero.
import { parseArgs } from 'node:util';
import { isMonth, localDate } from '../../shared/calendar';
import {
  ratesProblems,
  type ExchangeRates,
  type ProductionFigures,
  type UiLanguage,
} from '../../shared/domain';
import { productionCsv } from '../export/production-csv';
import { productionView } from '../contracts/production';
import { DbTargetRefused, NO_DB, dbTarget, openStore } from './open-store';
import { UsageError, wordsOf } from './args';
import { writeAskedFile } from './export-target';

export const PRODUCTION_USAGE = `production [--from YYYY-MM] [--months N] [--json] [--csv FILE] [--language tr|en]
           (each operator's answered reservations per month: arrivals, guests, room and guest nights, revenue per
           currency and at the hotel's rates, median minutes to answer; default this month, up to 24 months)
  production rates [--hotel-currency TRY --rate EUR=35.5 --rate USD=32.1] [--user NAME]
           (the hotel's currency and what one unit of each sold currency is worth in it; without options: shows them;
           a change goes into the activity log as --user's)`;

const options = {
  db: { type: 'string' },
  from: { type: 'string' },
  months: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'string' },
  language: { type: 'string' },
  'hotel-currency': { type: 'string' },
  rate: { type: 'string', multiple: true },
  user: { type: 'string' },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

const ratesText = (r: ExchangeRates): string =>
  r.hotelCurrency === ''
    ? 'No rates entered: resdesk production rates --hotel-currency TRY --rate EUR=35.5'
    : [
        `hotel currency ${r.hotelCurrency}`,
        ...Object.entries(r.rates).map(([c, rate]) => `1 ${c} = ${rate} ${r.hotelCurrency}`),
      ].join('\n');

/** The rates the options give: CUR=N each, over none. */
function ratesEntered(values: Values): ExchangeRates {
  const hotelCurrency = (values['hotel-currency'] ?? '').trim().toUpperCase();
  const rates: Record<string, number> = {};
  for (const entry of values.rate ?? []) {
    const m = /^\s*([A-Za-z]{3})\s*=\s*(\d+(?:[.,]\d+)?)\s*$/.exec(entry);
    if (!m)
      throw new Error(`--rate ${entry}: write it as EUR=35.5 (one unit of EUR in the hotel's currency).`);
    rates[m[1]!.toUpperCase()] = Number(m[2]!.replace(',', '.'));
  }
  const entered = { hotelCurrency, rates };
  const problems = ratesProblems(entered);
  if (problems.length > 0)
    throw new Error(
      problems
        .map((p) =>
          p.reason === 'no-hotel-currency'
            ? "Give the hotel's currency: --hotel-currency TRY."
            : p.reason === 'not-a-currency'
              ? `"${p.currency}" is not a currency code: give three letters (TRY, EUR, USD).`
              : `The rate of ${p.currency} must be a number above 0.`,
        )
        .join(' '),
    );
  return entered;
}

const figuresLine = (operator: string, month: string, f: ProductionFigures, currency: string): string =>
  [
    operator,
    month,
    f.arrivals,
    f.guests,
    f.roomNights,
    f.guestNights,
    f.revenue.map((r) => `${r.amount.toFixed(2)} ${r.currency}`).join(' + ') || '0',
    f.hotelRevenue === null
      ? `no rate for ${f.missingRates.join(', ')}`
      : `${f.hotelRevenue.toFixed(2)} ${currency}`,
    f.medianWaitMinutes === null ? '-' : `${f.medianWaitMinutes} min`,
  ].join('\t');

/** `resdesk production …`. */
export async function productionCommand(argv: string[], out: (text: string) => void): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${PRODUCTION_USAGE}`,
    );
  }
  const { values, positionals } = parsed;
  const [word] = wordsOf(positionals, 1, PRODUCTION_USAGE);
  if (word !== undefined && word !== 'rates')
    throw new UsageError(`Unknown: ${word}. Usage: resdesk ${PRODUCTION_USAGE}`);
  const from = values.from ?? localDate(new Date()).slice(0, 7);
  if (!isMonth(from)) throw new Error('--from: give the month as YYYY-MM (2027-06).');
  const months = Number(values.months ?? '1');
  if (!Number.isInteger(months) || months < 1 || months > 24)
    throw new Error('--months: give a whole number from 1 to 24.');
  const language = values.language ?? 'en';
  if (language !== 'tr' && language !== 'en') throw new Error('--language: tr or en.');
  const entered =
    positionals[0] === 'rates' && values['hotel-currency'] !== undefined ? ratesEntered(values) : null;
  // A rate without the currency it is in would be dropped without a word.
  if (entered === null && (values.rate?.length ?? 0) > 0)
    throw new UsageError(
      `--rate needs the hotel's currency: resdesk production rates --hotel-currency TRY --rate EUR=35.5.`,
    );

  const target = dbTarget(values.db);
  if (!target) throw new DbTargetRefused(NO_DB);
  const opened = await openStore(target, { command: 'production' });
  try {
    const store = opened.store;
    if (positionals[0] === 'rates') {
      const user = values.user ?? process.env.RESDESK_USER ?? 'resdesk';
      if (entered) await store.setProductionRates(entered, user, new Date().toISOString());
      return out(ratesText(await store.productionRates()));
    }
    const view = await productionView(store, from, months);
    if (values.csv !== undefined) {
      await writeAskedFile(values.csv, productionCsv(view, language as UiLanguage), {
        db: target,
        option: '--csv',
        example: 'production.csv',
      });
      return out(`${view.operators.length} operators written to ${values.csv}`);
    }
    if (values.json) return out(JSON.stringify(view));
    const currency = view.rates.hotelCurrency;
    out(
      [
        'operator',
        'month',
        'arrivals',
        'guests',
        'room nights',
        'guest nights',
        'revenue',
        'hotel',
        'wait',
      ].join('\t'),
    );
    for (const o of view.operators) {
      o.months.forEach((f, i) => {
        if (f.arrivals > 0 || f.roomNights > 0)
          out(figuresLine(o.agencyName, view.months[i] ?? '', f, currency));
      });
      out(figuresLine(o.agencyName, 'total', o.total, currency));
    }
    out(figuresLine('all operators', 'total', view.total, currency));
  } finally {
    await opened.close();
  }
}
