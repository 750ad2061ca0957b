// Contracts as a spreadsheet: one allotment per line, the columns named in the first line, so a hotel keeps its
// contracts in Excel or LibreOffice and imports them, or exports what the desk holds. Either separator (a Turkish
// Excel saves with semicolons) and either date writing (2026-07-01 or 01.07.2026) are read; the file is written
// with commas and ISO dates. Parsing is csv-parse's; this module only names the columns and reads each cell.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { calendarDateOf, isRealDate } from '../../shared/calendar';
import {
  parseWeekdayRooms,
  weekdayRoomsText,
  type AllotmentKind,
  type Contract,
  type ContractInput,
} from '../../shared/domain';
import { neutraliseFormula } from '../export/neutralise';

export const CONTRACT_COLUMNS = [
  'agency',
  'room_type',
  'from',
  'to',
  'rooms',
  'weekday_rooms',
  'kind',
  'release_days',
  'note',
] as const;
type Column = (typeof CONTRACT_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['agency', 'room_type', 'from', 'to', 'rooms', 'kind', 'release_days'];

/** The most lines a contracts file may hold: a hotel has tens; beyond this it is some other file. */
export const MAX_CONTRACT_LINES = 5000;

export class ContractsFileRefused extends Error {
  override name = 'ContractsFileRefused';
}

/** A line of the file read as a contract, or why not (its line number counts the header as line 1). */
export type ReadLine = { line: number; input: ContractInput } | { line: number; problem: string };

/** 2026-07-01 or 01.07.2026 (also 1.7.2026) → 2026-07-01; anything else is kept as written (refused later). */
function dateOf(text: string): string {
  const t = text.trim();
  if (isRealDate(t)) return t;
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(t);
  return (m && calendarDateOf(Number(m[3]), Number(m[2]), Number(m[1]))) || t;
}

const countOf = (text: string): number => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

const KINDS: Record<string, AllotmentKind> = {
  guaranteed: 'guaranteed',
  garantili: 'guaranteed',
  garanti: 'guaranteed',
  normal: 'normal',
};

/** Every line of a contracts file, read; the file itself refused when it is not one. */
export function readContractsFile(text: string): ReadLine[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new ContractsFileRefused(
      `The file could not be read as CSV (${error instanceof Error ? error.message : String(error)}). Save it from the spreadsheet as CSV and try again.`,
    );
  }
  const [header, ...lines] = rows;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0)
    throw new ContractsFileRefused(
      `The first line must name the columns ${CONTRACT_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
    );
  if (lines.length > MAX_CONTRACT_LINES)
    throw new ContractsFileRefused(
      `The file has ${lines.length} lines; a contracts file has at most ${MAX_CONTRACT_LINES}.`,
    );
  const at = (row: string[], column: Column): string => row[names.indexOf(column)] ?? '';
  return lines.map((row, i) => {
    const line = i + 2;
    const kind = KINDS[at(row, 'kind').trim().toLowerCase()];
    if (!kind) return { line, problem: `kind "${at(row, 'kind')}" is neither guaranteed nor normal.` };
    const weekdayRooms = parseWeekdayRooms(at(row, 'weekday_rooms'));
    if (weekdayRooms === undefined)
      return {
        line,
        problem: 'weekday_rooms must be empty or seven counts, Monday to Sunday (5,5,5,5,5,8,8).',
      };
    return {
      line,
      input: {
        agencyId: at(row, 'agency').trim(),
        roomType: at(row, 'room_type').trim(),
        from: dateOf(at(row, 'from')),
        to: dateOf(at(row, 'to')),
        rooms: countOf(at(row, 'rooms')),
        weekdayRooms,
        kind,
        releaseDays: countOf(at(row, 'release_days')),
        note: at(row, 'note').trim(),
      },
    };
  });
}

/** The contracts as a file readContractsFile reads back (cells that a spreadsheet would run as formulas defused). */
export function writeContractsFile(contracts: readonly Contract[]): string {
  const cell = (text: string): string => neutraliseFormula(text);
  return stringify(
    [
      [...CONTRACT_COLUMNS],
      ...contracts.map((c) => [
        cell(c.agencyId),
        cell(c.roomType),
        c.from,
        c.to,
        String(c.rooms),
        // A weekday list written "5,5,…" stays one cell: csv-stringify quotes it.
        weekdayRoomsText(c.weekdayRooms),
        c.kind,
        String(c.releaseDays),
        cell(c.note),
      ]),
    ],
    { bom: true, record_delimiter: '\r\n' },
  );
}
