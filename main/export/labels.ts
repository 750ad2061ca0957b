// The words in an export file and in its messages, Turkish and English. These are file contents (column
// headers a receptionist reads in a spreadsheet), so they live with the export rather than in the
// renderer's i18n.
import type { CheckKind, ServiceConfirmationStatus, StayCodeKind, UiLanguage } from '../../shared/domain';
import type { PmsEntryState } from '../../shared/domain';

/** Every column any export has; each must have a header in both languages (Words holds it at compile time). */
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
] as const;
export type ColumnId = (typeof columnIds)[number];

type Words = Record<ColumnId, string>;

const en: Words = {
  pmsAction: 'PMS action',
  voucher: 'Voucher',
  room: 'Room',
  rooms: 'Rooms',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  nights: 'Nights',
  roomType: 'Room type',
  roomTypeChannel: 'Room type (channel)',
  roomCode: 'Room code',
  roomCodeChannel: 'Room code (channel)',
  board: 'Board',
  boardChannel: 'Board (channel)',
  adults: 'Adults',
  children: 'Children',
  infants: 'Infants',
  leadGuest: 'Lead guest',
  guests: 'Guests',
  nationality: 'Nationality',
  nationalityChannel: 'Nationality (channel)',
  agency: 'Agency',
  tourOperator: 'Tour operator',
  status: 'Status',
  confirmationNo: 'Confirmation no',
  price: 'Price',
  currency: 'Currency',
  note: 'Note',
  changes: 'Changes',
  unmapped: 'Unmapped',
  pmsReference: 'PMS reference',
  keyField: 'KeyField',
  guestNo: 'Guest',
  name: 'Name',
  title: 'Title',
  age: 'Age',
  birthDate: 'Birth date',
  arrivalTime: 'Arrival time',
  arrival: 'Flight / arrival',
  flags: 'Flags',
};

const tr: Words = {
  pmsAction: 'PMS işlemi',
  voucher: 'Voucher',
  room: 'Oda',
  rooms: 'Oda sayısı',
  checkIn: 'Giriş',
  checkOut: 'Çıkış',
  nights: 'Gece',
  roomType: 'Oda tipi',
  roomTypeChannel: 'Oda tipi (kanal)',
  roomCode: 'Oda kodu',
  roomCodeChannel: 'Oda kodu (kanal)',
  board: 'Pansiyon',
  boardChannel: 'Pansiyon (kanal)',
  adults: 'Yetişkin',
  children: 'Çocuk',
  infants: 'Bebek',
  leadGuest: 'Misafir',
  guests: 'Kişi',
  nationality: 'Uyruk',
  nationalityChannel: 'Uyruk (kanal)',
  agency: 'Acente',
  tourOperator: 'Tur operatörü',
  status: 'Durum',
  confirmationNo: 'Onay no',
  price: 'Fiyat',
  currency: 'Döviz',
  note: 'Not',
  changes: 'Değişiklikler',
  unmapped: 'Eşleşmemiş',
  pmsReference: 'PMS referansı',
  keyField: 'KeyField',
  guestNo: 'Kişi no',
  name: 'Ad soyad',
  title: 'Unvan',
  age: 'Yaş',
  birthDate: 'Doğum tarihi',
  arrivalTime: 'Varış saati',
  arrival: 'Uçuş / geliş',
  flags: 'İşaretler',
};

export const columnLabel = (language: UiLanguage, id: ColumnId): string => (language === 'tr' ? tr : en)[id];

const actions: Record<UiLanguage, Record<PmsEntryState, string>> = {
  en: {
    'to-enter': 'Enter',
    'needs-update': 'Update',
    'to-cancel': 'Cancel',
    // Not typed in yet: the hotel has not confirmed it (issue 24.3).
    waiting: 'Wait for confirmation',
    entered: 'Entered',
    done: 'Done',
  },
  tr: {
    'to-enter': 'Gir',
    'needs-update': 'Güncelle',
    'to-cancel': 'İptal et',
    waiting: 'Onay bekleniyor',
    entered: 'Girildi',
    done: 'Tamam',
  },
};
export const actionLabel = (language: UiLanguage, state: PmsEntryState): string => actions[language][state];

const statuses: Record<UiLanguage, Record<string, string>> = {
  en: {
    W: 'Waiting',
    E: 'Confirmed',
    H: 'Declined',
    S: 'Sent (S)',
    G: 'Not sent (G)',
    cancelled: 'Cancelled',
  },
  tr: {
    W: 'Bekliyor',
    E: 'Onaylandı',
    H: 'Reddedildi',
    S: 'Gönderildi (S)',
    G: 'Gönderilmedi (G)',
    cancelled: 'İptal',
  },
};
const unknownStatus: Record<UiLanguage, string> = { en: 'Status', tr: 'Durum' };
/** A letter the service sent that Resdesk does not know is written as it came, never dropped. */
export const statusLabel = (
  language: UiLanguage,
  status: ServiceConfirmationStatus,
  cancelled: boolean,
): string => {
  const key = cancelled ? 'cancelled' : status;
  return Object.prototype.hasOwnProperty.call(statuses[language], key)
    ? (statuses[language][key] ?? key)
    : `${unknownStatus[language]} ${status}`;
};

