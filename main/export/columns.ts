// The columns of each export kind, and how one stored row becomes CSV lines. Hotel codes come first
// with the channel's code beside them; a code nobody mapped shows as ?CODE and is listed in the
// "Unmapped" column, so it cannot be typed into the PMS unnoticed.
import type { ExportKind } from '../../shared/ipc';
import type { ExportGuestRow } from '../store/export-rows';
import { diffReservations } from '../store/history';
import { decodeSnapshot } from '../store/reservations-snapshot';
import { dateCell, numberCell, textCell, timeCell, type CsvFormat } from './format';
import { actionLabel, columnLabel, fieldLabel, statusLabel, type ColumnId } from './labels';

const columnsOf: Record<ExportKind, readonly ColumnId[]> = {
  reservations: [
    'pmsAction',
    'voucher',
    'room',
    'checkIn',
    'checkOut',
    'nights',
    'roomType',
    'roomTypeChannel',
    'roomCode',
    'roomCodeChannel',
    'board',
    'boardChannel',
    'adults',
    'children',
    'infants',
    'leadGuest',
    'guests',
    'nationality',
    'nationalityChannel',
    'agency',
    'tourOperator',
    'status',
    'confirmationNo',
    'price',
    'currency',
    'note',
    'changes',
    'unmapped',
    'pmsReference',
    'keyField',
  ],
  guests: [
    'pmsAction',
    'voucher',
    'checkIn',
    'checkOut',
    'nights',
    'roomType',
    'roomTypeChannel',
    'roomCode',
    'roomCodeChannel',
    'board',
    'boardChannel',
    'rooms',
    'guestNo',
    'name',
    'title',
    'age',
    'birthDate',
    'nationality',
    'nationalityChannel',
    'agency',
    'status',
    'unmapped',
    'keyField',
  ],
  arrivals: [
    'voucher',
    'arrivalTime',
    'checkIn',
    'checkOut',
    'nights',
    'roomType',
    'roomTypeChannel',
    'board',
    'boardChannel',
    'rooms',
    'adults',
    'children',
    'infants',
    'guestNo',
    'name',
    'title',
    'age',
    'nationality',
    'nationalityChannel',
    'agency',
    'note',
    'unmapped',
    'keyField',
  ],
};

export const exportColumns = (kind: ExportKind): readonly ColumnId[] => columnsOf[kind];

export const headerLine = (kind: ExportKind, format: CsvFormat): string[] =>
  columnsOf[kind].map((id) => columnLabel(format.language, id));

/** The hotel's code, or ?CHANNEL while nobody mapped it ('' when the channel sent no code). */
const hotelCode = (hotel: string | null, channel: string | null): string =>
  hotel ?? (channel ? `?${channel}` : '');

function unmappedList(row: ExportGuestRow): string {
  const missing: string[] = [];
  const check = (kind: string, hotel: string | null, channel: string | null): void => {
    if (hotel === null && channel) missing.push(`${kind} ${channel}`);
  };
  check('room', row.roomHotel, row.roomId);
  check('roomType', row.roomTypeHotel, row.roomTypeId);
  check('board', row.boardHotel, row.accomId);
  check('nationality', row.nationalityHotel, row.nationality);
  return missing.join(', ');
}

const dateFields = new Set(['checkIn', 'checkOut']);

/** "Check-out: 17.07.2026 → 18.07.2026; Guest added: KAYA ALİ, 30, TR" for an update or cancellation. */
export function changesText(row: ExportGuestRow, format: CsvFormat): string {
  if (row.enteredSnapshot === null || row.currentSnapshot === null) return '';
  const changes = diffReservations(decodeSnapshot(row.enteredSnapshot), decodeSnapshot(row.currentSnapshot));
  const shown = (field: string, value: string | null): string =>
    value === null ? '—' : dateFields.has(field) ? dateCell(value, format) : value;
  return changes
    .filter((c) => c.field !== 'cancelled')
    .map(
      (c) =>
        `${fieldLabel(format.language, c.field)}: ${shown(c.field, c.before)} → ${shown(c.field, c.after)}`,
    )
    .join('; ');
}

/** The cells of one row by column id; `room` is "1/2" for the first of two rooms. */
function cellsOf(
  row: ExportGuestRow,
  format: CsvFormat,
  room: string,
  changes: string,
): Record<ColumnId, string> {
  const lang = format.language;
  const f = (n: number | null) => numberCell(n, format);
  return {
    pmsAction: actionLabel(lang, row.state),
    voucher: textCell(row.voucherNo),
    room,
    rooms: f(Math.max(1, row.roomCount)),
    checkIn: dateCell(row.checkIn, format),
    checkOut: dateCell(row.checkOut, format),
    nights: f(row.nights),
    roomType: textCell(hotelCode(row.roomTypeHotel, row.roomTypeId)),
    roomTypeChannel: textCell(row.roomTypeId),
    roomCode: textCell(hotelCode(row.roomHotel, row.roomId)),
    roomCodeChannel: textCell(row.roomId),
    board: textCell(hotelCode(row.boardHotel, row.accomId)),
    boardChannel: textCell(row.accomId),
    adults: f(row.adults),
    children: f(row.childs),
    infants: f(row.infants),
    leadGuest: textCell(row.leadGuest),
    guests: f(row.guestCount),
    nationality: textCell(hotelCode(row.nationalityHotel, row.nationality)),
    nationalityChannel: textCell(row.nationality),
    agency: textCell(row.agencyName),
    tourOperator: textCell(row.tourOpName),
    status: statusLabel(lang, row.confirmationStatus, row.changeKind === 'cancelled'),
    confirmationNo: textCell(row.confirmationNo),
    price: f(row.soldPrice),
    currency: textCell(row.soldCurrency),
    note: textCell(row.note),
    changes: textCell(changes),
    unmapped: textCell(unmappedList(row)),
    pmsReference: textCell(row.pmsReference),
    keyField: textCell(row.keyField),
    guestNo: row.position === null ? '' : f(row.position + 1),
    name: textCell(row.name),
    title: textCell(row.title),
    age: f(row.age),
    birthDate: dateCell(row.birthDate, format),
    arrivalTime: timeCell(row.arrivalTime),
  };
}

/**
 * The CSV lines of one stored row. A reservation of several rooms gives one line per room ("1/3",
 * "2/3", "3/3"), each with the reservation's totals: the service does not say who sleeps where.
 */
export function linesOf(kind: ExportKind, row: ExportGuestRow, format: CsvFormat): string[][] {
  const columns = columnsOf[kind];
  const rooms = Math.max(1, row.roomCount);
  if (kind !== 'reservations') {
    const cells = cellsOf(row, format, '', '');
    return [columns.map((id) => cells[id])];
  }
  const changes = changesText(row, format);
  const lines: string[][] = [];
  for (let i = 1; i <= rooms; i++) {
    const cells = cellsOf(row, format, `${i}/${rooms}`, changes);
    lines.push(columns.map((id) => cells[id]));
  }
  return lines;
}
