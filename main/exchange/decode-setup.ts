// Items of the smaller operations: agencies, not-confirm reasons, stay codes for mapping, acknowledged
// ids, the large-result file code and URL, confirmation answers, hotel search. Each throws FieldError
// when an item is not what the operation promises.
import {
  asObject,
  field,
  FieldError,
  intOrNull,
  listItems,
  requiredCode,
  requiredText,
  shortName,
  text,
} from './fields';
import { isWireObject, type WireObject, type WireValue } from './wire-value';
import { DIALECTS, dialects, stayCodeFields } from './dialect';
import type { Agency, NotConfirmMessage, ServiceLanguage, StayCode, StayCodeKind } from '../../shared/domain';

export const decodeAgency = (value: WireValue): Agency => {
  const item = asObject(value, 'DefinitionHotelAgency');
  // Its name too is indexed (the agency list is read by name): as long as a code at most.
  return { id: requiredCode(item, 'Id'), name: shortName(item, 'Name') };
};

export const decodeNotConfirmMessage = (value: WireValue, lang: ServiceLanguage): NotConfirmMessage => {
  const item = asObject(value, 'NotConfirmMessage');
  return { id: requiredCode(item, 'Id'), name: text(item, 'Name'), lang };
};

const stayKinds: readonly StayCodeKind[] = ['room', 'roomType', 'board', 'nationality'];

/** The value under the first of `names` the element carries (each dialect spells some fields its way). */
function either(entry: WireObject, names: readonly string[]): { name: string; value: WireValue | undefined } {
  for (const name of names) {
    const value = field(entry, name);
    if (value !== undefined) return { name, value };
  }
  return { name: names[0] ?? '', value: undefined };
}

const eitherText = (entry: WireObject, names: readonly string[]): string =>
  text(entry, either(entry, names).name);
const eitherInt = (entry: WireObject, names: readonly string[]): number | null =>
  intOrNull(entry, either(entry, names).name);

/**
 * One StayCodesForMapping (spec) or SejourCodesForMapping (live service) item: its four collections in
 * either dialect's names, whatever their elements are called, with every field the service gives.
 */
export function decodeStayCodes(value: WireValue, agencyId: string): StayCode[] {
  const item = asObject(value, 'StayCodesForMapping');
  const codes: StayCode[] = [];
  for (const kind of stayKinds) {
    const collection = either(
      item,
      DIALECTS.map((d) => dialects[d].collections[kind]),
    );
    for (const element of listItems(collection.value, collection.name)) {
      const entry = asObject(element, collection.name);
      const code: StayCode = {
        agencyId,
        kind,
        code: requiredCode(entry, either(entry, stayCodeFields.code[kind]).name),
        name: eitherText(entry, stayCodeFields.name),
        hotel: eitherText(entry, stayCodeFields.hotel),
        hotelNumber: eitherInt(entry, stayCodeFields.hotelNumber),
        raw: entry,
      };
      if (kind === 'room') {
        code.pax = eitherInt(entry, stayCodeFields.pax);
        code.minAdults = eitherInt(entry, stayCodeFields.minAdults);
        code.maxAdults = eitherInt(entry, stayCodeFields.maxAdults);
        code.maxChildren = eitherInt(entry, stayCodeFields.maxChildren);
        code.maxPax = eitherInt(entry, stayCodeFields.maxPax);
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
