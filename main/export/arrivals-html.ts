// The printable arrivals list: the same rows as the arrivals CSV, one block per reservation, as a
// self-contained HTML page. It holds no script, and its Content-Security-Policy forbids any, so a note
// with markup in it is shown as text and nothing in the file can run.
import type { ExportGuestRow } from '../store';
import { dateCell, numberCell, timeCell, type CsvFormat } from './format';
import { columnLabel, exportMessages, statusLabel } from './labels';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => entities[c] ?? c);

const style = `body{font:12px/1.4 system-ui,sans-serif;margin:16px}h1{font-size:18px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:3px 6px;text-align:left;vertical-align:top}
tbody{break-inside:avoid}tr.first td{border-top:2px solid #000}.unmapped,.unconfirmed{font-weight:bold}`;

export function arrivalsHtml(day: string, rows: readonly ExportGuestRow[], format: CsvFormat): string {
  const lang = format.language;
  const label = (id: Parameters<typeof columnLabel>[1]) => escapeHtml(columnLabel(lang, id));
  const code = (hotel: string | null, channel: string | null): string =>
    hotel !== null
      ? escapeHtml(hotel)
      : channel
        ? `<span class="unmapped">?${escapeHtml(channel)}</span>`
        : '';
  // Status and room beside the voucher: a waiting reservation is not yet a booking.
  const heads = [
    'voucher',
    'status',
    'arrivalTime',
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
  const body = rows
    .map((r) => {
      const first = r.position === null || r.position === 0;
      const status = escapeHtml(statusLabel(lang, r.confirmationStatus, r.changeKind === 'cancelled'));
      const reservationCells = first
        ? [
            escapeHtml(r.voucherNo),
            r.confirmationStatus === 'E' ? status : `<span class="unconfirmed">${status}</span>`,
            escapeHtml(timeCell(r.arrivalTime)),
            escapeHtml(dateCell(r.checkOut, format)),
            numberCell(r.nights, format),
            code(r.roomTypeHotel, r.roomTypeId),
            code(r.roomHotel, r.roomId),
            code(r.boardHotel, r.accomId),
            numberCell(Math.max(1, r.roomCount), format),
          ]
        : ['', '', '', '', '', '', '', '', ''];
      const guestCells = [
        escapeHtml(`${r.title ?? ''} ${r.name ?? ''}`.trim()),
        numberCell(r.age, format),
        code(r.nationalityHotel, r.nationality),
        first ? escapeHtml(r.agencyName) : '',
        first ? escapeHtml(r.note).replace(/\r?\n/g, '<br>') : '',
      ];
      return `<tr${first ? ' class="first"' : ''}>${[...reservationCells, ...guestCells].map((c) => `<td>${c}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const title = escapeHtml(exportMessages(lang).arrivalsTitle(dateCell(day, format)));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<h1>${title}</h1>
<table>
<thead><tr>${heads.map((h) => `<th>${label(h)}</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
