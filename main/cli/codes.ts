// `resdesk codes`: the stored stay codes of every agency, per kind, in the spec's words, with the room
// limits a receptionist checks guests against.
import type { DeskStore } from '../store/engines/desk-store';
import type { StayCode, StayCodeKind } from '../../shared/domain';

const KINDS: readonly StayCodeKind[] = ['board', 'roomType', 'room', 'nationality'];

interface AgencyCodes {
  agencyId: string;
  agencyName: string;
  boards: StayCode[];
  roomTypes: StayCode[];
  rooms: StayCode[];
  nationalities: StayCode[];
}

const plural: Record<StayCodeKind, keyof Omit<AgencyCodes, 'agencyId' | 'agencyName'>> = {
  board: 'boards',
  roomType: 'roomTypes',
  room: 'rooms',
  nationality: 'nationalities',
};

export async function storedCodes(store: DeskStore): Promise<AgencyCodes[]> {
  const agencies: AgencyCodes[] = [];
  for (const agency of await store.listAgencies()) {
    const entry: AgencyCodes = {
      agencyId: agency.id,
      agencyName: agency.name,
      boards: [],
      roomTypes: [],
      rooms: [],
      nationalities: [],
    };
    for (const kind of KINDS) entry[plural[kind]] = await store.listStayCodes(agency.id, kind);
    agencies.push(entry);
  }
  return agencies;
}

const limits = (c: StayCode): string =>
  [
    c.minAdults != null ? `min adults ${c.minAdults}` : '',
    c.maxAdults != null ? `max adults ${c.maxAdults}` : '',
    c.maxChildren != null ? `max children ${c.maxChildren}` : '',
    c.maxPax != null ? `max guests ${c.maxPax}` : '',
    c.pax != null ? `standard ${c.pax}` : '',
  ]
    .filter(Boolean)
    .join(', ');

export async function codesCommand(
  store: DeskStore,
  json: boolean,
  out: (line: string) => void,
): Promise<void> {
  const agencies = await storedCodes(store);
  if (json) return out(JSON.stringify({ agencies }));
  for (const a of agencies) {
    out(`${a.agencyName} (${a.agencyId})`);
    for (const kind of KINDS) {
      const codes = a[plural[kind]];
      out(`  ${plural[kind]}: ${codes.length}`);
      for (const c of codes) {
        const extra = kind === 'room' ? limits(c) : '';
        out(`    ${c.code}\t${c.name}${extra ? `\t(${extra})` : ''}`);
      }
    }
  }
  if (agencies.length === 0) out('No stay codes stored yet: run resdesk sync first.');
}
