// What the reservation screen reads at once: the reservation, what changed, its codes and their hotel
// equivalents, its versions and its answer. One operation, so an engine reads it in one snapshot and the panel
// never shows an answer or a version from a moment other than the reservation's.
import type {
  ChangeKind,
  DecisionView,
  Guest,
  MappedCode,
  Reservation,
  VersionView,
} from '../../shared/domain';
import type { Op } from './engines/op';
import { decisionOps } from './decisions';
import { historyOps } from './history';
import { mappingOps, mappingViewOps } from './mappings';
import { readingOps } from './reservations-read';

export interface StoredDetail {
  reservation: Reservation;
  changeKind: ChangeKind;
  codes: MappedCode[];
  guests: (Guest & { hotelNationality: string | null })[];
  versions: VersionView[];
  decision: DecisionView | null;
}

export const reservationDetailOps = {
  *detail(keyField: string): Op<StoredDetail | null> {
    const reservation = yield* readingOps.reservation(keyField);
    if (!reservation) return null;
    const guests: StoredDetail['guests'] = [];
    for (const g of reservation.guests)
      guests.push({
        ...g,
        hotelNationality: g.nationality
          ? yield* mappingOps.hotelCodeFor(reservation.agencyId, 'nationality', g.nationality)
          : null,
      });
    return {
      reservation,
      changeKind: (yield* readingOps.changeKind(keyField)) ?? 'new',
      codes: yield* mappingViewOps.codesOf(keyField),
      guests,
      versions: yield* historyOps.versionViews(keyField),
      decision: yield* decisionOps.viewFor(keyField),
    };
  },
};
