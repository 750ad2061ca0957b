// The production as a spreadsheet: a line per operator and month that has figures, the operator's total under its
// months, then every operator together per month and in all. Revenue has a column per sold currency and one in the
// hotel's currency (blank where a sold currency has no rate). Separator, decimals and the byte order mark follow
// the desk's language as every export's do (export/format.ts).
import { stringify } from 'csv-stringify/sync';
import type { ProductionFigures, ProductionView, UiLanguage } from '../../shared/domain';
import { csvFormatFor, numberCell, textCell, type CsvFormat } from './format';
import { createMessages } from '../kernel/messages';
import type en from '../kernel/i18n/en.json';

type Word = keyof typeof en.export.production;

const monthText = (month: string, format: CsvFormat): string =>
  format.dateFormat === 'dd.MM.yyyy' ? `${month.slice(5, 7)}.${month.slice(0, 4)}` : month;

export function productionCsv(view: ProductionView, language: UiLanguage): string {
  const { t } = createMessages(language);
  const format = csvFormatFor(language);
  const word = (key: Word, values?: Record<string, string>): string => t(`export.production.${key}`, values);
  const currencies = [
    ...new Set(view.total.revenue.map((r) => r.currency).concat(view.rates.hotelCurrency || [])),
  ].sort();
  const header = [
    word('operator'),
    word('month'),
    word('arrivals'),
    word('guests'),
    word('roomNights'),
    word('guestNights'),
    ...currencies.map((currency) => word('revenueIn', { currency })),
    view.rates.hotelCurrency
      ? word('hotelRevenue', { currency: view.rates.hotelCurrency })
      : word('hotelRevenueNoRates'),
    word('answered'),
    word('medianWait'),
  ];
  const line = (operator: string, month: string, f: ProductionFigures): string[] => [
    textCell(operator),
    textCell(month),
    numberCell(f.arrivals, format),
    numberCell(f.guests, format),
    numberCell(f.roomNights, format),
    numberCell(f.guestNights, format),
    ...currencies.map((c) => numberCell(f.revenue.find((r) => r.currency === c)?.amount ?? 0, format)),
    numberCell(f.hotelRevenue, format),
    numberCell(f.answered, format),
    numberCell(f.medianWaitMinutes, format),
  ];
  const hasFigures = (f: ProductionFigures): boolean =>
    f.arrivals > 0 || f.roomNights > 0 || f.revenue.length > 0;
  const lines: string[][] = [header];
  for (const operator of view.operators) {
    operator.months.forEach((f, i) => {
      if (hasFigures(f)) lines.push(line(operator.agencyName, monthText(view.months[i] ?? '', format), f));
    });
    lines.push(line(operator.agencyName, word('total'), operator.total));
  }
  view.monthTotals.forEach((f, i) => {
    if (hasFigures(f)) lines.push(line(word('allOperators'), monthText(view.months[i] ?? '', format), f));
  });
  lines.push(line(word('allOperators'), word('total'), view.total));
  return stringify(lines, { bom: true, delimiter: format.delimiter, record_delimiter: 'windows' });
}
