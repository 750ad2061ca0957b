// The channel's codes mapped to the hotel's own, and the hotel's code list.
import type { StayCodeKind } from './reservation';
import { caseKey } from '../text-fold';

export interface MappedCode {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
}

export interface MappingRow {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  hotelCode: string | null;
  /** Live (waiting or confirmed, not cancelled) reservations using this code. */
  usedByLive: number;
  /**
   * Where hotelCode comes from: the agency's own mapping, or the one made once for all agencies (which
   * applies wherever an agency has no own mapping of the code); null while unmapped.
   */
  mappedFor: 'agency' | 'allAgencies' | null;
  /** The all-agencies mapping of this code, also when the agency's own one overrides it. */
  allAgenciesCode: string | null;
}

export interface MappingView {
  agencyId: string;
  rows: MappingRow[];
  total: number;
  unmapped: number;
  /** The hotel's own codes, every kind: what a channel code is mapped to is picked from these. */
  hotelCodes: HotelCode[];
}

/**
 * The agency of a mapping made once for all agencies (stored in `mappings` like any other): it applies to
 * every agency that has no own mapping of the code. Never an agency the service sends.
 */
export const ALL_AGENCIES = '*';

/** A code of the hotel's own PMS, from the hotel's list of its codes (one list per kind). */
export interface HotelCode {
  kind: StayCodeKind;
  code: string;
  /** What the hotel calls it; may be empty. */
  name: string;
}

/**
 * Hotel codes are unique per kind whatever their case, in Turkish and in English: "dbl", "DBL" and "Dbl"
 * are one code, and so are "İ", "I", "ı" and "i" (a Turkish keyboard's "i" upper-cases to "İ", an English
 * one's to "I"). This is the key they are compared by; the code is kept as first written.
 */
export const hotelCodeKey = (code: string): string => caseKey(code);

/** Mappings copied from another agency: each code the agency had not mapped and the other one had. */
export interface MappingCopy {
  view: MappingView;
  copied: { kind: StayCodeKind; channelCode: string; hotelCode: string }[];
}

/** A channel code with no hotel code yet, and how many exported reservations use it. */
export interface UnmappedCode {
  agencyId: string;
  kind: StayCodeKind;
  channelCode: string;
  count: number;
}
