// Which channel codes have a hotel code, per agency: the unmapped check asks whether one exists, the
// stop-sale check asks which (the hotel closes dates in its own codes). Codes compare exactly, as the
// mapping table stores them. Nested maps (agency → kind → code) look up the reservation's own strings
// without building a key for each question.
import type { StayCodeKind } from '../../shared/domain';
import type { MappedChannelCode } from './context';

type ByKind = Map<StayCodeKind, Map<string, string>>;

export class MappedCodes {
  private readonly agencies = new Map<string, ByKind>();

  add(mapping: MappedChannelCode): void {
    const hotelCode = mapping.hotelCode.trim();
    // An empty hotel code is no mapping (the store deletes the row when one is saved).
    if (hotelCode === '') return;
    let byKind = this.agencies.get(mapping.agencyId);
    if (!byKind) this.agencies.set(mapping.agencyId, (byKind = new Map()));
    let codes = byKind.get(mapping.kind);
    if (!codes) byKind.set(mapping.kind, (codes = new Map()));
    codes.set(mapping.channelCode, hotelCode);
  }

  /** The codes of one agency, looked up once per reservation. */
  of(agencyId: string): AgencyCodes {
    return this.agencies.get(agencyId) ?? NONE;
  }
}

/** An agency's mapped codes: kind → channel code → hotel code. */
export type AgencyCodes = ReadonlyMap<StayCodeKind, ReadonlyMap<string, string>>;

const NONE: AgencyCodes = new Map();

export const hotelCodeOf = (
  codes: AgencyCodes,
  kind: StayCodeKind,
  channelCode: string,
): string | undefined => codes.get(kind)?.get(channelCode);