// The kinds of code in the "Unmapped" column ("oda tipi DBL").
const codeKinds: Record<UiLanguage, Record<StayCodeKind, string>> = {
  en: { room: 'room', roomType: 'room type', board: 'board', nationality: 'nationality' },
  tr: { room: 'oda', roomType: 'oda tipi', board: 'pansiyon', nationality: 'uyruk' },
};
export const codeKindLabel = (language: UiLanguage, kind: StayCodeKind): string => codeKinds[language][kind];

// The field ids of history.ts's diff.
const fields: Record<UiLanguage, Record<string, string>> = {
  en: {
    cancelled: 'Cancelled',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Nights',
    roomId: 'Room',
    roomTypeId: 'Room type',
    accomId: 'Board',
    adults: 'Adults',
    childs: 'Children',
    infants: 'Infants',
    roomCount: 'Rooms',
    voucherNo: 'Voucher',
    soldPrice: 'Price',
    soldCurrency: 'Currency',
    note: 'Note',
    guestChanged: 'Guest changed',
    guestAdded: 'Guest added',
    guestRemoved: 'Guest removed',
  },
  tr: {
    cancelled: 'İptal',
    checkIn: 'Giriş',
    checkOut: 'Çıkış',
    nights: 'Gece',
    roomId: 'Oda',
    roomTypeId: 'Oda tipi',
    accomId: 'Pansiyon',
    adults: 'Yetişkin',
    childs: 'Çocuk',
    infants: 'Bebek',
    roomCount: 'Oda sayısı',
    voucherNo: 'Voucher',
    soldPrice: 'Fiyat',
    soldCurrency: 'Döviz',
    note: 'Not',
    guestChanged: 'Misafir değişti',
    guestAdded: 'Misafir eklendi',
    guestRemoved: 'Misafir çıktı',
  },
};
export const fieldLabel = (language: UiLanguage, field: string): string => fields[language][field] ?? field;

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
const flagWords: Record<UiLanguage, Record<CheckKind, string>> = {
  en: {
    capacity: 'Capacity',
    unmapped: 'Unmapped code',
    honeymoon: 'Honeymoon',
    'returning-guest': 'Returning guest',
    'men-only': 'Men only',
    'stop-sale': 'Stop sale',
    'duplicate-voucher': 'Same voucher',
    'past-check-in': 'Check-in passed',
    'impossible-stay': 'Impossible stay',
  },
  tr: {
    capacity: 'Kapasite',
    unmapped: 'Eşleşmemiş kod',
    honeymoon: 'Balayı',
    'returning-guest': 'Tekrar gelen misafir',
    'men-only': 'Yalnız erkek',
    'stop-sale': 'Satış kapalı',
    'duplicate-voucher': 'Aynı voucher',
    'past-check-in': 'Giriş günü geçti',
    'impossible-stay': 'Olanaksız konaklama',
  },
};
export const flagLabel = (language: UiLanguage, kind: CheckKind): string => flagWords[language][kind];

const messages = {
  en: {
    unmapped: (n: number) =>
      `${n} code(s) have no hotel code yet; they are marked with ? in the file. Map them on the Mapping screen, then export again.`,
    empty: () => 'There was nothing to export: the file has only its header line.',
    arrivalsTitle: (day: string) => `Arrivals ${day}`,
    arrivalsTotals: (t: ArrivalsTotals) =>
      `${t.reservations} reservation(s) (${t.waiting} not confirmed yet), ${t.rooms} room(s), ${t.adults} adult(s), ${t.children} child(ren), ${t.infants} infant(s)`,
    arrivalsTotalLabel: () => 'Total',
    arrivalsEmpty: () => 'No arrivals on this day.',
    writeFailed: () => 'The export file could not be written. Check that the disk is not full and try again.',
    notAnExport: () => 'Only files Resdesk exported can be opened from here. Export again, then open it.',
    noReservation: () => 'This reservation is not in the database any more.',
  },
  tr: {
    unmapped: (n: number) =>
      `${n} kodun otel karşılığı henüz yok; dosyada ? ile işaretlendi. Eşleştirme ekranında eşleştirip yeniden dışa aktarın.`,
    empty: () => 'Dışa aktarılacak bir şey yoktu: dosyada yalnızca başlık satırı var.',
    arrivalsTitle: (day: string) => `Girişler ${day}`,
    arrivalsTotals: (t: ArrivalsTotals) =>
      `${t.reservations} rezervasyon (${t.waiting} tanesi henüz onaylanmadı), ${t.rooms} oda, ${t.adults} yetişkin, ${t.children} çocuk, ${t.infants} bebek`,
    arrivalsTotalLabel: () => 'Toplam',
    arrivalsEmpty: () => 'Bu gün giriş yok.',
    writeFailed: () =>
      'Dışa aktarma dosyası yazılamadı. Diskin dolu olmadığını kontrol edip yeniden deneyin.',
    notAnExport: () =>
      'Buradan yalnızca Resdesk’in dışa aktardığı dosyalar açılabilir. Yeniden dışa aktarıp açın.',
    noReservation: () => 'Bu rezervasyon artık veritabanında yok.',
  },
} as const;
export const exportMessages = (language: UiLanguage) => messages[language];
