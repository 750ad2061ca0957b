// The words in an export file and in its messages, Turkish and English: file contents (column headers a
// receptionist reads in a spreadsheet) and the sentences about the file. They live in main's catalogs
// (main/kernel/i18n, "export"), like every word main says; plurals are i18next's.
import type {
  CheckKind,
  HeldAs,
  ServiceConfirmationStatus,
  StayCodeKind,
  UiLanguage,
} from '../../shared/domain';
import type { PmsEntryState } from '../../shared/domain';
import { createMessages, type Messages } from '../kernel/messages';
import en from '../kernel/i18n/en.json';
import tr from '../kernel/i18n/tr.json';

/** Every column any export has; each has a header in both catalogs (checked at compile time below). */
export const columnIds = [
  'pmsAction',
  'voucher',
  'room',
  'rooms',
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
  'guestNo',
  'name',
  'title',
  'age',
  'birthDate',
  'arrivalTime',
  'arrival',
  'flags',
  'heldAs',
] as const;
export type ColumnId = (typeof columnIds)[number];

// The catalogs must name every column, action, code kind and flag: a missing word is a type error here.
type ExportWords = typeof en.export;
const catalogs: Record<UiLanguage, ExportWords> = { en: en.export, tr: tr.export };
const columnsNamed: Record<ColumnId, string> = en.export.column;
const actionsNamed: Record<PmsEntryState, string> = en.export.action;
const kindsNamed: Record<StayCodeKind, string> = en.export.codeKind;
const flagsNamed: Record<CheckKind, string> = en.export.flag;
const heldNamed: Record<HeldAs, string> = en.export.heldAs;
void [columnsNamed, actionsNamed, kindsNamed, flagsNamed, heldNamed];

const has = (table: object, key: string): key is keyof typeof table =>
  Object.prototype.hasOwnProperty.call(table, key);
const wordIn = (table: Record<string, string>, key: string): string | undefined =>
  has(table, key) ? table[key] : undefined;

export const columnLabel = (language: UiLanguage, id: ColumnId): string => catalogs[language].column[id];

export const actionLabel = (language: UiLanguage, state: PmsEntryState): string =>
  catalogs[language].action[state];

/** A letter the service sent that Resdesk does not know is written as it came, never dropped. */
export const statusLabel = (
  language: UiLanguage,
  status: ServiceConfirmationStatus,
  cancelled: boolean,
): string =>
  wordIn(catalogs[language].status, cancelled ? 'cancelled' : status) ??
  catalogs[language].unknownStatus.replace('{{status}}', status);

/** How the agency holds the room: guaranteed or normal allotment, on request, option. */
export const heldAsLabel = (language: UiLanguage, held: HeldAs, quotaType: number): string =>
  catalogs[language].heldAs[held].replace('{{value}}', String(quotaType));

/** The kinds of code in the "Unmapped" column ("oda tipi DBL"). */
export const codeKindLabel = (language: UiLanguage, kind: StayCodeKind): string =>
  catalogs[language].codeKind[kind];

/** The field ids of history.ts's diff; an unknown one is written as it is. */
export const fieldLabel = (language: UiLanguage, field: string): string =>
  wordIn(catalogs[language].field, field) ?? field;

/** What the printable arrivals list counts for its day. */
export interface ArrivalsTotals {
  reservations: number;
  /** Of the reservations, those not confirmed yet (waiting, or another status). */
  waiting: number;
  rooms: number;
  adults: number;
  children: number;
  infants: number;
}

/** The check markers in words (a printed page has no legend): as the desk's screens say them. */
export const flagLabel = (language: UiLanguage, kind: CheckKind): string => catalogs[language].flag[kind];

function sentencesIn(messages: Messages) {
  const { t } = messages;
  return {
    unmapped: (count: number) => t('export.unmapped', { count }),
    empty: () => t('export.empty'),
    arrivalsTitle: (day: string) => t('export.arrivalsTitle', { day }),
    arrivalsTotals: (n: ArrivalsTotals) =>
      t('export.arrivalsTotals', {
        reservations: t('export.count.reservation', { count: n.reservations }),
        waiting: n.waiting,
        rooms: t('export.count.room', { count: n.rooms }),
        adults: t('export.count.adult', { count: n.adults }),
        children: t('export.count.child', { count: n.children }),
        infants: t('export.count.infant', { count: n.infants }),
      }),
    arrivalsTotalLabel: () => t('export.arrivalsTotalLabel'),
    arrivalsEmpty: () => t('export.arrivalsEmpty'),
    writeFailed: () => t('export.writeFailed'),
    notAnExport: () => t('export.notAnExport'),
    noReservation: () => t('export.noReservation'),
  };
}
export type ExportMessages = ReturnType<typeof sentencesIn>;

// One set per language, made on first use (an export asks once per file).
const made = new Map<UiLanguage, ExportMessages>();
export function exportMessages(language: UiLanguage): ExportMessages {
  let words = made.get(language);
  if (!words) {
    words = sentencesIn(createMessages(language));
    made.set(language, words);
  }
  return words;
}
