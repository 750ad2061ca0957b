// What the export form holds, and the request it makes. Delimiter and date format follow the UI language
// (Turkish Excel splits on ';' and reads dd.MM.yyyy) until the receptionist picks one.
import type { UiLanguage } from '../../../shared/domain';
import type { ExportKind, RequestOf } from '../../../shared/ipc';

export type ExportRequest = RequestOf<'exportCsv'>;
export type ExportFilter = NonNullable<ExportRequest['filter']>;
export type Delimiter = NonNullable<ExportRequest['delimiter']>;
export type DateFormat = NonNullable<ExportRequest['dateFormat']>;
/** The scopes this screen offers; 'all' stays a command-line matter. */
export type FormScope = 'to-enter' | 'range' | 'filter';

export interface ExportForm {
  kind: ExportKind;
  scope: FormScope;
  from: string;
  to: string;
  /** The day of an arrivals list. */
  date: string;
  filter: ExportFilter;
  /** null: the UI language's default. */
  delimiter: Delimiter | null;
  dateFormat: DateFormat | null;
}

export const defaultDelimiter = (language: UiLanguage): Delimiter => (language === 'tr' ? ';' : ',');
export const defaultDateFormat = (language: UiLanguage): DateFormat =>
  language === 'tr' ? 'dd.MM.yyyy' : 'yyyy-MM-dd';

export const asDelimiter = (value: string): Delimiter => (value === ',' ? ',' : ';');
export const asDateFormat = (value: string): DateFormat =>
  value === 'yyyy-MM-dd' ? 'yyyy-MM-dd' : 'dd.MM.yyyy';

/** Today on this PC's calendar (not UTC: just after midnight the hotel is already on the new day). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const initialForm = (): ExportForm => ({
  kind: 'reservations',
  scope: 'to-enter',
  from: '',
  to: '',
  date: today(),
  filter: {},
  delimiter: null,
  dateFormat: null,
});

export type FormProblem = 'needDay' | 'needRange' | 'rangeBackwards';

/** What is missing before the form can be previewed, or null when it is complete. */
export function formProblem(form: ExportForm): FormProblem | null {
  if (form.kind === 'arrivals') return form.date ? null : 'needDay';
  if (form.scope !== 'range') return null;
  if (!form.from || !form.to) return 'needRange';
  return form.from > form.to ? 'rangeBackwards' : null;
}

/** The contract's request for this form; only what the chosen kind and scope use is sent. */
export function exportRequest(form: ExportForm, language: UiLanguage): ExportRequest {
  const format = {
    delimiter: form.delimiter ?? defaultDelimiter(language),
    dateFormat: form.dateFormat ?? defaultDateFormat(language),
  };
  if (form.kind === 'arrivals') return { kind: 'arrivals', date: form.date, ...format };
  if (form.scope === 'range')
    return { kind: form.kind, scope: 'range', from: form.from, to: form.to, ...format };
  if (form.scope === 'filter') return { kind: form.kind, scope: 'filter', filter: form.filter, ...format };
  return { kind: form.kind, scope: 'to-enter', ...format };
}

/** The file name without its folder, for a calm one-line "saved as". */
export const fileNameOf = (path: string): string => path.split(/[\\/]/).pop() ?? path;
