// The printable arrivals list: the same rows as the arrivals CSV, one block per reservation, as a
// self-contained HTML page. It holds no script, and its Content-Security-Policy forbids any, so a note
// with markup in it is shown as text and nothing in the file can run.
//
// Excel and LibreOffice open an HTML table as a sheet, one row per <tr> (a copy from the browser pasted
// into a sheet reads the same way), so its cells get the CSV's care: text goes through textCell (a leading
// apostrophe where a formula could start), trimmed first because an HTML reader drops leading spaces and
// would find a formula behind them; and a note's line breaks are shown by CSS (pre-line), never <br>,
// which Excel turns into a new row.
//
// Besides the CSV's rows: each reservation's flags in words (the desk's check markers, which a
// printed page can show without a legend), the guests' flight or arrival note beside the arrival time,
// and the day's totals (reservations, of them not yet confirmed, rooms, adults, children, infants) above
// and below the table. The page is one day, so the day's totals are the page's.
import type { CheckMarker } from '../../shared/domain';
import type { ExportGuestRow } from '../store';
import { dateCell, numberCell, textCell, timeCell, type CsvFormat } from './format';
import { columnLabel, exportMessages, flagLabel, statusLabel, type ArrivalsTotals } from './labels';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** A text cell of the page: neutralised like a CSV cell, then escaped. */
export const htmlText = (value: string | null | undefined): string => escapeHtml(textCell(value?.trim()));

const style = `body{font:12px/1.4 system-ui,sans-serif;margin:16px}h1{font-size:18px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:3px 6px;text-align:left;vertical-align:top}
tbody{break-inside:avoid}tr.first td{border-top:2px solid #000}.unmapped,.unconfirmed{font-weight:bold}
.note{white-space:pre-line}.flag{display:inline-block;margin:0 4px 2px 0}.flag.problem{font-weight:bold}
.totals{font-weight:bold}tfoot td{border-top:2px solid #000}`;

/** The day's totals: each reservation once (rooms at least one, as the list shows them). */
export function arrivalsTotals(rows: readonly ExportGuestRow[]): ArrivalsTotals {
  const totals: ArrivalsTotals = {
    reservations: 0,
    waiting: 0,
    rooms: 0,
    adults: 0,
    children: 0,
    infants: 0,
  };
  let last: string | null = null;
  for (const r of rows) {
    if (r.keyField === last) continue;
    last = r.keyField;
    totals.reservations += 1;
    if (r.confirmationStatus !== 'E') totals.waiting += 1;
    totals.rooms += Math.max(1, r.roomCount);
    totals.adults += r.adults;
    totals.children += r.childs;
    totals.infants += r.infants;
  }
  return totals;
}

const flagsOf = (markers: readonly CheckMarker[] | undefined, lang: CsvFormat['language']): string =>
  (markers ?? [])
    .map(
      (m) =>
        `<span class="flag ${m.severity === 'problem' ? 'problem' : 'note'}">${m.severity === 'problem' ? '⚠ ' : ''}${escapeHtml(flagLabel(lang, m.kind))}</span>`,
    )
    .join('');

/**
 * The page, a piece at a time (its head, each row, its foot): a day of long notes, each escaped, can pass V8's
 * longest string, so the page is written as it is made and never held as one text.
 */
export function* arrivalsHtml(
  day: string,
  rows: readonly ExportGuestRow[],
  format: CsvFormat,
  markers: ReadonlyMap<string, readonly CheckMarker[]> = new Map(),
): Generator<string> {
  const lang = format.language;
  const words = exportMessages(lang);
  const label = (id: Parameters<typeof columnLabel>[1]) => escapeHtml(columnLabel(lang, id));
  const code = (hotel: string | null, channel: string | null): string =>
    hotel !== null
      ? htmlText(hotel)
      : channel
        ? `<span class="unmapped">${htmlText(`?${channel}`)}</span>`
        : '';
  // Status and room beside the voucher: a waiting reservation is not yet a booking.
  const heads = [
    'voucher',
    'status',
    'flags',
    'arrivalTime',
    'arrival',
    'checkOut',
    'nights',
    'roomType',
    'roomCode',
    'board',
    'rooms',
    'name',
    'age',
    'nationality',
    'agency',
    'note',
  ] as const;
  // The first guest's flight stands for the reservation; a guest arriving otherwise shows their own.
  let firstArrival: string | null = null;
  const rowOf = (r: ExportGuestRow): string => {
    const first = r.position === null || r.position === 0;
    if (first) firstArrival = r.arrival?.trim() ?? null;
    const ownArrival = !first && (r.arrival?.trim() ?? null) !== firstArrival ? htmlText(r.arrival) : '';
    const status = htmlText(statusLabel(lang, r.confirmationStatus, r.changeKind === 'cancelled'));
    const reservationCells = first
      ? [
          htmlText(r.voucherNo),
          r.confirmationStatus === 'E' ? status : `<span class="unconfirmed">${status}</span>`,
          flagsOf(markers.get(r.keyField), lang),
          htmlText(timeCell(r.arrivalTime)),
          htmlText(r.arrival),
          htmlText(dateCell(r.checkOut, format)),
          numberCell(r.nights, format),
          code(r.roomTypeHotel, r.roomTypeId),
          code(r.roomHotel, r.roomId),
          code(r.boardHotel, r.accomId),
          numberCell(Math.max(1, r.roomCount), format),
        ]
      : ['', '', '', '', ownArrival, '', '', '', '', '', ''];
    const guestCells = [
      htmlText(`${r.title ?? ''} ${r.name ?? ''}`),
      numberCell(r.age, format),
      code(r.nationalityHotel, r.nationality),
      first ? htmlText(r.agencyName) : '',
      first && r.note.trim() !== '' ? `<span class="note">${htmlText(r.note)}</span>` : '',
    ];
    return `<tr${first ? ' class="first"' : ''}>${[...reservationCells, ...guestCells].map((c) => `<td>${c}</td>`).join('')}</tr>\n`;
  };
  const title = escapeHtml(words.arrivalsTitle(dateCell(day, format)));
  const totals = arrivalsTotals(rows);
  const totalsText = escapeHtml(
    totals.reservations === 0
      ? words.arrivalsEmpty()
      : `${words.arrivalsTotalLabel()}: ${words.arrivalsTotals(totals)}`,
  );
  yield `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<h1>${title}</h1>
<p class="totals" data-totals>${totalsText}</p>
<table>
<thead><tr>${heads.map((h) => `<th>${label(h)}</th>`).join('')}</tr></thead>
<tbody>
`;
  for (const r of rows) yield rowOf(r);
  yield `</tbody>
<tfoot><tr><td colspan="${heads.length}" class="totals">${totalsText}</td></tr></tfoot>
</table>
</body>
</html>
`;
}
