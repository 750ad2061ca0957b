// Items of the smaller operations: agencies, not-confirm reasons, stay codes for mapping, acknowledged
// ids, the large-result file code and URL, confirmation answers, hotel search. Each throws FieldError
// when an item is not what the operation promises.
import { asObject, field, FieldError, intOrNull, listItems, requiredText, text } from './fields';
import { isWireObject, type WireObject, type WireValue } from './wire-value';
import type { Agency, NotConfirmMessage, ServiceLanguage, StayCode, StayCodeKind } from '../../shared/domain';

export const decodeAgency = (value: WireValue): Agency => {
  const item = asObject(value, 'DefinitionHotelAgency');
  return { id: requiredText(item, 'Id'), name: text(item, 'Name') };
};

export const decodeNotConfirmMessage = (value: WireValue, lang: ServiceLanguage): NotConfirmMessage => {
  const item = asObject(value, 'NotConfirmMessage');
  return { id: requiredText(item, 'Id'), name: text(item, 'Name'), lang };
};

const stayCollections: ReadonlyArray<[string, StayCodeKind]> = [
  ['StayRooms', 'room'],
  ['StayRoomTypes', 'roomType'],
  ['StayBoards', 'board'],
  ['StayNationals', 'nationality'],
];

/** One StayCodesForMapping item: its four collections, whatever their elements are called. */
export function decodeStayCodes(value: WireValue, agencyId: string): StayCode[] {
  const item = asObject(value, 'StayCodesForMapping');
  const codes: StayCode[] = [];
  for (const [collection, kind] of stayCollections) {
    for (const element of listItems(field(item, collection), collection)) {
      const entry = asObject(element, collection);
      const code: StayCode = { agencyId, kind, code: requiredText(entry, 'Code'), name: text(entry, 'Name') };
      if (kind === 'room') {
        code.pax = intOrNull(entry, 'Pax');
        code.minAdults = intOrNull(entry, 'MinAdl');
        code.maxAdults = intOrNull(entry, 'MaxAdl');
        code.maxChildren = intOrNull(entry, 'MaxChd');
      }
      codes.push(code);
    }
  }
  return codes;
}

/** postsentlogids answers with the acknowledged ids as strings (numbers accepted too). */
export function decodeSentId(value: WireValue): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  throw new FieldError('Data', 'a list of ids');
}

export const hasFileCode = (value: WireValue): boolean =>
  isWireObject(value) && field(value, 'FileCode') !== undefined;

export const decodeFileCode = (value: WireValue): string =>
  requiredText(asObject(value, 'PmsResListExceed'), 'FileCode');

export const decodeFileUrl = (value: WireValue): string =>
  requiredText(asObject(value, 'CheckReservationFile'), 'FileUrl');

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/**
 * The PDF link's real field name is hidden by the spec: PdfUrl (the practice service's name) first, else
 * any other field holding an http(s) address.
 */
function pdfUrl(item: WireObject): string | null {
  const named = field(item, 'PdfUrl');
  if (typeof named === 'string' && isWebAddress(named)) return named.trim();
  for (const key of Object.keys(item)) {
    const candidate = item[key];
    if (typeof candidate === 'string' && isWebAddress(candidate)) return candidate.trim();
  }
  return null;
}

export interface ConfirmationAnswer {
  keyField: string;
  status: string;
  pdfUrl: string | null;
}

export function decodeConfirmation(value: WireValue): ConfirmationAnswer {
  const item = asObject(value, 'SendConfirmation');
  return { keyField: text(item, 'KeyField'), status: text(item, 'Status').trim(), pdfUrl: pdfUrl(item) };
}

export interface HotelMatch {
  partnerId: number;
  name: string;
  city: string;
}

export function decodeHotels(fields: WireObject): HotelMatch[] {
  return listItems(field(fields, 'Hotels'), 'hotels').map((value) => {
    const hotel = asObject(value, 'hotels');
    const partnerId = intOrNull(hotel, 'PartnerId');
    if (partnerId === null) throw new FieldError('partnerId', 'present');
    return { partnerId, name: text(hotel, 'Name'), city: text(hotel, 'City') };
  });
}
