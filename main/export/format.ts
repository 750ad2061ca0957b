// How values look in a CSV the receptionist opens in a spreadsheet: dates and decimals the way the
// desk's language writes them, and text a spreadsheet would run as a formula made harmless.
import type { UiLanguage } from '../../shared/domain';
import { neutraliseFormula } from './neutralise';

export type Delimiter = ';' | ',';
export type DateFormat = 'dd.MM.yyyy' | 'yyyy-MM-dd';

export interface CsvFormat {
  language: UiLanguage;
  delimiter: Delimiter;
  dateFormat: DateFormat;
  decimalSeparator: ',' | '.';
}

/**
 * Excel's defaults for the language: a Turkish Excel splits on ';' and reads 1234,5 as a number, an
 * English one splits on ',' and reads 1234.5. The decimal separator follows the delimiter, so a number
 * never has to be quoted to survive.
 */
export function csvFormatFor(
  language: UiLanguage,
  overrides: { delimiter?: Delimiter; dateFormat?: DateFormat } = {},
): CsvFormat {
  const delimiter = overrides.delimiter ?? (language === 'tr' ? ';' : ',');
  return {
    language,
    delimiter,
    dateFormat: overrides.dateFormat ?? (language === 'tr' ? 'dd.MM.yyyy' : 'yyyy-MM-dd'),
    decimalSeparator: delimiter === ';' ? ',' : '.',
  };
}

/** A text cell: made harmless where a spreadsheet would run it as a formula (see neutralise.ts). */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return neutraliseFormula(value);
}

/**
 * A numeric cell: a real number stays a number (negative ones too), in the language's decimal form. It is
 * never given an apostrophe: it is written from a finite number, so it is always -?digits[.,digits][e±digits]
 * (-12,5 or 1e+21), which spreadsheets read as a number and none as a formula, and a price of -12,5 must
 * stay a number the PMS can add up. Text never goes through here.
 */
export function numberCell(value: number | null | undefined, format: CsvFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = String(value);
  return format.decimalSeparator === ',' ? text.replace('.', ',') : text;
}

/**
 * A price in a change summary: "1.155 EUR" in Turkish, "1,155 EUR" in English (thousands separated as
 * the language writes them, decimals only when there are any). A value that is no number stays as sent.
 */
export function moneyText(value: string, currency: string | null, format: CsvFormat): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const amount = Number(value);
  const fraction = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat(format.language === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: fraction,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${number} ${currency?.trim() ?? ''}`.trim();
}

/** 'YYYY-MM-DD' (a time attached is ignored) in the chosen date format; anything else as text. */
export function dateCell(value: string | null | undefined, format: CsvFormat): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return textCell(value);
  const [, y, mo, d] = m;
  return format.dateFormat === 'dd.MM.yyyy' ? `${d}.${mo}.${y}` : `${y}-${mo}-${d}`;
}

/** 'HH:mm' of a local date-time ('YYYY-MM-DDTHH:mm:ss'), or '' when it carries no time. */
export function timeCell(value: string | null | undefined): string {
  if (!value) return '';
  const m = /T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[1]}:${m[2]}` : '';
}
