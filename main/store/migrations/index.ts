import type { Migration } from '../migration';
import { reservationsMigration } from './001-reservations';
import { deskMigration } from './002-desk';
import { pmsEntryMigration } from './003-pms-entry';
import { tallyByImportMigration } from './004-tally-by-import';
import { liveServiceMigration } from './005-live-service';
import { stopSalesMigration } from './006-stop-sales';
import { guestsInRowMigration } from './007-guests-in-row';
import { setAsideReasonsMigration } from './008-set-aside-reasons';
import { answerGraceMigration } from './009-answer-grace';
import { hotelCodesMigration } from './010-hotel-codes';
import { searchSpellingsMigration } from './011-search-spellings';
import { checkKeysMigration } from './012-check-keys';
import { contractsMigration } from './013-contracts';
import { allotmentNightsMigration } from './014-allotment-nights';
import { stopSaleNoticesMigration } from './015-stop-sale-notices';
import { keysMarkedByWritersMigration } from './016-keys-marked-by-writers';
import { checkGuestsByReservationMigration } from './017-check-guests-by-reservation';
import { searchWithoutPrefixesMigration } from './018-search-without-prefixes';

/** Ordered: a migration's version is its position in this list plus one. */
export const migrations: readonly Migration[] = [
  reservationsMigration,
  deskMigration,
  pmsEntryMigration,
  tallyByImportMigration,
  liveServiceMigration,
  stopSalesMigration,
  guestsInRowMigration,
  setAsideReasonsMigration,
  answerGraceMigration,
  hotelCodesMigration,
  searchSpellingsMigration,
  checkKeysMigration,
  contractsMigration,
  allotmentNightsMigration,
  stopSaleNoticesMigration,
  keysMarkedByWritersMigration,
  checkGuestsByReservationMigration,
  searchWithoutPrefixesMigration,
];
