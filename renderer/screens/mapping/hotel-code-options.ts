// What the hotel-code picker offers for what is typed: the hotel's codes of the row's kind whose code or
// name contains it (compared as hotel codes are, whatever the case, Turkish i's included), and whether the
// text is a code already in the list. Pure, so it is tested without a browser.
import { hotelCodeKey, type HotelCode } from '../../../shared/domain';

export interface PickerOptions {
  /** The codes to offer, in the list's order. */
  matches: readonly HotelCode[];
  /** The list's code that is exactly the text (any case), if any. */
  exact: HotelCode | null;
  /** The text trimmed, when it is no code of the list: what "add to the hotel's codes" would add. */
  addable: string | null;
}

export function pickerOptions(codes: readonly HotelCode[], text: string, showAll: boolean): PickerOptions {
  const typed = text.trim();
  const key = hotelCodeKey(typed);
  const exact = key === '' ? null : (codes.find((c) => hotelCodeKey(c.code) === key) ?? null);
  const matches =
    showAll || key === ''
      ? codes
      : codes.filter((c) => hotelCodeKey(c.code).includes(key) || hotelCodeKey(c.name).includes(key));
  return {
    // The exact code first: Enter then takes it.
    matches: exact ? [exact, ...matches.filter((c) => c !== exact)] : matches,
    exact,
    addable: typed !== '' && exact === null ? typed : null,
  };
}
