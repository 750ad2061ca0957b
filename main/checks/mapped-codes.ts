// Which channel codes have a hotel code, per agency: the unmapped check asks whether one exists, the
// stop-sale check asks which (the hotel closes dates in its own codes). Codes compare exactly, as the
// mapping table stores them.
import type { StayCodeKind } from '../../shared/domain';
import type { MappedChannelCode } from './context';

export class MappedCodes {
  /** agencyId NUL kind NUL channel code → hotel code. */
  private readonly hotelCodes = new Map<string, string>();

  add(mapping: MappedChannelCode): void {
    const hotelCode = mapping.hotelCode.trim();
    // An empty hotel code is no mapping (the store deletes the row when one is saved).
    if (hotelCode !== '')
      this.hotelCodes.set(`${mapping.agencyId}\u0000${mapping.kind}\u0000${mapping.channelCode}`, hotelCode);
  }

  hotelCode(agencyId: string, kind: StayCodeKind, channelCode: string): string | undefined {
    return this.hotelCodes.get(`${agencyId}\u0000${kind}\u0000${channelCode}`);
  }
}
