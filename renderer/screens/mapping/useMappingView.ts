// The mapping view of the agency on screen. A view is only ever shown for the agency it belongs to: while
// another agency's view loads nothing is shown, and an answer that arrives after the receptionist moved on
// to another agency (a load, a save, a copy) is dropped instead of painting that agency's rows.
import { useCallback, useRef, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import type { HotelCode, MappingRow, MappingView, StayCodeKind } from '../../../shared/domain';
import { ask } from '../../api';

const kinds: StayCodeKind[] = ['room', 'roomType', 'board', 'nationality'];
export const rowKey = (r: { kind: StayCodeKind; channelCode: string }) => `${r.kind}:${r.channelCode}`;
const urgency = (r: MappingRow) => (r.hotelCode ? 2 : r.usedByLive > 0 ? 0 : 1);
export const byUrgency = (a: MappingRow, b: MappingRow) =>
  urgency(a) - urgency(b) ||
  b.usedByLive - a.usedByLive ||
  kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
  a.channelCode.localeCompare(b.channelCode);

export interface LoadedMapping {
  /** The view of `agencyId`, or null while it loads. */
  view: MappingView | null;
  /** Row order fixed when the view loads, so a row does not jump away the moment it is mapped. */
  rank: ReadonlyMap<string, number>;
  error: unknown;
  /** Takes a view the desk answered a change with, if it is still the agency on screen. */
  accept: (view: MappingView) => void;
  /** Takes the hotel's codes as the desk answered an added one. */
  acceptHotelCodes: (codes: HotelCode[]) => void;
}

export function useMappingView(
  agencyId: string,
  include: { kind: StayCodeKind; code: string } | null,
  refreshToken: number,
): LoadedMapping {
  const [view, setView] = useState<MappingView | null>(null);
  const [rank, setRank] = useState<ReadonlyMap<string, number>>(new Map());
  const [error, setError] = useState<unknown>(null);
  const onScreen = useRef(agencyId);
  onScreen.current = agencyId;
  const includeKind = include?.kind;
  const includeCode = include?.code;

  useAskEffect(
    () =>
      agencyId
        ? ask(
            'getMapping',
            includeKind && includeCode
              ? { agencyId, include: { kind: includeKind, channelCode: includeCode } }
              : { agencyId },
          )
        : null,
    [agencyId, includeKind, includeCode, refreshToken],
    (v) => {
      if (v.agencyId !== onScreen.current) return;
      setView(v);
      setRank(new Map([...v.rows].sort(byUrgency).map((r, i) => [rowKey(r), i])));
      setError(null);
    },
    setError,
  );

  const accept = useCallback((v: MappingView) => {
    if (v.agencyId === onScreen.current) setView(v);
  }, []);
  const acceptHotelCodes = useCallback((codes: HotelCode[]) => {
    setView((v) => (v ? { ...v, hotelCodes: codes } : v));
  }, []);

  return { view: view?.agencyId === agencyId ? view : null, rank, error, accept, acceptHotelCodes };
}
