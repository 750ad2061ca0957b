// End to end : reservations whose every text field (names, titles, notes, agency, tour operator,
// voucher, confirmation number, currency, codes, KeyField, hotel codes, PMS reference, a birth date that
// is not a date) is built from what breaks CSV and spreadsheets, stored in SQLite and exported as each
// kind, in both languages and delimiters, and read back with csv-parse. For every file:
//
// - one record per reservation line (rooms, guests) plus the header, read with csv-parse's defaults AND
//   with any line break (CRLF, LF, bare CR, VT, FF, NEL, LS, PS) ending a record: the two readings are
//   identical, so no line break inside a cell went out unquoted, not even a bare CR;
// - no cell starts with = + - @ (or a fullwidth/compatibility form), a tab or a line break, and none has
//   = + - @ right after a tab or line break (isSafeCell), except numeric columns, which hold plain numbers
//   (negative prices stay numbers);
// - each cell taken from one field is that field with only the needed apostrophes added (nothing lost);
// - the printable arrivals list has one row per arrivals line, no <br>, and no cell a spreadsheet would run.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { runExport } from '../../../main/export/run-export';
import { exportColumns } from '../../../main/export/columns';
import { columnIds, columnLabel, type ColumnId } from '../../../main/export/labels';
import { escapeHtml } from '../../../main/export/arrivals-html';
import type { ExportKind, Reservation, UiLanguage } from '../../../shared/domain';
import { makeGuest, makeReservation } from '../store/fixtures';
import { openExportDesk } from './export-fixture';
import { hostileText, isPlainNumber, isSafeCell, onlyApostrophesAdded } from './spreadsheet-safety';
import { propertyRuns } from '../../harness/property-runs';

const DAY = '2026-07-10';
const T = '2026-06-01T08:00:00.000Z';

