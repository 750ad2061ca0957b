// Which channel codes have a hotel code, per agency: the unmapped check asks whether one exists, the
// stop-sale check asks which (the hotel closes dates in its own codes). Codes compare exactly, as the
// mapping table stores them. Nested maps (agency → kind → code) look up the reservation's own strings
// without building a key for each question. A mapping made once for all agencies (agency ALL_AGENCIES)
// applies wherever the agency has no own mapping of the code: of() merges the two once per agency.
import { ALL_AGENCIES, type StayCodeKind } from '../../shared/domain';
import type { MappedChannelCode } from './context';

type ByKind = Map<StayCodeKind, Map<string, string>>;

export class MappedCodes {
  private readonly agencies = new Map<string, ByKind>();
  private readonly merged = new Map<string, AgencyCodes>();

  add(mapping: MappedChannelCode): void {
    const hotelCode = mapping.hotelCode.trim();
    // An empty hotel code is no mapping (the store deletes the row when one is saved).
    if (hotelCode === '') return;
    this.merged.clear();
    let byKind = this.agencies.get(mapping.agencyId);
    if (!byKind) this.agencies.set(mapping.agencyId, (byKind = new Map()));
    let codes = byKind.get(mapping.kind);
    if (!codes) byKind.set(mapping.kind, (codes = new Map()));
    codes.set(mapping.channelCode, hotelCode);
  }

  /** The codes of one agency, looked up once per reservation. */
  of(agencyId: string): AgencyCodes {
    const forAll = this.agencies.get(ALL_AGENCIES);
    const own = this.agencies.get(agencyId);
    if (!forAll || agencyId === ALL_AGENCIES) return own ?? forAll ?? NONE;
    if (!own) return forAll;
    let codes = this.merged.get(agencyId);
    if (!codes) this.merged.set(agencyId, (codes = mergeOver(forAll, own)));
    return codes;
  }
}

/** An agency's mapped codes: kind → channel code → hotel code. */
export type AgencyCodes = ReadonlyMap<StayCodeKind, ReadonlyMap<string, string>>;

const NONE: AgencyCodes = new Map();

/** The all-agencies codes with the agency's own ones over them. */
function mergeOver(forAll: ByKind, own: ByKind): AgencyCodes {
  const out: ByKind = new Map();
  for (const [kind, codes] of forAll) out.set(kind, new Map(codes));
  for (const [kind, codes] of own) {
    const into = out.get(kind);
    if (into) for (const [code, hotelCode] of codes) into.set(code, hotelCode);
    else out.set(kind, codes);
  }
  return out;
}

export const hotelCodeOf = (
  codes: AgencyCodes,
  kind: StayCodeKind,
  channelCode: string,
): string | undefined => codes.get(kind)?.get(channelCode);
