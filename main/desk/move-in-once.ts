// The PC that keeps the hotel's database moves its own data in, once: at the first opening of that
// database, idempotent and verified (main/hotel-db/move-data.ts); the setting remembers where it went, so the next
// start does not look again. Another PC connecting leaves its file as it was: two desks' files would clash on their
// ids, and the service lists every reservation again to the desk that talks to it.
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from '../kernel/core-types';
import { MoveRefused, MoveUnverified, moveDeskData } from '../hotel-db/move-data';
import type { Store } from '../store';

/** Where this desk's own data was moved into (the hotel's database it keeps), so it moves once. */
const MOVED_KEY = 'hotelDb.movedInto';

export async function moveOwnDataInOnce(
  settings: Store,
  dataDir: string,
  pool: pg.Pool,
  where: string,
  logger: Logger,
): Promise<void> {
  if (settings.getSetting<string | null>(MOVED_KEY, null) === where) return;
  try {
    const report = await moveDeskData({ from: path.join(dataDir, 'resdesk.db'), to: pool });
    settings.setSetting(MOVED_KEY, where);
    logger.info('this desk moved its data into the hotel database', { reservations: report.reservations });
  } catch (error) {
    // Refused (another hotel's data, a clash) or not verified: the desk still works in the hotel's database, its
    // own file kept as it is; the log says why. A database that stopped answering is tried again with the rest of
    // the opening.
    if (!(error instanceof MoveRefused || error instanceof MoveUnverified)) throw error;
    logger.error('this desk could not move its data into the hotel database', { reason: error.message });
  }
}