const guestArb = fc.record({
  name: hostileText(),
  title: hostileText(4),
  nationality: hostileText(4),
  birthDate: fc.option(hostileText(6)),
  age: fc.option(fc.integer({ min: -5, max: 120 })),
});
const reservationArb = fc.record({
  keyPrefix: hostileText(4),
  voucherNo: hostileText(),
  agencyName: hostileText(),
  tourOpName: hostileText(),
  confirmationNo: hostileText(4),
  soldCurrency: hostileText(4),
  note: hostileText(16),
  roomId: hostileText(4),
  roomTypeId: hostileText(4),
  accomId: hostileText(4),
  soldPrice: fc.double({ noNaN: true, noDefaultInfinity: true }),
  roomCount: fc.integer({ min: 0, max: 3 }),
  guests: fc.array(guestArb, { maxLength: 3 }),
  arrivesThatDay: fc.boolean(),
});
const updateArb = fc.record({ note: hostileText(16), voucherNo: hostileText(), pmsReference: hostileText() });
const scenarioArb = fc.record({
  reservations: fc.array(reservationArb, { minLength: 1, maxLength: 4 }),
  hotelCode: fc.option(hostileText(6)),
  update: fc.option(updateArb),
  language: fc.constantFrom('tr' as const, 'en' as const),
  delimiter: fc.constantFrom(';' as const, ',' as const),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

const numeric = new Set<ColumnId>([
  'nights',
  'adults',
  'children',
  'infants',
  'guests',
  'price',
  'rooms',
  'guestNo',
  'age',
]);
const anyLineBreak = ['\r\n', '\n', '\r', '\v', '\f', '\x85', '\u2028', '\u2029'];

/** The stored reservations of a scenario; KeyField ends in #K<index> so each line can be traced back. */
function reservationsOf(s: Scenario): Reservation[] {
  return s.reservations.map((r, i) => {
    const keyField = `${r.keyPrefix}#K${i}`;
    return makeReservation({
      ...r,
      keyField,
      logId: 10 + i,
      // Confirmed, so the update scenario can mark them entered.
      confirmationStatus: 'E',
      checkIn: r.arrivesThatDay ? DAY : '2026-07-11',
      guests: r.guests.map((g) => makeGuest(g.name, keyField, g)),
    });
  });
}

function read(bytes: Buffer, delimiter: string): string[][] {
  const usual = parse(bytes, { bom: true, delimiter }) as string[][];
  const strict = parse(bytes, { bom: true, delimiter, record_delimiter: anyLineBreak }) as string[][];
  expect(strict).toEqual(usual);
  return usual;
}

/** Cells that come straight from one field of the reservation or guest, for the line's record. */
function sources(
  kind: ExportKind,
  s: Scenario,
  index: number,
  guestNo: string,
): Partial<Record<ColumnId, string>> {
  const r = s.reservations[index];
  if (r === undefined) throw new Error(`no reservation ${index}`);
  const lead = r.guests[0];
  const guest = kind === 'reservations' ? lead : guestNo === '' ? undefined : r.guests[Number(guestNo) - 1];
  const common = {
    // An update changes the stored reservation, so every kind shows its new voucher and note.
    voucher: s.update ? s.update.voucherNo : r.voucherNo,
    agency: r.agencyName,
    keyField: `${r.keyPrefix}#K${index}`,
    roomTypeChannel: r.roomTypeId,
    roomCodeChannel: r.roomId,
    boardChannel: r.accomId,
    nationalityChannel: guest?.nationality ?? '',
  };
  if (kind === 'reservations')
    return {
      ...common,
      leadGuest: lead?.name ?? '',
      tourOperator: r.tourOpName,
      confirmationNo: r.confirmationNo,
      currency: r.soldCurrency,
      note: s.update ? s.update.note : r.note,
      // The store keeps the reference trimmed (main/store/pms-entry.ts).
      pmsReference: s.update ? s.update.pmsReference.trim() : '',
    };
  return {
    ...common,
    name: guest?.name ?? '',
    title: guest?.title ?? '',
    ...(kind === 'arrivals' ? { note: s.update ? s.update.note : r.note } : {}),
  };
}

const expectedLines = (kind: ExportKind, s: Scenario): number =>
  s.reservations
    .filter((r) => kind !== 'arrivals' || r.arrivesThatDay)
    .reduce((n, r) => n + Math.max(1, kind === 'reservations' ? r.roomCount : r.guests.length), 0);

/**
 * The page as a spreadsheet reading it sees it: the column of each header (by its label), and the text
 * of each <td> of the body, rows kept apart.
 */
function htmlTable(
  html: string,
  language: UiLanguage,
): { heads: (ColumnId | undefined)[]; rows: string[][] } {
  const heads = [...html.matchAll(/<th>(.*?)<\/th>/g)].map((m) =>
    columnIds.find((id) => escapeHtml(columnLabel(language, id)) === m[1]),
  );
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  const decode = (cell: string): string =>
    cell
      .replace(/<\/?span[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const rows = [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td>(.*?)<\/td>/gs)].map((cell) => decode(cell[1] ?? '')),
  );
  return { heads, rows };
}

describe('hostile text in every field of every export', () => {
  it('stays one record per line, quoted where it must be, and never runs as a formula', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const desk = openExportDesk();
        try {
          const stored = reservationsOf(s);
          desk.store.importBatch(stored, T);
          if (s.hotelCode !== null)
            for (const r of stored) {
              desk.map('room', r.roomId, s.hotelCode);
              desk.map('roomType', r.roomTypeId, s.hotelCode);
              desk.map('board', r.accomId, s.hotelCode);
              for (const g of r.guests) desk.map('nationality', g.nationality, s.hotelCode);
            }
          if (s.update !== null) {
            const update = s.update;
            desk.store.markEntered(
              stored.map((r) => ({
                keyField: r.keyField,
                logId: r.logId,
                pmsReference: update.pmsReference,
              })),
              'test',
              T,
            );
            desk.store.importBatch(
              stored.map((r) => ({ ...r, logId: r.logId + 100, pmsStatus: 2, ...update })),
              T,
            );
          }

          for (const kind of ['reservations', 'guests', 'arrivals'] as const) {
            const file = join(desk.dir, `${kind}.csv`);
            const result = await runExport({
              store: sqliteDeskStore(desk.store),
              request:
                kind === 'arrivals'
                  ? { kind, date: DAY, delimiter: s.delimiter }
                  : { kind, scope: 'all', delimiter: s.delimiter },
              language: s.language,
              file,
              user: 'test',
              at: new Date(T),
            });
            const [header, ...records] = read(readFileSync(file), s.delimiter);
            const columns = exportColumns(kind);
            expect(header).toHaveLength(columns.length);
            expect(records).toHaveLength(expectedLines(kind, s));
            expect(result.rows).toBe(records.length);
            for (const record of records) {
              const cell = (id: ColumnId): string => record[columns.indexOf(id)] ?? '';
              columns.forEach((id, i) => {
                const value = record[i] ?? '';
                const ok = numeric.has(id) ? isPlainNumber(value) : isSafeCell(value);
                expect(ok, `${kind} ${id} ${JSON.stringify(value)}`).toBe(true);
              });
              const index = Number(/#K(\d+)$/.exec(cell('keyField'))?.[1] ?? NaN);
              for (const [id, original] of Object.entries(sources(kind, s, index, cell('guestNo')))) {
                const value = cell(id as ColumnId);
                expect(
                  onlyApostrophesAdded(value, original),
                  `${kind} ${id} ${JSON.stringify([original, value])}`,
                ).toBe(true);
              }
            }
            if (kind === 'arrivals') {
              const html = readFileSync(result.htmlPath ?? '', 'utf8');
              expect(html).not.toMatch(/<br/i);
              const { heads, rows } = htmlTable(html, s.language);
              expect(heads).not.toContain(undefined);
              expect(rows).toHaveLength(records.length);
              for (const row of rows) {
                expect(row).toHaveLength(heads.length);
                row.forEach((cell, i) => {
                  const id = heads[i];
                  if (id !== undefined && numeric.has(id))
                    return expect(isPlainNumber(cell), cell).toBe(true);
                  // An HTML reader drops leading spaces, so the apostrophe must come before any.
                  expect(cell, JSON.stringify(cell)).toBe(cell.trim());
                  expect(isSafeCell(cell), `${id} ${JSON.stringify(cell)}`).toBe(true);
                });
              }
            }
          }
        } finally {
          desk.close();
        }
      }),
      { numRuns: propertyRuns(60) },
    );
  }, 120_000);
});
