// The columns of each export kind, and how one stored row becomes CSV lines. Hotel codes come first
// with the channel's code beside them; a code nobody mapped shows as ?CODE and is listed in the
// "Unmapped" column, so it cannot be typed into the PMS unnoticed.
import { heldAs, type ExportKind, type StayCodeKind } from '../../shared/domain';
import type { ExportGuestRow } from '../store';
import { dateCell, moneyText, numberCell, textCell, timeCell, type CsvFormat } from './format';
import {
  actionLabel,
  codeKindLabel,
  columnLabel,
  fieldLabel,
  heldAsLabel,
  statusLabel,
  type ColumnId,
} from './labels';

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
    'heldAs',
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
    'heldAs',
    'unmapped',
    'keyField',
  ],
  arrivals: [
    'voucher',
    'status',
    'heldAs',
    'arrivalTime',
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

function unmappedList(row: ExportGuestRow, format: CsvFormat): string {
  const missing: string[] = [];
  const check = (kind: StayCodeKind, hotel: string | null, channel: string | null): void => {
    if (hotel === null && channel) missing.push(`${codeKindLabel(format.language, kind)} ${channel}`);
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
  const shown = (field: string, value: string | null, currency: string | null | undefined): string =>
    value === null
      ? '—'
      : dateFields.has(field)
        ? dateCell(value, format)
        : currency !== undefined
          ? moneyText(value, currency, format)
          : value;
  return row.changes
    .filter((c) => c.field !== 'cancelled')
    .map(
      (c) =>
        `${fieldLabel(format.language, c.field)}: ${shown(c.field, c.before, c.currency?.before)} → ${shown(c.field, c.after, c.currency?.after)}`,
    )
    .join('; ');
}

/** What a cell needs besides its row: the format, the room label ("1/2") and the changes text. */
interface Line {
  format: CsvFormat;
  room: string;
  changes: string;
}
type Cell = (row: ExportGuestRow, line: Line) => string;

// One function per column, so a line computes only the cells its kind has.
const cells: Record<ColumnId, Cell> = {
  pmsAction: (r, l) => actionLabel(l.format.language, r.state),
  voucher: (r) => textCell(r.voucherNo),
  room: (_r, l) => l.room,
  rooms: (r, l) => numberCell(Math.max(1, r.roomCount), l.format),
  checkIn: (r, l) => dateCell(r.checkIn, l.format),
  checkOut: (r, l) => dateCell(r.checkOut, l.format),
  nights: (r, l) => numberCell(r.nights, l.format),
  roomType: (r) => textCell(hotelCode(r.roomTypeHotel, r.roomTypeId)),
  roomTypeChannel: (r) => textCell(r.roomTypeId),
  roomCode: (r) => textCell(hotelCode(r.roomHotel, r.roomId)),
  roomCodeChannel: (r) => textCell(r.roomId),
  board: (r) => textCell(hotelCode(r.boardHotel, r.accomId)),
  boardChannel: (r) => textCell(r.accomId),
  adults: (r, l) => numberCell(r.adults, l.format),
  children: (r, l) => numberCell(r.childs, l.format),
  infants: (r, l) => numberCell(r.infants, l.format),
  leadGuest: (r) => textCell(r.leadGuest),
  guests: (r, l) => numberCell(r.guestCount, l.format),
  nationality: (r) => textCell(hotelCode(r.nationalityHotel, r.nationality)),
  nationalityChannel: (r) => textCell(r.nationality),
  agency: (r) => textCell(r.agencyName),
  tourOperator: (r) => textCell(r.tourOpName),
  status: (r, l) =>
    textCell(statusLabel(l.format.language, r.confirmationStatus, r.changeKind === 'cancelled')),
  confirmationNo: (r) => textCell(r.confirmationNo),
  price: (r, l) => numberCell(r.soldPrice, l.format),
  currency: (r) => textCell(r.soldCurrency),
  note: (r) => textCell(r.note),
  changes: (_r, l) => textCell(l.changes),
  unmapped: (r, l) => textCell(unmappedList(r, l.format)),
  pmsReference: (r) => textCell(r.pmsReference),
  keyField: (r) => textCell(r.keyField),
  guestNo: (r, l) => (r.position === null ? '' : numberCell(r.position + 1, l.format)),
  name: (r) => textCell(r.name),
  title: (r) => textCell(r.title),
  age: (r, l) => numberCell(r.age, l.format),
  birthDate: (r, l) => dateCell(r.birthDate, l.format),
  arrivalTime: (r) => timeCell(r.arrivalTime),
  // The printable arrivals list shows these two; no CSV lists them yet (flags come from the desk's checks,
  // which the page is given and a line is not).
  arrival: (r) => textCell(r.arrival),
  flags: () => '',
  heldAs: (r, l) =>
    textCell(heldAsLabel(l.format.language, heldAs(r.quotaType, r.reservationStatus), r.quotaType)),
};

const cellsOfKind: Record<ExportKind, readonly Cell[]> = {
  reservations: columnsOf.reservations.map((id) => cells[id]),
  guests: columnsOf.guests.map((id) => cells[id]),
  arrivals: columnsOf.arrivals.map((id) => cells[id]),
};

/**
 * Rooms one reservation may hold on its lines. The exchange client refuses more at decode time; a row
 * stored before that check with an absurd count must not make the export run for ever.
 */
export const MAX_ROOMS_PER_RESERVATION = 100;

/**
 * The CSV lines of one stored row, one at a time. A reservation of several rooms gives one line per room
 * ("1/3", "2/3", "3/3"), each with the reservation's totals: the service does not say who sleeps where.
 * Yielded, never collected, so memory does not grow with the room count.
 */
export function* linesOf(kind: ExportKind, row: ExportGuestRow, format: CsvFormat): Generator<string[]> {
  const columns = cellsOfKind[kind];
  if (kind !== 'reservations') {
    const line: Line = { format, room: '', changes: '' };
    yield columns.map((cell) => cell(row, line));
    return;
  }
  const rooms = Math.min(MAX_ROOMS_PER_RESERVATION, Math.max(1, row.roomCount));
  const changes = changesText(row, format);
  for (let i = 1; i <= rooms; i++) {
    const line: Line = { format, room: `${i}/${rooms}`, changes };
    yield columns.map((cell) => cell(row, line));
  }
}
